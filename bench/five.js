// @ts-check
/**
 * One merchant, five marketplaces, one sync of each at once (`make bench` → scripts/bench.sh → node
 * bench/five.js; issue 23).
 *
 * Starts its own stack (`startStack('test')`, the sandboxes at their providers' own limits: Amazon's
 * usage plans, Etsy's quotas, Shopify's cost bucket of the Plus plan), registers a user with a
 * merchant, and gives the sandboxes a seller each of about BENCH_FIVE_ORDERS orders: an eBay seller,
 * a Shopify shop, an Amazon seller, an Etsy shop and an AliExpress seller. The merchant connects
 * each through the gateway as the screens do (the consent pages), then starts the five syncs at the
 * same moment and waits until the orders list counts every order they found.
 *
 * Printed: per marketplace the orders found, the provider calls and the calls refused by the
 * provider's own limits (goal: none; eBay's and AliExpress's sandboxes model no limit, only faults),
 * and the orders a second end to end of the five together. Written to .tmp/bench/five.json; any call
 * refused by a limit fails the bench. Knobs: BENCH_FIVE_ORDERS (500), BENCH_PORT_OFFSET (800),
 * BENCH_LOG_LEVEL (warn).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startStack, repoRoot } = require('@smista/local-stack');
const {
  aliexpressAuthorizeAs,
  aliexpressSandboxControl,
  amazonAuthorizeAs,
  amazonSandboxControl,
  ebaySandboxControl,
  etsyAuthorizeAs,
  etsySandboxControl,
  shopifyInstallAs,
  shopifySandboxControl,
} = require('@smista/sandboxes');
const { SELLER_PASSWORD, connectSeller } = require('./ebay');
const { connectMarketplace } = require('./marketplaces');
const { api, fmt, intEnv, machineLine, portOffset, registerUser, renderTable, runBench } = require('./lib');

const settings = {
  orders: Math.max(10, intEnv('BENCH_FIVE_ORDERS', 500)),
  portOffset: portOffset(800),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

/** What a provider's control says of the calls it served: all of them, and those its own limits refused. */
/** @typedef {{ calls: number, limited: number | null }} CallCount */

/**
 * Each marketplace of the bench: its seller made on the sandbox, the connection, and its calls.
 * @param {Record<string, string>} urls the stack's sandboxes @param {string} run
 */
function marketplaces(urls, run) {
  const login = { email: `titolare-${run}@cinque.it`, password: SELLER_PASSWORD };
  const ebaySeller = `bench_cinque_${run}`;
  const shop = `bench-cinque-${run}.myshopify.com`;
  const need = (/** @type {string} */ name) => {
    const url = urls[name];
    if (!url) throw new Error(`sandbox ${name} assente dallo stack`);
    return url;
  };
  const ebay = ebaySandboxControl(need('ebay'));
  const shopify = shopifySandboxControl(need('shopify'));
  const amazon = amazonSandboxControl(need('amazon'));
  const etsy = etsySandboxControl(need('etsy'));
  const aliexpress = aliexpressSandboxControl(need('aliexpress'));
  /** @type {{ name: string, seed: () => Promise<unknown>, connect: (baseUrl: string, cookie: string, merchantId: string) => Promise<number>, calls: () => Promise<CallCount> }[]} */
  const list = [
    {
      name: 'ebay',
      // eBay's first sync reads 90 days of a seller spread over about 120: a third more orders.
      seed: () => ebay.addSeller({ username: ebaySeller, password: SELLER_PASSWORD, orders: Math.ceil((settings.orders * 4) / 3), seed: run }),
      connect: (baseUrl, cookie, merchantId) => connectSeller(baseUrl, cookie, merchantId, ebaySeller),
      calls: async () => {
        const stats = await ebay.stats();
        return { calls: Object.values(stats.endpoints).reduce((n, e) => n + (e.calls ?? 0), 0), limited: null };
      },
    },
    {
      name: 'shopify',
      seed: () => shopify.addShop({ shop, name: `Bench Cinque ${run}`, ...login, orders: settings.orders, seed: run, plan: 'plus' }),
      connect: (baseUrl, cookie, merchantId) => connectMarketplace(baseUrl, cookie, merchantId, 'shopify', (url) => shopifyInstallAs(url, login), shop),
      calls: () => shopify.stats(),
    },
    {
      name: 'amazon',
      seed: () => amazon.addSeller({ sellerId: `A2CINQUE${run}`.toUpperCase(), storeName: `Cinque ${run}`, ...login, orders: settings.orders, seed: run, fbaShare: 0 }),
      connect: (baseUrl, cookie, merchantId) => connectMarketplace(baseUrl, cookie, merchantId, 'amazon', (url) => amazonAuthorizeAs(url, login)),
      calls: () => amazon.stats(),
    },
    {
      name: 'etsy',
      seed: () => etsy.addSeller({ shopName: `BenchCinque${run}`, ...login, receipts: settings.orders, seed: run }),
      connect: (baseUrl, cookie, merchantId) => connectMarketplace(baseUrl, cookie, merchantId, 'etsy', (url) => etsyAuthorizeAs(url, login)),
      calls: () => etsy.stats(),
    },
    {
      name: 'aliexpress',
      seed: () => aliexpress.addSeller({ userNick: `Bench Cinque ${run}`, ...login, orders: settings.orders, seed: run }),
      connect: (baseUrl, cookie, merchantId) => connectMarketplace(baseUrl, cookie, merchantId, 'aliexpress', (url) => aliexpressAuthorizeAs(url, login)),
      calls: async () => ({ calls: (await aliexpress.stats()).calls, limited: null }),
    },
  ];
  return list;
}

/**
 * Starts the syncs together and waits for every job to complete and the list to count all they found.
 * @param {string} baseUrl @param {string} cookie @param {number[]} integrationIds
 */
async function syncAllAtOnce(baseUrl, cookie, integrationIds) {
  const started = performance.now();
  const jobs = await Promise.all(integrationIds.map(async (id) => (await api(baseUrl, cookie, 'POST', `/api/orders/sync/${id}`)).job));
  /** @type {Map<number, number>} job id → orders found */
  const found = new Map();
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    for (const job of jobs) {
      if (found.has(job.id)) continue;
      const current = await api(baseUrl, cookie, 'GET', `/api/orders/sync/jobs/${job.id}`);
      if (current.status === 'failed') throw new Error(`sincronizzazione ${job.id} fallita: ${current.errorMessage}`);
      if (current.status === 'completed') found.set(job.id, current.ordersFound);
    }
    const listed = (await api(baseUrl, cookie, 'GET', `/api/orders?pageSize=1&_t=${Date.now()}`)).meta.totalItems;
    const total = [...found.values()].reduce((n, f) => n + f, 0);
    if (found.size === jobs.length && listed >= total) return { ms: performance.now() - started, found: jobs.map((j) => found.get(j.id) ?? 0) };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sincronizzazioni incomplete: ${found.size} di ${jobs.length}`);
}

async function main() {
  const machine = machineLine();
  process.stderr.write(`bench cinque marketplace: ${machine}\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  const stack = await startStack('test', { offset: settings.portOffset, env: { LOG_LEVEL: settings.logLevel }, componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false' } } });
  try {
    const { cookie } = await registerUser(stack.baseUrl);
    const merchant = await api(stack.baseUrl, cookie, 'POST', '/api/merchants', { name: 'Bench Cinque' });
    await api(stack.baseUrl, cookie, 'POST', '/api/merchants/select', { merchantId: merchant.id });
    const run = Date.now().toString(36);
    const all = marketplaces(stack.sandboxUrls, run);
    process.stderr.write(`cinque venditori di circa ${fmt(settings.orders)} ordini, collegati dalle pagine di consenso\n`);
    for (const m of all) await m.seed();
    /** @type {number[]} */
    const integrations = [];
    for (const m of all) integrations.push(await m.connect(stack.baseUrl, cookie, merchant.id));
    const before = await Promise.all(all.map((m) => m.calls()));

    process.stderr.write('le cinque sincronizzazioni insieme\n');
    const synced = await syncAllAtOnce(stack.baseUrl, cookie, integrations);
    const after = await Promise.all(all.map((m) => m.calls()));
    const rows = all.map((m, i) => {
      const limitedAfter = after[i]?.limited;
      const limitedBefore = before[i]?.limited;
      return {
        marketplace: m.name,
        orders: synced.found[i] ?? 0,
        providerCalls: (after[i]?.calls ?? 0) - (before[i]?.calls ?? 0),
        refusedByLimits: limitedAfter === null || limitedAfter === undefined ? null : limitedAfter - (limitedBefore ?? 0),
      };
    });
    const orders = rows.reduce((n, r) => n + r.orders, 0);
    const result = { orders, seconds: synced.ms / 1000, ordersPerSecond: (orders * 1000) / synced.ms, marketplaces: rows };
    const table = renderTable(
      ['five syncs at once, one merchant', 'orders', 'provider calls', 'refused by the provider’s limits'],
      [
        ...rows.map((r) => [r.marketplace, fmt(r.orders), fmt(r.providerCalls), r.refusedByLimits === null ? 'no limit in the sandbox' : fmt(r.refusedByLimits)]),
        [`all five end to end (${fmt(result.seconds, 1)} s): ${fmt(result.ordersPerSecond)} orders/s`, fmt(orders), '-', '-'],
      ],
    );
    process.stdout.write(`\n${machine}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n${table}\n`);
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'five.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, five: result }, null, 2));
    const refused = rows.filter((r) => (r.refusedByLimits ?? 0) > 0);
    if (refused.length > 0) throw new Error(`limiti dei provider superati: ${refused.map((r) => `${r.marketplace} ${r.refusedByLimits}`).join(', ')}`);
  } finally {
    await stack.stop();
  }
}

runBench('cinque marketplace', main);
