// @ts-check
/**
 * First-load bench (`make bench` → scripts/bench.sh → node bench/first-load.js).
 *
 * Starts its own stack (`startStack('test')` on the test ports + BENCH_PORT_OFFSET, every service and
 * the gateway from their dist, the shell and the remotes from frontends/<name>/dist), registers a user
 * with a merchant, then opens in Debian's chromium (playwright-core), each in a fresh browser context
 * (empty cache: a first visit):
 *
 *   1. /auth, logged out, until the login form shows;
 *   2. /dashboard/orders and 3. /dashboard/shipments, logged in with the merchant selected, until the
 *      remote's heading shows.
 *
 * and waits for the network to stay quiet for a second after that. Counted from the DevTools protocol:
 * the bytes on the wire of every response (`Network.loadingFinished` encodedDataLength: headers and
 * the body as sent, compressed or not) and the bytes after decoding (`Network.dataReceived`).
 * Printed: requests, transferred KB and uncompressed KB per page, with the static files (JS, CSS,
 * HTML, images) apart from the API calls. Writes the same as JSON to .tmp/bench/first-load.json.
 * Goal: /auth under 250 KB transferred.
 *
 * `measureFirstLoad` is also what e2e/first-load.test.ts asserts with.
 *
 * Knobs (environment): BENCH_PORT_OFFSET (500), BENCH_LOG_LEVEL (warn), CHROMIUM_PATH (/usr/bin/chromium).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const AUTH_GOAL_BYTES = 250 * 1024;
const QUIET_MS = 1000;

/**
 * A resource whose loading the page itself gave up (`canceled`: a response body the app cancelled
 * on purpose, such as the 401 of `GET /api/user` on /auth) is not `failed`: only a load the
 * network or the server broke is, with Chromium's reason in `error`.
 * @typedef {{ url: string, type: string, status: number, mimeType: string, encoding: string, transferred: number, decoded: number, failed: boolean, canceled: boolean, error: string }} LoadedResource
 * @typedef {{ url: string, resources: LoadedResource[], transferred: number, decoded: number, staticTransferred: number, staticDecoded: number, requests: number }} FirstLoad
 */

/**
 * Opens `url` in `page` (a fresh context's page) and counts every response until `ready` resolves
 * and the network has then been quiet for a second.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {(page: import('playwright-core').Page) => Promise<unknown>} ready
 * @returns {Promise<FirstLoad>}
 */
async function measureFirstLoad(page, url, ready) {
  const cdp = await page.context().newCDPSession(page);
  /** @type {Map<string, LoadedResource>} */
  const byId = new Map();
  const inFlight = new Set();
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());
  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    // A redirect reuses the requestId: the first hop's bytes are in its redirectResponse.
    const prev = byId.get(e.requestId);
    if (prev && e.redirectResponse) {
      prev.transferred += e.redirectResponse.encodedDataLength ?? 0;
      prev.url = e.request.url;
      return;
    }
    inFlight.add(e.requestId);
    byId.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', status: 0, mimeType: '', encoding: '', transferred: 0, decoded: 0, failed: false, canceled: false, error: '' });
  });
  cdp.on('Network.responseReceived', (e) => {
    touch();
    const r = byId.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.mimeType = e.response.mimeType;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    r.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.dataReceived', (e) => {
    touch();
    const r = byId.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    touch();
    inFlight.delete(e.requestId);
    const r = byId.get(e.requestId);
    if (r) r.transferred += e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => {
    touch();
    inFlight.delete(e.requestId);
    const r = byId.get(e.requestId);
    if (!r) return;
    // Whether the body was cancelled before or after its last byte arrived is a race on a busy
    // machine: a cancel by the page is the page's choice, not a failed load.
    if (e.canceled) r.canceled = true;
    else {
      r.failed = true;
      r.error = e.errorText ?? '';
    }
  });
  await cdp.send('Network.enable');
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  // Lazy chunks, remotes and idle-time work (browser tracing) come after the first paint.
  const deadline = Date.now() + 30_000;
  while ((inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await cdp.detach().catch(() => undefined);
  const resources = [...byId.values()];
  const isStatic = (/** @type {LoadedResource} */ r) => !new URL(r.url).pathname.startsWith('/api/') && !/^(data|blob):/.test(r.url);
  const sum = (/** @type {LoadedResource[]} */ list, /** @type {'transferred' | 'decoded'} */ key) => list.reduce((a, r) => a + r[key], 0);
  const statics = resources.filter(isStatic);
  return {
    url,
    resources,
    requests: resources.length,
    transferred: sum(resources, 'transferred'),
    decoded: sum(resources, 'decoded'),
    staticTransferred: sum(statics, 'transferred'),
    staticDecoded: sum(statics, 'decoded'),
  };
}

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

async function main() {
  const { chromium } = require('playwright-core');
  const { startStack, repoRoot } = require('@smista/local-stack');
  const { api, intEnv, portOffset, registerUser, renderTable, machineLine } = require('./lib');
  const settings = {
    portOffset: portOffset(500),
    logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
    chromium: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  };
  const machine = machineLine();
  process.stderr.write(`bench primo caricamento: ${machine}\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  const stack = await startStack('test', {
    offset: settings.portOffset,
    env: { LOG_LEVEL: settings.logLevel },
    componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel } },
  });
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  try {
    const { cookie } = await registerUser(stack.baseUrl);
    const merchant = await api(stack.baseUrl, cookie, 'POST', '/api/merchants', { name: 'Bench Primo Caricamento' });
    await api(stack.baseUrl, cookie, 'POST', '/api/merchants/set-current', { merchantId: merchant.id });
    const base = new URL(stack.baseUrl);
    const [cookieName, ...cookieValue] = cookie.split('=');

    browser = await chromium.launch({
      executablePath: settings.chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    });
    const visit = async (/** @type {string} */ pathname, /** @type {boolean} */ loggedIn, /** @type {(p: import('playwright-core').Page) => Promise<unknown>} */ ready) => {
      const context = await /** @type {import('playwright-core').Browser} */ (browser).newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 1280, height: 800 } });
      try {
        if (loggedIn) {
          await context.addCookies([{ name: cookieName, value: cookieValue.join('='), domain: base.hostname, path: '/', httpOnly: true, sameSite: 'Lax' }]);
          // The merchant chosen on an earlier visit (the shell keeps it in localStorage, spec §3).
          await context.addInitScript(
            ([id, name]) => {
              localStorage.setItem('selectedMerchant', JSON.stringify({ id, name }));
              localStorage.setItem('currentMerchantId', id);
            },
            [String(merchant.id), String(merchant.name)],
          );
        }
        const page = await context.newPage();
        return await measureFirstLoad(page, `${stack.baseUrl}${pathname}`, ready);
      } finally {
        await context.close();
      }
    };
    const heading = (/** @type {string} */ name) => (/** @type {import('playwright-core').Page} */ p) => p.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 30_000 });
    const rows = [
      await visit('/auth', false, (p) => p.locator('input[type="password"]').first().waitFor({ timeout: 30_000 })),
      await visit('/dashboard/orders', true, heading('Ordini')),
      await visit('/dashboard/shipments', true, heading('Spedizioni')),
    ];
    const auth = rows[0];
    const goal = auth.transferred < AUTH_GOAL_BYTES;
    process.stdout.write(
      [
        '',
        machine,
        'Chromium (headless), a fresh browser context per page (empty cache); bytes from the DevTools protocol',
        '',
        renderTable(
          ['first visit', 'requests', 'transferred KB', 'uncompressed KB', 'static transferred KB', 'static uncompressed KB'],
          rows.map((r) => [new URL(r.url).pathname, String(r.requests), kb(r.transferred), kb(r.decoded), kb(r.staticTransferred), kb(r.staticDecoded)]),
        ),
        '',
        `/auth: ${kb(auth.transferred)} KB transferred; goal < 250 KB: ${goal ? 'met' : 'NOT met'}`,
        '',
      ].join('\n'),
    );
    if (process.env.BENCH_VERBOSE) {
      for (const r of rows) {
        process.stdout.write(`\n${new URL(r.url).pathname}\n`);
        for (const res of [...r.resources].sort((a, b) => b.transferred - a.transferred)) {
          process.stdout.write(`  ${kb(res.transferred).padStart(8)} ${kb(res.decoded).padStart(8)} ${(res.encoding || '-').padEnd(5)} ${res.status} ${new URL(res.url).pathname}\n`);
        }
      }
    }
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'first-load.json'), JSON.stringify({ at: new Date().toISOString(), machine, settings, rows, goal }, null, 2));
  } finally {
    await browser?.close();
    await stack.stop();
  }
}

module.exports = { measureFirstLoad, AUTH_GOAL_BYTES };

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`bench primo caricamento fallito: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
