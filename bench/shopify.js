// @ts-check
/**
 * Shopify load test (`make bench` → scripts/bench.sh → node bench/shopify.js; issue 22).
 *
 * Starts its own stack (`startStack('test')`: PostgreSQL, NATS and the sandboxes on the test ports +
 * BENCH_PORT_OFFSET, every service and the gateway from their dist), registers a user with a
 * merchant, then measures in the same run:
 *
 *   1. Import. A Shopify sandbox shop with BENCH_SHOPIFY_ORDERS orders (10,000), its cost bucket
 *      lifted (`limits`) so that both sides measure themselves, not Shopify's plan:
 *        - bare: the same GraphQL queries the adapter sends (its ORDERS_QUERY, as many orders a query
 *          as Shopify's 1,000-point cap allows), read straight from the sandbox with a token of the
 *          shop, following the cursors, each answer parsed;
 *        - end to end: the shop installed through the gateway (install page, the signed callback to
 *          marketplaces), `POST /api/orders/sync/{id}`, until `GET /api/orders` counts every order.
 *      Printed: orders/s of each, the ratio, CPU per order by process. Goal: ≥ 1,000 orders/s end to
 *      end. Beside them, what Shopify's own plans allow a reader of these queries (points restored a
 *      second ÷ points an order costs): the ceiling a real shop puts on any client.
 *   2. Webhooks. BENCH_SHOPIFY_WEBHOOKS (50) new orders, one at a time, made on the shop through its
 *      control endpoint: the sandbox sends `orders/create`, signed, to the gateway's public
 *      `/api/webhooks/shopify`; each timed from the order's creation until `GET /api/orders` finds
 *      it. Printed: p50, p99, max. Goal: p99 < 1 s.
 *
 * Writes the same as JSON to .tmp/bench/shopify.json. Knobs: BENCH_SHOPIFY_ORDERS, BENCH_SHOPIFY_WEBHOOKS,
 * BENCH_PORT_OFFSET (700), BENCH_LOG_LEVEL (warn), BENCH_CPU_PROFILE (as bench/orders.js).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startStack, repoRoot } = require('@smista/local-stack');
const { SHOPIFY_PLANS, SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl } = require('@smista/sandboxes');
const { syncAndWait } = require('./ebay');
const { connectMarketplace } = require('./marketplaces');
const { postgresPids, withCpu } = require('./cpu');
const { api, fmt, importFigures, importTable, intEnv, machineLine, percentile, portOffset, profileEnv, registerUser, renderTable, runBench } = require('./lib');

const settings = {
  orders: Math.max(100, intEnv('BENCH_SHOPIFY_ORDERS', 10_000)),
  webhooks: Math.max(1, intEnv('BENCH_SHOPIFY_WEBHOOKS', 50)),
  portOffset: portOffset(700),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};
/** The adapter's own query documents and costs (the build the stack runs). */
const shopifyBuild = require(path.join(repoRoot, 'services/marketplaces/dist/adapters/shopify/build.js'));
const API_VERSION = '2026-10';
/** A bucket no bench reaches: the sandbox then never throttles, whichever side reads. */
const LIFTED_LIMITS = { restoreRate: 1_000_000, maximumAvailable: 1_000_000 };
const OWNER_PASSWORD = 'BenchShopify1!';

/**
 * The owner installs Smista's app on the shop from a consent URL the gateway issued; answers the
 * callback's query (code, hmac, host, shop, state, timestamp).
 * @param {string} baseUrl @param {string} cookie @param {string} shop @param {string} email
 */
async function install(baseUrl, cookie, shop, email) {
  const params = await api(baseUrl, cookie, 'GET', `/api/marketplace/shopify/oauth-params?shop=${encodeURIComponent(shop)}`);
  const callback = new URL(await shopifyInstallAs(params.consentUrl, { email, password: OWNER_PASSWORD }));
  return Object.fromEntries(callback.searchParams);
}

/**
 * Reads every order of the shop as the adapter's queries do, with a token of its own: the bare side.
 * @param {string} shopBase `<sandbox>/store/<shop>` @param {string} token
 */
async function readAllPages(shopBase, token) {
  let after = null;
  let count = 0;
  for (;;) {
    const res = await fetch(`${shopBase}/admin/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query: shopifyBuild.ORDERS_QUERY, variables: { first: shopifyBuild.MAX_ORDERS_PER_QUERY, after, query: '', sortKey: 'CREATED_AT' } }),
    });
    const body = await res.json();
    if (!res.ok || body.errors) throw new Error(`orders: ${res.status} ${JSON.stringify(body.errors ?? body)}`);
    count += body.data.orders.nodes.length;
    if (!body.data.orders.pageInfo.hasNextPage) return count;
    after = body.data.orders.pageInfo.endCursor;
  }
}

async function main() {
  const machine = machineLine();
  process.stderr.write(`bench Shopify: ${machine}\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  const profile = profileEnv();
  const stack = await startStack('test', {
    offset: settings.portOffset,
    env: { LOG_LEVEL: settings.logLevel },
    componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel, ...profile }, marketplaces: profile, orders: profile, shipments: profile },
  });
  const pidOf = (/** @type {string} */ name) => stack.app.services.filter((s) => s.name === name).map((s) => s.pid);
  try {
    const { cookie } = await registerUser(stack.baseUrl);
    const merchant = await api(stack.baseUrl, cookie, 'POST', '/api/merchants', { name: 'Bench Shopify' });
    await api(stack.baseUrl, cookie, 'POST', '/api/merchants/select', { merchantId: merchant.id });
    const shopifyUrl = stack.sandboxUrls.shopify;
    if (!shopifyUrl) throw new Error('sandbox Shopify assente dallo stack');
    const control = shopifySandboxControl(shopifyUrl);
    const shop = `bench-${Date.now().toString(36)}.myshopify.com`;
    const email = `titolare@${shop}`;
    await control.addShop({ shop, email, password: OWNER_PASSWORD, orders: settings.orders, seed: 1, plan: 'plus', limits: LIFTED_LIMITS });
    // Smista's app delivers its webhooks to this stack's public route (the app's configured address).
    await control.registerApp({ ...SHOPIFY_SANDBOX_APP, webhookUri: `${stack.baseUrl}/api/webhooks/shopify` });

    // 1. Import: a token of the shop for the bare reader (its own install, code exchanged here), then the gateway's.
    process.stderr.write(`import: ${fmt(settings.orders)} ordini Shopify\n`);
    const own = await install(stack.baseUrl, cookie, shop, email);
    const exchanged = await fetch(`${shopifyUrl}/store/${shop}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, code: own.code }),
    });
    if (!exchanged.ok) throw new Error(`token: ${exchanged.status} ${await exchanged.text()}`);
    const { access_token: token } = await exchanged.json();
    const bareStart = performance.now();
    const bareCount = await readAllPages(`${shopifyUrl}/store/${shop}`, token);
    const bareMs = performance.now() - bareStart;

    const integrationId = await connectMarketplace(stack.baseUrl, cookie, merchant.id, 'shopify', (url) => shopifyInstallAs(url, { email, password: OWNER_PASSWORD }), shop);
    const processes = () => ({
      marketplaces: pidOf('marketplaces'),
      orders: pidOf('orders'),
      shipments: pidOf('shipments'),
      gateway: pidOf('gateway'),
      postgres: postgresPids(stack.infra.postgres.dataDir),
      bench: [process.pid],
    });
    const { result: imported, cpu } = await withCpu(processes, () => syncAndWait(stack.baseUrl, cookie, integrationId, 0));
    if (imported.found !== bareCount) throw new Error(`la sincronizzazione ha trovato ${imported.found} ordini, la lettura diretta ${bareCount}`);
    const importRow = importFigures(imported, { count: bareCount, ms: bareMs }, cpu);
    process.stderr.write(`  import: ${fmt(importRow.endToEndOrdersPerSecond)} ordini/s end to end, lettura diretta ${fmt(importRow.bareOrdersPerSecond)} ordini/s\n`);
    // What Shopify's plans let any client read with these queries (points restored a second ÷ points an order).
    const planCeilings = Object.fromEntries(Object.entries(SHOPIFY_PLANS).map(([plan, limits]) => [plan, limits.restoreRate / shopifyBuild.ORDER_COST]));

    // 2. Webhooks: a new order on the shop, until the orders list finds it.
    process.stderr.write(`webhook: ${settings.webhooks} nuovi ordini, uno alla volta\n`);
    /** @type {number[]} */
    const latencies = [];
    for (let i = 0; i < settings.webhooks; i++) {
      const started = performance.now();
      const [made] = await control.addOrders(shop, 1, `webhook-${i}`);
      if (!made) throw new Error('il sandbox non ha creato l’ordine');
      for (const until = Date.now() + 30_000; ; ) {
        const page = await api(stack.baseUrl, cookie, 'GET', `/api/orders?marketplace=shopify&search=${encodeURIComponent(made.legacyResourceId)}&pageSize=1&_t=${Date.now()}`);
        if (page.meta.totalItems > 0) break;
        if (Date.now() > until) throw new Error(`ordine ${made.legacyResourceId} non visibile dopo 30 s: webhook non arrivato?`);
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - started);
    }
    const webhookRow = { deliveries: latencies.length, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), maxMs: Math.max(...latencies) };

    const importLines = importTable(
      'Shopify import',
      'bare read from the sandbox (the adapter’s queries)',
      importRow,
      Object.entries(planCeilings).map(([plan, perSecond]) => [`Shopify's own limit, plan ${plan} (restore rate ÷ ${shopifyBuild.ORDER_COST} points an order)`, fmt(perSecond), '-', '-']),
    );
    const webhookTable = renderTable(
      ['webhook → order in the list', 'deliveries', 'p50 ms', 'p99 ms', 'max ms'],
      [['orders/create to GET /api/orders', String(webhookRow.deliveries), fmt(webhookRow.p50Ms), fmt(webhookRow.p99Ms), fmt(webhookRow.maxMs)]],
    );
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    process.stdout.write(`\n${machine}, load average ${load}\n\n${importLines}\n\n${webhookTable}\n`);
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'shopify.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, import: importRow, planCeilings, webhooks: webhookRow }, null, 2));
  } finally {
    await stack.stop();
  }
}

runBench('Shopify', main);
