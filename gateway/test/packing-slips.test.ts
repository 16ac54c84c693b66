/**
 * Issue 25 (slice 4) over real HTTP: the merchant's logo (merchants), the pick list, the packing
 * slips and 'Stampa etichette e distinte di imballaggio' (shipments, reading orders, carriers'
 * sender and merchants' logo), with orders imported as real `marketplaces.order.imported` events
 * and a label made by the GLS sandbox. PDFs are read back with pdftotext. Hostile input is an
 * Italian 4xx that writes nothing; another merchant's ids never reach a PDF.
 */
import { randomUUID } from 'node:crypto';
import { merchantLogoMessages as lm, messages, SLIPS_ORDERS_HEADER, SLIPS_WITHOUT_LABEL_HEADER, slipMessages as sm, type OrderJson, type ShipmentJson } from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { weighAllProductsWith } from '../../e2e/support/catalogue';
import { startApp, type TestApp } from '../../e2e/support/app';
import { GLS_ACCOUNT as GLS, PICKUP_ADDRESS } from '../../e2e/support/carriers';
import { sharedInfra } from '../../e2e/support/env';
import { dataUrlOf, pageHasImage, pdfPageTexts, pngOf } from '../../e2e/support/pdf';
import { importedOrder } from '../../services/orders/test/support/events';
import { eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';
import { conformingFetch } from './support/api-conformance';

const INTEGRATION = 8_400_000 + Math.floor(Math.random() * 100_000);

let app: TestApp;
let nats: Nats;
let admin: Member;
let user: Member;
let shop: { id: string; name: string };
let rival: Member;
let orders: OrderJson[];
let rivalOrder: OrderJson;
let labelled: ShipmentJson;
let pending: ShipmentJson;

async function publish(merchantId: string, n: number, externalId: string): Promise<void> {
  const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId: INTEGRATION, jobId: 1, syncedAt: new Date().toISOString(), order: importedOrder(n, { externalId }) });
  await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
}

/** POSTs a selection as the screens do; answers the status, the PDF's bytes (200) or the JSON, and the headers. */
async function print(who: Member, path: string, body: unknown): Promise<{ status: number; pdf: Uint8Array; json: any; headers: Headers }> {
  const res = await conformingFetch(app.baseUrl, path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: who.b.cookie ?? '' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const isPdf = (res.headers.get('content-type') ?? '').includes('application/pdf');
  return { status: res.status, pdf: bytes, json: isPdf ? null : JSON.parse(Buffer.from(bytes).toString('utf8') || 'null'), headers: res.headers };
}

async function shipmentOf(order: OrderJson): Promise<ShipmentJson> {
  const page = (await admin.b.get(`/api/shipments?search=${encodeURIComponent(order.externalId)}&pageSize=100`)).body;
  const found = page.data.find((s: ShipmentJson) => s.orderId === order.id && s.status !== 'cancelled');
  if (!found) throw new Error(`no shipment for ${order.externalId}`);
  return found;
}

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() }, ownGlsSandbox: true });
  nats = await connectNats(sharedInfra().natsUrl, 'gateway-slips-test');
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  user = await registered(app.baseUrl);
  await join(admin, shop, user, 'user');
  expect((await user.b.post('/api/merchants/select', { merchantId: shop.id })).status).toBe(200);
  rival = await registered(app.baseUrl);
  const rivalShop = await ownMerchant(rival);
  expect((await admin.b.post('/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  const gls = await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS });
  expect(gls.body.status).toBe('active');

  for (let n = 0; n < 3; n++) await publish(shop.id, n, `SLIP-GW-${n}`);
  await publish(rivalShop.id, 40, 'SLIP-RIVALE');
  expect(
    await eventually(async () => (await admin.b.get('/api/orders')).body.meta.totalItems === 3 && (await rival.b.get('/api/orders')).body.meta.totalItems === 1, 30_000),
  ).toBe(true);
  orders = (await admin.b.get('/api/orders?pageSize=100&sortBy=externalId&sortOrder=asc')).body.data;
  rivalOrder = (await rival.b.get('/api/orders')).body.data[0];
  // Their products weighed in the catalogue (eBay gives no weights; a shipment needs one for its label).
  await weighAllProductsWith((method, path, body) => admin.b.request(method, path, body));
  // Order 0 labelled by GLS, order 1 with a pending shipment, order 2 without one.
  for (const o of orders.slice(0, 2)) expect((await admin.b.patch(`/api/orders/${o.id}/carrier`, { carrierIntegrationId: gls.body.id })).status).toBe(200);
  expect((await admin.b.post('/api/shipments/bulk-create', { orderIds: [orders[0].id, orders[1].id] })).body).toMatchObject({ created: 2 });
  const first = await shipmentOf(orders[0]);
  expect((await admin.b.post('/api/shipments/process-selected', { shipmentIds: [first.id] })).body).toMatchObject({ success: 1 });
  labelled = await shipmentOf(orders[0]);
  pending = await shipmentOf(orders[1]);
}, 180_000);

afterAll(async () => {
  await nats?.nc.drain();
  await app?.stop();
});

describe("the merchant's logo", () => {
  it('is none at first, then uploaded by an admin, read by any member, replaced and removed', async () => {
    expect(await user.b.get('/api/merchants/current/logo')).toMatchObject({ status: 200, body: { logo: null } });
    const png = pngOf(240, 80);
    const put = await admin.b.put('/api/merchants/current/logo', { logo: dataUrlOf(png) });
    expect(put).toMatchObject({ status: 200, body: { logo: dataUrlOf(png), width: 240, height: 80, updatedAt: expect.any(String) } });
    expect(await user.b.get('/api/merchants/current/logo')).toMatchObject({ status: 200, body: { logo: dataUrlOf(png), width: 240, height: 80 } });
    const other = pngOf(100, 100, [0, 0, 0]);
    expect((await admin.b.put('/api/merchants/current/logo', { logo: dataUrlOf(other) })).body).toMatchObject({ width: 100, height: 100 });
    expect(await admin.b.request('DELETE', '/api/merchants/current/logo')).toMatchObject({ status: 200 });
    expect((await admin.b.get('/api/merchants/current/logo')).body).toMatchObject({ logo: null });
    expect((await rival.b.get('/api/merchants/current/logo')).body).toMatchObject({ logo: null });
  });

  it('refuses a user, and bytes that are not a PNG or JPEG within the limits, with Italian 4xx that change nothing', async () => {
    const good = pngOf(64, 64);
    expect(await admin.b.put('/api/merchants/current/logo', { logo: dataUrlOf(good) })).toMatchObject({ status: 200 });
    expect(await user.b.put('/api/merchants/current/logo', { logo: dataUrlOf(pngOf(50, 50)) })).toMatchObject({ status: 403, body: { message: lm.adminOnly } });
    expect(await user.b.request('DELETE', '/api/merchants/current/logo')).toMatchObject({ status: 403, body: { message: lm.adminOnly } });
    const refused: [unknown, number, string][] = [
      [{ logo: dataUrlOf(Buffer.from('<svg onload="alert(1)"/>')) }, 400, lm.notImage], // text named PNG
      [{ logo: dataUrlOf(Buffer.from('GIF89a......')) }, 400, lm.notImage],
      [{ logo: dataUrlOf(pngOf(8, 8)) }, 400, lm.badSize],
      [{ logo: dataUrlOf(pngOf(2100, 10)) }, 400, lm.badSize],
      [{ logo: dataUrlOf(pngOf(64, 64).subarray(0, 20)) }, 400, lm.unreadable],
      [{ logo: 'data:image/png;base64,' + 'A'.repeat(700_000) }, 400, lm.tooLarge],
      [{ logo: dataUrlOf(Buffer.concat([pngOf(64, 64), Buffer.alloc(512 * 1024)])) }, 400, lm.tooLarge], // 1 byte over, by its bytes
      [{ logo: `data:image/png;base64,${Buffer.from(good).toString('base64')}\u0000` }, 400, messages.validation.invalidCharacters],
      [{ logo: 42 }, 400, lm.notImage],
      [{}, 400, lm.notImage],
      [{ logo: dataUrlOf(good), extra: 1 }, 400, messages.validation.unknownFields('extra')],
    ];
    for (const [body, status, message] of refused) expect({ sent: JSON.stringify(body).slice(0, 60), ...(await admin.b.put('/api/merchants/current/logo', body)) }).toMatchObject({ status, body: { message } });
    expect((await admin.b.put('/api/merchants/current/logo', 'x'.repeat(900_000))).status).toBe(413);
    expect((await admin.b.get('/api/merchants/current/logo')).body).toMatchObject({ logo: dataUrlOf(good), width: 64, height: 64 });
    expect((await new (admin.b.constructor as any)(app.baseUrl).get('/api/merchants/current/logo')).status).toBe(401);
  });
});

describe('the pick list', () => {
  it("sums the SKUs of the merchant's selected orders, sorted by SKU, another merchant's order left out", async () => {
    const res = await print(user, '/api/shipments/pick-list', { orderIds: [...orders.map((o) => o.id), rivalOrder.id] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="lista-di-prelievo-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers.get(SLIPS_ORDERS_HEADER)).toBe('3');
    const [page, ...more] = await pdfPageTexts(res.pdf);
    expect(more).toEqual([]);
    expect(page).toContain('Lista di prelievo');
    expect(page).toContain('3 ordini · 5 articoli · 8 pezzi');
    // importedOrder: 0 → TAZ-01 ×1; 1 → TEI-02 ×2, BIC-06 ×1; 2 → BIC-06 ×1, TOV-15 ×2, CAN-03 ×1.
    const rows = page.split('\n').filter((l) => /^\s*[A-Z]{3}-\d\d\s/.test(l)).map((l) => l.trim().split(/\s{2,}/));
    expect(rows).toEqual([
      ['BIC-06', 'Set 6 bicchieri in vetro soffiato', '2', '2'],
      ['CAN-03', 'Candela profumata al limone', '1', '1'],
      ['TAZ-01', 'Tazza in ceramica dipinta a mano', '1', '1'],
      ['TEI-02', 'Teiera in ghisa 1 litro', '1', '2'],
      ['TOV-15', 'Tovaglia di lino 150x250', '1', '2'],
    ]);
    expect(page).not.toContain('SLIP-RIVALE');
  });

  it('takes the orders of selected shipments too', async () => {
    const res = await print(admin, '/api/shipments/pick-list', { shipmentIds: [labelled.id, pending.id] });
    expect(res.status).toBe(200);
    expect(res.headers.get(SLIPS_ORDERS_HEADER)).toBe('2');
    expect((await pdfPageTexts(res.pdf))[0]).toContain('2 ordini · 3 articoli · 4 pezzi');
  });

  it("answers 409 when none of the ids is the merchant's", async () => {
    expect(await print(rival, '/api/shipments/pick-list', { orderIds: orders.map((o) => o.id) })).toMatchObject({ status: 409, json: { message: sm.noOrdersFound } });
    expect(await print(rival, '/api/shipments/packing-slips', { shipmentIds: [labelled.id] })).toMatchObject({ status: 409, json: { message: sm.noOrdersFound } });
    expect(await print(rival, '/api/shipments/labels-and-slips', { orderIds: [orders[0].id] })).toMatchObject({ status: 409, json: { message: sm.noOrdersFound } });
  });
});

describe('the packing slips', () => {
  it("prints one slip per order with the logo, the pickup address, the recipient, the items and the order's number", async () => {
    expect((await admin.b.put('/api/merchants/current/logo', { logo: dataUrlOf(pngOf(300, 90)) })).status).toBe(200);
    const res = await print(user, '/api/shipments/packing-slips', { orderIds: [orders[2].id, orders[0].id] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="distinte-di-imballaggio-/);
    const pages = await pdfPageTexts(res.pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Ordine n. SLIP-GW-2');
    expect(pages[1]).toContain('Ordine n. SLIP-GW-0');
    for (const t of ['Distinta di imballaggio', 'Mittente', PICKUP_ADDRESS.companyName, 'Via Roma 1', '20121 Milano (MI)', 'Destinatario', orders[2].buyerName, 'TOV-15', 'Tovaglia di lino 150x250', 'Totale pezzi: 4']) {
      expect(pages[0]).toContain(t);
    }
    expect(await pageHasImage(res.pdf, 0)).toBe(true);
  });

  it("'Stampa etichette e distinte di imballaggio' puts each order's slip before its label; orders without a label get the slip alone and are named", async () => {
    const label = await conformingFetch(app.baseUrl, `/api/shipments/${labelled.id}/label`, { headers: { cookie: admin.b.cookie! } });
    const labelPages = await pdfPageTexts(new Uint8Array(await label.arrayBuffer()));
    const res = await print(admin, '/api/shipments/labels-and-slips', { orderIds: [orders[0].id, orders[1].id, orders[2].id, rivalOrder.id] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="etichette-e-distinte-/);
    expect(res.headers.get(SLIPS_ORDERS_HEADER)).toBe('3');
    expect(res.headers.get(SLIPS_WITHOUT_LABEL_HEADER)).toBe(`${orders[1].id},${orders[2].id}`);
    const pages = await pdfPageTexts(res.pdf);
    expect(pages).toHaveLength(3 + labelPages.length);
    expect(pages[0]).toContain('Ordine n. SLIP-GW-0');
    expect(pages.slice(1, 1 + labelPages.length)).toEqual(labelPages);
    expect(pages[1 + labelPages.length]).toContain('Ordine n. SLIP-GW-1');
    expect(pages[2 + labelPages.length]).toContain('Ordine n. SLIP-GW-2');
    // By shipments: the selected shipments' orders, the labelled one's label after its slip.
    const byShipments = await print(user, '/api/shipments/labels-and-slips', { shipmentIds: [pending.id, labelled.id] });
    const again = await pdfPageTexts(byShipments.pdf);
    expect(again).toHaveLength(2 + labelPages.length);
    expect(again[0]).toContain('Ordine n. SLIP-GW-1');
    expect(again[1]).toContain('Ordine n. SLIP-GW-0');
    expect(byShipments.headers.get(SLIPS_WITHOUT_LABEL_HEADER)).toBe(String(orders[1].id));
  });
});

describe('hostile selections', () => {
  const routes = ['/api/shipments/pick-list', '/api/shipments/packing-slips', '/api/shipments/labels-and-slips'];
  const cases: [string, unknown, string][] = [
    ['empty object', {}, sm.nothingSelected],
    ['empty list', { orderIds: [] }, sm.nothingSelected],
    ['null', { shipmentIds: null }, sm.nothingSelected],
    ['both', { orderIds: [1], shipmentIds: [2] }, sm.bothSelected],
    ['strings', { orderIds: ['1'] }, sm.orderIdsInvalid],
    ['a number', { orderIds: 5 }, sm.orderIdsInvalid],
    ['fractions', { shipmentIds: [1.5] }, sm.shipmentIdsInvalid],
    ['negative', { orderIds: [-3] }, sm.orderIdsInvalid],
    ['NUL', { orderIds: ['1\u0000'] }, messages.validation.invalidCharacters],
    ['unsafe integer', { orderIds: [2 ** 60] }, sm.orderIdsInvalid],
    ['too many', { orderIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, sm.tooMany],
  ];
  it.each(routes)('%s refuses bad selections with an Italian 400', async (path) => {
    for (const [what, body, message] of cases) expect({ what, ...(await print(admin, path, body)) }).toMatchObject({ what, status: 400, json: { message } });
    const unknown = await print(admin, path, { orderIds: [1], extra: true });
    expect(unknown).toMatchObject({ status: 400, json: { message: messages.validation.unknownFields('extra') } });
    expect((await print(admin, path, '[1,2')).status).toBe(400);
    expect((await print(admin, path, JSON.stringify({ orderIds: Array.from({ length: 20_000 }, (_, i) => i + 1) }))).status).toBe(413);
    const anonymous = await conformingFetch(app.baseUrl, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderIds: [orders[0].id] }) });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe(messages.errors.notAuthenticated);
  });

  it('marks nothing printed for a refused request; the labels of a good one are printed as the labels print does', async () => {
    const before = await shipmentOf(orders[0]);
    expect(before.labelPrintedAt).not.toBeNull(); // printed above
    expect(await print(admin, '/api/shipments/labels-and-slips', { orderIds: [orders[0].id], shipmentIds: [labelled.id] })).toMatchObject({ status: 400 });
  });
});
