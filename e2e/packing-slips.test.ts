/**
 * Pick lists, packing slips and the merchant's logo end to end (issue 25, slice 4), in headless
 * chromium against the real stack: eBay orders synced from the sandbox, one of them labelled by the
 * GLS sandbox; the logo uploaded in Impostazioni > Indirizzi (judged by its bytes); from the orders
 * list 'Lista di prelievo' and 'Stampa etichette e distinte di imballaggio' open their PDFs in a
 * new tab (read back: pages, the slip before its label, the texts), the popup-blocked text when the
 * browser blocks the tab; from the shipments list at 390 px 'Distinte di imballaggio'. At 1280
 * and 390 px; screenshots in /tmp/shots-packing-slips/.
 */
import fs from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { ebaySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { PICKUP_ADDRESS } from './support/carriers';
import { connectEbayThroughApi } from './support/ebay';
import { fitsGlsLabel, labelWithGls, syncedOrders } from './support/marketplaces';
import { openOrdersSyncedNow, orderRow } from './support/orders';
import { pageHasImage, pdfPageTexts, pngOf } from './support/pdf';
import { shipmentRow } from './support/shipments';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Lucia', 'Bernardi', run);
const merchantName = `Bottega Bernardi ${run}`;
const seller = { username: `slip_${run}`, password: 'Distinte1!' };
const SELLER_ORDERS = 8;
const SHOTS = '/tmp/shots-packing-slips';

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  ({ app, browser, page } = await scenario.start({ ownGlsSandbox: true }));
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  await ebaySandboxControl(app.ebayUrl).addSeller({ username: seller.username, password: seller.password, orders: SELLER_ORDERS, seed: 25 });
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);

/** eBay connected and synced; one order (Italian, fit for GLS) labelled; three orders chosen, the labelled one first. */
const base = given('ordini eBay importati, uno con etichetta GLS', async () => {
  await asAdmin();
  await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
  const integrationId = ((await call('GET', '/api/merchants/current/integrations')).body as any[])[0].id as number;
  const { listed } = await syncedOrders(browser.context, app.baseUrl, integrationId, 'ebay');
  const all = (listed.data ?? listed) as any[];
  const labelled = all.find(fitsGlsLabel);
  if (!labelled) throw new Error('nessun ordine adatto a GLS');
  const shipmentId = await labelWithGls(browser.context, app.baseUrl, merchantId, labelled.id);
  const others = all.filter((o) => o.id !== labelled.id).slice(0, 2);
  return { labelled, shipmentId, orders: [labelled, ...others] as any[] };
});

/** Clicks a print action and answers the PDF the POST answered and the tab it was shown in. */
async function printFrom(p: Page, click: () => Promise<void>, path: string): Promise<{ pdf: Uint8Array; tab: Page; response: Response }> {
  const answered = p.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
  const opened = p.context().waitForEvent('page');
  await click();
  const [response, tab] = await Promise.all([answered, opened]);
  expect({ status: response.status(), type: response.headers()['content-type'] }).toEqual({ status: 200, type: 'application/pdf' });
  await eventually(async () => expect(tab.url()).toMatch(/^blob:/));
  return { pdf: new Uint8Array(await response.body()), tab, response };
}

describe('pick lists and packing slips (settings, orders and shipments remotes)', () => {
  step("a new merchant has no logo; an admin uploads one in Impostazioni > Indirizzi, a text named .png is refused (1280 px)", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/settings/addresses');
    const card = page.getByTestId('merchant-logo');
    await card.getByTestId('merchant-logo-empty').waitFor();
    expect(await textOf(card.getByTestId('merchant-logo-empty'))).toBe('Nessun logo caricato');
    await shot(page, '1280-logo-empty');

    await card.getByTestId('merchant-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('non sono un\'immagine') });
    await expectToast(page, 'Impossibile aggiornare il logo', { description: 'Il logo deve essere un file PNG o JPEG.', variant: 'destructive' });
    await closeToasts(page);
    expect((await call('GET', '/api/merchants/current/logo')).body.logo).toBeNull();

    await card.getByTestId('merchant-logo-input').setInputFiles({ name: 'logo-bottega.png', mimeType: 'image/png', buffer: pngOf(320, 96, [20, 90, 160]) });
    await expectToast(page, 'Logo aggiornato');
    await card.getByTestId('merchant-logo-image').waitFor();
    expect(await card.getByText('Sostituisci logo').count()).toBe(1);
    expect((await call('GET', '/api/merchants/current/logo')).body).toMatchObject({ width: 320, height: 96 });
    await shot(page, '1280-logo-uploaded');
  });

  step('the logo card at 390 px: the image, replace and remove in view, nothing sideways', async () => {
    await asAdmin();
    if (!(await call('GET', '/api/merchants/current/logo')).body.logo) {
      expect((await call('PUT', '/api/merchants/current/logo', { logo: `data:image/png;base64,${pngOf(320, 96).toString('base64')}` })).status).toBe(200);
    }
    await page.setViewportSize(MOBILE);
    await page.goto('/dashboard/settings/addresses');
    const card = page.getByTestId('merchant-logo');
    await card.getByTestId('merchant-logo-image').waitFor();
    await card.getByTestId('merchant-logo-remove').scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot(page, '390-logo');
  });

  step("'Lista di prelievo' of three orders from the orders list: a new tab with the PDF, the SKUs summed (1280 px)", async () => {
    await asAdmin();
    const { orders } = await base.get();
    await page.setViewportSize(DESKTOP);
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?pageSize=50');
    for (const o of orders) await orderRow(page, o.id).getByTestId('order-select').click();
    const bar = page.getByTestId('orders-selection-bar');
    await shot(page, '1280-orders-selection');
    const { pdf, tab } = await printFrom(page, () => bar.getByTestId('orders-bulk-pick-list').click(), '/api/shipments/pick-list');
    await expectToast(page, 'PDF aperto in una nuova scheda', { description: 'Lista di prelievo di 3 ordini' });
    const [first] = await pdfPageTexts(pdf);
    expect(first).toContain('Lista di prelievo');
    expect(first).toMatch(/3 ordini · \d+ articol[oi] · \d+ pezz[oi]/);
    const details = await Promise.all(orders.map(async (o) => (await call('GET', `/api/orders/${o.id}`)).body));
    for (const item of details.flatMap((d) => d.items ?? [])) if (item.sku) expect(first).toContain(item.sku);
    await tab.close();
    await closeToasts(page);
  });

  step("'Stampa etichette e distinte di imballaggio': each slip before its label, the orders without one said so (1280 px)", async () => {
    await asAdmin();
    const { orders, shipmentId } = await base.get();
    const label = await pdfPageTexts(new Uint8Array(await (await page.context().request.get(`${app.baseUrl}/api/shipments/${shipmentId}/label`)).body()));
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?pageSize=50');
    for (const o of orders) await orderRow(page, o.id).getByTestId('order-select').click();
    const bar = page.getByTestId('orders-selection-bar');
    const { pdf, tab, response } = await printFrom(page, () => bar.getByTestId('orders-bulk-labels-and-slips').click(), '/api/shipments/labels-and-slips');
    await expectToast(page, 'PDF aperto in una nuova scheda', { description: 'Distinte ed etichette di 3 ordini. 2 ordini senza etichetta: stampate solo le distinte' });
    expect(response.headers()['x-smista-orders-without-label']?.split(',').map(Number).sort()).toEqual(orders.slice(1).map((o) => o.id).sort());
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(3 + label.length);
    // The page order is the list's: find the labelled order's slip, its label right after it.
    const slipAt = pages.findIndex((t) => t.includes(`Ordine n. ${orders[0].externalId}`));
    expect(slipAt).toBeGreaterThanOrEqual(0);
    expect(pages.slice(slipAt + 1, slipAt + 1 + label.length)).toEqual(label);
    for (const o of orders.slice(1)) {
      const at = pages.findIndex((t) => t.includes(`Ordine n. ${o.externalId}`));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(pages[at + 1] === undefined || pages[at + 1].includes('Distinta di imballaggio')).toBe(true);
    }
    expect(pages[slipAt]).toContain('Distinta di imballaggio');
    // The sender: the merchant's default pickup address, as on the labels.
    expect(pages[slipAt]).toContain(PICKUP_ADDRESS.companyName);
    expect(await pageHasImage(pdf, slipAt)).toBe(true);
    await tab.close();
    // The label included is marked printed, as 'Stampa etichette' marks it.
    await eventually(async () => expect((await call('GET', `/api/shipments/${shipmentId}`)).body.shipment?.labelPrintedAt ?? (await call('GET', `/api/shipments/${shipmentId}`)).body.labelPrintedAt).not.toBeNull());
    await closeToasts(page);
  });

  step("a blocked popup says 'Popup bloccato: Abilita i popup per questo sito' and asks nothing of the server", async () => {
    await asAdmin();
    const { orders } = await base.get();
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?pageSize=50');
    await page.evaluate(() => {
      window.open = () => null;
    });
    let asked = 0;
    page.on('request', (r) => void (new URL(r.url()).pathname === '/api/shipments/pick-list' && asked++));
    await orderRow(page, orders[0].id).getByTestId('order-select').click();
    await page.getByTestId('orders-selection-bar').getByTestId('orders-bulk-pick-list').click();
    await expectToast(page, 'Popup bloccato: Abilita i popup per questo sito', { variant: 'destructive' });
    expect(asked).toBe(0);
    await closeToasts(page);
  });

  step("'Distinte di imballaggio' of a shipment from the shipments list at 390 px: one slip with the logo and the order's number", async () => {
    await asAdmin();
    const { shipmentId, labelled } = await base.get();
    await page.setViewportSize(MOBILE);
    await page.goto('/dashboard/shipments');
    await shipmentRow(page, shipmentId).getByTestId('shipment-select').click();
    await page.getByTestId('shipments-process-menu').click();
    await shot(page, '390-shipments-menu');
    const { pdf, tab } = await printFrom(page, () => page.getByTestId('bulk-packing-slips').click(), '/api/shipments/packing-slips');
    await expectToast(page, 'PDF aperto in una nuova scheda', { description: 'Distinte di imballaggio di 1 ordine' });
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(`Ordine n. ${labelled.externalId}`);
    expect(pages[0]).toContain('Destinatario');
    expect(await pageHasImage(pdf, 0)).toBe(true);
    await tab.close();
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot(page, '390-shipments-after-print');
  });
});
