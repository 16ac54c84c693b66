// @ts-check
/**
 * Amazon's pacing under two replicas (`make bench` → scripts/bench.sh → node bench/amazon.js; issue 22).
 *
 * Amazon's usage plans are token buckets per selling partner and operation (searchOrders: 0.0056
 * requests a second, a burst of 20). The marketplaces service keeps the same bucket in PostgreSQL,
 * shared by its replicas, so that in steady state Amazon never answers 429. This bench shows it:
 *
 *   - its own Amazon sandbox with one seller of BENCH_AMAZON_ORDERS merchant-fulfilled orders and
 *     searchOrders' plan sped up to BENCH_AMAZON_RATE requests a second (the documented rate would
 *     take hours), the documented burst of 20 kept; the service is told the same plan
 *     (`AMAZON_RATE_LIMITS`), as it is told Amazon's in production;
 *   - the whole stack plus a second marketplaces replica, each working on one sync job at a time
 *     (`SYNC_CONCURRENCY=1`), so the two jobs below run on different replicas at once;
 *   - two merchants connecting that same seller (the same bucket), syncing at the same moment with
 *     pages of BENCH_AMAZON_PAGE_SIZE orders, until each merchant's list counts every order.
 *
 * Printed: searchOrders calls, 429s (goal: none), the rate of the second half of the calls (the
 * burst long spent) beside the plan's (goal: close to it and never over), the most calls of any window against what the
 * bucket allows in it, which replica worked on each job, and orders a second end to end. Written to
 * .tmp/bench/amazon.json. Knobs: BENCH_AMAZON_ORDERS (3,000), BENCH_AMAZON_RATE (2),
 * BENCH_AMAZON_PAGE_SIZE (50), BENCH_PORT_OFFSET (750), BENCH_LOG_LEVEL (warn).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startReplica, startStack, repoRoot } = require('@smista/local-stack');
const { AMAZON_SANDBOX_APP, amazonAuthorizeAs, startAmazonSandbox } = require('@smista/sandboxes');
const { syncAndWait } = require('./ebay');
const { connectMarketplace } = require('./marketplaces');
const { api, fmt, intEnv, machineLine, portOffset, registerUser, renderTable, runBench } = require('./lib');

const settings = {
  orders: Math.max(200, intEnv('BENCH_AMAZON_ORDERS', 3_000)),
  rate: Math.max(0.1, Number(process.env.BENCH_AMAZON_RATE) || 2),
  burst: 20,
  pageSize: Math.min(100, Math.max(1, intEnv('BENCH_AMAZON_PAGE_SIZE', 50))),
  portOffset: portOffset(750),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};
const SELLER = { sellerId: 'A1BENCHPACE', storeName: 'Bottega Ritmo', email: 'titolare@ritmo.it', password: 'BenchAmazon1!' };
/** Every other operation fast: only searchOrders is measured. */
const FAST = { rate: 1000, burst: 1000 };

/** A user with a merchant of their own, selected. @param {string} baseUrl @param {string} name */
async function merchantUser(baseUrl, name) {
  const { cookie } = await registerUser(baseUrl);
  const merchant = await api(baseUrl, cookie, 'POST', '/api/merchants', { name });
  await api(baseUrl, cookie, 'POST', '/api/merchants/select', { merchantId: merchant.id });
  return { cookie, merchantId: /** @type {string} */ (merchant.id) };
}

/**
 * The jobs each process claimed, from its log's `sync job claimed` lines.
 * @param {Record<string, string>} logs process name → log file
 */
function claimsByProcess(logs) {
  /** @type {Record<string, number[]>} */
  const claims = {};
  for (const [name, file] of Object.entries(logs)) {
    claims[name] = [];
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n')) {
      if (!line.includes('sync job claimed')) continue;
      try {
        claims[name].push(JSON.parse(line).jobId);
      } catch {
        // a line that is not JSON is not a claim
      }
    }
  }
  return claims;
}

/**
 * The most calls any window of the run held, against what the bucket lets through in that window
 * (the burst plus the rate times its length): over 1 means the pacing let more through than Amazon would.
 * @param {number[]} times ms, ascending
 */
function worstWindow(times) {
  let worst = { calls: 0, allowed: 1, ratio: 0 };
  for (let i = 0; i < times.length; i++) {
    for (let j = i; j < times.length; j++) {
      const allowed = settings.burst + (settings.rate * (times[j] - times[i])) / 1000;
      const calls = j - i + 1;
      if (calls / allowed > worst.ratio) worst = { calls, allowed, ratio: calls / allowed };
    }
  }
  return worst;
}

async function main() {
  const machine = machineLine();
  process.stderr.write(`bench Amazon: ${machine}\n`);
  const plan = { rate: settings.rate, burst: settings.burst };
  const amazon = await startAmazonSandbox({
    port: 0,
    sellers: [{ ...SELLER, orders: settings.orders, seed: 7, fbaShare: 0 }],
    usagePlans: { searchOrders: plan, getOrder: FAST, confirmShipment: FAST, getMarketplaceParticipations: FAST },
  });
  const rateLimits = `searchOrders=${plan.rate}/${plan.burst},getOrder=${FAST.rate}/${FAST.burst},confirmShipment=${FAST.rate}/${FAST.burst},getMarketplaceParticipations=${FAST.rate}/${FAST.burst}`;
  process.stderr.write(`avvio dello stack (porte di test + ${settings.portOffset}) e di una seconda replica di marketplaces...\n`);
  const stack = await startStack('test', {
    offset: settings.portOffset,
    env: { LOG_LEVEL: settings.logLevel },
    componentEnv: {
      gateway: { RATE_LIMIT_ENABLED: 'false' },
      // Info: each replica logs the jobs it claims.
      marketplaces: {
        LOG_LEVEL: 'info',
        AMAZON_CONSENT_URL: amazon.url,
        AMAZON_LWA_URL: amazon.url,
        AMAZON_API_URL: amazon.url,
        AMAZON_APPLICATION_ID: AMAZON_SANDBOX_APP.applicationId,
        AMAZON_CLIENT_ID: AMAZON_SANDBOX_APP.clientId,
        AMAZON_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret,
        AMAZON_RATE_LIMITS: rateLimits,
        SYNC_CONCURRENCY: '1',
        SYNC_PAGE_SIZE: String(settings.pageSize),
      },
    },
  });
  const dir = path.join(repoRoot, '.tmp', 'bench');
  fs.mkdirSync(dir, { recursive: true });
  const replicaLog = path.join(dir, 'amazon-marketplaces-b.log');
  fs.rmSync(replicaLog, { force: true });
  /** @type {Awaited<ReturnType<typeof startReplica>> | undefined} */
  let replica;
  try {
    replica = await startReplica(stack.app, 'marketplaces', { name: 'marketplaces-b', logFile: replicaLog });
    const shops = [await merchantUser(stack.baseUrl, 'Bench Amazon Uno'), await merchantUser(stack.baseUrl, 'Bench Amazon Due')];
    const integrations = [];
    for (const shop of shops) integrations.push(await connectMarketplace(stack.baseUrl, shop.cookie, shop.merchantId, 'amazon', (url) => amazonAuthorizeAs(url, { email: SELLER.email, password: SELLER.password })));

    // Both merchants sync the same seller at once: two jobs, one per replica, one bucket.
    process.stderr.write(`sincronizzazione: ${fmt(settings.orders)} ordini, due commercianti, searchOrders a ${plan.rate}/s (raffica ${plan.burst})\n`);
    const before = amazon.requests().length;
    const started = performance.now();
    const imported = await Promise.all(shops.map((shop, i) => syncAndWait(stack.baseUrl, shop.cookie, /** @type {number} */ (integrations[i]), 0)));
    const wallMs = performance.now() - started;
    if (amazon.requests().length - before >= 1000) throw new Error('il registro del sandbox tiene le ultime 1000 chiamate: abbassa BENCH_AMAZON_ORDERS o alza BENCH_AMAZON_PAGE_SIZE');
    const calls = amazon.requests().slice(before).filter((r) => r.operation === 'searchOrders' && r.sellerId === SELLER.sellerId);
    const times = calls.map((r) => r.at).sort((a, b) => a - b);
    const throttled = calls.filter((r) => r.status === 429).length;
    // The second half of the calls, long after the burst was spent: the pace the bucket keeps.
    const steady = times.slice(Math.floor(times.length / 2));
    const steadyRate = steady.length > 1 ? ((steady.length - 1) * 1000) / (steady[steady.length - 1] - steady[0]) : 0;
    const worst = worstWindow(times);
    const appLogDir = stack.app.logDir;
    const claims = claimsByProcess({ 'marketplaces (a)': appLogDir ? path.join(appLogDir, 'marketplaces.log') : '', 'marketplaces (b)': replicaLog });
    const ordersTotal = imported.reduce((n, r) => n + r.found, 0);

    const row = {
      searchOrdersCalls: calls.length,
      throttled,
      planRate: plan.rate,
      planBurst: plan.burst,
      steadyRate,
      steadyRatio: steadyRate / plan.rate,
      worstWindow: worst,
      jobsByReplica: Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, [...new Set(v)].length])),
      orders: ordersTotal,
      ordersPerSecond: (ordersTotal * 1000) / wallMs,
      seconds: wallMs / 1000,
    };
    const table = renderTable(
      ['Amazon searchOrders, one seller, two merchants, two replicas', 'value'],
      [
        ['calls', fmt(row.searchOrdersCalls)],
        ['429 QuotaExceeded (goal 0)', fmt(row.throttled)],
        ['rate of the second half of the calls, calls/s', fmt(row.steadyRate, 2)],
        ['… against the plan’s rate (goal: close to 100 %; timed at the answers, so ±a few %)', `${fmt(100 * row.steadyRatio, 1)} %`],
        ['busiest window: calls / what the bucket allows (goal ≤ 1)', `${fmt(worst.calls)} / ${fmt(worst.allowed, 1)} = ${fmt(worst.ratio, 2)}`],
        ['jobs worked on by replica', Object.entries(row.jobsByReplica).map(([k, v]) => `${k} ${v}`).join(' · ')],
        [`orders imported end to end (${fmt(row.orders)}, ${fmt(row.seconds, 1)} s), orders/s`, fmt(row.ordersPerSecond)],
      ],
    );
    process.stdout.write(`\n${machine}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n${table}\n`);
    fs.writeFileSync(path.join(dir, 'amazon.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, pacing: row }, null, 2));
    if (throttled > 0) throw new Error(`Amazon ha risposto 429 ${throttled} volte: il ritmo condiviso non ha tenuto`);
  } finally {
    await replica?.handle.stop();
    await stack.stop();
    await amazon.close();
  }
}

runBench('Amazon', main);
