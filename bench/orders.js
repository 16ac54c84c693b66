// @ts-check
/**
 * Orders load test (`make bench` → scripts/bench.sh → node bench/orders.js, after run.js and carriers.js).
 *
 * Starts its own stack (`startStack('test')`: PostgreSQL, NATS and the sandboxes on the test ports +
 * BENCH_PORT_OFFSET, every service and the gateway from their dist), registers a user with a
 * merchant, then measures in the same run:
 *
 *   1. Import. A sandbox seller with BENCH_IMPORT_ORDERS orders (10,000):
 *        - bare: the same pages read straight from the eBay sandbox with a seller token (getOrders,
 *          limit 200, following `next`, each answer parsed): what reading alone costs;
 *        - end to end: the seller connected through the gateway (consent page, code exchanged by
 *          marketplaces), `POST /api/orders/sync/{id}`, until `GET /api/orders` counts every order:
 *          marketplaces reads the pages and writes one event per order to its outbox, the relay
 *          publishes them to JetStream, orders consumes them into its tables.
 *      Printed: orders/s of each, the ratio, CPU per order by process. Goal: ≥ 1,000 orders/s end to end.
 *   1b. Shipping rules, after the fill below, over the merchant's orders to ship: three letter-service carriers and
 *      four rules through the gateway, then `POST /api/shipping-rules/preview` (reads the same orders
 *      and runs the same engine, writes nothing: the baseline) and `POST /api/shipping-rules/assign-carriers`
 *      (the same plus one UPDATE and an event per order). Printed: orders, ms of each, the ratio, and
 *      ms per 10,000 orders. Goal: 'Assegna Corrieri' over 10,000 orders to ship under 5 s.
 *   2. List. A second seller brings the merchant to BENCH_LIST_ORDERS orders (100,000) through the
 *      same import, then autocannon with BENCH_CONNECTIONS (50) against the bare Express handler and
 *      `GET /api/orders` plain, filtered by status and sorted by total, searched, and filtered by
 *      marketplace and dates with a search. Printed: req/s, p50/p99 and their ratio to the bare
 *      handler, and the CPU per request of each answering process. Goal: p99 < 50 ms.
 *      BENCH_FILL=sql fills up without the second seller: the imported orders are copied in the orders
 *      database by SQL (new ids and external ids, their addresses and items; the counters' triggers
 *      run as for an import), in seconds instead of minutes, for measuring the list again and again.
 *
 * Writes the same as JSON to .tmp/bench/orders.json.
 *
 * Knobs (environment): BENCH_IMPORT_ORDERS (10000), BENCH_LIST_ORDERS (100000), BENCH_CONNECTIONS
 * (50), BENCH_DURATION_S (10), BENCH_WARMUP_S (2), BENCH_PORT_OFFSET (500), BENCH_LOG_LEVEL (warn),
 * BENCH_NO_TRACES (set: the services export no spans, to see what tracing costs), BENCH_IMPORT_ONLY
 * (set: part 1 alone, no fill, rules or list; the JSON then has the import only), BENCH_FILL (sync | sql),
 * BENCH_CPU_PROFILE (a folder: the gateway, identity, marketplaces, orders and shipments write V8 CPU
 * profiles there when the stack stops).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startStack, repoRoot } = require('@smista/local-stack');
const { ebaySandboxControl, ebaySellerTokens, EBAY_SANDBOX_APP } = require('@smista/sandboxes');
const { SELLER_PASSWORD, connectSeller, syncAndWait } = require('./ebay');
const { postgresPids, withCpu } = require('./cpu');
const { api, cannon, fmt, importFigures, importTable, intEnv, machineLine, portOffset, profileEnv, registerUser, renderTable, runBench, startBare } = require('./lib');

const settings = {
  importOrders: Math.max(200, intEnv('BENCH_IMPORT_ORDERS', 10_000)),
  listOrders: Math.max(1, intEnv('BENCH_LIST_ORDERS', 100_000)),
  connections: Math.max(1, intEnv('BENCH_CONNECTIONS', 50)),
  durationS: intEnv('BENCH_DURATION_S', 10),
  warmupS: intEnv('BENCH_WARMUP_S', 2),
  portOffset: portOffset(500),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
  fill: process.env.BENCH_FILL === 'sql' ? 'sql' : 'sync',
  importOnly: Boolean(process.env.BENCH_IMPORT_ONLY),
};
/**
 * Reads every order of a seller straight from the sandbox, page by page, as a bare client would
 * (no filter: eBay's default window, the last 90 days, the same as a first sync).
 * @param {string} ebayUrl @param {string} accessToken
 */
async function readAllPages(ebayUrl, accessToken) {
  let url = `${ebayUrl}/sell/fulfillment/v1/order?limit=200&offset=0`;
  let count = 0;
  for (;;) {
    const res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!res.ok) throw new Error(`getOrders: ${res.status} ${await res.text()}`);
    const body = await res.json();
    count += body.orders.length;
    if (!body.next) return count;
    url = new URL(body.next, ebayUrl).toString();
  }
}

/**
 * @param {string} name @param {{url: string, headers?: Record<string, string>}} target
 * @param {() => Record<string, number[]>} processes the answering processes, for CPU µs per request
 */
async function measureList(name, target, processes) {
  if (settings.warmupS > 0) await cannon(target, { connections: settings.connections, durationS: settings.warmupS });
  /** @type {{result: any, cpu: Record<string, number>}} */
  const { result: r, cpu } = await withCpu(processes, () => cannon(target, { connections: settings.connections, durationS: settings.durationS }));
  const total = Math.max(1, r.requests.total);
  const cpuUsPerRequest = Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, Math.round((ms * 1000) / total)]));
  const row = { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, meanMs: r.latency.average, total: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts, cpuUsPerRequest };
  process.stderr.write(`  ${name}: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms, CPU µs/req ${JSON.stringify(cpuUsPerRequest)}\n`);
  return row;
}

/**
 * BENCH_FILL=sql: brings the merchant to `wanted` orders by copying its imported ones inside the
 * orders database (each copy a new id and external id `<id>-c<n>`, its address and items copied
 * too), one statement per table. The counters' triggers run as for an import; no events are
 * written (the list only reads). Answers the orders added.
 * @param {string} databaseUrl @param {string} merchantId @param {number} have @param {number} wanted
 */
async function fillBySql(databaseUrl, merchantId, have, wanted) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    /** Every column of a table but those given, as the list to copy. */
    const columnsOf = async (/** @type {string} */ table, /** @type {string[]} */ except) => {
      const { rows } = await db.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position', [table]);
      return rows.map((r) => r.column_name).filter((c) => !except.includes(c));
    };
    const orderCols = await columnsOf('orders', ['id', 'external_id', 'search_text']);
    const addressCols = await columnsOf('shipping_addresses', ['id', 'order_id']);
    const itemCols = await columnsOf('order_items', ['id', 'order_id']);
    const copies = Math.ceil((wanted - have) / have);
    await db.query('BEGIN');
    await db.query(
      `CREATE TEMP TABLE fill_map ON COMMIT DROP AS
         SELECT o.id AS old_id, nextval(pg_get_serial_sequence('orders', 'id')) AS new_id, g.n
           FROM orders o CROSS JOIN generate_series(1, $2::int) g(n)
          WHERE o.merchant_id = $1 ORDER BY g.n, o.id LIMIT $3`,
      [merchantId, copies, wanted - have],
    );
    const list = (/** @type {string[]} */ cols, /** @type {string} */ alias) => cols.map((c) => `${alias}.${c}`).join(', ');
    const { rowCount } = await db.query(
      `INSERT INTO orders (id, external_id, search_text, ${orderCols.join(', ')})
       SELECT m.new_id, o.external_id || '-c' || m.n, o.search_text || ' ' || lower(o.external_id) || '-c' || m.n, ${list(orderCols, 'o')}
         FROM fill_map m JOIN orders o ON o.id = m.old_id`,
    );
    await db.query(
      `INSERT INTO shipping_addresses (order_id, ${addressCols.join(', ')})
       SELECT m.new_id, ${list(addressCols, 'a')} FROM fill_map m JOIN shipping_addresses a ON a.order_id = m.old_id`,
    );
    await db.query(
      `INSERT INTO order_items (order_id, ${itemCols.join(', ')})
       SELECT m.new_id, ${list(itemCols, 'i')} FROM fill_map m JOIN order_items i ON i.order_id = m.old_id`,
    );
    await db.query('COMMIT');
    await db.query('VACUUM ANALYZE orders, shipping_addresses, order_items, order_counts');
    return rowCount ?? 0;
  } finally {
    await db.end();
  }
}

/**
 * Two letter-service carriers and three rules, then the dry run and the assignment over the
 * merchant's orders to ship, each timed once through the gateway.
 * @param {string} baseUrl @param {string} cookie @param {string} merchantId
 */
async function measureRules(baseUrl, cookie, merchantId) {
  const carrier = async (/** @type {string} */ provider, /** @type {string} */ connectionName) =>
    (await api(baseUrl, cookie, 'POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider, connectionName, active: true })).id;
  const posta1 = await carrier('posta_1', 'Posta1');
  const raccomandata = await carrier('posta_rc', 'Raccomandata');
  const estero = await carrier('posta_rc_intl', 'Raccomandata Internazionale');
  await api(baseUrl, cookie, 'POST', '/api/shipping-rules', { name: 'Express', carrierIntegrationId: raccomandata, conditions: { is_express: true, destinations: 'IT' } });
  await api(baseUrl, cookie, 'POST', '/api/shipping-rules', { name: 'Italia fino a 50 €', carrierIntegrationId: posta1, conditions: { destinations: 'IT', price_max: 50 } });
  // The letter services ship within Italy only (issue 20's destinations): the orders abroad go international.
  await api(baseUrl, cookie, 'POST', '/api/shipping-rules', { name: 'Estero', carrierIntegrationId: estero, conditions: { exclude_destinations: 'IT' } });
  await api(baseUrl, cookie, 'POST', '/api/shipping-rules', { name: 'Predefinita', carrierIntegrationId: raccomandata });
  // Orders learns the carriers from their events: wait until every order finds a rule.
  for (const until = Date.now() + 30_000; ; ) {
    const preview = await api(baseUrl, cookie, 'POST', '/api/shipping-rules/preview', {});
    if (preview.summary.noMatch === 0) break;
    if (Date.now() > until) {
      const example = preview.orders?.find((/** @type {any} */ o) => o.outcome === 'no_match');
      throw new Error(`regole: ${preview.summary.noMatch} ordini senza regola dopo 30 s${example ? ` (per esempio ${example.externalId}, ${example.countryCode}: ${example.reasons.join('; ')})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  let started = performance.now();
  const preview = await api(baseUrl, cookie, 'POST', '/api/shipping-rules/preview', {});
  const previewMs = performance.now() - started;
  started = performance.now();
  const assigned = await api(baseUrl, cookie, 'POST', '/api/shipping-rules/assign-carriers');
  const assignMs = performance.now() - started;
  if (assigned.assigned !== preview.summary.assigned) throw new Error(`regole: l'anteprima diceva ${preview.summary.assigned}, assegnati ${assigned.assigned}`);
  return { orders: preview.summary.total, assigned: assigned.assigned, previewMs, assignMs };
}

async function main() {
  const machine = machineLine();
  process.stderr.write(`bench ordini: ${machine}\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  const profile = profileEnv();
  const stack = await startStack('test', {
    offset: settings.portOffset,
    env: { LOG_LEVEL: settings.logLevel, ...(process.env.BENCH_NO_TRACES ? { OTEL_EXPORTER_OTLP_ENDPOINT: '' } : {}) },
    componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel, ...profile }, identity: profile, marketplaces: profile, orders: profile, shipments: profile },
  });
  const bare = await startBare();
  const pidOf = (/** @type {string} */ name) => stack.app.services.filter((s) => s.name === name).map((s) => s.pid);
  try {
    const { cookie } = await registerUser(stack.baseUrl);
    const merchant = await api(stack.baseUrl, cookie, 'POST', '/api/merchants', { name: 'Bench Ordini' });
    await api(stack.baseUrl, cookie, 'POST', '/api/merchants/select', { merchantId: merchant.id });
    const control = ebaySandboxControl(stack.sandboxUrls.ebay);
    const importSeller = `bench_import_${Date.now().toString(36)}`;
    // The sandbox spreads orders over about 120 days and a first sync reads the last 90 (eBay's
    // default window): a third more orders gives about BENCH_IMPORT_ORDERS to import.
    const sellerOrders = (/** @type {number} */ n) => Math.ceil((n * 4) / 3);
    await control.addSeller({ username: importSeller, password: SELLER_PASSWORD, orders: sellerOrders(settings.importOrders), seed: 1 });

    // 1. Import: bare reading first (it also warms the sandbox's JSON of those orders), then end to end.
    process.stderr.write(`import: circa ${fmt(settings.importOrders)} ordini\n`);
    const tokens = await ebaySellerTokens(stack.sandboxUrls.ebay, { username: importSeller, password: SELLER_PASSWORD, app: EBAY_SANDBOX_APP });
    const bareStart = performance.now();
    const bareCount = await readAllPages(stack.sandboxUrls.ebay, tokens.access_token);
    const bareMs = performance.now() - bareStart;

    const integrationId = await connectSeller(stack.baseUrl, cookie, merchant.id, importSeller);
    const processes = () => ({
      marketplaces: pidOf('marketplaces'),
      orders: pidOf('orders'),
      // Follows every order's payment (orders.order.upserted): off the critical path, on the same cores.
      shipments: pidOf('shipments'),
      gateway: pidOf('gateway'),
      postgres: postgresPids(stack.infra.postgres.dataDir),
      bench: [process.pid],
    });
    const { result: imported, cpu } = await withCpu(processes, () => syncAndWait(stack.baseUrl, cookie, integrationId, 0));
    if (imported.found !== bareCount) throw new Error(`la sincronizzazione ha trovato ${imported.found} ordini, la lettura diretta ${bareCount}`);
    const importRow = importFigures(imported, { count: bareCount, ms: bareMs }, cpu);
    process.stderr.write(`  import: ${fmt(importRow.endToEndOrdersPerSecond)} ordini/s end to end, lettura diretta ${fmt(importRow.bareOrdersPerSecond)} ordini/s, CPU µs/ordine ${JSON.stringify(importRow.cpuUsPerOrder)}\n`);

    const importLines = importTable('import', 'bare read from the sandbox', importRow);
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    if (settings.importOnly) {
      process.stdout.write(`\n${machine}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n${importLines}\n`);
      fs.writeFileSync(path.join(dir, 'orders.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, import: importRow }, null, 2));
      return;
    }

    // 2. The list at BENCH_LIST_ORDERS orders: a second seller fills the merchant up.
    // Sellers of at most 70,000 orders in the window (the sandbox's limit is 100,000 per seller).
    let fillSeconds = 0;
    let listOrders = imported.found;
    if (settings.fill === 'sql' && listOrders < settings.listOrders) {
      process.stderr.write(`riempimento per SQL: altri ${fmt(settings.listOrders - listOrders)} ordini copiati...\n`);
      const started = performance.now();
      listOrders += await fillBySql(stack.app.databases.orders, merchant.id, listOrders, settings.listOrders);
      fillSeconds = (performance.now() - started) / 1000;
      process.stderr.write(`  ${fmt(listOrders)} ordini in ${fmt(fillSeconds, 1)} s\n`);
    }
    for (let part = 2; listOrders < settings.listOrders; part++) {
      const chunk = Math.min(settings.listOrders - listOrders, 70_000);
      process.stderr.write(`riempimento: circa altri ${fmt(chunk)} ordini...\n`);
      const fillSeller = `bench_fill${part}_${Date.now().toString(36)}`;
      await control.addSeller({ username: fillSeller, password: SELLER_PASSWORD, orders: sellerOrders(chunk), seed: part });
      const fillId = await connectSeller(stack.baseUrl, cookie, merchant.id, fillSeller);
      const filled = await syncAndWait(stack.baseUrl, cookie, fillId, listOrders);
      fillSeconds += filled.ms / 1000;
      listOrders += filled.found;
    }
    // 1b. Shipping rules over the merchant's orders to ship (about 12,000 of the 100,000: the sandbox's
    // older orders are shipped): the dry run (no writes) beside the assignment.
    // Not over copies (BENCH_FILL=sql): their rules' plan is not the imported orders' one.
    const rules = settings.fill === 'sql' ? null : await measureRules(stack.baseUrl, cookie, merchant.id);
    if (rules) process.stderr.write(`  regole: anteprima ${fmt(rules.previewMs)} ms, assegnazione ${fmt(rules.assignMs)} ms su ${fmt(rules.orders)} ordini da spedire\n`);

    const headers = { cookie };
    const since = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    process.stderr.write(`elenco: ${settings.connections} connessioni, ${settings.warmupS} s + ${settings.durationS} s per obiettivo\n`);
    const listProcesses = () => ({
      gateway: pidOf('gateway'),
      identity: pidOf('identity'),
      orders: pidOf('orders'),
      postgres: postgresPids(stack.infra.postgres.dataDir),
    });
    const rows = [
      await measureList('bare Express handler', { url: `http://127.0.0.1:${bare.port}/` }, () => ({ bare: [bare.pid] })),
      await measureList('GET /api/orders', { url: `${stack.baseUrl}/api/orders`, headers }, listProcesses),
      await measureList('?status=TO_SHIP&sortBy=total', { url: `${stack.baseUrl}/api/orders?status=TO_SHIP&sortBy=total&sortOrder=desc`, headers }, listProcesses),
      await measureList('?search=rossi', { url: `${stack.baseUrl}/api/orders?search=rossi`, headers }, listProcesses),
      await measureList('?marketplace&startDate&search', { url: `${stack.baseUrl}/api/orders?marketplace=ebay&startDate=${since}&search=mar&page=2`, headers }, listProcesses),
    ];

    const base = rows[0];
    const ms = (/** @type {number} */ v) => fmt(v, v < 10 ? 1 : 0);
    const listTable = renderTable(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'req/s vs bare', 'p99 vs bare', 'non-2xx', 'errors', 'CPU µs/req by process'],
      rows.map((r) => [
        r.name,
        fmt(r.rps),
        ms(r.p50),
        ms(r.p99),
        fmt(r.meanMs, 2),
        `${fmt((100 * r.rps) / base.rps, 1)} %`,
        base.p99 > 0 ? `${fmt(r.p99 / base.p99, 1)}×` : '-',
        String(r.non2xx),
        String(r.errors),
        Object.entries(r.cpuUsPerRequest)
          .map(([k, v]) => `${k} ${fmt(v)}`)
          .join(' · '),
      ]),
    );
    const per10k = (/** @type {number} */ v) => fmt((v * 10_000) / Math.max(1, rules?.orders ?? 1));
    const rulesTable = rules
      ? renderTable(
          ['shipping rules', 'orders to ship', 'ms', 'ms per 10,000', 'vs dry run'],
          [
            ['POST /api/shipping-rules/preview (dry run, no writes)', fmt(rules.orders), fmt(rules.previewMs), per10k(rules.previewMs), '1.0×'],
            [`POST /api/shipping-rules/assign-carriers (${fmt(rules.assigned)} assigned)`, fmt(rules.orders), fmt(rules.assignMs), per10k(rules.assignMs), `${fmt(rules.assignMs / rules.previewMs, 1)}×`],
          ],
        )
      : 'shipping rules: not measured over copied orders (BENCH_FILL=sql)';
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    process.stdout.write(
      `\n${machine}, load average ${load}\n\n${importLines}\n\n${rulesTable}\n\n${fmt(listOrders)} orders in the merchant (filled in ${fmt(fillSeconds, 1)} s), ${settings.connections} connections, ${settings.durationS} s per target after ${settings.warmupS} s warm-up\n\n${listTable}\n`,
    );
    fs.writeFileSync(path.join(dir, 'orders.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, import: importRow, rules, listOrders, fillSeconds, list: rows }, null, 2));
    const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length) process.stderr.write(`attenzione: risposte non 2xx o errori per ${failed.map((r) => r.name).join(', ')}\n`);
  } finally {
    await bare.stop();
    await stack.stop();
  }
}

runBench('ordini', main);
