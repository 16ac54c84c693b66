/**
 * Issue 25, customs for destinations outside the EU customs union, in Chromium against the real
 * stack: a UK order (imported as the orders service consumes marketplaces' orders: a
 * `marketplaces.order.imported` event, its product new to the catalogue, so without weight, HS code
 * or origin) gets a Postapriority Internazionale shipment; 'Processa' refuses it naming what is
 * missing, the drawer asks for weight and customs data (marked; the invoice number is the order's),
 * the merchant fills them at 1280 px, the label is made and its PDF carries the CN22 after the
 * label; the same drawer at 390 px with nothing sideways. Then the way meant to be the usual one:
 * a product filled once in Catalogo (weight, HS code, origin, customs description) and the next UK
 * order of it gets a shipment whose declaration is complete with nothing typed, labelled with its
 * CN22. Last, 'Imballo' in the drawer: a preset chosen gives the parcel its sizes and swaps the tare.
 * Screenshots in /tmp/shots-customs/.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { marketplacesEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { formatS10 } from '../services/carriers/src/domain/s10';
import { importedOrder } from '../services/orders/test/support/events';
import { pageTexts } from '../services/shipments/test/support/pdf';
import type { TestApp } from './support/app';
import { api, registerWithMerchant, signIn } from './support/api';
import type { BrowserSession } from './support/browser';
import { PICKUP_ADDRESS } from './support/carriers';
import { sharedInfra } from './support/env';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Giulia', 'Conti', run);
const SHOTS = '/tmp/shots-customs';
const LONDON = { fullName: 'Jane Doe', companyName: '', addressLine1: '1 High Street', addressLine2: '', city: 'London', stateOrProvince: '', postalCode: 'SW1A 1AA', countryCode: 'GB', phoneNumber: '', email: '' };

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let nats: Nats;
let merchantId = '';
let shipmentId = 0;
/** The marketplace integration the suite's orders come from (no marketplace is connected: the orders arrive as events). */
const UK_INTEGRATION = 9_100_000 + Math.floor(Math.random() * 1000);

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  await page.setViewportSize(DESKTOP);
  merchantId = (await registerWithMerchant(browser.context, app.baseUrl, admin, `Ceramiche Conti ${run}`)).id;
  await signIn(browser.context, app.baseUrl, admin, merchantId);
  nats = await connectNats(sharedInfra().natsUrl, 'e2e-customs');
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await nats?.nc.drain();
  await scenario.stop();
}, STOP_TIMEOUT_MS);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);

/** A UK order of one line (one unit of `sku`, 12,50 €), imported as marketplaces publishes it; its id once orders has it. */
async function ukOrder(externalId: string, sku: string): Promise<number> {
  const order = importedOrder(3, { externalId, shippingAddress: LONDON });
  const line = { ...order.items[0]!, sku, title: `Tazza ${sku}`, quantity: 1, unitPrice: '12.50', total: '12.50', weightGrams: 0 };
  const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId: UK_INTEGRATION, jobId: 1, syncedAt: new Date().toISOString(), order: { ...order, items: [line], total: '12.50' } });
  await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
  return eventually(async () => {
    const found = (await call('GET', `/api/orders?search=${externalId}`)).body.data?.[0];
    expect(found).toBeDefined();
    return found.id as number;
  });
}
const shot = (name: string) => screenshotWhole(page, `${SHOTS}/customs-${name}.png`, 6000);
const drawer = () => page.getByTestId('details-drawer');

/** The pickup address and Postapriority Internazionale with two codes: its integration id. */
const priority = given('Postapriority Internazionale con due codici', async (): Promise<number> => {
  expect((await call('POST', '/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  const made = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'posta_pr_intl', connectionName: 'Postapriority', active: true });
  expect(made.status).toBe(201);
  expect((await call('POST', `/api/merchants/${merchantId}/carrier-integrations/${made.body.id}/tracking-codes`, { method: 'manual', trackingCodes: [formatS10('RB', 1), formatS10('RB', 2)] })).status).toBe(201);
  return made.body.id as number;
});

step('a UK order gets a Postapriority Internazionale shipment that asks for its weight and customs data', async () => {
  const priorityId = await priority.get();
  const externalId = `UK-${run}`;
  // One line, without a catalogue weight (eBay gives none): the shipment must ask for the weight.
  const orderId = await ukOrder(externalId, `TAZ-${run}`);
  expect((await call('PATCH', `/api/orders/${orderId}/carrier`, { carrierIntegrationId: priorityId })).status).toBe(200);
  expect((await call('POST', '/api/shipments/bulk-create', { orderIds: [orderId] })).status).toBeLessThan(300);
  const shipment = (await call('GET', `/api/shipments?search=${externalId}`)).body.data[0];
  shipmentId = shipment.id;
  expect(shipment).toMatchObject({ customsNeeded: true, customsTerritory: 'GB', parcel: { weightGrams: null }, problem: "Peso del pacco mancante: inseriscilo per poter creare l'etichetta" });
  const refused = await call('POST', `/api/shipments/${shipmentId}/process`);
  expect(refused).toMatchObject({ status: 409, body: { message: "Peso del pacco mancante: inseriscilo nella spedizione prima di creare l'etichetta" } });
});

step("the drawer at 1280 px marks what is missing; the merchant enters the weight and the customs data; 'Processa' makes the label with its CN22", async () => {
  await page.goto(`${app.baseUrl}/dashboard/shipments?shipment=${shipmentId}`);
  await drawer().getByTestId('details-parcel').waitFor();
  expect(await textOf(drawer().getByTestId('details-problem'))).toContain('Peso del pacco mancante');
  await drawer().getByTestId('parcel-weight-missing').waitFor();
  const customs = drawer().getByTestId('details-customs');
  expect(await textOf(customs.getByTestId('customs-missing'))).toContain("il codice HS dell'articolo 1");
  // The invoice number starts as the order's number (the merchant may change it).
  expect(await customs.getByTestId('customs-invoice').inputValue()).toBe(`UK-${run}`);
  expect(await customs.getByTestId('customs-item-hsCode').first().getAttribute('aria-invalid')).toBe('true');
  // Prefilled from the order: a sale of goods, the line's title, quantity and price.
  expect(await customs.getByTestId('customs-content-type').inputValue()).toBe('merce');
  expect(await customs.getByTestId('customs-item-description').first().inputValue()).not.toBe('');
  await shot('1280-asks');
  // The same asking drawer on a phone: one column, nothing sideways.
  await page.setViewportSize(MOBILE);
  await customs.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page, MOBILE.width);
  await shot('390-asks');
  await page.setViewportSize(DESKTOP);

  await drawer().getByTestId('parcel-weight').fill('0,45');
  await drawer().getByTestId('parcel-lengthCm').fill('25');
  await drawer().getByTestId('parcel-widthCm').fill('18');
  await drawer().getByTestId('parcel-heightCm').fill('4');
  await drawer().getByTestId('parcel-save').click();
  await expectToast(page, 'Pacco aggiornato');
  await eventually(async () => expect(await drawer().getByTestId('parcel-weight-missing').count()).toBe(0));

  await customs.getByTestId('customs-invoice').fill(`FT-${run}`);
  await customs.getByTestId('customs-item-weightKg').first().fill('0,35');
  await customs.getByTestId('customs-item-hsCode').first().fill('6912.00');
  await customs.getByTestId('customs-item-originCountry').first().fill('it');
  await customs.getByTestId('customs-save').click();
  await expectToast(page, 'Dati doganali aggiornati');
  await drawer().getByTestId('details-customs').getByTestId('customs-complete').waitFor();
  expect(await drawer().getByTestId('details-problem').count()).toBe(0);
  await shot('1280-complete');

  const answer = await call('GET', `/api/shipments/${shipmentId}`);
  expect(answer.body).toMatchObject({ parcel: { weightGrams: 450, lengthMm: 250, widthMm: 180, heightMm: 40 }, customsMissing: [], customs: { invoiceNumber: `FT-${run}` } });
  expect(answer.body.customs.items[0]).toMatchObject({ weightGrams: 350, hsCode: '691200', originCountry: 'IT' });

  expect((await call('POST', `/api/shipments/${shipmentId}/process`)).status).toBe(200);
  const label = await page.request.get(`${app.baseUrl}/api/shipments/${shipmentId}/label`);
  expect(label.status()).toBe(200);
  const bytes = new Uint8Array(await label.body());
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  const pages = await pageTexts(bytes);
  expect(pages[0]).toContain('RB000000014IT');
  expect(pages[1]).toContain('CUSTOMS DECLARATION CN 22');
  expect(pages[1]).toContain(`FT-${run}`);
  expect(pages[1]).toContain('691200');
});

step('after the label the drawer shows the parcel and the declaration read only; at 390 px nothing goes sideways', async () => {
  await page.goto(`${app.baseUrl}/dashboard/shipments?shipment=${shipmentId}`);
  await drawer().getByTestId('details-customs').waitFor();
  await eventually(async () => expect(await drawer().getByTestId('details-status').innerText()).not.toBe('In attesa'));
  expect(await drawer().getByTestId('parcel-save').count()).toBe(0);
  expect(await drawer().getByTestId('customs-save').count()).toBe(0);
  expect(await drawer().getByTestId('customs-invoice').isDisabled()).toBe(true);
  await drawer().getByTestId('customs-read-only').waitFor();
  expect(await drawer().getByTestId('customs-complete').count()).toBe(0);
  await page.setViewportSize(MOBILE);
  await drawer().getByTestId('details-customs').scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page, MOBILE.width);
  const box = await drawer().getByTestId('details-customs').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width + 1);
  await shot('390-read-only');
  await page.setViewportSize(DESKTOP);
});

step("a product filled once in Catalogo (weight, HS code, origin, customs description): the next UK order's shipment has its declaration complete with nothing typed, and its label the CN22", async () => {
  const priorityId = await priority.get();
  const sku = `CIO-${run}`;
  const externalId = `UK2-${run}`;
  const orderId = await ukOrder(externalId, sku);
  await page.goto(`${app.baseUrl}/catalogo`);
  await page.getByTestId('catalogue-search').fill(sku);
  const row = page.locator(`[data-testid="product-row"][data-sku="${sku}"]`);
  await row.waitFor();
  await row.getByRole('button').click();
  const dialog = page.getByTestId('product-dialog');
  await dialog.waitFor();
  await dialog.locator('#product-weightGrams').fill('350');
  await dialog.locator('#product-hsCode').fill('6912.00');
  await dialog.locator('#product-originCountry').fill('IT');
  await dialog.locator('#product-customsDescription').fill('Tazza in ceramica');
  await dialog.getByTestId('product-submit').click();
  await expectToast(page, 'Prodotto aggiornato');
  await dialog.waitFor({ state: 'detached' });

  expect((await call('PATCH', `/api/orders/${orderId}/carrier`, { carrierIntegrationId: priorityId })).status).toBe(200);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [orderId] });
  const id = created.body.outcomes[0].shipmentId as number;
  const s = (await call('GET', `/api/shipments/${id}`)).body;
  expect(s).toMatchObject({
    parcel: { weightGrams: 350 },
    customsMissing: [],
    problem: null,
    customs: { contentType: 'merce', invoiceNumber: externalId, items: [{ description: 'Tazza in ceramica', quantity: 1, valueCents: 1250, weightGrams: 350, hsCode: '691200', originCountry: 'IT' }] },
  });
  // The drawer says it is complete: nothing asked.
  await page.goto(`${app.baseUrl}/dashboard/shipments?shipment=${id}`);
  await drawer().getByTestId('details-customs').getByTestId('customs-complete').waitFor();
  expect(await drawer().getByTestId('details-problem').count()).toBe(0);
  await shot('1280-from-catalogue');

  expect((await call('POST', `/api/shipments/${id}/process`)).status).toBe(200);
  const label = await page.request.get(`${app.baseUrl}/api/shipments/${id}/label`);
  const pages = await pageTexts(new Uint8Array(await label.body()));
  expect(pages[1]).toContain('CUSTOMS DECLARATION CN 22');
  expect(pages[1]).toContain('Tazza in ceramica');
  expect(pages[1]).toContain(externalId);
});

step("'Imballo' in the drawer: a preset chosen gives the parcel its sizes and its tare on top of the weight typed", async () => {
  const priorityId = await priority.get();
  // Two presets, neither the default, so the suite's other orders keep their weights.
  for (const preset of [
    { name: 'Busta imbottita', lengthMm: 250, widthMm: 180, heightMm: 40, tareGrams: 30, maxWeightGrams: 2000, isDefault: false },
    { name: 'Scatola M', lengthMm: 305, widthMm: 200, heightMm: 150, tareGrams: 250, maxWeightGrams: 10000, isDefault: false },
  ]) {
    expect((await call('POST', '/api/package-presets', preset)).status).toBe(201);
  }
  const externalId = `UK3-${run}`;
  const orderId = await ukOrder(externalId, `PIA-${run}`);
  expect((await call('PATCH', `/api/orders/${orderId}/carrier`, { carrierIntegrationId: priorityId })).status).toBe(200);
  const id = (await call('POST', '/api/shipments/bulk-create', { orderIds: [orderId] })).body.outcomes[0].shipmentId as number;

  await page.goto(`${app.baseUrl}/dashboard/shipments?shipment=${id}`);
  const parcel = drawer().getByTestId('details-parcel');
  await parcel.getByTestId('parcel-weight-missing').waitFor();
  await parcel.getByTestId('parcel-weight').fill('1');
  await eventually(async () => expect(await parcel.getByTestId('parcel-package').locator('option').allInnerTexts()).toEqual(['Nessun imballo', 'Busta imbottita', 'Scatola M']));
  await parcel.getByTestId('parcel-package').selectOption('Busta imbottita');
  expect(await parcel.getByTestId('parcel-weight').inputValue()).toBe('1,03');
  await parcel.getByTestId('parcel-package').selectOption('Scatola M');
  expect([await parcel.getByTestId('parcel-weight').inputValue(), await parcel.getByTestId('parcel-lengthCm').inputValue(), await parcel.getByTestId('parcel-heightCm').inputValue()]).toEqual(['1,25', '30,5', '15']);
  await shot('1280-package');
  await parcel.getByTestId('parcel-save').click();
  await expectToast(page, 'Pacco aggiornato');
  await eventually(async () =>
    expect((await call('GET', `/api/shipments/${id}`)).body.parcel).toEqual({ weightGrams: 1250, lengthMm: 305, widthMm: 200, heightMm: 150, packageName: 'Scatola M' }),
  );
});
