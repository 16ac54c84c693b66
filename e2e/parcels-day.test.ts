/**
 * Issue 25's 'Done when', one merchant's parcels day through the shell in Chromium against the real
 * stack and the eBay, GLS sandboxes (Postapriority Internazionale for the UK): a new merchant's
 * empty Catalogo, Imballaggi and Ordini; eBay orders imported with 'Sincronizza tutto' (one sold to
 * London), every SKU in the catalogue 'Peso mancante' and the orders in the 'Peso mancante' view;
 * two products weighed in Catalogo (their orders leave that view), search and filters, the bulk
 * edit by CSV (a refused file changes nothing, the good one fills the customs data); 'Scatola M' in
 * Impostazioni › Imballaggi; a rule by weight made in its dialog picks GLS with 'Assegna Corrieri';
 * the UK order's shipment asks for its parcel and customs data in the drawer and gets its label
 * with the CN22; a CSV of 50 orders previewed and imported twice (50 orders, not 100); a manual
 * order of a weighed product shipped with GLS; the pick list and the packing slips of the
 * selection; the evening: tabs, activity and notifications agree with the day. Every new screen
 * at 1280 and 390 px (screenshots in /tmp/shots-parcels-day/).
 */
import fs from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { ebaySandboxControl } from '@smista/sandboxes';
import { activityMessages } from '@smista/contracts';
import { formatS10 } from '../services/carriers/src/domain/s10';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { GLS_ACCOUNT, PICKUP_ADDRESS } from './support/carriers';
import { twoSkusCoveringOrders, weighSkus } from './support/catalogue';
import { connectEbayThroughApi, ebayConnectedAndSynced } from './support/ebay';
import { openOrdersSyncedNow, orderRow, statusTab } from './support/orders';
import { pdfPageTexts } from './support/pdf';
import { fillRule, ruleDialog } from './support/rules';
import { shipmentRow, shipmentRowAction } from './support/shipments';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Marta', 'Ferri', run);
const merchantName = `Ceramiche Ferri ${run}`;
const seller = { username: `pacchi_${run}`, password: 'Pacchi1!' };
/** The seller's history (mostly shipped) and the orders of the day, to ship. */
const SELLER_ORDERS = 10;
const TODAY_ORDERS = 12;
const SHOTS = '/tmp/shots-parcels-day';
const SYNC_TIMEOUT_MS = 70_000;
/** Events travel through the outbox to orders, shipments and activity: how long a check waits for them. */
const SETTLE_MS = 30_000;
const LONDON = { countryCode: 'GB', city: 'London', postalCode: 'SW1A 1AA', stateOrProvince: 'Greater London', addressLine1: '1 High Street', addressLine2: '' };

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';
/** The eBay order the buyer in London placed (its eBay order id). */
let ukExternalId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  ({ app, browser, page } = await scenario.start({ ownGlsSandbox: true }));
  merchantId = (await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName)).id;
  const ebay = ebaySandboxControl(app.ebayUrl);
  await ebay.addSeller({ username: seller.username, password: seller.password, orders: SELLER_ORDERS, seed: 'pacchi-25' });
  // The day's orders, made this morning: to ship.
  const today = await ebay.addOrders(seller.username, TODAY_ORDERS, 'pacchi-oggi');
  // The newest goes to London: outside the EU customs union, it needs a declaration.
  ukExternalId = today[today.length - 1]!;
  await ebay.editOrder(seller.username, ukExternalId, { ...LONDON, orderPaymentStatus: 'PAID', orderFulfillmentStatus: 'NOT_STARTED', cancelState: 'NONE_REQUESTED' });
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);
const get = async (path: string) => {
  const res = await call('GET', path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body;
};
/** Logs in and works in `id` (the day's merchant unless told): the session's merchant and the one the shell keeps (the user has two). */
async function asAdmin(id = merchantId, name = merchantName) {
  await signIn(browser.context, app.baseUrl, admin, id);
  if (new URL(page.url()).origin !== new URL(app.baseUrl).origin) await page.goto('/favicon.svg');
  await page.evaluate(([i, n]) => {
    localStorage.setItem('selectedMerchant', JSON.stringify({ id: i, name: n }));
    localStorage.setItem('currentMerchantId', i!);
  }, [id, name]);
}
const shot = (name: string, maxHeight?: number) => screenshotWhole(page, `${SHOTS}/${name}.png`, maxHeight);
const tabCount = (key: string) => textOf(statusTab(page, key).getByTestId('status-tab-count'));
const drawer = () => page.getByTestId('details-drawer');
const productDialog = () => page.getByTestId('product-dialog');

async function open(path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** Runs `body` at 390 px, back to the desktop after. */
async function onPhone(body: () => Promise<void>) {
  await page.setViewportSize(MOBILE);
  try {
    await body();
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

/** A CSV of `n` orders (one or two lines each), `;` and decimal commas, with a BOM: as Excel saves it. */
function ordersCsv(prefix: string, n: number): string {
  const rows = ['numero_ordine;data_ordine;destinatario;email;telefono;indirizzo;indirizzo_2;cap;citta;provincia;paese;sku;articolo;quantita;prezzo_unitario;note'];
  for (let i = 1; i <= n; i++) {
    rows.push(`${prefix}-${i};28/11/2026;Cliente ${i};;;Via Manzoni ${i};;20121;Milano;MI;IT;;Vaso ${i};1;24,90;`);
    if (i % 2 === 0) rows.push(`${prefix}-${i};;;;;;;;;;;;Sottovaso;2;4,50;`);
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** eBay connected (the consent page is the marketplaces suites') and its orders imported; the integration's id. */
const imported = given('ordini eBay importati', async () => {
  await asAdmin();
  return ebayConnectedAndSynced(browser.context, app.baseUrl, seller, merchantId, SYNC_TIMEOUT_MS);
});

/** The London order as orders lists it. */
const ukOrder = given("l'ordine per Londra", async () => {
  await imported.get();
  return eventually(async () => {
    const found = (await get(`/api/orders?search=${ukExternalId}`)).data[0];
    expect(found?.shippingAddressDetails?.countryCode).toBe('GB');
    return found;
  });
});

/**
 * The two SKUs the day weighs: those of orders to ship (not the London one) with the fewest distinct
 * SKUs, so a rule by weight then takes the orders made of them alone.
 */
const twoSkus = given('i due SKU da pesare', async () => {
  const uk = await ukOrder.get();
  const ukSkus = new Set((uk.items as any[]).map((i) => i.sku));
  const toShip = ((await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[]).filter((o) => o.id !== uk.id);
  const chosen = twoSkusCoveringOrders(toShip, ukSkus);
  expect(chosen).toHaveLength(2);
  return chosen;
});

/** The two SKUs weighed (a step does it in Catalogo's dialog): 350 g and 1200 g. */
const twoWeighed = given('i due SKU pesati', async () => {
  const skus = await twoSkus.get();
  await weighSkus(call, [
    [skus[0]!, 350],
    [skus[1]!, 1200],
  ]);
  return skus;
});

/** GLS (the sandbox's account) and the pickup address; the integration's id. */
const gls = given('GLS collegato, un indirizzo di ritiro', async (): Promise<number> => {
  await asAdmin();
  if (((await get('/api/merchant-addresses')) as any[]).length === 0) expect((await call('POST', '/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  const connected = (await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[];
  const existing = connected.find((c) => c.provider === 'gls')?.id as number | undefined;
  if (existing !== undefined) return existing;
  const made = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT });
  expect(made.status).toBe(201);
  return made.body.id as number;
});

/** Postapriority Internazionale with two codes (for the UK); its id. */
const priority = given('Postapriority Internazionale con due codici', async (): Promise<number> => {
  await gls.get();
  const connected = (await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[];
  const existing = connected.find((c) => c.provider === 'posta_pr_intl')?.id as number | undefined;
  if (existing !== undefined) return existing;
  const made = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'posta_pr_intl', connectionName: 'Postapriority', active: true });
  expect(made.status).toBe(201);
  expect((await call('POST', `/api/merchants/${merchantId}/carrier-integrations/${made.body.id}/tracking-codes`, { method: 'manual', trackingCodes: [formatS10('RB', 1), formatS10('RB', 2)] })).status).toBe(201);
  return made.body.id as number;
});

/** The rule by weight ('Fino a 30 kg' → GLS), made in its dialog by a step. */
const weightRule = given('la regola per peso', async () => {
  const glsId = await gls.get();
  await twoWeighed.get();
  if (!((await get('/api/shipping-rules')) as any[]).some((r) => r.name === 'Fino a 30 kg')) {
    expect((await call('POST', '/api/shipping-rules', { name: 'Fino a 30 kg', carrierIntegrationId: glsId, active: true, conditions: { weight_max: 30 } })).status).toBe(201);
  }
  expect((await call('POST', '/api/shipping-rules/assign-carriers', {})).status).toBeLessThan(300);
  return glsId;
});

/** The UK order's shipment, labelled (a step does it through the drawer); its id. */
const ukLabelled = given("l'etichetta con CN22 dell'ordine per Londra", async () => {
  const uk = await ukOrder.get();
  const id = await ukShipment(uk.id);
  const s = (await get(`/api/shipments/${id}`)) as any;
  if (s.status !== 'shipped') {
    expect((await call('PUT', `/api/shipments/${id}/parcel`, { ...s.parcel, weightGrams: 450 })).status).toBe(200);
    const customs = { ...s.customs, items: (s.customs.items as any[]).map((i) => ({ ...i, weightGrams: i.weightGrams ?? 350, hsCode: i.hsCode || '691200', originCountry: i.originCountry || 'IT' })) };
    expect((await call('PUT', `/api/shipments/${id}/customs`, customs)).status).toBe(200);
    expect((await call('POST', `/api/shipments/${id}/process`)).status).toBe(200);
    expect(((await get(`/api/shipments/${id}`)) as any).status).toBe('shipped');
  }
  return id;
});

/** The UK order's shipment with Postapriority Internazionale, made through the API when no step made it. */
async function ukShipment(orderId: number): Promise<number> {
  const priorityId = await priority.get();
  const existing = (await get(`/api/shipments?search=${ukExternalId}`)).data[0];
  if (existing) return existing.id as number;
  expect((await call('PATCH', `/api/orders/${orderId}/carrier`, { carrierIntegrationId: priorityId })).status).toBe(200);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [orderId] });
  expect(created.status).toBe(200);
  return created.body.outcomes[0].shipmentId as number;
}

/** Clicks a print action and answers the PDF the POST answered (shown in a new tab). */
async function printFrom(click: () => Promise<void>, path: string): Promise<{ pdf: Uint8Array; tab: Page; response: Response }> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
  const opened = page.context().waitForEvent('page');
  await click();
  const [response, tab] = await Promise.all([answered, opened]);
  expect({ status: response.status(), type: response.headers()['content-type'] }).toEqual({ status: 200, type: 'application/pdf' });
  return { pdf: new Uint8Array(await response.body()), tab, response };
}

describe("a merchant's parcels day (issue 25)", () => {
  step("a new merchant's empty Catalogo, Imballaggi and Ordini, at 1280 and 390 px", async () => {
    await asAdmin();
    // The day's steps fill this merchant: the empty screens are those of a second, new one.
    const made = await call('POST', '/api/merchants', { name: `Nuovo negozio ${run}` });
    expect(made.status).toBe(201);
    await asAdmin(String(made.body.id), `Nuovo negozio ${run}`);
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await open('/catalogo');
      await page.getByTestId('catalogue-empty').waitFor();
      expect(await textOf(page.getByTestId('catalogue-empty'))).toContain('Nessun prodotto nel catalogo');
      await expectNoSidewaysScroll(page, size.width);
      await shot(`${size.width}-catalogue-empty`);
      await open('/dashboard/settings/packages');
      await page.getByTestId('packages-empty').waitFor();
      // Impostazioni says what it holds: the fifth tab too.
      await page.getByText('Gestisci il tuo team, il profilo, i corrieri, gli indirizzi, gli imballaggi e le e-mail ai clienti.', { exact: true }).waitFor();
      await expectNoSidewaysScroll(page, size.width);
      await shot(`${size.width}-packages-empty`);
      await open('/dashboard/orders');
      await page.getByTestId('orders-no-integrations').waitFor();
      expect(await textOf(page.getByTestId('orders-empty-new'))).toBe('Nuovo ordine');
      await expectNoSidewaysScroll(page, size.width);
      await shot(`${size.width}-orders-empty`);
      await open('/dashboard/shipments');
      await page.getByTestId('shipments-new').waitFor();
      await expectNoSidewaysScroll(page, size.width);
      await shot(`${size.width}-shipments-empty`);
    }
    await page.setViewportSize(DESKTOP);
  });

  step("'Sincronizza tutto' imports the eBay orders: every SKU in Catalogo 'Peso mancante', the orders in the 'Peso mancante' view, the import in the activity", async () => {
    await asAdmin();
    if (((await get('/api/merchants/current/integrations')) as any[]).length === 0) await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
    const [integration] = (await get('/api/merchants/current/integrations')) as any[];
    if (integration.lastJob?.status !== 'completed') {
      // Synced 'now' for §9's auto-sync: the one sync is the button's.
      await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders');
      await page.getByTestId('orders-sync-all').click();
      await page.getByTestId('toast').filter({ hasText: 'Sincronizzazione completata' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
      await closeToasts(page);
    }
    await imported.get();
    const total = (await get('/api/orders?pageSize=1')).meta.totalItems as number;
    expect(total).toBe(((await get('/api/merchants/current/integrations')) as any[])[0].lastJob.ordersFound);
    const products = (await get('/api/products?pageSize=100')).data as any[];
    const all = (await get('/api/orders?pageSize=100')).data as any[];
    const skus = new Set(all.flatMap((o) => (o.items as any[]).map((i) => i.sku)).filter(Boolean));
    expect(new Set(products.map((p) => p.sku))).toEqual(skus);
    expect(products.every((p) => p.weightGrams === null)).toBe(true);

    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders');
    await eventually(async () => expect(await tabCount('all')).toBe(String(total)));
    await page.getByTestId('orders-filters-toggle').click();
    await page.getByTestId('orders-filter-problem').selectOption('weightMissing');
    const missing = (await get('/api/orders?weightMissing=true&pageSize=1')).meta.totalItems as number;
    expect(missing).toBeGreaterThan(0);
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(Math.min(missing, 20)));
    expect(await page.getByTestId('order-problem').first().innerText()).toContain('Peso mancante');
    await shot('1280-orders-peso-mancante');
    await open('/catalogo');
    await page.getByTestId('catalogue-table').waitFor();
    expect(await page.getByTestId('product-weight-missing').count()).toBe(Math.min(products.length, 20));
    await shot('1280-catalogue-imported');

    const lines = await eventually(async () => {
      const texts = ((await get('/api/activity?limit=50')) as any[]).map((a) => a.text as string);
      expect(texts).toContain(`${total} ordini importati da eBay`);
      return texts;
    }, SETTLE_MS);
    expect(lines.filter((l) => /importat[oi] da eBay/.test(l))).toHaveLength(1);
  });

  step("two products weighed in Catalogo (search, a refused value first): their orders leave the 'Peso mancante' view", async () => {
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
      await eventually(async () => expect(await page.getByTestId('product-row').count()).toBe(1));
      if ((await row.getByTestId('product-weight').count()) > 0) continue; // weighed already (a given)
      await row.getByRole('button').click();
      await productDialog().waitFor();
      await productDialog().locator('#product-weightGrams').fill('1,5 kg');
      await productDialog().getByTestId('product-submit').click();
      await productDialog().getByText('Il peso deve essere un numero intero di grammi', { exact: false }).waitFor();
      if (sku === first) await shot('1280-product-dialog-error');
      await productDialog().locator('#product-weightGrams').fill(grams);
      await productDialog().getByTestId('product-submit').click();
      await expectToast(page, 'Prodotto aggiornato');
      await productDialog().waitFor({ state: 'detached' });
      await closeToasts(page);
      await row.getByTestId('product-weight').waitFor();
    }
    const weighed = ((await get('/api/products?pageSize=100')).data as any[]).filter((p) => [first, second].includes(p.sku));
    expect(weighed.map((p) => [p.sku, p.weightGrams]).sort()).toEqual([[first, 350], [second, 1200]].sort());
    twoWeighed.set([first!, second!]);

    // The orders to ship made of those two alone have a weight now, and the 'Peso mancante' view lost them.
    const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
    const made = toShip.filter((o) => (o.items as any[]).every((i) => i.sku === first || i.sku === second));
    expect(made.length).toBeGreaterThan(0);
    for (const o of made) expect({ id: o.id, weightMissing: o.weightMissing, weighed: o.weightKg > 0 }).toEqual({ id: o.id, weightMissing: false, weighed: true });
    const missingAfter = (await get('/api/orders?weightMissing=true&pageSize=1')).meta.totalItems as number;
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?weightMissing=true');
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(Math.min(missingAfter, 20)));
    for (const o of made) expect(await orderRow(page, o.id).count()).toBe(0);
  });

  step("Catalogo's filters and the bulk edit by CSV: a refused file changes nothing, the filled one gives the two products their customs data", async () => {
    await asAdmin();
    const [first, second] = await twoWeighed.get();
    const products = (await get('/api/products?pageSize=100')).data as any[];
    await open('/catalogo');
    await page.getByTestId('catalogue-table').waitFor();
    // 'Senza peso': every product but the two.
    await page.getByTestId('catalogue-missing-weight').click();
    const unweighed = products.filter((p) => p.weightGrams === null).length;
    await eventually(async () => expect(await textOf(page.getByTestId('catalogue-pager'))).toMatch(new RegExp(`di ${unweighed} prodott[oi]\\b`)));
    expect(await page.locator(`[data-testid="product-row"][data-sku="${first}"]`).count()).toBe(0);
    await page.getByTestId('catalogue-search').fill('nessun-prodotto-si-chiama-cosi');
    await page.getByTestId('catalogue-no-match').waitFor();
    await page.getByTestId('catalogue-search').fill('');
    await page.getByTestId('catalogue-missing-weight').click();
    await page.getByTestId('catalogue-marketplace').selectOption('ebay');
    await page.getByTestId('product-row').first().waitFor();
    // Badges on one line (a table beside the sidebar is narrow), and no broken image: eBay's are
    // not reachable from here, the plain square stands in.
    const badge = await page.getByTestId('product-weight-missing').first().boundingBox();
    expect(badge!.height).toBeLessThan(30);
    await eventually(async () => expect(await page.getByTestId('product-row').first().getByTestId('product-image-none').count()).toBe(1));
    await shot('1280-catalogue-filters');
    await page.getByTestId('catalogue-marketplace').selectOption('');

    // Download: the file the button saves, every product in it under the Italian headers.
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('catalogue-download').click();
    const file = fs.readFileSync((await (await downloaded).path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = file.split(/\r?\n/).filter(Boolean);
    expect(header).toContain('Peso (g)');
    expect(rows).toHaveLength(products.length);
    const sep = header!.includes(';') ? ';' : ',';
    const columns = header!.split(sep);
    const line = (values: Record<string, string>) => columns.map((c) => values[c] ?? '').join(sep);
    const filled = (sku: string, grams: string, hs: string) => line({ SKU: sku, 'Peso (g)': grams, 'Codice HS': hs, 'Paese di origine': 'IT', 'Descrizione doganale': 'Articoli in ceramica' });

    // A file with a bad row: refused whole, the report by row and column, nothing applied.
    const bad = [header, filled(first!, '350', '691200'), filled(second!, 'tanti', '691200')].join('\n');
    await page.getByTestId('catalogue-file').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'utf8') });
    await page.getByTestId('catalogue-csv-report').waitFor();
    expect(await textOf(page.getByTestId('catalogue-csv-report'))).toContain('Peso (g)');
    await shot('1280-catalogue-csv-refused');
    expect(((await get('/api/products?pageSize=100')).data as any[]).find((p) => p.sku === first).hsCode).toBe('');

    const good = [header, filled(first!, '350', '6912.00'), filled(second!, '1200', '6912.00')].join('\n');
    await page.getByTestId('catalogue-file').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(good, 'utf8') });
    await expectToast(page, 'Catalogo aggiornato', { description: '2 prodotti aggiornati' });
    await page.getByTestId('catalogue-csv-report').waitFor({ state: 'detached' });
    const after = ((await get('/api/products?pageSize=100')).data as any[]).filter((p) => [first, second].includes(p.sku));
    expect(after.map((p) => [p.sku, p.weightGrams, p.hsCode, p.originCountry]).sort()).toEqual([[first, 350, '691200', 'IT'], [second, 1200, '691200', 'IT']].sort());
    // 'Senza dati doganali' no longer lists them.
    await page.getByTestId('catalogue-missing-customs').click();
    await eventually(async () => expect(await textOf(page.getByTestId('catalogue-pager'))).toMatch(new RegExp(`di ${products.length - 2} prodott[oi]\\b`)));
    expect(await page.locator(`[data-testid="product-row"][data-sku="${first}"]`).count()).toBe(0);
    await closeToasts(page);
  });

  step("'Scatola M' created in Impostazioni › Imballaggi, the default (1280 and 390 px)", async () => {
    await asAdmin();
    await imported.get();
    const before = (await get('/api/package-presets')) as any[];
    const old = before.find((p) => p.name === 'Scatola M');
    if (old) expect((await call('DELETE', `/api/package-presets/${old.id}`)).status).toBeLessThan(300);
    await open('/dashboard/settings/packages');
    await page.getByRole('button', { name: /Crea il primo imballaggio|Aggiungi imballaggio/ }).click();
    const dialog = page.getByTestId('package-dialog');
    await dialog.waitFor();
    await dialog.locator('#package-name').fill('Scatola M');
    await dialog.locator('#package-lengthCm').fill('30');
    await dialog.locator('#package-widthCm').fill('20');
    await dialog.locator('#package-heightCm').fill('15,5');
    await dialog.locator('#package-tareGrams').fill('150');
    await dialog.locator('#package-maxWeightGrams').fill('10000');
    await dialog.getByRole('switch').click();
    await shot('1280-package-dialog');
    await dialog.getByTestId('package-submit').click();
    await expectToast(page, 'Imballaggio creato');
    await page.getByTestId('package-row').filter({ hasText: 'Scatola M' }).getByText('Predefinito').waitFor();
    expect(await get('/api/package-presets')).toEqual([expect.objectContaining({ name: 'Scatola M', heightMm: 155, tareGrams: 150, isDefault: true })]);
    await shot('1280-packages');
    await onPhone(async () => {
      await open('/dashboard/settings/packages');
      await page.getByTestId('packages-cards').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-packages');
    });
  });

  step("a rule by weight made in its dialog; 'Assegna Corrieri' gives GLS to the weighed orders and no other", async () => {
    await asAdmin();
    const glsId = await gls.get();
    const [first, second] = await twoWeighed.get();
    const uk = await ukOrder.get();
    const existing = ((await get('/api/shipping-rules')) as any[]).find((r) => r.name === 'Fino a 30 kg');
    if (existing) expect((await call('DELETE', `/api/shipping-rules/${existing.id}`)).status).toBeLessThan(300);
    await open('/shipping-rules');
    await page.getByRole('button', { name: 'Nuova Regola' }).first().click();
    await ruleDialog(page).waitFor();
    await fillRule(page, { name: 'Fino a 30 kg', carrier: String(glsId) });
    await ruleDialog(page).locator('#rule-weight_max').fill('30');
    await ruleDialog(page).getByTestId('rule-submit').click();
    await expectToast(page, 'Regola creata');
    await closeToasts(page);
    await page.getByRole('button', { name: 'Assegna Corrieri' }).click();
    await expectToast(page, 'Corrieri assegnati');
    const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
    const weighed = toShip.filter((o) => (o.items as any[]).every((i) => i.sku === first || i.sku === second));
    expect(weighed.length).toBeGreaterThan(0);
    for (const o of toShip) {
      if (o.shipments.length > 0 || o.id === uk.id) continue;
      expect({ id: o.id, carrier: o.carrierIntegrationId }).toEqual({ id: o.id, carrier: weighed.includes(o) ? glsId : null });
    }
    // Their weight is the lines' plus the default box's tare, when the merchant has one.
    const box = ((await get('/api/package-presets')) as any[]).find((p) => p.isDefault);
    if (box) expect(weighed[0].package).toMatchObject({ name: box.name, tareGrams: box.tareGrams });
    await shot('1280-rules');
  });

  step("the UK order: Postapriority chosen in its panel, 'Crea spedizioni'; the drawer asks for the parcel and the customs data (1280 and 390 px); filled, 'Processa' makes the label with its CN22", async () => {
    await asAdmin();
    const uk = await ukOrder.get();
    const priorityId = await priority.get();
    await openOrdersSyncedNow(page, app.baseUrl, `/dashboard/orders?search=${ukExternalId}`);
    if ((await get(`/api/shipments?search=${ukExternalId}`)).data.length === 0) {
      await orderRow(page, uk.id).getByTestId('order-expand').click();
      await page.locator(`[data-testid="order-panel"][data-order-id="${uk.id}"]`).getByTestId('order-carrier-select').selectOption(String(priorityId));
      await expectToast(page, 'Corriere aggiornato', { description: 'Postapriority' });
      await closeToasts(page);
      await orderRow(page, uk.id).getByTestId('order-select').click();
      await page.getByTestId('orders-selection-bar').getByTestId('orders-bulk-create-shipments').click();
      await expectToast(page, 'Spedizioni create');
      await closeToasts(page);
    }
    const shipmentId = await ukShipment(uk.id);
    const asked = (await get(`/api/shipments/${shipmentId}`)) as any;
    expect(asked).toMatchObject({ customsNeeded: true, customsTerritory: 'GB' });

    await open(`/dashboard/shipments?shipment=${shipmentId}`);
    await drawer().getByTestId('details-parcel').waitFor();
    const customs = drawer().getByTestId('details-customs');
    await customs.waitFor();
    expect(await textOf(customs.getByTestId('customs-missing'))).toContain('codice HS');
    expect(await customs.getByTestId('customs-invoice').inputValue()).toBe(ukExternalId);
    await shot('1280-drawer-asks', 6000);
    await onPhone(async () => {
      await customs.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-drawer-asks', 6000);
    });

    if ((await drawer().getByTestId('parcel-weight-missing').count()) > 0) {
      // Postapriority Internazionale takes up to 2 kg.
      await drawer().getByTestId('parcel-weight').fill('1,2');
      await drawer().getByTestId('parcel-save').click();
      await expectToast(page, 'Pacco aggiornato');
      await eventually(async () => expect(await drawer().getByTestId('parcel-weight-missing').count()).toBe(0));
    }
    const items = await customs.getByTestId('customs-item-hsCode').count();
    for (let i = 0; i < items; i++) {
      await customs.getByTestId('customs-item-weightKg').nth(i).fill('0,2');
      await customs.getByTestId('customs-item-hsCode').nth(i).fill('6912.00');
      await customs.getByTestId('customs-item-originCountry').nth(i).fill('IT');
    }
    await customs.getByTestId('customs-save').click();
    await expectToast(page, 'Dati doganali aggiornati');
    await customs.getByTestId('customs-complete').waitFor();
    await closeToasts(page);
    await shot('1280-drawer-complete', 6000);
    await page.keyboard.press('Escape');

    await shipmentRowAction(page, shipmentId, 'menu-process');
    const labelled = await eventually(async () => {
      const s = (await get(`/api/shipments/${shipmentId}`)) as any;
      expect(s.status).toBe('shipped');
      return s;
    }, 60_000);
    expect(labelled.trackingNumber).toMatch(/^RB\d{9}IT$/);
    const pages = await pdfPageTexts(new Uint8Array(await (await page.context().request.get(`${app.baseUrl}/api/shipments/${shipmentId}/label`)).body()));
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('CUSTOMS DECLARATION CN 22');
    expect(pages[1]).toContain('691200');
    expect(pages[1]).toContain(ukExternalId);
    ukLabelled.set(shipmentId);

    await open(`/dashboard/shipments?shipment=${shipmentId}`);
    await drawer().getByTestId('customs-read-only').waitFor();
    await onPhone(async () => {
      await drawer().getByTestId('details-customs').scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-drawer-read-only', 6000);
    });
  });

  step("'Importa CSV': 50 orders previewed and imported, then the same file again: the orders count grows by 50 once, the tabs agree (1280 and 390 px)", async () => {
    await asAdmin();
    await imported.get();
    const prefix = `VASI${run}`;
    const file = { name: 'ordini-fiera.csv', mimeType: 'text/csv', buffer: Buffer.from(ordersCsv(prefix, 50), 'utf8') };
    const already = (await get(`/api/orders?search=${prefix}&pageSize=1`)).meta.totalItems as number;
    const before = ((await get('/api/orders?pageSize=1')).meta.totalItems as number) - already;
    for (const [round, size] of [
      [1, DESKTOP],
      [2, MOBILE],
    ] as const) {
      await page.setViewportSize(size);
      await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders');
      await page.getByTestId('orders-import-csv').click();
      await page.getByTestId('csv-import-page').waitFor();
      await shot(`${size.width}-csv-import-${round}`);
      await page.getByTestId('csv-import-file').setInputFiles(file);
      await page.getByTestId('csv-import-preview').waitFor();
      expect(await textOf(page.getByTestId('csv-import-summary'))).toBe('75 righe, 50 ordini validi');
      const fresh = round === 1 && already === 0;
      expect(await textOf(page.getByTestId('csv-import-new'))).toBe(fresh ? '50 ordini da creare' : `${50 - (round === 1 ? already : 50)} ordini da creare`);
      await expectNoSidewaysScroll(page, size.width);
      await shot(`${size.width}-csv-preview-${round}`);
      expect(await textOf(page.getByTestId('csv-import-start'))).toBe(round === 2 ? 'Importa di nuovo (nessun ordine nuovo)' : `Importa ${50 - already} ordini`);
      await page.getByTestId('csv-import-start').click();
      await eventually(async () => expect(await page.getByTestId('csv-import-job').getAttribute('data-status')).toBe('completed'), 60_000);
      if (round === 2) expect(await textOf(page.getByTestId('csv-import-job-result'))).toBe('0 ordini creati, 50 già presenti.');
      await shot(`${size.width}-csv-done-${round}`);
      expect((await get('/api/orders?pageSize=1')).meta.totalItems).toBe(before + 50);
    }
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('csv-import-go-orders').click();
    await page.getByTestId('order-row').first().waitFor();
    const counts = (await get('/api/orders?pageSize=1')).meta.statusCounts;
    expect(counts.all).toBe(before + 50);
    await eventually(async () => expect(await tabCount('all')).toBe(String(counts.all)));
    await eventually(async () => expect(await tabCount('TO_SHIP')).toBe(String(counts.TO_SHIP)));
    // The CSV's orders are marked by their source, as every manual one.
    const one = (await get(`/api/orders?search=${prefix}-7`)).data[0];
    expect(one).toMatchObject({ marketplace: 'manual', externalId: `${prefix}-7` });
    // The activity tells each import once: what it created, and the second time what it found there.
    await eventually(async () => {
      const texts = ((await get('/api/activity?limit=100')) as any[]).map((a) => a.text as string);
      expect(texts.filter((l) => l.startsWith('Importazione CSV «ordini-fiera.csv»'))).toEqual([
        activityMessages.ordersCsvImported('ordini-fiera.csv', 0, 50),
        activityMessages.ordersCsvImported('ordini-fiera.csv', 50 - already, already),
      ]);
    }, SETTLE_MS);
  });

  step("'Nuovo ordine' of a weighed product: the rule's GLS, 'Crea spedizione' and 'Processa Tutte' ship it (1280 and 390 px)", async () => {
    await asAdmin();
    const glsId = await weightRule.get();
    const [first] = await twoWeighed.get();
    await onPhone(async () => {
      await open('/dashboard/orders/new');
      await page.getByTestId('new-order-form').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-new-order');
    });
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders');
    await page.getByTestId('orders-new').click();
    await page.getByTestId('new-order-form').waitFor();
    await page.getByTestId('new-order-recipientName').fill('Paolo Greco');
    await page.getByTestId('new-order-recipientEmail').fill('paolo.greco@example.it');
    await page.getByTestId('new-order-phoneNumber').fill('+39 347 7654321');
    await page.getByTestId('new-order-addressLine1').fill('Corso Vittorio Emanuele 12');
    await page.getByTestId('new-order-postalCode').fill('10121');
    await page.getByTestId('new-order-city').fill('Torino');
    await page.getByTestId('new-order-state').fill('TO');
    await page.getByTestId('new-order-countryCode').selectOption('IT');
    const line = page.getByTestId('new-order-item').first();
    await line.getByTestId('new-order-item-sku').fill(first!);
    await line.getByTestId('new-order-item-title').fill('Ordine telefonico');
    await line.getByTestId('new-order-item-quantity').fill('2');
    await line.getByTestId('new-order-item-price').fill('19,90');
    await shot('1280-new-order');
    await page.getByTestId('new-order-save').click();
    await page.getByTestId('toast').filter({ hasText: /Ordine M-\d{6} creato/ }).waitFor();
    await page.getByTestId('order-detail-page').waitFor();
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const order = (await get(`/api/orders/${orderId}`)) as any;
    expect(order).toMatchObject({ marketplace: 'manual', carrierIntegrationId: glsId, appliedRule: { name: 'Fino a 30 kg' }, weightMissing: false });
    expect(await textOf(page.getByTestId('order-marketplace'))).toContain('Manuale');
    await closeToasts(page);
    await page.getByTestId('order-create-shipment').click();
    await expectToast(page, 'Spedizioni create');
    const shipment = await eventually(async () => {
      const list = (await get(`/api/shipments?search=${order.externalId}`)).data as any[];
      expect(list).toHaveLength(1);
      return list[0];
    });
    expect(shipment.parcel.weightGrams).toBe(Math.round(order.weightKg * 1000));
    await open('/dashboard/shipments');
    await page.getByTestId('shipments-process-all').click();
    await eventually(async () => expect(((await get(`/api/shipments/${shipment.id}`)) as any).status).toBe('shipped'), 60_000);
    await eventually(async () => expect(((await get(`/api/orders/${orderId}`)) as any).status).toBe('spedito'));
    await shot('1280-shipments-after-manual');
  });

  step("the selection's pick list and 'Stampa etichette e distinte di imballaggio' from the orders list: each slip before its label", async () => {
    await asAdmin();
    const uk = await ukOrder.get();
    const ukShipmentId = await ukLabelled.get();
    const [first, second] = await twoWeighed.get();
    const other = ((await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[]).find((o) => o.id !== uk.id && o.marketplace === 'ebay' && (o.items as any[]).some((i) => i.sku === first || i.sku === second));
    expect(other).toBeDefined();
    const orders = [uk, other];
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=ebay&pageSize=50');
    for (const o of orders) await orderRow(page, o.id).getByTestId('order-select').click();
    const bar = page.getByTestId('orders-selection-bar');
    const pick = await printFrom(() => bar.getByTestId('orders-bulk-pick-list').click(), '/api/shipments/pick-list');
    await expectToast(page, 'PDF aperto in una nuova scheda', { description: 'Lista di prelievo di 2 ordini' });
    const [list] = await pdfPageTexts(pick.pdf);
    expect(list).toContain('Lista di prelievo');
    expect(list).toMatch(/2 ordini · \d+ articol[oi] · \d+ pezz[oi]/);
    for (const item of orders.flatMap((o) => o.items as any[])) if (item.sku) expect(list).toContain(item.sku);
    await pick.tab.close();
    await closeToasts(page);

    const label = await pdfPageTexts(new Uint8Array(await (await page.context().request.get(`${app.baseUrl}/api/shipments/${ukShipmentId}/label`)).body()));
    // After the pick list the same two are still chosen, for their slips and labels.
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toContain('2');
    const both = await printFrom(() => bar.getByTestId('orders-bulk-labels-and-slips').click(), '/api/shipments/labels-and-slips');
    const printed = await expectToast(page, 'PDF aperto in una nuova scheda');
    expect(await textOf(printed)).toContain('Distinte ed etichette di 2 ordini');
    expect(both.response.headers()['x-smista-orders-without-label']).toBe(String(other.id));
    const pages = await pdfPageTexts(both.pdf);
    expect(pages).toHaveLength(2 + label.length);
    const slipAt = pages.findIndex((t) => t.includes(`Ordine n. ${ukExternalId}`));
    expect(pages[slipAt]).toContain('Distinta di imballaggio');
    expect(pages.slice(slipAt + 1, slipAt + 1 + label.length)).toEqual(label);
    expect(pages.some((t) => t.includes(`Ordine n. ${other.externalId}`))).toBe(true);
    await both.tab.close();
    await closeToasts(page);
    await shot('1280-orders-printed');
  });

  step('the evening: the order tabs add up, the shipments tabs match their lists, the activity tells the day once, no notification left', async () => {
    await asAdmin();
    await ukLabelled.get();
    const counts = (await get('/api/orders?pageSize=1')).meta.statusCounts;
    const tabs = ['TO_PAY', 'TO_SHIP', 'IN_TRANSIT', 'SHIPPED', 'DELIVERED', 'CANCELLED'];
    expect(tabs.reduce((sum, key) => sum + counts[key], 0)).toBe(counts.all);
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders');
    for (const key of ['all', ...tabs]) await eventually(async () => expect({ key, shown: await tabCount(key) }).toEqual({ key, shown: String(counts[key]) }));
    await shot('1280-orders-evening');
    await open('/dashboard/shipments');
    for (const key of ['pending', 'shipped', 'error']) {
      const total = (await get(`/api/shipments?status=${key}&pageSize=1`)).meta.totalItems;
      await eventually(async () => expect({ key, shown: await tabCount(key) }).toEqual({ key, shown: String(total) }));
    }
    await shot('1280-shipments-evening');
    const lines = await eventually(async () => {
      const texts = ((await get('/api/activity?limit=100')) as any[]).map((a) => a.text as string);
      expect(texts.filter((l) => /importat[oi] da eBay/.test(l))).toHaveLength(1);
      expect(texts).toContain('Regola di spedizione "Fino a 30 kg" creata');
      return texts;
    }, SETTLE_MS);
    const labelled = lines.map((l) => /^(\d+) etichett[ae] creat[ae]/.exec(l)).reduce((sum, m) => sum + (m ? Number(m[1]) : 0), 0);
    expect(labelled).toBe((await get('/api/shipments?status=shipped&pageSize=1')).meta.totalItems);
    await eventually(async () => expect(((await get('/api/notifications')) as any).notifications.filter((n: any) => n.kind === 'labels_failed')).toEqual([]), SETTLE_MS);
  });

  step('at 390 px: Catalogo as cards with its filters, the product as a bottom sheet, the orders with the manual ones, nothing sideways', async () => {
    await asAdmin();
    await twoWeighed.get();
    await onPhone(async () => {
      await open('/catalogo');
      await page.getByTestId('catalogue-cards').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-catalogue');
      await page.getByTestId('catalogue-missing-weight').click();
      await page.getByTestId('product-card').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await page.getByTestId('product-card').first().getByRole('button').click();
      await productDialog().waitFor();
      expect(await productDialog().getAttribute('data-side')).toBe('bottom');
      await page.screenshot({ path: `${SHOTS}/390-product-sheet.png` });
      await page.keyboard.press('Escape');
      await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders');
      await page.getByTestId('order-row').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-orders');
      await open('/dashboard/shipments');
      await page.getByTestId('shipment-row').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-shipments');
    });
  });
});
