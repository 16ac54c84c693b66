/**
 * End to end, in headless chromium against the real stack (issue 25, the catalogue slice): a new
 * merchant's 'Catalogo' is empty and says where products come from (1280 and 390 px); eBay orders
 * synced from the sandbox fill it with no action by the merchant and their orders say 'Peso
 * mancante'; two products' weights are filled in the catalogue's dialog (a refused value first);
 * a package preset is created in Impostazioni › Imballaggi; a rule by weight then gives GLS, after
 * 'Assegna Corrieri', exactly to the orders to ship whose every line has a weight now; at 390 px
 * the catalogue's cards, the product's bottom sheet and the presets' cards, nothing sideways.
 * Shipments take the order's weight: a weighed order's parcel weighs what the order does, and an
 * order still 'Peso mancante' gets a shipment in the Errori tab with the parcel's problem (the
 * orders list and the shipments list agree).
 * Screenshots in /tmp/shots-catalogue/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { ebaySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { ebayConnectedAndSynced } from './support/ebay';
import { GLS_ACCOUNT, PICKUP_ADDRESS } from './support/carriers';
import { twoSkusCoveringOrders, weighSkus } from './support/catalogue';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Chiara', 'Catalano', run);
const merchantName = `Catalogo Catalano ${run}`;
const seller = { username: `catalogo_${run}`, password: 'Catalogo1!' };
const SHOTS = '/tmp/shots-catalogue';
const SYNC_TIMEOUT_MS = 70_000;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  await page.setViewportSize(DESKTOP);
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  await ebaySandboxControl(app.ebayUrl).addSeller({ username: seller.username, password: seller.password, orders: 40, seed: 'catalogo-1' });
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);
const get = async (path: string) => {
  const res = await call('GET', path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body;
};
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const shot = (name: string) => screenshotWhole(page, `${SHOTS}/${name}.png`);

async function open(path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** eBay connected and synced through the API: every order in the list, its products in the catalogue. */
const synced = given('ordini eBay importati', async () => {
  await asAdmin();
  return ebayConnectedAndSynced(browser.context, app.baseUrl, seller, merchantId, SYNC_TIMEOUT_MS);
});

/**
 * The two SKUs whose weights step 3 fills: those of an order to ship with the fewest distinct SKUs
 * (two, or one plus the SKU of another such order), so a rule by weight then takes the orders made
 * of them alone and no other.
 */
const twoSkus = given('i due SKU da pesare', async () => {
  await synced.get();
  const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
  const chosen = twoSkusCoveringOrders(toShip);
  expect(chosen).toHaveLength(2);
  return chosen;
});

/** The two SKUs weighed (step 3 does it in the catalogue's dialog): 350 g and 1200 g. */
const twoWeighed = given('i due SKU pesati', async () => {
  const skus = await twoSkus.get();
  await weighSkus(call, [
    [skus[0]!, 350],
    [skus[1]!, 1200],
  ]);
  return skus;
});

/** The merchant's GLS account (the sandbox's), made once; its id. */
const gls = given('GLS collegato', async (): Promise<number> => {
  const connected = (await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[];
  const existing = connected.find((c) => c.provider === 'gls')?.id as number | undefined;
  if (existing !== undefined) return existing;
  const made = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT });
  expect(made.status).toBe(201);
  return made.body.id as number;
});

const productDialog = () => page.getByTestId('product-dialog');

describe('the product catalogue, weights, presets and a rule by weight (issue 25)', () => {
  step("a new merchant's Catalogo: the empty state, at 1280 and 390 px", async () => {
    await asAdmin();
    if ((await get('/api/products')).meta.totalItems > 0) return; // the sync of a later step already ran
    await open('/dashboard');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Catalogo', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/catalogo');
    await page.getByTestId('catalogue-empty').waitFor();
    expect(await page.getByTestId('catalogue-empty').innerText()).toContain('Nessun prodotto nel catalogo');
    await shot('1280-catalogue-empty');
    await page.setViewportSize(MOBILE);
    await page.getByTestId('catalogue-empty').waitFor();
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot('390-catalogue-empty');
  });

  step("eBay orders synced: every SKU in the catalogue without a weight, the orders 'Peso mancante'", async () => {
    await synced.get();
    const products = (await get('/api/products?pageSize=100')).data as any[];
    const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
    const skus = new Set(toShip.flatMap((o) => (o.items as any[]).map((i) => i.sku)).filter(Boolean));
    for (const sku of skus) expect({ sku, known: products.some((p) => p.sku === sku) }).toEqual({ sku, known: true });
    expect(toShip.every((o) => o.weightMissing === true && o.weightKg === null)).toBe(true);
    await open('/catalogo');
    await page.getByTestId('catalogue-table').waitFor();
    expect(await page.getByTestId('product-weight-missing').count()).toBeGreaterThan(0);
    await shot('1280-catalogue');
    await open('/dashboard/orders?weightMissing=true');
    await eventually(async () => expect(await page.getByText('Peso mancante').count()).toBeGreaterThan(0));
    await shot('1280-orders-peso-mancante');
  });

  step('two products weighed in the dialog (a refused value first); their orders lose Peso mancante', async () => {
    await asAdmin();
    const [first, second] = await twoSkus.get();
    await open('/catalogo');
    for (const [sku, grams] of [
      [first!, '350'],
      [second!, '1200'],
    ] as const) {
      await page.getByTestId('catalogue-search').fill(sku);
      const row = page.locator(`[data-testid="product-row"][data-sku="${sku}"]`);
      await row.waitFor();
      await row.getByRole('button').click();
      await productDialog().waitFor();
      await productDialog().locator('#product-weightGrams').fill('mille');
      await productDialog().getByTestId('product-submit').click();
      await productDialog().getByText('Il peso deve essere un numero intero di grammi', { exact: false }).waitFor();
      await productDialog().locator('#product-weightGrams').fill(grams);
      await productDialog().locator('#product-lengthCm').fill('12,5');
      await productDialog().getByTestId('product-submit').click();
      await expectToast(page, 'Prodotto aggiornato');
      await productDialog().waitFor({ state: 'detached' });
      await closeToasts(page);
    }
    const weighed = (await get('/api/products?pageSize=100')).data.filter((p: any) => [first, second].includes(p.sku));
    expect(weighed.map((p: any) => [p.sku, p.weightGrams, p.lengthMm]).sort()).toEqual([
      [first, 350, 125],
      [second, 1200, 125],
    ].sort());
    twoWeighed.set([first!, second!]);
    const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
    const only = (o: any, sku: string) => (o.items as any[]).every((i) => i.sku === sku);
    for (const o of toShip.filter((x) => only(x, first!) || only(x, second!))) {
      expect({ id: o.id, weightMissing: o.weightMissing, weighed: o.weightKg > 0 }).toEqual({ id: o.id, weightMissing: false, weighed: true });
    }
  });

  step("a preset created in Impostazioni › Imballaggi: 'Scatola M', the default", async () => {
    await asAdmin();
    await synced.get();
    const before = (await get('/api/package-presets')) as any[];
    if (before.some((p) => p.name === 'Scatola M')) await call('DELETE', `/api/package-presets/${before.find((p) => p.name === 'Scatola M').id}`);
    await open('/dashboard/settings/packages');
    if ((await get('/api/package-presets')).length === 0) {
      await page.getByTestId('packages-empty').waitFor();
      await shot('1280-packages-empty');
    }
    await page.getByRole('button', { name: /Crea il primo imballaggio|Aggiungi imballaggio/ }).click();
    const dialog = page.getByTestId('package-dialog');
    await dialog.waitFor();
    await dialog.locator('#package-name').fill('Scatola M');
    await dialog.locator('#package-lengthCm').fill('30');
    await dialog.locator('#package-widthCm').fill('20');
    await dialog.locator('#package-heightCm').fill('0');
    await dialog.getByTestId('package-submit').click();
    await dialog.getByText("L'altezza deve essere un numero di centimetri", { exact: false }).waitFor();
    await dialog.locator('#package-heightCm').fill('15,5');
    await dialog.locator('#package-tareGrams').fill('150');
    await dialog.locator('#package-maxWeightGrams').fill('10000');
    await dialog.getByRole('switch').click();
    await dialog.getByTestId('package-submit').click();
    await expectToast(page, 'Imballaggio creato');
    await page.getByTestId('package-row').filter({ hasText: 'Scatola M' }).getByText('Predefinito').waitFor();
    expect(await get('/api/package-presets')).toEqual([expect.objectContaining({ name: 'Scatola M', lengthMm: 300, widthMm: 200, heightMm: 155, tareGrams: 150, maxWeightGrams: 10000, isDefault: true })]);
    await shot('1280-packages');
  });

  step("a rule by weight: after 'Assegna Corrieri' GLS goes to the orders whose every line is weighed, and no other", async () => {
    await asAdmin();
    const [first, second] = await twoSkus.get();
    const glsId = await gls.get();
    if (!((await get('/api/shipping-rules')) as any[]).some((r) => r.name === 'Fino a 30 kg')) {
      expect((await call('POST', '/api/shipping-rules', { name: 'Fino a 30 kg', carrierIntegrationId: glsId, active: true, conditions: { weight_max: 30 } })).status).toBe(201);
    }
    await open('/shipping-rules');
    await page.getByRole('button', { name: 'Assegna Corrieri' }).click();
    await expectToast(page, 'Corrieri assegnati');
    const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
    const weighed = toShip.filter((o) => (o.items as any[]).every((i) => i.sku === first || i.sku === second));
    expect(weighed.length).toBeGreaterThan(0);
    for (const o of toShip) {
      const want = weighed.includes(o) ? glsId : null;
      expect({ id: o.id, carrier: o.carrierIntegrationId }).toEqual({ id: o.id, carrier: want });
    }
    // The order's panel shows its weight (lines + the default box's tare) and its package.
    const one = weighed[0];
    expect(one.package).toMatchObject({ name: 'Scatola M', tareGrams: 150 });
    await shot('1280-rules-assigned');
  });

  step("shipments take the order's weight: a weighed order's parcel weighs what the order does; one still 'Peso mancante' is in the shipments' Errori tab with the parcel's problem, and the two screens agree", async () => {
    await asAdmin();
    const [first, second] = await twoWeighed.get();
    const glsId = await gls.get();
    if (((await get('/api/merchant-addresses')) as any[]).length === 0) expect((await call('POST', '/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
    const toShip = ((await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[]).filter((o) => o.shipments.length === 0);
    const weighed = toShip.find((o) => (o.items as any[]).every((i) => i.sku === first || i.sku === second));
    const unweighed = toShip.find((o) => o.weightMissing === true);
    expect({ weighed: weighed?.weightMissing, unweighed: unweighed?.weightMissing }).toEqual({ weighed: false, unweighed: true });
    for (const o of [weighed, unweighed]) expect((await call('PATCH', `/api/orders/${o.id}/carrier`, { carrierIntegrationId: glsId })).status).toBe(200);
    const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [weighed.id, unweighed.id] });
    expect({ status: created.status, created: created.body?.created }).toEqual({ status: 200, created: 2 });
    const [withWeight, without] = (created.body.outcomes as any[]).map((o) => o.shipmentId as number);
    const parcelOf = async (id: number) => (await get(`/api/shipments/${id}`)) as any;
    expect((await parcelOf(withWeight!)).parcel.weightGrams).toBe(Math.round(weighed.weightKg * 1000));
    const missing = await parcelOf(without!);
    expect({ weight: missing.parcel.weightGrams, problem: missing.problem }).toEqual({ weight: null, problem: "Peso del pacco mancante: inseriscilo per poter creare l'etichetta" });

    // Ordini, filtered on 'Peso mancante': the order is there with its problem.
    await open('/dashboard/orders?weightMissing=true');
    const orderRow = page.locator(`[data-testid="order-row"][data-order-id="${unweighed.id}"]`);
    await orderRow.waitFor();
    expect(await orderRow.getByTestId('order-problem').allInnerTexts()).toContain('Peso mancante');
    expect(await page.locator(`[data-testid="order-row"][data-order-id="${weighed.id}"]`).count()).toBe(0);
    // Spedizioni › Errori: its shipment, with the parcel's problem; the weighed one is not there.
    await open('/dashboard/shipments?status=error');
    const problemRow = page.locator(`[data-testid="shipment-problem-row"][data-shipment-id="${without}"]`);
    await problemRow.waitFor();
    expect(await problemRow.getByTestId('shipment-problem').innerText()).toContain(missing.problem);
    expect(await page.locator(`[data-testid="shipment-row"][data-shipment-id="${withWeight}"]`).count()).toBe(0);
    await shot('1280-shipments-peso-mancante');
  });

  step('at 390 px: the catalogue as cards, the product as a bottom sheet, the presets as cards, nothing sideways', async () => {
    await asAdmin();
    await twoSkus.get();
    await page.setViewportSize(MOBILE);
    await open('/catalogo');
    await page.getByTestId('catalogue-cards').waitFor();
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot('390-catalogue');
    await page.getByTestId('product-card').first().getByRole('button').click();
    await productDialog().waitFor();
    expect(await productDialog().getAttribute('data-side')).toBe('bottom');
    await page.screenshot({ path: `${SHOTS}/390-product-sheet.png` });
    await page.keyboard.press('Escape');
    await open('/dashboard/settings/packages');
    await page.getByTestId('packages-cards').waitFor();
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot('390-packages');
  });
});
