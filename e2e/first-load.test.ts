/**
 * End to end, in headless chromium against the real stack: what a first visit downloads (issue 12).
 * A fresh browser profile (empty cache) opens /auth: under 250 KB on the wire, every script and
 * stylesheet sent precompressed (brotli), and nothing of the remotes (they load with the routes
 * that mount them). Another fresh profile, logged in through the API, opens /dashboard/orders: the
 * orders remote loads, the shipments remote and the form libraries of the auth pages do not.
 *
 * Bytes are counted as bench/first-load.js counts them (`make bench` prints the same figures):
 * the DevTools protocol's bytes on the wire per response, headers included.
 */
import type { Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api } from './support/api';
import { createScenario, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';

interface LoadedResource {
  url: string;
  type: string;
  status: number;
  mimeType: string;
  encoding: string;
  transferred: number;
  decoded: number;
  failed: boolean;
  canceled: boolean;
  error: string;
}
interface FirstLoad {
  url: string;
  resources: LoadedResource[];
  requests: number;
  transferred: number;
  decoded: number;
}
// The bench's own measurement (plain JavaScript, so `make bench` runs it without a build).
const { measureFirstLoad, AUTH_GOAL_BYTES } = require('../bench/first-load.js') as {
  measureFirstLoad(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<FirstLoad>;
  AUTH_GOAL_BYTES: number;
};

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Franca', 'Leone', run);

let app: TestApp;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pathOf = (r: LoadedResource) => new URL(r.url).pathname;
/** One line per resource, largest first: what a failed budget shows. */
const listing = (load: FirstLoad) =>
  [...load.resources]
    .sort((a, b) => b.transferred - a.transferred)
    .map((r) => `${kb(r.transferred).padStart(9)} ${kb(r.decoded).padStart(9)} ${(r.encoding || '-').padEnd(4)} ${r.status} ${pathOf(r)}${r.failed ? ` FALLITA (${r.error})` : r.canceled ? ' annullata dalla pagina' : ''}`)
    .join('\n');
/** Scripts and stylesheets big enough for the build to compress (frontends/compress-assets.js: 1 KB). */
const compressible = (load: FirstLoad) => load.resources.filter((r) => /\.(?:js|css)$/.test(pathOf(r)) && r.decoded >= 1024);

step('a first visit of /auth transfers under 250 KB, compressed, without any remote', async () => {
  const load = await measureFirstLoad(page, `${app.baseUrl}/auth`, (p) => p.getByRole('button', { name: 'Accedi', exact: true }).waitFor());
  const summary = `/auth: ${load.requests} richieste, ${kb(load.transferred)} trasferiti (${kb(load.decoded)} decompressi)\n${listing(load)}`;

  expect(load.resources.filter((r) => r.failed || (r.status >= 400 && pathOf(r) !== '/api/user'))).toEqual([]);
  // The budget; on failure the message lists every response, largest first.
  expect(load.transferred < AUTH_GOAL_BYTES ? 'entro 250 KB' : summary).toBe('entro 250 KB');
  // Compressed at build, sent as brotli: the bytes on the wire are a fraction of the code.
  const scripts = compressible(load);
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((r) => r.encoding !== 'br').map(pathOf)).toEqual([]);
  expect(load.decoded).toBeGreaterThan(load.transferred * 2.5);
  // The remotes load with the routes that mount them, never on the login page.
  expect(load.resources.map(pathOf).filter((p) => p.startsWith('/remotes'))).toEqual([]);
  // The form libraries are the auth page's own chunk (the dashboard never downloads them, below).
  expect(load.resources.map(pathOf).filter((p) => /^\/assets\/forms\.[0-9a-f]+\.js$/.test(p))).toHaveLength(1);
});

step('a logged-in first visit of /dashboard/orders loads the orders remote, not the shipments one nor the form libraries', async () => {
  const other: BrowserSession = await scenario.openBrowser();
  const registered = await api(other.context, app.baseUrl, 'POST', '/api/register', admin);
  expect(registered.status).toBe(201);
  const merchant = await api(other.context, app.baseUrl, 'POST', '/api/merchants', { name: `Primo Carico ${run}` });
  expect(merchant.status).toBe(201);
  const { id, name } = merchant.body as { id: string; name: string };
  expect((await api(other.context, app.baseUrl, 'POST', '/api/merchants/set-current', { merchantId: id })).status).toBe(200);
  // The merchant chosen on an earlier visit, as the shell keeps it (spec §3 localStorage keys).
  await other.context.addInitScript(
    ([merchantId, merchantName]) => {
      localStorage.setItem('selectedMerchant', JSON.stringify({ id: merchantId, name: merchantName }));
      localStorage.setItem('currentMerchantId', merchantId);
    },
    [String(id), name],
  );

  const load = await measureFirstLoad(other.page, `${app.baseUrl}/dashboard/orders`, (p) => p.getByRole('heading', { name: 'Ordini', level: 1 }).waitFor());
  const paths = load.resources.map(pathOf);
  const summary = `/dashboard/orders: ${load.requests} richieste, ${kb(load.transferred)} trasferiti\n${listing(load)}`;
  expect(load.resources.some((r) => r.failed || r.status >= 400) ? summary : 'nessun errore').toBe('nessun errore');
  expect(paths.filter((p) => p.startsWith('/remotes/orders/')).length).toBeGreaterThan(2);
  expect(paths.filter((p) => p.startsWith('/remotes/') && !p.startsWith('/remotes/orders/'))).toEqual([]);
  expect(paths.filter((p) => /^\/assets\/forms\./.test(p))).toEqual([]);
  expect(compressible(load).filter((r) => r.encoding !== 'br').map(pathOf)).toEqual([]);
});
