/**
 * The product catalogue and the package presets over real HTTP (issue 25): gateway → orders, orders
 * imported as real `marketplaces.order.imported` events. Hostile input (wrong types, NUL, huge and
 * empty bodies, other merchants' ids, a user on admin actions) is an Italian 4xx that writes
 * nothing; the CSV round trip refuses a bad file with its report (422) and applies a good one.
 */
import { randomUUID } from 'node:crypto';
import { catalogueMessages as m, PRODUCT_CSV_COLUMNS, type OrderJson, type PackagePresetJson, type ProductJson } from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { startApp, type TestApp } from '../../e2e/support/app';
import { sharedInfra } from '../../e2e/support/env';
import { importedOrder } from '../../services/orders/test/support/events';
import { eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';
import { conformingFetch } from './support/api-conformance';

const INTEGRATION = 8_500_000 + Math.floor(Math.random() * 100_000);

let app: TestApp;
let nats: Nats;
let admin: Member;
let user: Member;
let shop: { id: string; name: string };
let rival: Member;

async function publish(merchantId: string, n: number): Promise<void> {
  const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId: INTEGRATION, jobId: 1, syncedAt: new Date().toISOString(), order: importedOrder(n) });
  await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
}

async function products(who: Member, query = ''): Promise<ProductJson[]> {
  const res = await who.b.get(`/api/products?pageSize=100${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function presets(who: Member): Promise<PackagePresetJson[]> {
  const res = await who.b.get('/api/package-presets');
  expect(res.status).toBe(200);
  return res.body;
}

const fill = { weightGrams: 350, lengthMm: 120, widthMm: 100, heightMm: 80, hsCode: '691110', originCountry: 'IT', customsDescription: 'Tazza in ceramica', shipsInOwnBox: false };
const box = { name: 'Scatola M', lengthMm: 300, widthMm: 200, heightMm: 150, tareGrams: 200, maxWeightGrams: 5000, isDefault: true };

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  nats = await connectNats(sharedInfra().natsUrl, 'gateway-catalogue-test');
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  user = await registered(app.baseUrl);
  await join(admin, shop, user, 'user');
  await user.b.post('/api/merchants/select', { merchantId: shop.id });
  rival = await registered(app.baseUrl);
  await ownMerchant(rival);
  for (const n of [0, 1, 2]) await publish(shop.id, n);
  expect(await eventually(async () => (await products(admin)).length >= 3, 30_000)).toBe(true);
}, 180_000);

afterAll(async () => {
  await nats?.nc.drain();
  await app?.stop();
});

describe('products', () => {
  it('are learned from the imported orders, filled by any member, and move the orders to Peso mancante and back', async () => {
    const list = await products(admin);
    expect(list.every((p) => p.weightGrams === null && p.marketplaceRefs[0]?.marketplace === 'ebay')).toBe(true);
    const missing = await admin.b.get('/api/orders?weightMissing=true');
    expect(missing.status).toBe(200);
    expect(missing.body.meta.totalItems).toBe(3);
    expect((await admin.b.get('/api/orders?weightMissing=forse')).status).toBe(400);

    for (const p of list) expect((await user.b.put(`/api/products/${p.id}`, { ...fill, weightGrams: String(100 + p.id % 7) })).status).toBe(200);
    expect((await admin.b.get('/api/orders?weightMissing=true')).body.meta.totalItems).toBe(0);
    const order: OrderJson = (await admin.b.get('/api/orders')).body.data[0];
    expect(order).toMatchObject({ weightMissing: false, package: null });
    expect(order.weightKg).toBeGreaterThan(0);
    expect(order.items[0]).toMatchObject({ hsCode: '691110', originCountry: 'IT', customsDescription: 'Tazza in ceramica' });
    expect(order.items[0]!.productId).toBeGreaterThan(0);
  });

  it('refuse hostile input with an Italian 4xx and write nothing', async () => {
    const [p] = await products(admin);
    const before = JSON.stringify(await products(admin));
    const cases: [unknown, number, string | RegExp][] = [
      [{ ...fill, weightGrams: 'abc' }, 400, m.weightInvalid],
      [{ ...fill, weightGrams: -5 }, 400, m.weightInvalid],
      [{ ...fill, weightGrams: 1.5 }, 400, m.weightInvalid],
      [{ ...fill, lengthMm: [1] }, 400, /lunghezza/],
      [{ ...fill, hsCode: { a: 1 } }, 400, m.hsCodeInvalid],
      [{ ...fill, originCountry: 12 }, 400, m.originInvalid],
      [{ ...fill, customsDescription: 'x'.repeat(5_000) }, 400, m.descriptionTooLong],
      [{ ...fill, customsDescription: 'Tazza\u0000' }, 400, /./],
      [{ ...fill, shipsInOwnBox: 'forse' }, 400, m.ownBoxInvalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.b.put(`/api/products/${p!.id}`, body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body.message).toMatch(message);
    }
    for (const body of ['testo', [], null, 42]) expect((await admin.b.request('PUT', `/api/products/${p!.id}`, JSON.stringify(body))).status).toBe(400);
    // Another merchant's product, an unknown and a malformed id: the same 404.
    for (const path of [`/api/products/${p!.id}`, '/api/products/999999999', '/api/products/abc']) {
      const res = await rival.b.put(path, fill);
      expect([path, res.status, res.body.message]).toEqual([path, 404, m.productNotFound]);
    }
    expect(JSON.stringify(await products(admin))).toBe(before);
    expect(await products(rival)).toEqual([]);
    // The list's query.
    for (const q of ['&page=0', '&pageSize=101', '&missingWeight=maybe', "&marketplace=e'bay", `&search=${'x'.repeat(101)}`]) {
      const res = await admin.b.get(`/api/products?${q}`);
      expect([q, res.status, typeof res.body.message]).toEqual([q, 400, 'string']);
    }
  });
});

describe('the CSV', () => {
  it('downloads as a spreadsheet file, refuses a bad upload with its report (422, nothing applied) and applies a good one', async () => {
    const download = await admin.b.get('/api/products/csv');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/text\/csv/);
    expect(download.headers.get('content-disposition')).toMatch(/catalogo\.csv/);
    // fetch's text() drops the BOM: the bytes show it (Excel reads the accents by it).
    const bytes = new Uint8Array(await (await conformingFetch(app.baseUrl, `/api/products/csv`, { headers: { cookie: admin.b.cookie! } })).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, first] = (download.body as string).split('\r\n');
    expect(header).toBe(Object.values(PRODUCT_CSV_COLUMNS).join(';'));
    const sku = first!.split(';')[0]!;

    const bad = `${header}\r\n${sku};;;0;;;;abc;;;\r\n`;
    const refused = await admin.b.post('/api/products/csv', { csv: bad });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ applied: false, message: m.csvRefused(1) });
    expect(refused.body.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
      [2, PRODUCT_CSV_COLUMNS.weightGrams],
      [2, PRODUCT_CSV_COLUMNS.hsCode],
    ]);
    expect((await products(admin, `&search=${encodeURIComponent(sku)}`))[0]!.weightGrams).not.toBe(0);

    const good = await user.b.post('/api/products/csv', { csv: `${header}\r\n${sku};;;999;"12,5";;;;;;sì\r\n` });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ applied: true, updated: 1, message: m.csvApplied(1) });
    expect((await products(admin, `&search=${encodeURIComponent(sku)}`))[0]).toMatchObject({ weightGrams: 999, lengthMm: 125, shipsInOwnBox: true, hsCode: '' });

    for (const body of [{}, { csv: '' }, { csv: 42 }, { csv: 'x'.repeat(5 * 1024 * 1024 + 1) }, { csv: 'SKU\n"aperta' }]) {
      const res = await admin.b.post('/api/products/csv', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    // A rival's upload naming this merchant's SKU touches nothing here.
    const rivals = await rival.b.post('/api/products/csv', { csv: `${header}\r\n${sku};;;1;;;;;;;\r\n` });
    expect(rivals.status).toBe(422);
    expect(rivals.body.problems[0]).toMatchObject({ row: 2, column: 'SKU', message: m.csvUnknownSku });
  });
});

describe('package presets', () => {
  it('admins write them (one default, its tare joins the orders), users read, rivals get 404, bad bodies 400', async () => {
    const created = await admin.b.post('/api/package-presets', box);
    expect(created.status).toBe(201);
    const order: OrderJson = (await admin.b.get('/api/orders')).body.data[0];
    expect(order.package).toMatchObject({ name: 'Scatola M', tareGrams: 200 });

    expect((await user.b.post('/api/package-presets', { ...box, name: 'Utente' })).status).toBe(403);
    expect((await user.b.put(`/api/package-presets/${created.body.id}`, box)).status).toBe(403);
    expect((await user.b.delete(`/api/package-presets/${created.body.id}`)).status).toBe(403);
    expect(await presets(user)).toHaveLength(1);

    expect((await admin.b.post('/api/package-presets', { ...box, name: 'scatola m' })).status).toBe(409);
    for (const body of [{ ...box, name: '' }, { ...box, lengthMm: 0 }, { ...box, tareGrams: 'molto' }, { ...box, isDefault: 'sì' }, { ...box, tareGrams: 6000 }, { ...box, name: 'x'.repeat(3000) }]) {
      const res = await admin.b.post('/api/package-presets', body);
      expect([res.status, typeof res.body.message]).toEqual([400, 'string']);
    }
    for (const path of [`/api/package-presets/${created.body.id}`, '/api/package-presets/abc', '/api/package-presets/0']) {
      expect((await rival.b.put(path, box)).status).toBe(404);
      expect((await rival.b.delete(path)).status).toBe(404);
    }
    expect(await presets(admin)).toHaveLength(1);

    // The order panel's choice; another merchant's order or preset is a 404.
    const small = (await admin.b.post('/api/package-presets', { ...box, name: 'Busta', tareGrams: 20, isDefault: false })).body as PackagePresetJson;
    const chosen = await admin.b.put(`/api/orders/${order.id}/package`, { presetId: small.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body.package).toMatchObject({ name: 'Busta' });
    expect((await rival.b.put(`/api/orders/${order.id}/package`, { presetId: 0 })).status).toBe(404);
    expect((await admin.b.put(`/api/orders/${order.id}/package`, { presetId: 'uno' })).status).toBe(400);
    const rivalPreset = (await rival.b.post('/api/package-presets', { ...box, name: 'Loro' })).body as PackagePresetJson;
    expect((await admin.b.put(`/api/orders/${order.id}/package`, { presetId: rivalPreset.id })).status).toBe(404);
    expect((await admin.b.delete(`/api/package-presets/${small.id}`)).status).toBe(200);
    expect((await admin.b.get(`/api/orders/${order.id}`)).body.package).toMatchObject({ name: 'Scatola M' });
  });
  it('ids out of range or not decimal are the 404 of an unknown one, bodies of the wrong shape an Italian 4xx: nothing written', async () => {
    const before = JSON.stringify([await products(admin), await presets(admin)]);
    const preset = { name: 'Fuori', lengthMm: 100, widthMm: 100, heightMm: 100, tareGrams: 10, maxWeightGrams: 1000 };
    for (const id of ['2147483648', '99999999999999999999', '-1', '0x10', '1.0', '1e3']) {
      for (const [method, path, body, message] of [
        ['PUT', `/api/products/${id}`, fill, m.productNotFound],
        ['PUT', `/api/package-presets/${id}`, preset, m.presetNotFound],
        ['DELETE', `/api/package-presets/${id}`, undefined, m.presetNotFound],
        ['PUT', `/api/orders/${id}/package`, { presetId: 0 }, 'Ordine non trovato'],
      ] as const) {
        const res = await admin.b.request(method, path, body);
        expect([method, path, res.status, res.body?.message]).toEqual([method, path, 404, message]);
      }
    }
    const order: OrderJson = (await admin.b.get('/api/orders')).body.data[0];
    expect(await admin.b.put(`/api/orders/${order.id}/package`, { presetId: 2 ** 31 })).toMatchObject({ status: 404, body: { message: m.presetNotFound } });
    for (const raw of ['[]', '"Scatola"', '42', '{"name":"Scatola M"']) {
      const res = await admin.b.request('POST', '/api/package-presets', raw);
      expect([raw, res.status, typeof res.body?.message]).toEqual([raw, 400, 'string']);
    }
    expect(await admin.b.post('/api/package-presets', { ...preset, name: 'Busta\u0000' })).toMatchObject({ status: 400, body: { message: 'Il testo contiene caratteri non consentiti' } });
    expect((await admin.b.post('/api/package-presets', { ...preset, name: 'x'.repeat(3_000_000) })).status).toBe(413);
    for (const q of ['search=%00', 'search=a%00b']) expect(await admin.b.get(`/api/products?${q}`)).toMatchObject({ status: 400, body: { message: 'Il testo contiene caratteri non consentiti' } });
    expect(JSON.stringify([await products(admin), await presets(admin)])).toBe(before);
  });
});
