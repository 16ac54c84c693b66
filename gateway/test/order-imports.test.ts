/**
 * CSV import of orders over real HTTP (issue 25): gateway → orders over gRPC → PostgreSQL, with the
 * orders service as its own process. A 10,000-row file (5,000 orders) previewed and imported as a
 * job; the orders service killed (kill -9) mid-import and started again: the job resumes and every
 * order is there once; the same file again creates nothing. Hostile input (NUL, a huge body, an
 * empty one, wrong types, another merchant's job) is a 4xx in Italian, never a 500.
 */
import { messages, ORDER_CSV_EXAMPLE, orderCsvMessages as m, type OrderImportJobJson, type OrderImportPreviewJson, type OrderPageJson } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { eventually, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

let app: TestApp;
let admin: Member;
let rival: Member;

const HEADER = 'numero_ordine;data_ordine;destinatario;email;telefono;indirizzo;indirizzo_2;cap;citta;provincia;paese;sku;articolo;quantita;prezzo_unitario;note';

/** 2n rows: `n` orders of two items each. */
function csvOf(prefix: string, n: number): string {
  const rows = [HEADER];
  for (let i = 1; i <= n; i++) {
    rows.push(`${prefix}-${i};2026-11-20;Cliente ${i};;;Via Roma ${i};;20121;Milano;MI;IT;SKU-${i};Tazza ${i};1;12,50;`);
    rows.push(`${prefix}-${i};;;;;;;;;;;;Piattino;2;3,90;`);
  }
  return rows.join('\n');
}

async function totalOrders(who: Member): Promise<number> {
  return (await who.b.get<OrderPageJson>('/api/orders')).body.meta.totalItems;
}

async function jobDone(who: Member, id: number, timeoutMs = 180_000): Promise<OrderImportJobJson> {
  let job: OrderImportJobJson | undefined;
  const ok = await eventually(async () => {
    const res = await who.b.get<OrderImportJobJson>(`/api/orders/imports/${id}`);
    job = res.status === 200 ? res.body : undefined;
    return job?.status === 'completed' || job?.status === 'failed';
  }, timeoutMs);
  expect({ ok, job }).toMatchObject({ ok: true });
  return job!;
}

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  admin = await registered(app.baseUrl);
  await ownMerchant(admin);
  rival = await registered(app.baseUrl);
  await ownMerchant(rival);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('CSV import of orders', () => {
  it('previews and imports 10,000 rows; a kill -9 of orders mid-import resumes without duplicates; the same file again creates nothing', async () => {
    const file = csvOf('K', 5000);
    const preview = await admin.b.post<OrderImportPreviewJson>('/api/orders/imports/preview', { fileName: 'grande.csv', content: file });
    expect(preview).toMatchObject({ status: 200, body: { rows: 10_000, orders: 5000, newOrders: 5000, problemCount: 0 } });

    const started = await admin.b.post<OrderImportJobJson>('/api/orders/imports', { fileName: 'grande.csv', content: file });
    expect(started).toMatchObject({ status: 202, body: { status: 'pending', totalOrders: 5000, fileName: 'grande.csv' } });
    const id = started.body.id;
    // Mid-import: some batches stored, not all.
    const midway = await eventually(async () => {
      const job = (await admin.b.get<OrderImportJobJson>(`/api/orders/imports/${id}`)).body;
      return job.processedOrders > 0 && job.processedOrders < 5000;
    }, 60_000);
    expect(midway).toBe(true);
    process.kill(app.services.orders!.pid!, 'SIGKILL');
    const job = await jobDone(admin, id);
    expect(job).toMatchObject({ status: 'completed', processedOrders: 5000, createdOrders: 5000, skippedOrders: 0 });
    expect(await totalOrders(admin)).toBe(5000);

    const again = await admin.b.post<OrderImportJobJson>('/api/orders/imports', { fileName: 'grande.csv', content: file });
    expect(await jobDone(admin, again.body.id)).toMatchObject({ status: 'completed', createdOrders: 0, skippedOrders: 5000 });
    expect(await totalOrders(admin)).toBe(5000);
    const marked = await admin.b.post<OrderImportPreviewJson>('/api/orders/imports/preview', { content: file });
    expect(marked.body).toMatchObject({ newOrders: 0, alreadyImportedCount: 5000 });
  }, 300_000);

  it("refuses a file with problems whole, in Italian, with nothing written", async () => {
    const before = await totalOrders(rival);
    const file = `${HEADER}\nP-1;;Giulia;;;Via Roma 1;;;Torino;;IT;;Tazza;1;1;\nP-2;;Marco;;;Via Po 2;;10100;Torino;;IT;;Piatto;1;1;`;
    const preview = await rival.b.post<OrderImportPreviewJson>('/api/orders/imports/preview', { content: file });
    expect(preview.body.problems).toEqual([{ row: 2, column: 'cap', message: 'Codice postale richiesto' }]);
    expect(await rival.b.post('/api/orders/imports', { content: file })).toMatchObject({ status: 400, body: { message: m.hasProblems(1) } });
    expect(await totalOrders(rival)).toBe(before);
  });

  it('answers hostile input with a 4xx in Italian, never a 500', async () => {
    const cases: [unknown, number, string][] = [
      [{ content: 'a\u0000b' }, 400, messages.validation.invalidCharacters],
      [{ content: '' }, 400, m.contentRequired],
      [{ content: '   ' }, 400, m.contentRequired],
      [{}, 400, m.contentRequired],
      [{ content: 42 }, 400, m.contentRequired],
      [{ content: ['a'] }, 400, m.contentRequired],
      [{ content: ORDER_CSV_EXAMPLE, fileName: { a: 1 } }, 400, m.fileNameInvalid],
      [{ content: 'numero_ordine;articolo\nA;B' }, 400, m.missingColumns(['destinatario', 'indirizzo', 'cap', 'citta', 'paese', 'quantita', 'prezzo_unitario'])],
      [{ content: `${HEADER}\n` }, 400, m.empty],
      [{ content: 'x'.repeat(3 * 1024 * 1024 + 10) }, 400, m.tooBig],
    ];
    for (const path of ['/api/orders/imports/preview', '/api/orders/imports']) {
      for (const [body, status, message] of cases) {
        const res = await rival.b.post(path, body);
        expect({ path, body: JSON.stringify(body).slice(0, 60), status: res.status, message: res.body?.message }).toEqual({ path, body: JSON.stringify(body).slice(0, 60), status, message });
      }
      const huge = await rival.b.post(path, { content: 'x'.repeat(8 * 1024 * 1024) });
      expect(huge.status).toBe(413);
      for (const raw of ['', '[]', '"testo"', 'null']) {
        const res = await rival.b.request('POST', path, raw);
        expect({ raw, status: res.status >= 400 && res.status < 500, message: typeof res.body?.message }).toEqual({ raw, status: true, message: 'string' });
      }
    }
    // Another merchant's job, an unknown one, a malformed id: the same 404.
    const own = await admin.b.post<OrderImportJobJson>('/api/orders/imports', { content: ORDER_CSV_EXAMPLE });
    expect(own.status).toBe(202);
    for (const id of [own.body.id, 999_999_999, 'abc', '1e3']) {
      expect(await rival.b.get(`/api/orders/imports/${id}`)).toMatchObject({ status: 404, body: { message: id === own.body.id || id === 999_999_999 ? m.importNotFound : expect.any(String) } });
    }
    expect(await totalOrders(rival)).toBe(0);
  });
});
