// @ts-check
/**
 * CSV import of orders (issue 25; `make bench` → scripts/bench.sh → node bench/csv-import.js).
 *
 * Starts its own stack (`startStack('test')`), registers a user with a merchant, makes a file of
 * BENCH_CSV_ROWS rows (10,000: half the orders with one item, half with two, `;` and decimal
 * commas, a BOM) and times, through the gateway as the import screen does it:
 *
 *   - the preview (`POST /api/orders/imports/preview`: read, every order checked, the numbers
 *     already there looked up);
 *   - the import (`POST /api/orders/imports`, then `GET /api/orders/imports/:id` every 100 ms until
 *     the job is completed: every order stored as an import is, with its rules and its event).
 *
 * Beside them, in the same run: the same file parsed alone with csv-parse (the floor of any reading),
 * and read and checked by the orders service's own `readOrdersCsv` in this process (the preview
 * without HTTP, gRPC and the database). Printed: rows per second of each. Written to
 * .tmp/bench/csv-import.json. Knobs: BENCH_CSV_ROWS (10000), BENCH_PORT_OFFSET (1850),
 * BENCH_LOG_LEVEL (warn).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parse } = require('csv-parse/sync');
const { startStack, repoRoot } = require('@smista/local-stack');
const { api, fmt, intEnv, machineLine, portOffset, registerUser, renderTable, runBench } = require('./lib');

const settings = {
  rows: Math.max(100, intEnv('BENCH_CSV_ROWS', 10_000)),
  portOffset: portOffset(1850),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

const HEADER = 'numero_ordine;data_ordine;destinatario;email;telefono;indirizzo;indirizzo_2;cap;citta;provincia;paese;sku;articolo;quantita;prezzo_unitario;note';

/** `rows` rows: orders of one item and of two in turn. @param {number} rows */
function fileOf(rows) {
  const lines = [HEADER];
  for (let i = 1; lines.length <= rows; i++) {
    lines.push(`B-${i};20/11/2026;Cliente ${i};cliente${i}@example.it;+39 333 000${i % 10000};Via Roma ${i};;20121;Milano;MI;IT;SKU-${i};Tazza ${i};1;12,50;`);
    if (i % 2 === 0 && lines.length <= rows) lines.push(`B-${i};;;;;;;;;;;;Piattino;2;3,90;`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Milliseconds `work` takes. @param {() => Promise<unknown> | unknown} work */
async function timed(work) {
  const started = performance.now();
  const answer = await work();
  return { ms: performance.now() - started, answer };
}

async function main() {
  const machine = machineLine();
  const content = fileOf(settings.rows);
  process.stderr.write(`bench CSV: ${machine}\n${settings.rows} righe (${fmt(Buffer.byteLength(content) / 1024, 0)} kB); avvio dello stack (porte di test + ${settings.portOffset})...\n`);

  // The baselines, in this process.
  const parsed = await timed(() => parse(content, { delimiter: ';', bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }));
  const { readOrdersCsv } = require(path.join(repoRoot, 'services/orders/dist/domain/order-csv-import.js'));
  const checked = await timed(() => readOrdersCsv(content));
  if (!checked.answer.ok || checked.answer.problems.length > 0) throw new Error('il file del bench ha problemi');
  const orders = checked.answer.orders.length;

  const stack = await startStack('test', { offset: settings.portOffset, env: { LOG_LEVEL: settings.logLevel }, componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false' } } });
  try {
    const base = stack.baseUrl;
    const { cookie } = await registerUser(base);
    const merchant = await api(base, cookie, 'POST', '/api/merchants', { name: 'Bench CSV' });
    await api(base, cookie, 'POST', '/api/merchants/select', { merchantId: merchant.id });
    const body = { fileName: 'bench.csv', content };

    const preview = await timed(() => api(base, cookie, 'POST', '/api/orders/imports/preview', body));
    if (preview.answer.newOrders !== orders) throw new Error(`anteprima: ${JSON.stringify(preview.answer).slice(0, 300)}`);
    const imported = await timed(async () => {
      const job = await api(base, cookie, 'POST', '/api/orders/imports', body);
      for (;;) {
        const now = await api(base, cookie, 'GET', `/api/orders/imports/${job.id}`);
        if (now.status === 'completed' || now.status === 'failed') return now;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    if (imported.answer.status !== 'completed' || imported.answer.createdOrders !== orders) throw new Error(`importazione: ${JSON.stringify(imported.answer)}`);
    const again = await timed(() => api(base, cookie, 'POST', '/api/orders/imports/preview', body));

    const perSecond = (/** @type {number} */ ms) => (settings.rows / ms) * 1000;
    const result = {
      rows: settings.rows,
      orders,
      parseOnlyRowsPerS: perSecond(parsed.ms),
      readAndCheckRowsPerS: perSecond(checked.ms),
      previewRowsPerS: perSecond(preview.ms),
      previewAgainRowsPerS: perSecond(again.ms),
      importRowsPerS: perSecond(imported.ms),
      importOrdersPerS: (orders / imported.ms) * 1000,
      ms: { parse: parsed.ms, readAndCheck: checked.ms, preview: preview.ms, previewAgain: again.ms, import: imported.ms },
    };
    const row = (/** @type {string} */ label, /** @type {number} */ ms) => [label, fmt(ms, 0), fmt(perSecond(ms), 0), `${fmt(ms / parsed.ms, 1)}×`];
    const table = renderTable(
      ['step (the same file)', 'ms', 'rows/s', '÷ parse alone'],
      [
        row('baseline: csv-parse alone, in process', parsed.ms),
        row("readOrdersCsv (parse + every order checked), in process", checked.ms),
        row('preview through the gateway (POST /api/orders/imports/preview)', preview.ms),
        row('preview again (every order already there)', again.ms),
        row(`import through the gateway, start to completed job (${orders} orders)`, imported.ms),
      ],
    );
    process.stdout.write(`\n${machine}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n${table}\n`);
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'csv-import.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, result }, null, 2));
  } finally {
    await stack.stop();
  }
}

runBench('CSV', main);
