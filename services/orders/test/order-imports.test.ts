/**
 * CSV import of orders (issue 25) against the real orders service: the preview's problems by row
 * and column and the orders already imported; a job with progress stored in batches by the
 * worker, the rules applied as on import, `orders.order.upserted` for each new order; the same
 * file twice creates nothing new; tenancy of the job.
 */
import { ordersEvents } from '@smista/proto';
import { GrpcStatus } from '@smista/service-kit';
import { manualOrderMessages, ORDER_CSV_EXAMPLE, orderCsvMessages as m, shipmentMessages } from '@smista/contracts';
import { carrierIntegration, failure, GLS_ACCOUNT, publishedEvents, startOrdersStack, waitFor, type OrdersStack } from './support/harness';

let stack: OrdersStack;

beforeAll(async () => {
  stack = await startOrdersStack();
}, 120_000);
afterAll(() => stack?.stop(), 30_000);

const HEADER = 'numero_ordine;data_ordine;destinatario;email;telefono;indirizzo;indirizzo_2;cap;citta;provincia;paese;sku;articolo;quantita;prezzo_unitario;note';

/** A file of `n` orders of two items each (2n rows), numbered `${prefix}-1`..., every fifth to Germany. */
function csvOf(prefix: string, n: number): string {
  const rows = [HEADER];
  for (let i = 1; i <= n; i++) {
    const abroad = i % 5 === 0;
    rows.push(`${prefix}-${i};2026-11-${String((i % 28) + 1).padStart(2, '0')};Cliente ${i};c${i}@example.it;;Via Roma ${i};;${abroad ? '10115' : '20121'};${abroad ? 'Berlin' : 'Milano'};;${abroad ? 'DE' : 'IT'};SKU-${i};Tazza ${i};1;12,50;${i === 1 ? 'Fragile' : ''}`);
    rows.push(`${prefix}-${i};;;;;;;;;;;;Piattino;2;3.90;`);
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

async function finished(api: Awaited<ReturnType<OrdersStack['newMerchant']>>['api'], id: number) {
  const seen: number[] = [];
  const job = await waitFor('the import job', async () => {
    const j = await api.getOrderImport({ id });
    seen.push(j.processedOrders);
    return j.status === 'completed' || j.status === 'failed' ? j : undefined;
  }, 60_000);
  return { job, seen };
}

describe('CSV import of orders', () => {
  it("previews the example file: what would be created, and nothing written", async () => {
    const shop = await stack.newMerchant();
    const preview = await shop.api.previewOrderImport({ content: ORDER_CSV_EXAMPLE });
    expect(preview).toMatchObject({ rows: 3, orders: 2, newOrders: 2, alreadyImportedCount: 0, problemCount: 0, problems: [] });
    expect(preview.sample).toEqual([
      { externalId: 'NEG-1001', recipientName: 'Giulia Bianchi', city: 'Torino', countryCode: 'IT', items: 1, total: '25.00' },
      { externalId: 'NEG-1002', recipientName: 'Marco Verdi', city: 'Milano', countryCode: 'IT', items: 2, total: '50.60' },
    ]);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM orders WHERE merchant_id = $1', [shop.merchantId])).rows[0].n).toBe(0);
  });

  it("says each row's problems by row and column, and refuses to import such a file (nothing written)", async () => {
    const shop = await stack.newMerchant();
    const file = [HEADER, 'B-1;;Giulia;;;Via Roma 1;;;Torino;;IT;;Tazza;0;12,50;', 'B-2;;Marco;;;Via Po 2;;10100;Torino;;IT;;Piatto;1;1;'].join('\n');
    const preview = await shop.api.previewOrderImport({ content: file });
    expect(preview).toMatchObject({ rows: 2, orders: 1, newOrders: 1, problemCount: 2 });
    expect(preview.problems).toEqual([
      { row: 2, column: 'cap', message: shipmentMessages.postalCodeRequired },
      { row: 2, column: 'quantita', message: manualOrderMessages.quantityInvalid },
    ]);
    const refused = await failure(shop.api.startOrderImport({ fileName: 'ordini.csv', content: file }));
    expect(refused).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: m.hasProblems(1) });
    for (const bad of ['', 'numero_ordine;articolo\nA;B', `${HEADER}\nA\u0000`]) {
      expect((await failure(shop.api.previewOrderImport({ content: bad }))).code).toBe(GrpcStatus.INVALID_ARGUMENT);
    }
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM order_imports WHERE merchant_id = $1', [shop.merchantId])).rows[0].n).toBe(0);
  });

  it('imports 1,000 orders as a job with progress, rules applied as on import; the same file again creates nothing new and the preview marks them', async () => {
    const shop = await stack.newMerchant();
    const gls = (await carrierIntegration(shop, { provider: 'gls', connectionName: 'GLS Milano', active: true, credentials: GLS_ACCOUNT })).id;
    await waitFor('the carrier in orders', async () => (await stack.pool.query('SELECT 1 FROM carrier_integrations WHERE merchant_id = $1', [shop.merchantId])).rows.length > 0 || undefined);
    await shop.api.createShippingRule({ name: 'Germania con GLS', carrierIntegrationId: gls, conditions: { destinations: ['DE'], excludeDestinations: [], productCategories: [] } });
    const file = csvOf('C', 1000);

    const started = await shop.api.startOrderImport({ fileName: 'negozio.csv', content: file });
    expect(started).toMatchObject({ status: 'pending', fileName: 'negozio.csv', totalOrders: 1000, processedOrders: 0 });
    const { job, seen } = await finished(shop.api, started.id);
    expect(job).toMatchObject({ status: 'completed', totalOrders: 1000, processedOrders: 1000, createdOrders: 1000, skippedOrders: 0 });
    expect(job.finishedAt).not.toBe('');
    // The progress moved by batches (never backwards).
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const { rows } = await stack.pool.query(
      `SELECT o.external_id, o.marketplace, o.integration_id, o.items_count, o.total::text, o.carrier_integration_id, o.notes, a.country_code
         FROM orders o JOIN shipping_addresses a ON a.order_id = o.id WHERE o.merchant_id = $1 ORDER BY o.id`,
      [shop.merchantId],
    );
    expect(rows).toHaveLength(1000);
    expect(rows[0]).toMatchObject({ external_id: 'C-1', marketplace: 'manual', integration_id: '0', items_count: 3, total: '20.30', notes: 'Fragile', country_code: 'IT', carrier_integration_id: null });
    expect(rows.filter((r) => r.country_code === 'DE').every((r) => Number(r.carrier_integration_id) === gls)).toBe(true);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM order_import_rows WHERE import_id = $1', [started.id])).rows[0].n).toBe(0);
    const upserted = (await publishedEvents(stack.pool)).filter((e) => e.subject === 'orders.order.upserted').map((e) => ordersEvents.OrderUpserted.decode(e.payload)).filter((e) => e.merchantId === shop.merchantId);
    expect(upserted.filter((e) => e.created)).toHaveLength(1000);

    const preview = await shop.api.previewOrderImport({ content: file });
    expect(preview).toMatchObject({ orders: 1000, newOrders: 0, alreadyImportedCount: 1000 });
    expect(preview.alreadyImported.slice(0, 2)).toEqual(['C-1', 'C-2']);
    const again = await shop.api.startOrderImport({ fileName: 'negozio.csv', content: file });
    expect((await finished(shop.api, again.id)).job).toMatchObject({ status: 'completed', createdOrders: 0, skippedOrders: 1000 });
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM orders WHERE merchant_id = $1', [shop.merchantId])).rows[0].n).toBe(1000);
    const after = (await publishedEvents(stack.pool)).filter((e) => e.subject === 'orders.order.upserted').map((e) => ordersEvents.OrderUpserted.decode(e.payload)).filter((e) => e.merchantId === shop.merchantId);
    expect(after).toHaveLength(upserted.length);
    // One orders.import.finished per job, with its totals: the activity's line.
    const finishedEvents = (await publishedEvents(stack.pool)).filter((e) => e.subject === 'orders.import.finished').map((e) => ordersEvents.OrderImportFinished.decode(e.payload)).filter((e) => e.merchantId === shop.merchantId);
    expect(finishedEvents.map((e) => [e.importId, e.fileName, e.createdOrders, e.skippedOrders])).toEqual([
      [started.id, 'negozio.csv', 1000, 0],
      [again.id, 'negozio.csv', 0, 1000],
    ]);
  }, 120_000);

  it("keeps a job to its merchant: another merchant's member gets NOT_FOUND, and a member with role user imports too", async () => {
    const shop = await stack.newMerchant();
    const { api } = await shop.member();
    const job = await api.startOrderImport({ fileName: '', content: ORDER_CSV_EXAMPLE });
    const stranger = await stack.newMerchant();
    expect(await failure(stranger.api.getOrderImport({ id: job.id }))).toEqual({ code: GrpcStatus.NOT_FOUND, details: m.importNotFound });
    expect((await failure(shop.api.getOrderImport({ id: 0 }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await finished(shop.api, job.id)).job).toMatchObject({ status: 'completed', createdOrders: 2 });
  });
});
