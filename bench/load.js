// @ts-check
/**
 * The whole-application load test (`make bench` → scripts/bench.sh → node bench/load.js).
 *
 * Starts its own stack (`startStack('test')` on the test ports + BENCH_PORT_OFFSET: every service, the
 * gateway, the sandboxes) and sets up, through the gateway as the screens do, BENCH_LOAD_MERCHANTS
 * merchants, each with a pickup address, an active GLS integration, an eBay seller of its own
 * connected by OAuth and synced (BENCH_LOAD_ORDERS orders each on the sandbox), BENCH_LOAD_LABELS
 * shipments labelled, and BENCH_LOAD_USERS users spread over them (the first of each merchant
 * created it, the others joined by invite: registered with the invite's token from the e-mail).
 *
 * Then every user works at once for BENCH_LOAD_DURATION_S, each waiting a think time of about
 * BENCH_LOAD_THINK_MS (uniform between half and one and a half of it) between two actions:
 *   - the session (GET /api/user), as every screen does first;
 *   - the orders list with the screen's filters (status tab, marketplace, search, sort, page);
 *   - the shipments list (status tab, search, page);
 *   - one label download (GET /api/shipments/{id}/label, a PDF);
 *   - now and then, a merchant's first user starts a sync (POST /api/orders/sync/{id}) and follows
 *     its job (GET /api/orders/sync/jobs/{id}) until it ends, as the progress bar does.
 * Every answer must be a 2xx: anything else, a network error or a wrong body is an error.
 * In the same run the same users, with the same think time, call the bare Express handler for
 * BENCH_LOAD_BARE_S (the baseline). Printed: requests, errors, p50 and p99 per route, the CPU per
 * request of each component (from /proc) beside the bare handler's; written as JSON to
 * .tmp/bench/load.json. The run fails (exit 1) when any request failed.
 *
 * Knobs (environment): BENCH_LOAD_USERS (200), BENCH_LOAD_MERCHANTS (20), BENCH_LOAD_DURATION_S (300),
 * BENCH_LOAD_BARE_S (30), BENCH_LOAD_THINK_MS (1000), BENCH_LOAD_ORDERS (400), BENCH_LOAD_LABELS (10),
 * BENCH_LOAD_SYNC_EVERY_S (60), BENCH_PORT_OFFSET (600), BENCH_LOG_LEVEL (warn), BENCH_CPU_PROFILE (a folder:
 * the gateway, orders and shipments write a V8 CPU profile there when they stop).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { APP_COMPONENTS, startStack, repoRoot } = require('@smista/local-stack');
const { ebaySandboxControl } = require('@smista/sandboxes');
const { postgresPids, withCpu } = require('./cpu');
const { SELLER_PASSWORD, connectSeller, syncAndWait } = require('./ebay');
const { readyToShipWithGls } = require('./gls');
const { api, drive, fmt, intEnv, portOffset, profileEnv, registerUser, renderTable, startBare, machineLine, weighCatalogue } = require('./lib');

const settings = {
  users: Math.max(1, intEnv('BENCH_LOAD_USERS', 200)),
  merchants: Math.max(1, intEnv('BENCH_LOAD_MERCHANTS', 20)),
  durationS: Math.max(1, intEnv('BENCH_LOAD_DURATION_S', 300)),
  bareS: Math.max(1, intEnv('BENCH_LOAD_BARE_S', 30)),
  thinkMs: intEnv('BENCH_LOAD_THINK_MS', 1000),
  orders: Math.max(20, intEnv('BENCH_LOAD_ORDERS', 400)),
  labels: Math.max(1, intEnv('BENCH_LOAD_LABELS', 10)),
  syncEveryS: Math.max(1, intEnv('BENCH_LOAD_SYNC_EVERY_S', 60)),
  portOffset: portOffset(600),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

const ORDER_TABS = ['', 'da_spedire', 'spedito', 'consegnato'];
const ORDER_SEARCHES = ['', '', '', 'Rossi', 'Milano', 'ebay'];
const ORDER_SORTS = ['orderDate', 'total', 'buyerName'];
const SHIPMENT_TABS = ['', 'pending', 'shipped', 'error'];

/** @template T @param {T[]} list @returns {T} */
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(settings.thinkMs * (0.5 + Math.random()));

/** Latencies and errors per route. */
class Recorder {
  constructor() {
    /** @type {Map<string, {latencies: number[], errors: number, firstErrors: string[]}>} */
    this.routes = new Map();
  }

  /** Times `call`; any throw is an error of `route`. @param {string} route @param {() => Promise<void>} call */
  async time(route, call) {
    let entry = this.routes.get(route);
    if (!entry) this.routes.set(route, (entry = { latencies: [], errors: 0, firstErrors: [] }));
    const t0 = performance.now();
    try {
      await call();
      entry.latencies.push(performance.now() - t0);
    } catch (err) {
      entry.errors += 1;
      if (entry.firstErrors.length < 3) entry.firstErrors.push(err instanceof Error ? err.message : String(err));
    }
  }

  get total() {
    return [...this.routes.values()].reduce((n, r) => n + r.latencies.length + r.errors, 0);
  }

  get errors() {
    return [...this.routes.values()].reduce((n, r) => n + r.errors, 0);
  }

  summary() {
    return [...this.routes.entries()].map(([route, r]) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const pct = (/** @type {number} */ p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
      return { route, requests: sorted.length + r.errors, errors: r.errors, p50: pct(50), p99: pct(99), firstErrors: r.firstErrors };
    });
  }
}

/**
 * A GET through the gateway that must answer 2xx; `check` looks at the body.
 * @param {string} url @param {string} cookie @param {(res: Response) => Promise<void>} [check]
 */
async function get(url, cookie, check) {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`${res.status} ${(await res.text()).slice(0, 200)}`);
  if (check) await check(res);
  else await res.arrayBuffer();
}

/** @param {string} what @param {unknown} value */
function expectArray(what, value) {
  if (!Array.isArray(value)) throw new Error(`${what}: risposta senza elenco`);
}

/**
 * One merchant's set-up: its first user registers and creates it, ships with GLS, connects and syncs
 * an eBay seller, labels `settings.labels` shipments, then invites the others, who register with the
 * token from their e-mail and select it.
 * @param {any} stack @param {number} index @param {number} userCount
 */
async function setUpMerchant(stack, index, userCount) {
  const base = stack.baseUrl;
  const owner = await registerUser(base);
  const call = (/** @type {string} */ method, /** @type {string} */ url, /** @type {unknown} */ body) => api(base, owner.cookie, method, url, body);
  const merchant = await call('POST', '/api/merchants', { name: `Bottega Carico ${index + 1}` });
  await call('POST', '/api/merchants/select', { merchantId: merchant.id });
  const gls = await readyToShipWithGls(call, merchant.id);

  const seller = `load_${index}_${Date.now().toString(36)}`;
  // The sandbox spreads orders over about 120 days; a first sync reads the last 90.
  await ebaySandboxControl(stack.sandboxUrls.ebay).addSeller({ username: seller, password: SELLER_PASSWORD, orders: settings.orders, seed: 100 + index });
  const integrationId = await connectSeller(base, owner.cookie, merchant.id, seller);
  await syncAndWait(base, owner.cookie, integrationId, 0);

  const toShip = await call('GET', `/api/orders?status=da_spedire&pageSize=${settings.labels}&sortBy=orderDate&sortOrder=desc`);
  const orderIds = toShip.data.map((/** @type {{id: number}} */ o) => o.id);
  for (const id of orderIds) await call('PATCH', `/api/orders/${id}/carrier`, { carrierIntegrationId: gls.id });
  // eBay gives no weights: the catalogue the sync filled is weighed (and its customs data given) first.
  await weighCatalogue(call);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds });
  const shipmentIds = created.outcomes.filter((/** @type {{shipmentId?: number}} */ o) => o.shipmentId).map((/** @type {{shipmentId: number}} */ o) => o.shipmentId);
  const processed = await call('POST', '/api/shipments/process-selected', { shipmentIds });
  if (processed.success !== shipmentIds.length) throw new Error(`etichette: ${processed.success} di ${shipmentIds.length} (${processed.message})`);

  const users = [{ cookie: owner.cookie, owner: true }];
  for (let i = 1; i < userCount; i++) {
    const email = `carico.${index}.${i}.${Date.now().toString(36)}@example.it`;
    await call('POST', `/api/merchants/${merchant.id}/invites`, { email, role: i % 5 === 0 ? 'admin' : 'user' });
    const mail = await waitFor(`l'invito a ${email}`, () => stack.infra.mail.messages().find((/** @type {{to: string}} */ m) => m.to.includes(email)));
    const token = /token=([^&\s"]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`invito senza token per ${email}`);
    const member = await registerUser(base, { email, inviteToken: decodeURIComponent(token) });
    // Joining goes through an event (identity → merchants): select once the membership exists.
    await waitFor(`l'iscrizione di ${email}`, async () => {
      const res = await fetch(`${base}/api/merchants/select`, { method: 'POST', headers: { cookie: member.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ merchantId: merchant.id }) });
      await res.arrayBuffer();
      return res.ok || undefined;
    });
    users.push({ cookie: member.cookie, owner: false });
  }
  return { merchantId: merchant.id, integrationId, shipmentIds, users };
}

/** @template T @param {string} what @param {() => T | undefined | Promise<T | undefined>} probe @returns {Promise<T>} */
async function waitFor(what, probe) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(50)) {
    const value = await probe();
    if (value) return value;
  }
  throw new Error(`tempo scaduto: ${what}`);
}

/**
 * One user's session of work until `until`. The owner of a merchant starts a sync every
 * syncEveryS (±20 %) and follows its job between its other actions.
 * @param {string} base @param {{cookie: string, owner: boolean}} user @param {{integrationId: number, shipmentIds: number[]}} merchant
 * @param {number} until @param {Recorder} rec
 */
async function work(base, user, merchant, until, rec) {
  const { cookie } = user;
  let nextSync = Date.now() + settings.syncEveryS * 1000 * Math.random();
  /** @type {number | null} */
  let followedJob = null;
  await sleep(settings.thinkMs * Math.random()); // users do not all start in the same millisecond
  while (Date.now() < until) {
    if (user.owner && followedJob !== null) {
      const job = followedJob;
      await rec.time('GET /api/orders/sync/jobs/:id', () =>
        get(`${base}/api/orders/sync/jobs/${job}`, cookie, async (res) => {
          const body = await res.json();
          if (body.status === 'failed') throw new Error(`sincronizzazione fallita: ${body.errorMessage}`);
          if (body.status === 'completed') followedJob = null;
        }),
      );
    } else if (user.owner && Date.now() >= nextSync) {
      await rec.time('POST /api/orders/sync/:id', async () => {
        const res = await fetch(`${base}/api/orders/sync/${merchant.integrationId}`, { method: 'POST', headers: { cookie } });
        const text = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
        followedJob = JSON.parse(text).job.id;
      });
      nextSync = Date.now() + settings.syncEveryS * 1000 * (0.8 + 0.4 * Math.random());
    } else {
      const roll = Math.random();
      if (roll < 0.3) {
        await rec.time('GET /api/user', () => get(`${base}/api/user`, cookie, async (res) => void (await res.json()).id));
      } else if (roll < 0.62) {
        const q = new URLSearchParams({ page: String(1 + Math.floor(Math.random() * 3)), pageSize: '25', sortBy: pick(ORDER_SORTS), sortOrder: pick(['asc', 'desc']) });
        const status = pick(ORDER_TABS);
        if (status) q.set('status', status);
        const search = pick(ORDER_SEARCHES);
        if (search === 'ebay') q.set('marketplace', 'ebay');
        else if (search) q.set('search', search);
        await rec.time('GET /api/orders', () => get(`${base}/api/orders?${q}`, cookie, async (res) => expectArray('ordini', (await res.json()).data)));
      } else if (roll < 0.92) {
        const q = new URLSearchParams({ page: '1', pageSize: '25' });
        const status = pick(SHIPMENT_TABS);
        if (status) q.set('status', status);
        await rec.time('GET /api/shipments', () => get(`${base}/api/shipments?${q}`, cookie, async (res) => expectArray('spedizioni', (await res.json()).data)));
      } else {
        const id = pick(merchant.shipmentIds);
        await rec.time('GET /api/shipments/:id/label', () =>
          get(`${base}/api/shipments/${id}/label`, cookie, async (res) => {
            const pdf = Buffer.from(await res.arrayBuffer());
            if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('etichetta non PDF');
          }),
        );
      }
    }
    await think();
  }
}

/** The same users and think time against the bare handler. @param {string} url @param {number} until @param {Recorder} rec */
async function workBare(url, until, rec) {
  await sleep(settings.thinkMs * Math.random());
  while (Date.now() < until) {
    await rec.time('bare Express handler', () => get(url, '', async (res) => void (await res.json())));
    await think();
  }
}

async function main() {
  const machine = machineLine();
  process.stderr.write(`bench carico: ${machine}\n${settings.users} utenti su ${settings.merchants} esercenti per ${settings.durationS} s, pausa media ${settings.thinkMs} ms\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  // BENCH_CPU_PROFILE=<dir>: the gateway, orders and shipments write a V8 CPU profile there when they stop.
  const profile = profileEnv();
  const stack = await startStack('test', {
    offset: settings.portOffset,
    env: { LOG_LEVEL: settings.logLevel },
    // The set-up registers hundreds of users from one address: the limits are not what is measured.
    componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel, ...profile }, orders: profile, shipments: profile },
  });
  const bare = await startBare();
  const pidOf = (/** @type {string} */ name) => stack.app.services.filter((/** @type {{name: string}} */ s) => s.name === name).map((/** @type {{pid: number}} */ s) => s.pid);
  // Every component of the table (deploy/local/src/components.ts), the gateway first.
  const components = [...APP_COMPONENTS].sort((/** @type {{kind: string}} */ a, /** @type {{kind: string}} */ b) => (a.kind === b.kind ? 0 : a.kind === 'http' ? -1 : 1)).map((/** @type {{name: string}} */ c) => c.name);
  const processes = () => ({
    ...Object.fromEntries(components.map((c) => [c, pidOf(c)])),
    postgres: postgresPids(stack.infra.postgres.dataDir),
    bare: [bare.pid],
    bench: [process.pid],
  });
  try {
    const setupStart = performance.now();
    const perMerchant = Array.from({ length: settings.merchants }, (_, i) => Math.floor(settings.users / settings.merchants) + (i < settings.users % settings.merchants ? 1 : 0));
    /** @type {Awaited<ReturnType<typeof setUpMerchant>>[]} */
    const merchants = [];
    const setUp = await drive(settings.merchants, 2, async (i) => {
      if (perMerchant[i] > 0) merchants.push(await setUpMerchant(stack, i, perMerchant[i]));
    });
    if (setUp.errors) throw new Error(`preparazione: ${setUp.firstErrors.join(' | ')}`);
    const userCount = merchants.reduce((n, m) => n + m.users.length, 0);
    process.stderr.write(`preparati ${merchants.length} esercenti e ${userCount} utenti in ${fmt((performance.now() - setupStart) / 1000, 1)} s\n`);

    // 1. Baseline: the same users and think time against the bare handler.
    const bareRec = new Recorder();
    const bareUntil = Date.now() + settings.bareS * 1000;
    const { cpu: bareCpu } = await withCpu(processes, () => Promise.all(Array.from({ length: userCount }, () => workBare(`http://127.0.0.1:${bare.port}/`, bareUntil, bareRec))));
    process.stderr.write(`  base: ${fmt(bareRec.total)} richieste in ${settings.bareS} s\n`);

    // 2. The application.
    const rec = new Recorder();
    const loadAvgBefore = os.loadavg()[0];
    const until = Date.now() + settings.durationS * 1000;
    const started = performance.now();
    const progress = setInterval(() => process.stderr.write(`  ... ${fmt(rec.total)} richieste, ${rec.errors} errori\n`), 30_000);
    const { cpu } = await withCpu(processes, () =>
      Promise.all(merchants.flatMap((m) => m.users.map((u) => work(stack.baseUrl, u, m, until, rec)))),
    ).finally(() => clearInterval(progress));
    const wallS = (performance.now() - started) / 1000;

    const perRequestUs = (/** @type {Record<string, number>} */ ms, /** @type {number} */ n) =>
      Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round((v * 1000) / Math.max(1, n))]));
    const routes = [...bareRec.summary(), ...rec.summary()];
    const result = {
      machine,
      date: new Date().toISOString(),
      settings,
      users: userCount,
      wallS,
      requests: rec.total,
      errors: rec.errors,
      perSecond: rec.total / wallS,
      bare: { requests: bareRec.total, perSecond: bareRec.total / settings.bareS, cpuUsPerRequest: perRequestUs(bareCpu, bareRec.total) },
      routes,
      cpuUsPerRequest: perRequestUs(cpu, rec.total),
      loadAverage: [loadAvgBefore, os.loadavg()[0]],
    };

    const out = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'load.json'), JSON.stringify(result, null, 2));

    process.stdout.write(`\nCarico: ${userCount} utenti per ${fmt(wallS, 0)} s (${machine}; load average ${fmt(loadAvgBefore, 1)} → ${fmt(os.loadavg()[0], 1)})\n`);
    process.stdout.write(
      renderTable(
        ['route', 'requests', 'errors', 'p50 ms', 'p99 ms', 'p50 / bare'],
        routes.map((r) => [r.route, fmt(r.requests), fmt(r.errors), fmt(r.p50, 1), fmt(r.p99, 1), fmt(r.p50 / Math.max(0.001, routes[0].p50), 1)]),
      ) + '\n\n',
    );
    // The bare row also shows what the idle stack burns meanwhile (timers, polls), per bare request.
    const names = [...components, 'postgres', 'bare', 'bench'];
    process.stdout.write(
      renderTable(
        ['CPU µs per request', ...names],
        [
          ['application (mixed routes)', ...names.map((n) => fmt(result.cpuUsPerRequest[n] ?? 0))],
          ['bare Express handler', ...names.map((n) => fmt(result.bare.cpuUsPerRequest[n] ?? 0))],
        ],
      ) + '\n',
    );
    process.stdout.write(`${fmt(result.requests)} richieste (${fmt(result.perSecond, 1)}/s), ${result.errors} errori; base ${fmt(result.bare.perSecond, 1)}/s con la stessa pausa\n`);
    for (const r of routes) for (const e of r.firstErrors) process.stdout.write(`  errore ${r.route}: ${e}\n`);
    if (result.errors > 0) process.exitCode = 1;
  } finally {
    await bare.stop();
    await stack.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench carico fallito: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
