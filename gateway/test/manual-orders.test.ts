/**
 * Manual orders over real HTTP (issue 25, `POST /api/orders`): gateway → orders over gRPC →
 * PostgreSQL. The created order is answered as `GET /api/orders/:id` answers it and shows in the
 * list; lines picked from the catalogue and typed weights; hostile input (NUL, a huge body, an empty
 * one, wrong types, another merchant's order or product, a member with role user) is a 4xx in
 * Italian, never a 500, and writes nothing.
 */
import { catalogueMessages, manualOrderMessages as mm, messages, shipmentMessages, type OrderJson, type OrderPageJson, type ProductListJson } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { Client, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

let app: TestApp;
let admin: Member;
let shop: { id: string; name: string };
let rival: Member;

const address = {
  recipientName: 'Giulia Bianchi',
  addressLine1: 'Via Garibaldi 5',
  city: 'Torino',
  postalCode: '10121',
  country: 'Italia',
  countryCode: 'IT',
  phoneNumber: '+39 333 1234567',
  recipientEmail: 'giulia@example.it',
};
const body = (patch: Record<string, unknown> = {}) => ({
  address,
  items: [
    { sku: 'TAZZA-01', title: 'Tazza in ceramica', quantity: 2, unitPrice: '12,50' },
    { title: 'Biglietto di auguri', quantity: '1', unitPrice: 3.9 },
  ],
  notes: 'Consegnare di mattina',
  ...patch,
});

async function totalOrders(who: Member): Promise<number> {
  const res = await who.b.get<OrderPageJson>('/api/orders');
  expect(res.status).toBe(200);
  return res.body.meta.totalItems;
}

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  rival = await registered(app.baseUrl);
  await ownMerchant(rival);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('POST /api/orders', () => {
  it('creates the order (201) with its number, marked manual, and the list and the detail show it', async () => {
    const res = await admin.b.post<OrderJson>('/api/orders', body());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      externalId: 'M-000001',
      marketplace: 'manual',
      integrationId: 0,
      status: 'da_spedire',
      total: '28.90',
      currency: 'EUR',
      itemsCount: 3,
      buyerName: 'Giulia Bianchi',
      shippingAddressDetails: { fullName: 'Giulia Bianchi', addressLine1: 'Via Garibaldi 5', city: 'Torino', postalCode: '10121', countryCode: 'IT' },
    });
    expect(res.body.items.map((i) => [i.sku, i.title, i.quantity, i.unitPrice])).toEqual([
      ['TAZZA-01', 'Tazza in ceramica', 2, '12.50'],
      [null, 'Biglietto di auguri', 1, '3.90'],
    ]);
    const detail = await admin.b.get<OrderJson>(`/api/orders/${res.body.id}`);
    expect(detail).toMatchObject({ status: 200, body: { externalId: 'M-000001', marketplace: 'manual' } });
    const list = await admin.b.get<OrderPageJson>('/api/orders?search=M-000001');
    expect(list.body.data.map((o) => o.externalId)).toEqual(['M-000001']);
    const manualOnly = await admin.b.get<OrderPageJson>('/api/orders?marketplace=manual');
    expect(manualOnly.body.data.map((o) => o.externalId)).toEqual(['M-000001']);
    // Another merchant's member: the same 404 as an unknown order, and an empty list.
    expect((await rival.b.get(`/api/orders/${res.body.id}`)).status).toBe(404);
    expect(await totalOrders(rival)).toBe(0);
  });

  it('lets a member with role user create one too', async () => {
    const member = await registered(app.baseUrl);
    await join(admin, shop, member, 'user');
    await member.b.post('/api/merchants/select', { merchantId: shop.id });
    const res = await member.b.post<OrderJson>('/api/orders', body());
    expect(res).toMatchObject({ status: 201, body: { externalId: 'M-000002' } });
  });

  it('refuses bad input in Italian (400) and writes nothing', async () => {
    const before = await totalOrders(admin);
    const cases: [unknown, string][] = [
      [body({ items: [] }), mm.itemsRequired],
      [body({ items: 'tre tazze' }), mm.itemsInvalid],
      [body({ address: { ...address, city: '' } }), shipmentMessages.cityRequired],
      [body({ address: { ...address, recipientEmail: 'no' } }), shipmentMessages.emailInvalid],
      [body({ address: null }), mm.addressRequired],
      [body({ items: [{ title: 'Tazza', quantity: 1.5, unitPrice: '1' }] }), mm.quantityInvalid],
      [body({ items: [{ title: 'Tazza', quantity: 1, unitPrice: 'dieci' }] }), mm.unitPriceInvalid],
      [body({ items: [{ title: 'Tazza', quantity: 1, unitPrice: '-3' }] }), mm.unitPriceInvalid],
      [body({ items: [{ title: 'Tazza', quantity: 1, unitPrice: '2000000' }] }), mm.unitPriceTooHigh],
      [body({ items: [{ title: 'Tazza', quantity: 1, unitPrice: { euro: 1 } }] }), mm.unitPriceInvalid],
      [body({ currency: 'USD' }), mm.currencyInvalid],
      [body({ packagePresetId: 'scatola' }), mm.packagePresetInvalid],
      [body({ notes: 'x'.repeat(1001) }), mm.notesTooLong],
      [body({ items: Array.from({ length: 101 }, () => ({ title: 'Tazza', quantity: 1, unitPrice: '1' })) }), mm.tooManyItems],
    ];
    for (const [sent, message] of cases) {
      const res = await admin.b.post('/api/orders', sent);
      expect({ sent: JSON.stringify(sent).slice(0, 80), status: res.status, message: res.body?.message }).toEqual({ sent: JSON.stringify(sent).slice(0, 80), status: 400, message });
    }
    expect(await totalOrders(admin)).toBe(before);
  });

  it('answers hostile bodies with a 4xx in Italian, never a 500: NUL, empty, wrong shapes, huge', async () => {
    const before = await totalOrders(admin);
    const nul = await admin.b.post('/api/orders', body({ notes: 'ciao\u0000' }));
    expect(nul).toMatchObject({ status: 400, body: { message: messages.validation.invalidCharacters } });
    for (const sent of ['', '[]', '"testo"', '42', 'null', '{}']) {
      const res = await admin.b.request('POST', '/api/orders', sent);
      expect({ sent, status: res.status >= 400 && res.status < 500, message: typeof res.body?.message }).toEqual({ sent, status: true, message: 'string' });
    }
    const huge = await admin.b.post('/api/orders', body({ notes: 'x'.repeat(200_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/[a-zà-ù]/);
    // A merchant id in the body is not a way into another merchant: the session's merchant is the one.
    const smuggled = await rival.b.post<OrderJson>('/api/orders', { ...body(), merchantId: shop.id });
    expect(smuggled.status).toBe(201);
    expect(await totalOrders(admin)).toBe(before);
  });

  it('takes lines picked from the catalogue (the product linked, its weight) and typed weights with a decimal comma', async () => {
    // The catalogue learns VASO-01 from an order, as from an import; the merchant weighs it.
    expect((await admin.b.post('/api/orders', body({ items: [{ sku: 'VASO-01', title: 'Vaso', quantity: 1, unitPrice: '20' }] }))).status).toBe(201);
    const vase = (await admin.b.get<ProductListJson>('/api/products?search=VASO-01')).body.data[0]!;
    expect((await admin.b.put(`/api/products/${vase.id}`, { ...vase, weightGrams: 800 })).status).toBe(200);
    const res = await admin.b.post<OrderJson>('/api/orders', body({
      items: [
        { title: 'Vaso', quantity: 2, unitPrice: '20', productId: vase.id },
        { title: 'Biglietto', quantity: '4', unitPrice: '1', weightKg: '0,05' },
        { title: 'Nastro', quantity: 1, unitPrice: '1', weightKg: 0.1 },
      ],
    }));
    expect(res.status).toBe(201);
    expect(res.body.items.map((i) => [i.sku, i.productId, i.weightGrams])).toEqual([
      ['VASO-01', vase.id, 800],
      [null, null, 50],
      [null, null, 100],
    ]);
    // 2 × 0.8 + 4 × 0.05 + 0.1 kg, no preset: no tare
    expect(res.body).toMatchObject({ weightKg: 1.9, weightMissing: false });
  });

  it('refuses hostile product ids and weights in Italian (4xx, never a 500) and writes nothing', async () => {
    const before = await totalOrders(admin);
    const theirs = await rival.b.post<OrderJson>('/api/orders', body({ items: [{ sku: 'SEGRETO-1', title: 'Segreto', quantity: 1, unitPrice: '5' }] }));
    expect(theirs.status).toBe(201);
    const theirProduct = (await rival.b.get<ProductListJson>('/api/products?search=SEGRETO-1')).body.data[0]!;
    const line = { title: 'Tazza', quantity: 1, unitPrice: '1' };
    const cases: [unknown, number, string][] = [
      ...['abc', -1, 1.5, { id: 1 }, [1], '1e3', '99999999999999999999', true].map((productId): [unknown, number, string] => [productId, 400, mm.productInvalid]),
      [theirProduct.id, 404, 'Prodotto non trovato'],
      [987_654_321, 404, 'Prodotto non trovato'],
    ];
    for (const [productId, status, message] of cases) {
      const res = await admin.b.post('/api/orders', body({ items: [line, { ...line, productId }] }));
      expect({ productId, status: res.status, message: res.body?.message }).toEqual({ productId, status, message });
    }
    for (const weightKg of ['mezzo chilo', '-1', '0', '0,0001', '1.234,5', '1e3', 1e9, -0.5, { kg: 1 }, [1], true, '1000,5']) {
      const res = await admin.b.post('/api/orders', body({ items: [{ ...line, weightKg }] }));
      expect({ weightKg, status: res.status, message: res.body?.message }).toEqual({ weightKg, status: 400, message: mm.weightInvalid });
    }
    expect(await totalOrders(admin)).toBe(before);
  });

  it("refuses another merchant's package preset, or one out of range, with the 404 of an unknown one, and writes nothing", async () => {
    const before = await totalOrders(admin);
    const theirs = await rival.b.post('/api/package-presets', { name: 'Scatola loro', lengthMm: 300, widthMm: 200, heightMm: 100, tareGrams: 100, maxWeightGrams: 5000, isDefault: false });
    expect(theirs.status).toBe(201);
    for (const packagePresetId of [theirs.body.id, 2 ** 31, 999_999_999]) {
      const res = await admin.b.post('/api/orders', body({ packagePresetId }));
      expect({ packagePresetId, status: res.status, message: res.body?.message }).toEqual({ packagePresetId, status: 404, message: catalogueMessages.presetNotFound });
    }
    expect(await totalOrders(admin)).toBe(before);
  });

  it('needs a session', async () => {
    const res = await new Client(app.baseUrl).post('/api/orders', body());
    expect(res.status).toBe(401);
  });
});
