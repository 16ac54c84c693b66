/**
 * End to end, in headless chromium against the real stack (issue 20, micro-frontends deployed on
 * their own): the gateway's /remotes.json is built from the remotes that announce themselves in
 * the registry (NATS KV). A new build of the orders remote, served by its own server
 * (libs/remote-server) from another origin, takes over at the next navigation to Ordini without a
 * reload of the page or of the settings remote; a build whose shared singletons the shell refuses
 * (React 18) shows 'Sezione non compatibile' in its area; stopping a server withdraws its build
 * and the one deployed before comes back (a rollback).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../deploy/local/src/paths';
import { getFreePort } from '../deploy/local/src/ports';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { registerWithMerchant, signIn } from './support/api';
import { sharedInfra } from './support/env';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, MOBILE } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;
const run = newRunId();
const admin = person('Remo', 'Versi', run);
const SHOTS = '/tmp/shots-remotes';
const ORDERS_DIST = path.join(repoRoot, 'frontends', 'orders', 'dist');
/** The start of the orders page's subtitle as built, and what the "new version" says instead. */
const BUILT = 'Gli ordini dei marketplace collegati';
const CHANGED = 'Versione nuova: gli ordini dei marketplace collegati';
const SUBTITLE = `${BUILT}, da spedire e già spediti.`;
const NEW_SUBTITLE = `${CHANGED}, da spedire e già spediti.`;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
/** Ports of the two remote servers this suite starts (another origin than the gateway's). */
const ports: number[] = [];
const bucket = `smista_remotes_e2e_${run}`;

beforeAll(async () => {
  ports.push(await getFreePort(), await getFreePort());
  ({ app, browser, page } = await scenario.start({
    componentEnv: { gateway: { REMOTES_BUCKET: bucket, REMOTE_ORIGINS: ports.map((p) => `http://127.0.0.1:${p}`).join(',') } },
  }));
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const merchant = given('a merchant of the admin', () => registerWithMerchant(browser.context, app.baseUrl, admin, `Versioni ${run}`));

/** The admin logged in with the merchant selected, as the shell keeps it. */
async function enter(): Promise<void> {
  const { id } = await merchant.get();
  await signIn(browser.context, app.baseUrl, admin, id);
  await page.goto('/dashboard');
  await page.evaluate(
    ([merchantId, name]) => {
      localStorage.setItem('selectedMerchant', JSON.stringify({ id: merchantId, name }));
      localStorage.setItem('currentMerchantId', merchantId);
    },
    [id, `Versioni ${run}`],
  );
}

/**
 * A copy of the orders remote's build as another version: `edit` changes its mf-manifest.json, and
 * the subtitle reads NEW_SUBTITLE. The precompressed variants of the changed files go (the server
 * then sends them plain).
 */
function orderBuild(label: string, edit: (manifest: { metaData: { buildInfo: { buildVersion: string } }; shared: { name: string; version: string }[] }) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `orders-${label}-`));
  fs.cpSync(ORDERS_DIST, dir, { recursive: true });
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  edit(manifest);
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  let changed = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!text.includes(BUILT)) continue;
    fs.writeFileSync(path.join(dir, file), text.split(BUILT).join(CHANGED));
    changed++;
    for (const variant of ['.br', '.gz']) fs.rmSync(path.join(dir, file + variant), { force: true });
  }
  for (const variant of ['.br', '.gz']) fs.rmSync(manifestFile + variant, { force: true });
  if (changed === 0) throw new Error(`the orders build has no "${BUILT}"`);
  return dir;
}

/** A remote server (libs/remote-server) for `dir` on `port`, announced in this app's registry. */
async function serveRemote(dir: string, port: number): Promise<{ stop(): Promise<void> }> {
  const logFile = fs.openSync(path.join(app.logDir, `remote-server-${port}.log`), 'a');
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'libs', 'remote-server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(await getFreePort()),
      REMOTE_DIR: dir,
      REMOTE_PUBLIC_URL: `http://127.0.0.1:${port}/remotes/orders/`,
      NATS_URL: sharedInfra().natsUrl,
      REMOTES_BUCKET: bucket,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', logFile, logFile],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.closeSync(logFile);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The orders version /remotes.json lists now. */
async function listedOrders(): Promise<{ entry: string; version: string } | undefined> {
  const res = await fetch(`${app.baseUrl}/remotes.json`);
  return ((await res.json()) as Record<string, { entry: string; version: string }>).orders;
}

const sidebarLink = (name: string) => page.getByTestId('sidebar').getByRole('link', { name, exact: true });
const ordersArea = () => page.locator('[data-remote="orders"]');
/**
 * The orders screen done loading (its empty state: no marketplace yet). Only then does the step
 * leave it: the list writes its view into the address once its data is in.
 */
const ordersSettled = () => ordersArea().getByText('Non hai ancora integrato nessun marketplace.').waitFor();

step('a new orders build takes over at the next navigation, without reloading the page or the settings remote', async () => {
  await enter();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/dashboard/orders');
  await ordersArea().getByText(SUBTITLE, { exact: true }).waitFor();
  await ordersSettled();
  const shipped = await ordersArea().getAttribute('data-remote-version');
  expect(shipped).toBe((await listedOrders())!.version);
  await sidebarLink('Impostazioni').click();
  await page.waitForURL(/\/dashboard\/settings/);
  await page.locator('[data-remote="settings"]').waitFor();
  // Set on this page: still there after the next navigations means no reload happened.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const server = await serveRemote(
    orderBuild('v2', (m) => (m.metaData.buildInfo.buildVersion = '0.2.0-e2e')),
    ports[0]!,
  );
  try {
    await eventually(async () => expect(await listedOrders()).toEqual(expect.objectContaining({ version: '0.2.0-e2e', entry: `http://127.0.0.1:${ports[0]}/remotes/orders/mf-manifest.json` })));
    await sidebarLink('Ordini').click();
    await ordersArea().getByText(NEW_SUBTITLE, { exact: true }).waitFor();
    await ordersSettled();
    expect(await ordersArea().getAttribute('data-remote-version')).toBe('0.2.0-e2e');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // Its files came from its own server; the settings remote was fetched once, never again.
    expect(requested.filter((u) => u.startsWith(`http://127.0.0.1:${ports[0]}/remotes/orders/`)).length).toBeGreaterThan(2);
    await sidebarLink('Impostazioni').click();
    await page.waitForURL(/\/dashboard\/settings/);
    await page.locator('[data-remote="settings"]').waitFor();
    expect(requested.filter((u) => new URL(u).pathname === '/remotes/settings/remoteEntry.js')).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'settings-after-update-1280.png') });
  } finally {
    await server.stop();
  }
  // Its server stopped: the build deployed before (the gateway's) is listed again, the rollback.
  await eventually(async () => expect((await listedOrders())?.version).toBe(shipped));
  await sidebarLink('Ordini').click();
  await ordersArea().getByText(SUBTITLE, { exact: true }).waitFor();
  expect(await ordersArea().getAttribute('data-remote-version')).toBe(shipped);
});

step('an orders build on React 18 is refused in its area with the Italian message, at 1280 and 390 px', async () => {
  await enter();
  const server = await serveRemote(
    orderBuild('react18', (m) => {
      m.metaData.buildInfo.buildVersion = '0.3.0-react18';
      for (const s of m.shared) if (s.name === 'react' || s.name === 'react-dom') s.version = '18.3.1';
    }),
    ports[1]!,
  );
  try {
    await eventually(async () => expect((await listedOrders())?.version).toBe('0.3.0-react18'));
    for (const viewport of [null, MOBILE]) {
      if (viewport) await page.setViewportSize(viewport);
      await page.goto('/dashboard/orders');
      const refusal = page.getByTestId('remote-incompatible');
      await refusal.waitFor();
      await expect(refusal.getByRole('heading', { name: 'Sezione non compatibile' }).isVisible()).resolves.toBe(true);
      expect(await refusal.innerText()).toContain("non è compatibile con l'applicazione");
      expect(await page.getByTestId('remote-incompatible-detail').innerText()).toContain('react 18.3.1 (richiesta ^19.1.0)');
      // In the area: the layout stays (header, breadcrumbs), and nothing of the build ran.
      await expect(page.locator('header').first().isVisible()).resolves.toBe(true);
      expect(await page.locator('[data-remote="orders"]').count()).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, `incompatible-${viewport ? 390 : 1280}.png`) });
    }
  } finally {
    await server.stop();
  }
  // Withdrawn: the next navigation loads the compatible build again.
  await eventually(async () => expect((await listedOrders())?.version).not.toBe('0.3.0-react18'));
  await page.getByTestId('remote-retry').click();
  await ordersArea().getByText(SUBTITLE, { exact: true }).waitFor();
});
