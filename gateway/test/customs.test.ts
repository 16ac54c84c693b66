/**
 * Issue 25 over real HTTP: the shipment drawer's parcel and customs declaration
 * (`PUT /api/shipments/{id}/parcel`, `PUT /api/shipments/{id}/customs`) through the gateway to
 * shipments, orders, carriers and the GLS sandbox. Hostile input (wrong types, NUL, empty and huge
 * bodies, another merchant's ids, a user-role member) is a 4xx in Italian that writes nothing; a UK
 * shipment is refused by 'Processa' naming what is missing, then labelled with its CN22.
 */
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { OrderJson, ShipmentJson } from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { startApp, type TestApp } from '../../e2e/support/app';
import { GLS_ACCOUNT as GLS, PICKUP_ADDRESS } from '../../e2e/support/carriers';
import { sharedInfra } from '../../e2e/support/env';
import { importedOrder } from '../../services/orders/test/support/events';
import { eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';
import { conformingFetch } from './support/api-conformance';

const INTEGRATION = 8_500_000 + Math.floor(Math.random() * 100_000);

let app: TestApp;
let nats: Nats;
let admin: Member;
let user: Member;
let rival: Member;
let shop: { id: string; name: string };
let priorityId: number;
let glsId: number;

const LONDON = { fullName: 'Jane Doe', companyName: '', addressLine1: '1 High Street', addressLine2: '', city: 'London', stateOrProvince: '', postalCode: 'SW1A 1AA', countryCode: 'GB', phoneNumber: '', email: '' };

async function publish(merchantId: string, externalId: string): Promise<void> {
  const order = importedOrder(7, { externalId, shippingAddress: LONDON });
  const weighed = { ...order, items: order.items.map((i) => ({ ...i, weightGrams: 300 })) };
  const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId: INTEGRATION, jobId: 1, syncedAt: new Date().toISOString(), order: weighed });
  await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
}

/** A UK order of the merchant with its carrier, and its shipment. */
async function londonShipment(carrierIntegrationId: number): Promise<ShipmentJson> {
  const externalId = `UK-${randomUUID().slice(0, 8)}`;
  await publish(shop.id, externalId);
  let order: OrderJson | undefined;
  expect(
    await eventually(async () => {
      order = (await admin.b.get(`/api/orders?search=${externalId}`)).body.data[0];
      return order !== undefined;
    }, 30_000),
  ).toBe(true);
  expect((await admin.b.patch(`/api/orders/${order!.id}/carrier`, { carrierIntegrationId })).status).toBe(200);
  expect((await admin.b.post('/api/shipments/bulk-create', { orderIds: [order!.id] })).status).toBeLessThan(300);
  return (await admin.b.get(`/api/shipments?search=${externalId}`)).body.data[0];
}

const declaration = {
  contentType: 'merce',
  invoiceNumber: 'FT-2026-12',
  currency: 'EUR',
  items: [{ description: 'Tazza in ceramica', quantity: 2, valueCents: 2500, weightGrams: 600, hsCode: '691200', originCountry: 'IT' }],
};

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  nats = await connectNats(sharedInfra().natsUrl, 'gateway-customs-test');
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  user = await registered(app.baseUrl);
  await join(admin, shop, user, 'user');
  expect((await user.b.post('/api/merchants/select', { merchantId: shop.id })).status).toBe(200);
  rival = await registered(app.baseUrl);
  await ownMerchant(rival);
  expect((await admin.b.post('/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  glsId = (await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS })).body.id;
  priorityId = (await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'posta_pr_intl', connectionName: 'Postapriority', active: true })).body.id;
  expect((await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations/${priorityId}/tracking-codes`, { method: 'manual', trackingCodes: 'RB000000014IT' })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await nats?.nc.drain();
  await app?.stop();
});

describe('a UK shipment through the gateway', () => {
  it('answers its parcel and what its declaration lacks; Processa is 409 naming it; completed, it is labelled with the CN22', async () => {
    const s = await londonShipment(priorityId);
    expect(s).toMatchObject({ customsNeeded: true, customsTerritory: 'GB', customs: { contentType: 'merce' } });
    expect(s.parcel.weightGrams).toBeGreaterThan(0);
    expect(s.customs!.invoiceNumber).toBe(s.orderExternalId);
    expect(s.customsMissing).toContain("il codice HS dell'articolo 1");
    const refused = await admin.b.post(`/api/shipments/${s.id}/process`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Dati doganali mancanti per la destinazione fuori dall'Unione doganale UE: il codice HS dell'articolo 1");
    const saved = await user.b.put(`/api/shipments/${s.id}/customs`, declaration);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ customsMissing: [], problem: null, customs: declaration });
    expect((await admin.b.post(`/api/shipments/${s.id}/process`)).status).toBe(200);
    const label = await conformingFetch(app.baseUrl, `/api/shipments/${s.id}/label`, { headers: { cookie: admin.b.cookie! } });
    expect(label.status).toBe(200);
    expect((await PDFDocument.load(new Uint8Array(await label.arrayBuffer()))).getPageCount()).toBe(2);
    // A labelled shipment can no longer change its declaration.
    const late = await admin.b.put(`/api/shipments/${s.id}/customs`, declaration);
    expect(late.status).toBe(409);
  });
});

describe('hostile input on the parcel and customs routes', () => {
  let s: ShipmentJson;
  beforeAll(async () => {
    s = await londonShipment(glsId);
  }, 60_000);

  it.each<[string, unknown, number, RegExp]>([
    ['a weight as text', { weightGrams: '1200' }, 400, /grammi/],
    ['no weight', {}, 400, /grammi/],
    ['a zero weight', { weightGrams: 0 }, 400, /grammi/],
    ['one dimension of three', { weightGrams: 1200, lengthMm: 300 }, 400, /tutte e tre/],
    ['a fractional dimension', { weightGrams: 1200, lengthMm: 300.5, widthMm: 200, heightMm: 100 }, 400, /millimetri interi/],
    ['a NUL in the package name', { weightGrams: 1200, packageName: 'Scatola\u0000' }, 400, /./],
  ])('parcel: %s is refused in Italian, nothing written', async (_name, body, code, message) => {
    const res = await admin.b.put(`/api/shipments/${s.id}/parcel`, body);
    expect(res.status).toBe(code);
    expect(res.body.message).toMatch(message);
    expect((await admin.b.get(`/api/shipments/${s.id}`)).body.parcel).toEqual(s.parcel);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown contents type', { ...declaration, contentType: 'contrabbando' }, /Tipo di contenuto non valido/],
    ['a quantity as text', { ...declaration, items: [{ ...declaration.items[0], quantity: 'due' }] }, /quantità/],
    ['a negative value', { ...declaration, items: [{ ...declaration.items[0], valueCents: -1 }] }, /valore/],
    ['an HS code of 2 digits', { ...declaration, items: [{ ...declaration.items[0], hsCode: '12' }] }, /codice HS/],
    ['a NUL in the invoice', { ...declaration, invoiceNumber: 'FT\u0000' }, /./],
    ['items that are not a list', { ...declaration, items: 'tazza' }, /./],
    ['51 items', { ...declaration, items: Array.from({ length: 51 }, () => declaration.items[0]) }, /Al massimo 50 articoli/],
    ['an empty body', undefined, /./],
  ])('customs: %s is 400 in Italian, nothing written', async (_name, body, message) => {
    const res = await admin.b.put(`/api/shipments/${s.id}/customs`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await admin.b.get(`/api/shipments/${s.id}`)).body.customs).toEqual(s.customs);
  });

  it('bodies that are not a JSON object are an Italian 400, nothing written', async () => {
    for (const path of [`/api/shipments/${s.id}/parcel`, `/api/shipments/${s.id}/customs`]) {
      for (const raw of ['[]', 'null', '"pacco"', '42', '{"weightGrams":1200']) {
        const res = await admin.b.request('PUT', path, raw);
        expect({ path, raw, status: res.status, message: typeof res.body?.message }).toEqual({ path, raw, status: 400, message: 'string' });
      }
    }
    const now = (await admin.b.get(`/api/shipments/${s.id}`)).body;
    expect([now.parcel, now.customs]).toEqual([s.parcel, s.customs]);
  });

  it('a huge body is refused before the service', async () => {
    const res = await admin.b.put(`/api/shipments/${s.id}/customs`, { ...declaration, invoiceNumber: 'x'.repeat(2_000_000) });
    expect([400, 413]).toContain(res.status);
    expect(typeof res.body.message).toBe('string');
  });

  it("another merchant's shipment and an unknown or malformed id are the same 404", async () => {
    for (const [who, id] of [
      [rival, s.id],
      [admin, 999_999_999],
      [admin, 'abc'],
      [admin, 2 ** 31],
      [admin, '99999999999999999999'],
      [admin, '0x10'],
      [admin, '-1'],
    ] as const) {
      expect(await who.b.put(`/api/shipments/${id}/parcel`, { weightGrams: 900 })).toMatchObject({ status: 404, body: { message: 'Spedizione non trovata' } });
      expect(await who.b.put(`/api/shipments/${id}/customs`, declaration)).toMatchObject({ status: 404, body: { message: 'Spedizione non trovata' } });
    }
    expect((await admin.b.get(`/api/shipments/${s.id}`)).body.customs).toEqual(s.customs);
  });

  it('a member with the user role edits the parcel like an admin (spec §6 shows no role difference)', async () => {
    const res = await user.b.put(`/api/shipments/${s.id}/parcel`, { weightGrams: 2400, lengthMm: 300, widthMm: 200, heightMm: 150, packageName: 'Scatola M' });
    expect(res.status).toBe(200);
    expect(res.body.parcel).toEqual({ weightGrams: 2400, lengthMm: 300, widthMm: 200, heightMm: 150, packageName: 'Scatola M' });
  });
});
