/**
 * The product catalogue, the order's weight and the package presets (issue 25), against the real
 * orders service, its database and the imports consumer, with the real carriers service for the
 * rules: products learned from imported orders, 'Peso mancante', a product's weight moving its open
 * orders' weights in the same transaction, presets and their tare, a rule by weight after
 * 'Assegna Corrieri' (and the package it gives), the catalogue's CSV refused and applied.
 */
import { catalogue, marketplacesEvents, type orders } from '@smista/proto';
import { csvText, readCsv } from '@smista/service-kit';
import { PRODUCT_CSV_COLUMNS } from '@smista/contracts';
import { importedOrder } from './support/events';
import { carrierIntegration, failure, GLS_ACCOUNT, startOrdersStack, waitFor, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;

beforeAll(async () => {
  stack = await startOrdersStack();
}, 120_000);
afterAll(() => stack?.stop(), 30_000);

const INVALID_ARGUMENT = 3;
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const PERMISSION_DENIED = 7;

type Line = { sku: string; title?: string; quantity?: number; weightGrams?: number };

/** An Italian eBay order to ship with these lines. */
function orderWith(n: number, lines: Line[]): ReturnType<typeof importedOrder> {
  const order = importedOrder(n, {
    items: lines.map((l, i) =>
      marketplacesEvents.ImportedItem.fromPartial({
        externalItemId: `${30_000_000_000 + n * 10 + i}`,
        legacyItemId: `${400_000_000_000 + n * 10 + i}`,
        sku: l.sku,
        title: l.title ?? `Prodotto ${l.sku}`,
        quantity: l.quantity ?? 1,
        unitPrice: '10.00',
        total: (10 * (l.quantity ?? 1)).toFixed(2),
        currency: 'EUR',
        imageUrl: `https://i.ebayimg.example/images/g/${l.sku}/s-l500.jpg`,
        fulfillmentStatus: 'da_spedire',
        weightGrams: l.weightGrams ?? 0,
      }),
    ),
    total: (10 * lines.reduce((s, l) => s + (l.quantity ?? 1), 0)).toFixed(2),
  });
  order.shippingAddress!.countryCode = 'IT';
  return order;
}

/** Imports the orders through the real consumer; their ids in orders, in the same order. */
async function imported(shop: TestMerchant, orders: ReturnType<typeof importedOrder>[], integrationId = 7): Promise<number[]> {
  const ids = await Promise.all(orders.map((o) => stack.publishOrder(shop.merchantId, integrationId, o)));
  await stack.handled(ids);
  const { rows } = await stack.pool.query('SELECT id, external_id FROM orders WHERE merchant_id = $1', [shop.merchantId]);
  const byExternal = new Map(rows.map((r) => [r.external_id as string, Number(r.id)]));
  return orders.map((o) => byExternal.get(o.externalId)!);
}

async function weightOf(api: TestMerchant['api'], id: number): Promise<{ weightKg: number | undefined; weightMissing: boolean; packageName: string | undefined }> {
  const o: orders.Order = await api.getOrder({ id, merchantId: '' });
  return { weightKg: o.weightKg, weightMissing: o.weightMissing, packageName: o.package?.name };
}

const product = (p: Partial<catalogue.UpdateProductRequest> & { id: number }) => catalogue.UpdateProductRequest.fromPartial(p);
const preset = (p: Partial<catalogue.SavePackagePresetRequest>) => catalogue.SavePackagePresetRequest.fromPartial({ lengthMm: 300, widthMm: 200, heightMm: 150, ...p });

async function productId(shop: TestMerchant, sku: string): Promise<number> {
  const { products } = await shop.api.listProducts({ search: sku, missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: 10 });
  return products.find((p) => p.sku === sku)!.id;
}

describe('products learned from the imports', () => {
  it('every SKU of the imported orders becomes one product with title, image and the marketplace reference; a line without a weight is Peso mancante', async () => {
    const shop = await stack.newMerchant();
    const [a, b, c] = await imported(shop, [
      orderWith(1, [{ sku: 'TAZ-01', title: 'Tazza', quantity: 2 }, { sku: 'TEI-02', title: 'Teiera' }]),
      orderWith(2, [{ sku: 'TAZ-01', title: 'Tazza (titolo nuovo)' }]),
      orderWith(3, [{ sku: 'CAN-03', title: 'Candela', weightGrams: 250 }]),
    ]);
    const list = await shop.api.listProducts({ search: '', missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: 20 });
    expect(list.meta?.totalItems).toBe(3);
    expect(list.products.map((p) => p.sku)).toEqual(['CAN-03', 'TAZ-01', 'TEI-02']);
    const taz = list.products.find((p) => p.sku === 'TAZ-01')!;
    // The first title learned stays (only empty fields are filled); one reference per marketplace listing.
    expect(taz).toMatchObject({ title: expect.stringMatching(/^Tazza/), imageUrl: 'https://i.ebayimg.example/images/g/TAZ-01/s-l500.jpg', weightGrams: undefined });
    expect(taz.marketplaceRefs[0]).toMatchObject({ marketplace: 'ebay', integrationId: 7 });

    // eBay gives no weights: the orders say so; the marketplace's own weight counts where given.
    expect(await weightOf(shop.api, a!)).toEqual({ weightKg: undefined, weightMissing: true, packageName: undefined });
    expect(await weightOf(shop.api, c!)).toEqual({ weightKg: 0.25, weightMissing: false, packageName: undefined });
    const missing = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 20, sortBy: '', sortOrder: '', search: '', status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '', weightMissing: true });
    expect(missing.orders.map((o) => o.id).sort()).toEqual([a, b].sort());
    expect(missing.meta?.totalItems).toBe(2);

    // The seam: the lines carry their product and its data.
    const detail = await shop.api.getOrder({ id: c!, merchantId: '' });
    expect(detail.items[0]).toMatchObject({ sku: 'CAN-03', productId: await productId(shop, 'CAN-03'), weightGrams: 250, hsCode: '' });

    // Another merchant's catalogue is its own.
    const other = await stack.newMerchant();
    expect((await other.api.listProducts({ search: '', missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: 20 })).products).toEqual([]);
    expect((await failure(other.api.updateProduct(product({ id: taz.id, weightGrams: 1 })))).code).toBe(NOT_FOUND);
    expect(Number((await stack.pool.query('SELECT weight_grams FROM products WHERE id = $1', [taz.id])).rows[0].weight_grams ?? 0)).toBe(0);
  });
});

describe("a product's weight", () => {
  it('moves the weight of the open orders with its SKU in the same transaction; shipped ones keep theirs', async () => {
    const shop = await stack.newMerchant();
    const [open, both, shipped] = await imported(shop, [
      orderWith(11, [{ sku: 'BIC-06', quantity: 3 }]),
      orderWith(12, [{ sku: 'BIC-06' }, { sku: 'TOV-15' }]),
      orderWith(13, [{ sku: 'BIC-06' }]),
    ]);
    await stack.pool.query("UPDATE orders SET status = 'spedito' WHERE id = $1", [shipped]);
    const bic = await productId(shop, 'BIC-06');
    const saved = await shop.api.updateProduct(product({ id: bic, weightGrams: 400, hsCode: '7013.28', originCountry: 'it', customsDescription: 'Bicchieri in vetro' }));
    expect(saved).toMatchObject({ weightGrams: 400, hsCode: '701328', originCountry: 'IT' });
    expect(await weightOf(shop.api, open!)).toEqual({ weightKg: 1.2, weightMissing: false, packageName: undefined });
    // TOV-15 still has no weight.
    expect(await weightOf(shop.api, both!)).toMatchObject({ weightKg: undefined, weightMissing: true });
    expect(await weightOf(shop.api, shipped!)).toMatchObject({ weightKg: undefined, weightMissing: true });

    await shop.api.updateProduct(product({ id: await productId(shop, 'TOV-15'), weightGrams: 650 }));
    expect(await weightOf(shop.api, both!)).toMatchObject({ weightKg: 1.05, weightMissing: false });
    expect((await shop.api.getOrder({ id: both!, merchantId: '' })).items[0]).toMatchObject({ hsCode: '701328', originCountry: 'IT', customsDescription: 'Bicchieri in vetro' });

    // Bad values: an Italian 400, nothing written.
    for (const bad of [{ weightGrams: 0 }, { hsCode: '12AB' }, { originCountry: 'ITA' }, { customsDescription: 'x'.repeat(201) }, { customsDescription: 'a\u202Eb' }]) {
      const refused = await failure(shop.api.updateProduct(product({ id: bic, weightGrams: 400, ...bad })));
      expect(refused.code).toBe(INVALID_ARGUMENT);
      expect(refused.details).toMatch(/[a-zà-ù]/);
    }
    expect((await shop.api.listProducts({ search: 'BIC', missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: 10 })).products[0]).toMatchObject({ weightGrams: 400, hsCode: '701328' });
    expect((await failure(shop.api.updateProduct(product({ id: 999_999_999, weightGrams: 1 })))).code).toBe(NOT_FOUND);
  });
});

describe('package presets', () => {
  it('one default per merchant whose tare joins the open orders; an order may choose another; admin-only writes', async () => {
    const shop = await stack.newMerchant();
    const [order] = await imported(shop, [orderWith(21, [{ sku: 'TAZ-01', weightGrams: 300, quantity: 2 }])]);
    expect(await weightOf(shop.api, order!)).toEqual({ weightKg: 0.6, weightMissing: false, packageName: undefined });

    const small = await shop.api.savePackagePreset(preset({ name: 'Scatola S', tareGrams: 100, maxWeightGrams: 2000, isDefault: true }));
    expect(await weightOf(shop.api, order!)).toEqual({ weightKg: 0.7, weightMissing: false, packageName: 'Scatola S' });
    const medium = await shop.api.savePackagePreset(preset({ name: 'Scatola M', tareGrams: 250, isDefault: true }));
    const list = (await shop.api.listPackagePresets({})).presets;
    expect(list.map((p) => [p.name, p.isDefault])).toEqual([
      ['Scatola M', true],
      ['Scatola S', false],
    ]);
    expect(await weightOf(shop.api, order!)).toMatchObject({ weightKg: 0.85, packageName: 'Scatola M' });

    const chosen = await shop.api.setOrderPackage({ orderId: order!, presetId: small.id });
    expect(chosen).toMatchObject({ weightKg: 0.7, package: { presetId: small.id, name: 'Scatola S', tareGrams: 100, lengthMm: 300 } });

    // Refusals: a name taken, bad dimensions, a user, another merchant's preset or order.
    expect((await failure(shop.api.savePackagePreset(preset({ name: 'scatola m' })))).code).toBe(ALREADY_EXISTS);
    expect((await failure(shop.api.savePackagePreset(preset({ name: 'Busta', lengthMm: 0 })))).code).toBe(INVALID_ARGUMENT);
    expect((await failure(shop.api.savePackagePreset(preset({ name: 'Busta', tareGrams: 500, maxWeightGrams: 100 })))).code).toBe(INVALID_ARGUMENT);
    const { api: user } = await shop.member();
    expect((await failure(user.savePackagePreset(preset({ name: 'Busta' })))).code).toBe(PERMISSION_DENIED);
    expect((await failure(user.deletePackagePreset({ id: small.id }))).code).toBe(PERMISSION_DENIED);
    expect((await user.listPackagePresets({})).presets).toHaveLength(2);
    const other = await stack.newMerchant();
    expect((await failure(other.api.savePackagePreset(preset({ id: medium.id, name: 'Mia' })))).code).toBe(NOT_FOUND);
    expect((await failure(other.api.deletePackagePreset({ id: medium.id }))).code).toBe(NOT_FOUND);
    expect((await failure(other.api.setOrderPackage({ orderId: order!, presetId: 0 }))).code).toBe(NOT_FOUND);
    expect((await failure(shop.api.setOrderPackage({ orderId: order!, presetId: 999_999 }))).code).toBe(NOT_FOUND);
    expect((await shop.api.listPackagePresets({})).presets).toHaveLength(2);

    // Deleting the chosen preset: the order falls back to the default.
    await shop.api.deletePackagePreset({ id: small.id });
    expect(await weightOf(shop.api, order!)).toMatchObject({ weightKg: 0.85, packageName: 'Scatola M' });
  });
});

describe('a preset change reweighs only the orders it moves', () => {
  it("a tare reweighs that preset's orders, a new default (tare 0 too) the orders without their own, deleting the default theirs", async () => {
    const shop = await stack.newMerchant();
    const [own, byDefault] = await imported(shop, [orderWith(61, [{ sku: 'VAS-01', weightGrams: 500 }]), orderWith(62, [{ sku: 'VAS-02', weightGrams: 500 }])]);
    await shop.api.savePackagePreset(preset({ name: 'Scatola L', tareGrams: 400, isDefault: true }));
    const small = await shop.api.savePackagePreset(preset({ name: 'Scatola S', tareGrams: 100 }));
    await shop.api.setOrderPackage({ orderId: own!, presetId: small.id });
    const updatedAt = async (id: number) => (await stack.pool.query('SELECT updated_at FROM orders WHERE id = $1', [id])).rows[0].updated_at as Date;
    const untouched = await updatedAt(byDefault!);

    await shop.api.savePackagePreset(preset({ id: small.id, name: 'Scatola S', tareGrams: 150 }));
    expect([await weightOf(shop.api, own!), await weightOf(shop.api, byDefault!)]).toEqual([
      { weightKg: 0.65, weightMissing: false, packageName: 'Scatola S' },
      { weightKg: 0.9, weightMissing: false, packageName: 'Scatola L' },
    ]);
    // The default-packed order was not rewritten by another preset's tare.
    expect(await updatedAt(byDefault!)).toEqual(untouched);

    // A new default with no tare: the orders without their own package lose the old default's 400 g.
    await shop.api.savePackagePreset(preset({ name: 'Busta', lengthMm: 250, widthMm: 180, heightMm: 20, tareGrams: 0, isDefault: true }));
    expect(await weightOf(shop.api, byDefault!)).toEqual({ weightKg: 0.5, weightMissing: false, packageName: 'Busta' });
    expect((await weightOf(shop.api, own!)).weightKg).toBe(0.65);

    // Deleting the chosen preset: its order falls back to the default's tare.
    await shop.api.deletePackagePreset({ id: small.id });
    expect(await weightOf(shop.api, own!)).toEqual({ weightKg: 0.5, weightMissing: false, packageName: 'Busta' });
  });
});

describe('rules by weight', () => {
  it("'Assegna Corrieri' picks the carrier by the catalogue's weight, and the rule gives its package", async () => {
    const shop = await stack.newMerchant();
    const gls = (await carrierIntegration(shop, { provider: 'gls', connectionName: 'GLS Milano', active: true, credentials: GLS_ACCOUNT })).id;
    const posta = (await carrierIntegration(shop, { provider: 'posta_1', connectionName: 'Posta1', active: true, credentials: {} })).id;
    await waitFor('the carriers in orders', async () => {
      const { rows } = await stack.pool.query("SELECT 1 FROM carrier_integrations WHERE merchant_id = $1 AND status = 'active'", [shop.merchantId]);
      return rows.length === 2 || undefined;
    }, 15_000);
    const box = await shop.api.savePackagePreset(preset({ name: 'Busta imbottita', tareGrams: 50 }));
    const noConditions = { destinations: [], excludeDestinations: [], productCategories: [] };
    await shop.api.createShippingRule({ name: 'Leggeri', carrierIntegrationId: posta, conditions: { ...noConditions, weightMax: 1 }, packagePresetId: box.id });
    await shop.api.createShippingRule({ name: 'Pesanti', carrierIntegrationId: gls, conditions: { ...noConditions, weightMax: 30 } });
    const [light, heavy, unknown] = await imported(shop, [orderWith(31, [{ sku: 'CAN-03' }]), orderWith(32, [{ sku: 'TEI-02', quantity: 2 }]), orderWith(33, [{ sku: 'TOV-15' }])]);
    // Imported before any weight: no rule with a weight limit takes them.
    for (const id of [light, heavy, unknown]) expect((await shop.api.getOrder({ id: id!, merchantId: '' })).carrierIntegrationId).toBe(0);

    await shop.api.updateProduct(product({ id: await productId(shop, 'CAN-03'), weightGrams: 300 }));
    await shop.api.updateProduct(product({ id: await productId(shop, 'TEI-02'), weightGrams: 1500 }));
    const answer = await shop.api.assignCarriers({});
    expect(answer.counts).toMatchObject({ assigned: 2, noMatch: 1 });
    const lightOrder = await shop.api.getOrder({ id: light!, merchantId: '' });
    expect(lightOrder).toMatchObject({ carrierIntegrationId: posta, appliedRuleName: 'Leggeri', package: { name: 'Busta imbottita' }, weightKg: 0.35 });
    expect(await shop.api.getOrder({ id: heavy!, merchantId: '' })).toMatchObject({ carrierIntegrationId: gls, appliedRuleName: 'Pesanti', weightKg: 3 });
    expect((await shop.api.listShippingRules({})).rules.map((r) => r.packagePresetId)).toEqual([box.id, 0]);
    // A rule naming another merchant's preset is refused.
    const other = await stack.newMerchant();
    const theirs = await other.api.savePackagePreset(preset({ name: 'Loro' }));
    expect((await failure(shop.api.createShippingRule({ name: 'X', carrierIntegrationId: gls, conditions: noConditions, packagePresetId: theirs.id }))).code).toBe(NOT_FOUND);
  });
});

describe("the catalogue's CSV", () => {
  it('downloads with Italian headers, refuses a file with bad rows naming row and column and applies nothing, then applies a good one in one go', async () => {
    const shop = await stack.newMerchant();
    const [order] = await imported(shop, [orderWith(41, [{ sku: 'TAZ-01', quantity: 2 }, { sku: 'TEI-02' }])]);
    const csv = (await shop.api.exportProductsCsv({})).csv;
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = readCsv(csv);
    expect(table.separator).toBe(';');
    expect(table.headers).toEqual(Object.values(PRODUCT_CSV_COLUMNS));
    expect(table.rows.map((r) => r.record.SKU)).toEqual(['TAZ-01', 'TEI-02']);
    const c = PRODUCT_CSV_COLUMNS;

    const header = Object.values(c).join(';');
    const bad = `\uFEFF${header}\r\nTAZ-01;Tazza;eBay;350;12,5;10;8;691110;IT;Tazza in ceramica;no\r\nTEI-02;Teiera;eBay;mille;;;;12;ITA;;forse\r\nNON-ESISTE;;;100;;;;;;;\r\n`;
    const refused = await shop.api.importProductsCsv({ csv: Buffer.from(bad) });
    expect(refused).toMatchObject({ applied: false, updated: 0, message: '2 righe rifiutate: nessuna modifica applicata' });
    expect(refused.problems.map((p) => [p.row, p.column])).toEqual([
      [3, c.weightGrams],
      [3, c.hsCode],
      [3, c.originCountry],
      [3, c.shipsInOwnBox],
      [4, c.sku],
    ]);
    expect(refused.problems[0]!.message).toMatch(/grammi/);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM products WHERE merchant_id = $1 AND weight_grams IS NOT NULL', [shop.merchantId])).rows[0].n).toBe(0);

    // Commas as separators and decimal points are read too.
    const good = `${Object.values(c).join(',')}\nTAZ-01,Tazza,eBay,350,"12,5",10,8,691110,IT,Tazza in ceramica,sì\nTEI-02,Teiera,eBay,1200,,,,732393,CN,Teiera in ghisa,no\n`;
    const applied = await shop.api.importProductsCsv({ csv: Buffer.from(good) });
    expect(applied).toMatchObject({ applied: true, updated: 2, message: '2 prodotti aggiornati', problems: [] });
    const taz = (await shop.api.listProducts({ search: 'TAZ', missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: 10 })).products[0];
    expect(taz).toMatchObject({ weightGrams: 350, lengthMm: 125, widthMm: 100, heightMm: 80, hsCode: '691110', shipsInOwnBox: true });
    expect(await weightOf(shop.api, order!)).toEqual({ weightKg: 1.9, weightMissing: false, packageName: undefined });
    // The download shows centimetres with a decimal comma.
    expect(readCsv((await shop.api.exportProductsCsv({})).csv).rows[0]!.record[c.lengthCm]).toBe('12,5');
    expect(csvText((await shop.api.exportProductsCsv({})).csv)).toContain('sì');

    // Unreadable files: an Italian 400.
    for (const file of ['', 'SKU\n"TAZ-01', Buffer.from([0xff, 0xfe, 0x00]), 'SKU;Peso (g)\nTAZ-01;1\n']) {
      const r = await failure(shop.api.importProductsCsv({ csv: Buffer.from(file as string) }));
      expect(r.code).toBe(INVALID_ARGUMENT);
    }
  });
});

describe('filters and paging of the catalogue', () => {
  it('searches SKU and title, filters senza peso and senza dati doganali, pages', async () => {
    const shop = await stack.newMerchant();
    await imported(shop, [orderWith(51, [{ sku: 'A-1', title: 'Vaso' }, { sku: 'A-2', title: 'Piatto' }, { sku: 'B-1', title: 'Vaso grande' }])]);
    const q = (p: Partial<catalogue.ListProductsRequest>) => shop.api.listProducts({ search: '', missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: 20, ...p });
    expect((await q({ search: 'vaso' })).products.map((p) => p.sku)).toEqual(['A-1', 'B-1']);
    expect((await q({ search: 'a-' })).products.map((p) => p.sku)).toEqual(['A-1', 'A-2']);
    await shop.api.updateProduct(product({ id: await productId(shop, 'A-1'), weightGrams: 100, hsCode: '691200', originCountry: 'IT', customsDescription: 'Vaso' }));
    expect((await q({ missingWeight: true })).products.map((p) => p.sku)).toEqual(['A-2', 'B-1']);
    expect((await q({ missingCustoms: true })).products.map((p) => p.sku)).toEqual(['A-2', 'B-1']);
    expect((await q({ marketplace: 'ebay' })).meta?.totalItems).toBe(3);
    expect((await q({ marketplace: 'amazon' })).meta?.totalItems).toBe(0);
    const page2 = await q({ pageSize: 2, page: 2 });
    expect([page2.products.map((p) => p.sku), page2.meta?.totalPages]).toEqual([['B-1'], 2]);
    expect((await failure(q({ pageSize: 1000 }))).code).toBe(INVALID_ARGUMENT);
    expect((await failure(q({ marketplace: "'; drop" }))).code).toBe(INVALID_ARGUMENT);
    expect((await q({ search: '%_\\' })).products).toEqual([]);
  });
});
