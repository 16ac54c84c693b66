/**
 * End to end against the real stack (the eBay sandbox, a GLS sandbox of its own, Posta1's pool) and
 * in headless chromium: the demo `make dev` prepares (issue 19, "the first minute";
 * deploy/local/src/demo-seed.ts, through the gateway only). With SMISTA_DEMO=0 nothing is made and
 * nothing said; a seed the eBay sandbox refuses stops half-way with one Italian line and the stack
 * answering; the next run completes it (nothing made twice): the demo user, 'Bottega Demo', one
 * pickup address, GLS and Posta1 active with 50 codes, the eBay seller connected with its orders,
 * two rules, GLS and Posta1 shipments labelled (the PDFs served); another run adds nothing (every
 * count equal); after a restart (the eBay sandbox forgot its tokens) the seller is connected again,
 * the same integration; a demo user with another password is left alone. Then what the merchant sees, logged
 * in with the printed login at 1280 and 390 px: the dashboard, the orders, the shipments and the
 * rules, their counts those of the API (screenshots in /tmp/shots-demo/).
 *
 * Each step stands on its own: the seeded demo is a `given`, made by the step that seeds it or, when
 * that one failed or did not run, by the first step that needs it.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { ebaySandboxControl } from '@smista/sandboxes';
import {
  DEFAULT_DEMO_EMAIL,
  DEFAULT_DEMO_PASSWORD,
  DEMO_EBAY_SELLER,
  DEMO_MERCHANT_NAME,
  DEMO_RULES,
  demoReadyLines,
  demoSettingsFromEnv,
  prepareDemo,
  seedDemo,
} from '../deploy/local/src/demo-seed';
import { createGatewaySession, type ApiCall } from '../deploy/local/src/gateway-session';
import type { TestApp } from './support/app';
import { rawApi } from './support/api';
import { createScenario, given, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, expectNoSidewaysScroll, login, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const SHOTS = '/tmp/shots-demo';
/** The seed's own waits (sync, orders, labels), in quiet-machine time. */
const SEED_WAIT_MS = 60_000;

let app: TestApp;
let page: Page;

beforeAll(async () => {
  ({ app, page } = await scenario.start({ ownGlsSandbox: true }));
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

/** `make dev`'s environment: the defaults unless a step says otherwise. */
const devDemo = (env: Record<string, string> = {}) => {
  const log: string[] = [];
  return prepareDemo({ env, baseUrl: app.baseUrl, log: (line) => log.push(line), waitMs: SEED_WAIT_MS }).then((answer) => ({ ...answer, log }));
};

/** The API as the demo user in 'Bottega Demo' (a session of its own, as a second browser would be). */
async function asDemoUser(): Promise<{ call: ApiCall; get: (path: string) => Promise<any>; merchantId: string; cookie: () => string }> {
  const { call, cookies } = createGatewaySession(app.baseUrl);
  expect((await call('POST', '/api/login', { email: DEFAULT_DEMO_EMAIL, password: DEFAULT_DEMO_PASSWORD })).status).toBe(200);
  const merchants = (await call('GET', '/api/merchants')).body as { id: string; name: string }[];
  expect(merchants.map((m) => m.name)).toEqual([DEMO_MERCHANT_NAME]);
  const merchantId = merchants[0]!.id;
  expect((await call('POST', '/api/merchants/set-current', { merchantId })).status).toBe(200);
  const get = async (path: string) => {
    const res = await call('GET', path);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body;
  };
  const cookie = () =>
    Object.entries(cookies())
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  return { call, get, merchantId, cookie };
}

/** Everything the demo holds, counted through the API: two runs must leave the same. */
async function demoCounts() {
  const { get, merchantId } = await asDemoUser();
  const carriers = (await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[];
  const posta = carriers.find((c) => c.provider === 'posta_1');
  const shipments = await get('/api/shipments?pageSize=100');
  const orders = await get('/api/orders?pageSize=1');
  return {
    merchants: ((await get('/api/merchants')) as any[]).length,
    addresses: ((await get('/api/merchant-addresses')) as any[]).map((a) => `${a.companyName} ${a.addressTypes.join(',')}${a.isDefault ? ' default' : ''}`),
    carriers: carriers.map((c) => `${c.provider} ${c.connectionName} ${c.status}`).sort(),
    posta1Codes: posta ? await get(`/api/merchants/${merchantId}/carrier-integrations/${posta.id}/tracking-codes/stats`) : null,
    marketplaces: ((await get('/api/merchants/current/integrations')) as any[]).map((i) => `${i.provider} ${i.username} ${i.status}`),
    orders: orders.meta.statusCounts,
    rules: ((await get('/api/shipping-rules')) as any[]).map((r) => `${r.priority} ${r.name}`),
    shipments: shipments.meta.statusCounts,
    labelled: (shipments.data as any[]).filter((s) => s.hasLabel).map((s) => `${s.id} ${s.carrierProvider} ${s.trackingNumber}`),
  };
}

/** The demo as `make dev` leaves it (its run's answer, when a step made it here). */
const demo = given('la demo preparata da make dev', async () => {
  const answer = await devDemo();
  expect({ outcome: answer.result?.outcome, lines: answer.lines }).toMatchObject({ outcome: 'ready' });
  return answer;
});

const count = (n: number) => n.toLocaleString('it-IT');

describe('the demo of make dev (deploy/local demo-seed)', () => {
  step('SMISTA_DEMO=0: nothing is seeded and nothing is said', async () => {
    const off = await devDemo({ SMISTA_DEMO: '0' });
    expect(off).toEqual({ lines: [], result: null, log: [] });
    expect(demoSettingsFromEnv({ SMISTA_DEMO: 'false' })).toBeNull();
    // No demo user: the e-mail has no account and the login is refused.
    expect((await rawApi(app.baseUrl, 'POST', '/api/check-email', { email: DEFAULT_DEMO_EMAIL })).body).toEqual({ exists: false });
    expect((await rawApi(app.baseUrl, 'POST', '/api/login', { email: DEFAULT_DEMO_EMAIL, password: DEFAULT_DEMO_PASSWORD })).status).toBe(401);
  });

  step('a seed the eBay sandbox refuses stops half-way, says so in one Italian line, and the stack stays up', async () => {
    // The seller's password wrong: everything before eBay is made, eBay is not.
    const settings = { ...demoSettingsFromEnv({})!, ebaySeller: { ...DEMO_EBAY_SELLER, password: 'Sbagliata1!' } };
    const result = await seedDemo(app.baseUrl, settings, { waitMs: SEED_WAIT_MS });
    expect(result).toMatchObject({ outcome: 'failed', step: 'collegamento eBay' });
    if (result.outcome !== 'failed') throw new Error('unreachable');
    expect(result.message).toContain('Nome utente o password non corretti');
    expect(result.done).toEqual(['utente creato', 'merchant «Bottega Demo» creato', 'indirizzo di ritiro aggiunto', 'GLS Milano collegato', 'Posta1 collegato', '50 codici Posta1 aggiunti']);
    const lines = demoReadyLines(result, settings);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Demo non completata \(collegamento eBay\): .*Nome utente o password non corretti.*\. Lo stack resta attivo; il prossimo make dev riprende da qui\.$/);
    // The stack answers, and holds what the seed made before eBay.
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    const half = await demoCounts();
    expect(half).toMatchObject({
      merchants: 1,
      addresses: ['Bottega Demo S.r.l. pickup default'],
      carriers: ['gls GLS Milano active', 'posta_1 Posta1 active'],
      posta1Codes: { total: 50, available: 50 },
      marketplaces: [],
      rules: [],
    });
  });

  step('the next make dev completes it: eBay connected and synced, two rules, GLS and Posta1 labels; the login printed', async () => {
    const answer = await demo.get();
    const { result, lines, log } = answer;
    if (result?.outcome !== 'ready') throw new Error(`demo: ${JSON.stringify(result)}`);
    // What a half-way run left is not made again (when the step before did not run, it is all new here).
    const halfWay = !result.done.includes('utente creato');
    if (halfWay) for (const piece of ['merchant «Bottega Demo» creato', 'indirizzo di ritiro aggiunto', 'GLS Milano collegato', 'Posta1 collegato']) expect(result.done).not.toContain(piece);
    expect(result.done).toEqual(
      expect.arrayContaining(['eBay collegato', expect.stringMatching(/^\d+ ordini eBay importati$/), '2 regole create', expect.stringMatching(/^corriere assegnato a \d+ ordini$/), '5 etichette create']),
    );
    expect(lines).toEqual([
      `Demo: accedi con ${DEFAULT_DEMO_EMAIL} e la password ${DEFAULT_DEMO_PASSWORD} (merchant «Bottega Demo»; SMISTA_DEMO=0 per farne a meno)`,
      `Venditore eBay della sandbox: ${DEMO_EBAY_SELLER.username}, password ${DEMO_EBAY_SELLER.password}`,
    ]);
    expect(log[0]).toBe(`preparo i dati demo per ${DEFAULT_DEMO_EMAIL} (SMISTA_DEMO=0 per farne a meno)…`);
    expect(log[1]).toMatch(/^dati demo pronti in \d+ s: .*eBay collegato.*5 etichette create$/);
    process.stdout.write(`seed della demo${halfWay ? ' (da metà)' : ''}: ${Math.round(result.elapsedMs / 100) / 10} s (${result.done.join(', ')})\n`);

    const { get, merchantId, cookie } = await asDemoUser();
    const counts = await demoCounts();
    expect(counts).toMatchObject({
      merchants: 1,
      addresses: ['Bottega Demo S.r.l. pickup default'],
      carriers: ['gls GLS Milano active', 'posta_1 Posta1 active'],
      marketplaces: [`ebay ${DEMO_EBAY_SELLER.username} active`],
      rules: DEMO_RULES.map((r) => `${r.priority} ${r.name}`),
    });
    // Every order eBay had in its window imported, the first sync completed.
    const [ebay] = (await get('/api/merchants/current/integrations')) as any[];
    expect(ebay.lastJob).toMatchObject({ status: 'completed' });
    expect(ebay.lastJob.ordersFound).toBeGreaterThan(0);
    expect(counts.orders.all).toBe(ebay.lastJob.ordersFound);
    // The rules gave the orders to ship their carriers: GLS and Posta1 both got some.
    const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
    const carriers = (await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[];
    const idOf = (provider: string) => carriers.find((c) => c.provider === provider).id as number;
    for (const provider of ['gls', 'posta_1']) expect({ provider, some: toShip.some((o) => o.carrierIntegrationId === idOf(provider) && o.appliedRule) }).toEqual({ provider, some: true });
    // Labels of both carriers, every shipment labelled (none pending, none in error), of paid orders.
    const shipments = (await get('/api/shipments?pageSize=100')).data as any[];
    expect(shipments.length).toBeGreaterThanOrEqual(2);
    for (const s of shipments) expect({ id: s.id, status: s.status, hasLabel: s.hasLabel, tracking: !!s.trackingNumber }).toEqual({ id: s.id, status: 'shipped', hasLabel: true, tracking: true });
    expect(new Set(shipments.map((s) => s.carrierProvider))).toEqual(new Set(['gls', 'posta_1']));
    for (const s of shipments) expect((await get(`/api/orders/${s.orderId}`)).paymentStatus).toBe('pagato');
    expect(counts.posta1Codes).toMatchObject({ total: 50, used: shipments.filter((s) => s.carrierProvider === 'posta_1').length });
    // The labels are served (PDF).
    for (const s of shipments) {
      const label = await fetch(`${app.baseUrl}/api/shipments/${s.id}/label`, { headers: { Cookie: cookie() } });
      expect({ id: s.id, status: label.status, type: label.headers.get('content-type') }).toEqual({ id: s.id, status: 200, type: 'application/pdf' });
    }
  });

  step('a second make dev finds the demo and adds nothing (every count equal)', async () => {
    await demo.get();
    const before = await demoCounts();
    const again = await devDemo();
    expect(again.result).toMatchObject({ outcome: 'ready', done: [] });
    expect(again.log[1]).toMatch(/^dati demo già presenti, nulla da aggiungere \(controllati in \d+ s\)$/);
    expect(again.lines[0]).toContain(`accedi con ${DEFAULT_DEMO_EMAIL}`);
    expect(await demoCounts()).toEqual(before);
  });

  step('after a restart (the eBay sandbox of make dev forgets its tokens) the seller is connected again: the same integration, nothing else', async () => {
    await demo.get();
    const before = await demoCounts();
    const { get } = await asDemoUser();
    const [integration] = (await get('/api/merchants/current/integrations')) as any[];
    // What a new start of the sandbox leaves of this seller's grants: none.
    const ebay = ebaySandboxControl(app.ebayUrl);
    await ebay.revokeSeller(DEMO_EBAY_SELLER.username);
    await ebay.expireAccessTokens(DEMO_EBAY_SELLER.username);
    const again = await devDemo();
    expect(again.result).toMatchObject({ outcome: 'ready', done: ['eBay ricollegato'] });
    expect(await demoCounts()).toEqual(before);
    const [now] = (await get('/api/merchants/current/integrations')) as any[];
    expect({ id: now.id, status: now.status, tokenWarning: now.tokenWarning }).toEqual({ id: integration.id, status: 'active', tokenWarning: null });
    // It works: a sync with the new tokens completes.
    const started = await asDemoUser().then(({ call }) => call('POST', `/api/orders/sync/${now.id}`, {}));
    expect(started.status).toBe(202);
    await eventually(async () => expect((await get(`/api/orders/sync/jobs/${started.body.job.id}`)).status).toBe('completed'), SEED_WAIT_MS);
    // The refusal it met on the way is no notification left to read.
    await eventually(async () => expect(((await get('/api/notifications')).notifications as any[]).filter((n) => n.kind === 'token_refused')).toEqual([]));
  });

  step('a demo user whose password is another is left alone, in one line', async () => {
    await demo.get();
    const before = await demoCounts();
    const other = await devDemo({ SMISTA_DEMO_PASSWORD: 'Altra1234' });
    expect(other.result).toMatchObject({ outcome: 'foreign-password' });
    expect(other.lines).toEqual([
      `Demo: l'utente ${DEFAULT_DEMO_EMAIL} esiste già con un'altra password; lo lascio com'è (SMISTA_DEMO_PASSWORD per usare la sua, SMISTA_DEMO=0 per non preparare la demo)`,
    ]);
    expect(await demoCounts()).toEqual(before);
    // The printed login still works.
    expect((await rawApi(app.baseUrl, 'POST', '/api/login', { email: DEFAULT_DEMO_EMAIL, password: DEFAULT_DEMO_PASSWORD })).status).toBe(200);
  });

  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    step(`what the merchant sees with the printed login at ${size} px: dashboard, orders, shipments and rules agree with the API`, async () => {
      await demo.get();
      const { get } = await asDemoUser();
      await page.context().clearCookies();
      await page.setViewportSize(viewport);
      await page.goto('/auth');
      await login(page, DEFAULT_DEMO_EMAIL, DEFAULT_DEMO_PASSWORD);
      // The only merchant is entered by itself.
      await page.waitForURL('**/dashboard');
      // The orders screen may sync on its first visit: every count is compared with the API's of the moment.
      const orderCounts = async () => (await get('/api/orders?pageSize=1')).meta.statusCounts;
      await eventually(async () => expect(await textOf(page.getByTestId('tile-to-ship-value'))).toBe(count((await orderCounts()).TO_SHIP)));
      await eventually(async () => expect(await textOf(page.getByTestId('tile-marketplaces-value'))).toBe('1'));
      await eventually(async () => expect(await page.getByTestId('activity-item').count()).toBeGreaterThan(0));
      if (size === '390') await expectNoSidewaysScroll(page, viewport.width);
      await screenshotWhole(page, `${SHOTS}/demo-${size}-dashboard.png`);

      await page.goto('/dashboard/orders');
      const orderTabs = page.getByTestId('status-tab');
      await orderTabs.first().waitFor();
      for (const key of ['all', 'TO_PAY', 'TO_SHIP', 'IN_TRANSIT', 'SHIPPED', 'DELIVERED', 'CANCELLED']) {
        const tab = page.locator(`[data-testid="status-tab"][data-status="${key}"]`);
        await eventually(async () => expect({ key, count: await textOf(tab.getByTestId('status-tab-count')) }).toEqual({ key, count: count((await orderCounts())[key]) }));
      }
      await page.getByTestId('order-row').first().waitFor();
      if (size === '390') await expectNoSidewaysScroll(page, viewport.width);
      await screenshotWhole(page, `${SHOTS}/demo-${size}-orders.png`);

      const shipments = await get('/api/shipments?pageSize=100');
      await page.goto('/dashboard/shipments');
      await page.getByTestId('shipments-status-tabs').waitFor();
      for (const key of await page.getByTestId('status-tab').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')!))) {
        const tab = page.locator(`[data-testid="status-tab"][data-status="${key}"]`);
        await eventually(async () => expect({ key, count: await textOf(tab.getByTestId('status-tab-count')) }).toEqual({ key, count: count(shipments.meta.statusCounts[key]) }));
      }
      await eventually(async () => expect(await page.getByTestId('shipment-row').count()).toBe(shipments.data.length));
      if (size === '390') await expectNoSidewaysScroll(page, viewport.width);
      await screenshotWhole(page, `${SHOTS}/demo-${size}-shipments.png`);

      await page.goto('/shipping-rules');
      const rule = page.getByTestId(size === '1280' ? 'rule-row' : 'rule-card');
      await eventually(async () => expect(await rule.count()).toBe(DEMO_RULES.length));
      for (const r of DEMO_RULES) await page.getByText(r.name, { exact: true }).first().waitFor();
      if (size === '390') await expectNoSidewaysScroll(page, viewport.width);
      await screenshotWhole(page, `${SHOTS}/demo-${size}-rules.png`);
      await page.setViewportSize(DESKTOP);
    });
  }
});
