/**
 * End to end, in headless chromium (issue 19): the merchant whose 'Processa Tutte' loses its answer
 * because the shipments service dies mid-run (kill -9) sees the run go on. The app has a GLS
 * sandbox of its own that answers slowly and shipments makes one label at a time, so the run lasts
 * long enough to be cut; the service is started again (as `make dev` does) and resumes the run at
 * once. The screen says 'Il processamento continua' instead of an error, shows the progress, and
 * when the run ends every label exists, each made once at GLS.
 *
 * Screenshots go to /tmp/shots-process-continues/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { GLS_ACCOUNT, PICKUP_ADDRESS } from './support/carriers';
import { connectEbayThroughApi } from './support/ebay';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, exactly, expectNoSidewaysScroll, MOBILE, screenshotWhole, textOf } from './support/ui';
import { ebaySandboxControl } from '@smista/sandboxes';
import { weighAllProducts } from './support/catalogue';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Elena', 'Conti', run);
const merchantName = `Conti Spedizioni ${run}`;
const seller = { username: `cont_${run}`, password: 'Continua1!' };
/** Labels in the run: at one a time and GLS answering in about a second, several seconds of work. */
const LABELS = 6;
const SHOTS = '/tmp/shots-process-continues';
const SYNC_TIMEOUT_MS = 70_000;
/** The run, cut and resumed, takes LABELS × the sandbox's latency plus a restart. */
const SETTLE_MS = 90_000;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start({
    ownGlsSandbox: { latencyMs: 1_000 },
    componentEnv: { shipments: { PROCESS_CONCURRENCY: '1' } },
  }));
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  await ebaySandboxControl(app.ebayUrl).addSeller({ username: seller.username, password: seller.password, orders: 200, seed: 'continua-1' });
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);
const get = async (path: string) => {
  const res = await call('GET', path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body;
};
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const shot = (name: string) => screenshotWhole(page, `${SHOTS}/${name}.png`, 5000);

/** An Italian address within GLS Italy's field lengths. */
const glsDomestic = (o: any): boolean => {
  const a = o.shippingAddressDetails;
  return Boolean(a) && a.countryCode === 'IT' && a.addressLine1.length <= 35 && a.fullName.length <= 35 && a.city.length <= 30;
};

/** LABELS pending GLS shipments of paid Italian orders synced from eBay, nothing else pending: their ids. */
const pending = given('spedizioni GLS in attesa', async (): Promise<number[]> => {
  await asAdmin();
  const gls = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Lenta', active: true, ...GLS_ACCOUNT });
  expect({ status: gls.status, active: gls.body?.active }).toEqual({ status: 201, active: true });
  expect((await call('POST', '/api/merchant-addresses', { ...PICKUP_ADDRESS, companyName: merchantName })).status).toBe(201);
  await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
  const integrationId = ((await get('/api/merchants/current/integrations')) as any[])[0].id as number;
  expect((await call('POST', `/api/orders/sync/${integrationId}`, {})).status).toBeLessThan(300);
  const orders = await eventually(async () => {
    const [integration] = (await get('/api/merchants/current/integrations')) as any[];
    expect(integration.currentJob === null || !['pending', 'running'].includes(integration.currentJob.status)).toBe(true);
    const toShip = ((await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[]).filter(glsDomestic);
    expect(toShip.length).toBeGreaterThanOrEqual(LABELS);
    return toShip.slice(0, LABELS);
  }, SYNC_TIMEOUT_MS);
  for (const order of orders) expect((await call('PATCH', `/api/orders/${order.id}/carrier`, { carrierIntegrationId: gls.body.id })).status).toBe(200);
  await weighAllProducts(browser.context, app.baseUrl);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds: orders.map((o) => o.id) });
  expect({ status: created.status, created: created.body?.created }).toEqual({ status: 200, created: LABELS });
  return (created.body.outcomes as any[]).map((o) => o.shipmentId as number);
});

describe('a processing run whose answer is lost (issue 19)', () => {
  step("'Processa Tutte', the shipments service killed mid-run: 'Il processamento continua', the progress, then every label made once", async () => {
    const ids = await pending.get();
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/shipments?status=pending');
    await eventually(async () => expect(await page.getByTestId('shipment-row').count()).toBe(LABELS));

    await page.getByTestId('shipments-process-all').click();
    // Cut while the run is under way: some labels made, not all.
    await eventually(async () => {
      const runs = (await get('/api/shipments/process-runs')) as any[];
      const going = runs.find((r) => r.status === 'running');
      expect(going?.done).toBeGreaterThanOrEqual(1);
      expect(going?.done).toBeLessThan(LABELS);
    }, SETTLE_MS);
    process.kill(app.services.shipments.pid!, 'SIGKILL');

    // The request's 503 is not the last word: the screen reads the runs again and says so.
    const toast = page.getByTestId('toast').filter({ has: page.getByTestId('toast-title').filter({ hasText: exactly('Il processamento continua') }) });
    await toast.waitFor();
    expect(await textOf(toast.getByTestId('toast-description'))).toMatch(
      new RegExp(`^La risposta si è interrotta, ma le etichette vengono create comunque \\(\\d+ di ${LABELS}\\): l'avanzamento è qui sotto e l'elenco si aggiorna alla fine$`),
    );
    expect(await page.getByTestId('toast').filter({ hasText: 'Errore processamento' }).count()).toBe(0);
    await page.getByTestId('shipments-progress').waitFor();
    await shot('1280-continues');

    // The restarted service resumes the run; the screen follows it to the end.
    await eventually(async () => {
      const runs = (await get('/api/shipments/process-runs')) as any[];
      expect(runs.some((r) => r.status === 'running')).toBe(false);
      const shipped = ((await get('/api/shipments?status=shipped&pageSize=100')).data as any[]).map((s) => s.id);
      expect([...shipped].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    }, SETTLE_MS);
    await page.getByTestId('shipments-progress').waitFor({ state: 'detached' });
    await eventually(async () => expect(await page.getByTestId('shipment-row').count()).toBe(0));

    // GLS made one parcel per shipment, whatever the cut.
    const tally = app.gls!.referenceTally();
    expect(ids.map((id) => ({ id, created: tally[`SHP-${id}`]?.created ?? 0 }))).toEqual(ids.map((id) => ({ id, created: 1 })));

    await page.goto('/dashboard/shipments?status=shipped');
    await eventually(async () => expect(await page.getByTestId('shipment-row').count()).toBe(LABELS));
    await shot('1280-shipped');
    await page.setViewportSize(MOBILE);
    try {
      await page.getByTestId('shipments-cards').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot('390-shipped');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
