/**
 * Amazon end to end, in headless chromium against the real stack (issue 22; the marketplaces
 * service talking to the Amazon sandbox of deploy/sandboxes): the Amazon card's 'Connetti' leads to
 * Seller Central's Italian consent page (the seller signs in, 'Conferma'), back to the shell's
 * callback ('Integrazione completata') with the seller's integration; a sync imports the seller's
 * merchant-fulfilled orders, which the orders list shows under the Amazon filter, and while Amazon
 * makes the sync wait the banner tells its pace ('Amazon consente circa 100 ordini ogni 3
 * minuti…'); a second seller read without Amazon's restricted role comes in all the same, its
 * orders showing 'Indirizzo non disponibile da Amazon'. The consent page and the list at 390 px too.
 * Screenshots in /tmp/shots-amazon/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { catalogueMessages } from '@smista/contracts';
import { AMAZON_SANDBOX_APP, amazonSandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { sharedInfra } from './support/env';
import { api, registerWithMerchant, signIn } from './support/api';
import { openOrdersSyncedNow } from './support/orders';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, expectNoSidewaysScroll, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Marta', 'Rizzi', run);
const merchantName = `Bottega Rizzi ${run}`;
/** This run's sellers on the shared Amazon sandbox: one read with the restricted role, one without. */
const sellerId = `A2RIZZI${run}`.toUpperCase();
const seller = { sellerId, storeName: `Rizzi Store ${run}`, email: `venditore.${run}@rizzi.it`, password: 'Venditore1!' };
const withheld = { sellerId: `${sellerId}W`, storeName: `Rizzi Riservato ${run}`, email: `riservato.${run}@rizzi.it`, password: 'Venditore1!' };
const SELLER_ORDERS = 12;
const WITHHELD_ORDERS = 4;

const SHOTS = '/tmp/shots-amazon';
const amazonUrl = sharedInfra().sandboxes.amazon!;
const amazon = amazonSandboxControl(amazonUrl);

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await amazon.addSeller({ ...seller, orders: SELLER_ORDERS, seed: run, fbaShare: 0 });
  await amazon.addSeller({ ...withheld, orders: WITHHELD_ORDERS, seed: `${run}w`, fbaShare: 0 });
  ({ app, browser, page } = await scenario.start());
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
}, TEST_TIMEOUT_MS);
afterAll(async () => {
  await amazon.setRestrictedRole(AMAZON_SANDBOX_APP.applicationId, true);
  await scenario.stop();
}, STOP_TIMEOUT_MS);

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const amazonCard = (p: Page) => p.locator('[data-testid="marketplace-card"][data-identifier="amazon"]');
const integrationsApi = async () => (await api(browser.context, app.baseUrl, 'GET', '/api/merchants/current/integrations')).body as any[];
const merchantFulfilled = async (id: string) => (await amazon.orders(id)).filter((o) => o.fulfilledBy === 'MERCHANT');

/** Seller Central's consent page, reached from the Amazon card's 'Connetti'. */
async function openConsentPage(p: Page) {
  await p.goto('/dashboard/marketplaces');
  await amazonCard(p).getByTestId('marketplace-connect').click();
  await p.waitForURL((url) => url.href.startsWith(`${amazonUrl}/apps/authorize/consent`));
  await p.locator('#consent-form').waitFor();
}

/** A seller connected through the consent page, as a person does it. */
async function connectThroughConsent(p: Page, who: { email: string; password: string }) {
  await openConsentPage(p);
  await p.locator('#email').fill(who.email);
  await p.locator('#password').fill(who.password);
  await p.locator('#confirm').click();
  await p.waitForURL('**/marketplace/callback');
  await eventually(async () => expect(await p.getByTestId('callback-page').getAttribute('data-state')).toBe('success'));
}

const integrationOf = async (storeName: string) => (await integrationsApi()).find((i) => i.provider === 'amazon' && i.username === storeName);

/** The seller connected: by the consent step, else through the same pages. */
const amazonIntegration = given('Amazon collegato', async () => {
  if (!(await integrationOf(seller.storeName))) {
    await asAdmin();
    await connectThroughConsent(page, seller);
  }
  const integration = await integrationOf(seller.storeName);
  if (!integration) throw new Error('integrazione Amazon assente dopo il consenso');
  return integration.id as number;
});

/** A completed sync of an integration, and the orders `GET /api/orders` lists for it. */
async function syncAndList(integrationId: number, expected: number) {
  const started = await api(browser.context, app.baseUrl, 'POST', `/api/orders/sync/${integrationId}`, {});
  expect(started.status).toBe(202);
  const job = await eventually(async () => {
    const res = await api(browser.context, app.baseUrl, 'GET', `/api/orders/sync/jobs/${started.body.job.id}`);
    expect(res.body.status).toBe('completed');
    return res.body;
  }, 60_000);
  const listed = await eventually(async () => {
    const res = await api(browser.context, app.baseUrl, 'GET', `/api/orders/integration/${integrationId}?pageSize=50`);
    expect(res.body.meta.totalItems).toBe(expected);
    // The page's rows and its total are two reads: during an import one may be ahead of the other.
    expect(res.body.data).toHaveLength(res.body.meta.totalItems);
    return res.body;
  }, 30_000);
  return { job, listed };
}

/** The seller's orders imported by a completed sync. */
const amazonOrders = given('ordini Amazon importati', async () => syncAndList(await amazonIntegration.get(), (await merchantFulfilled(seller.sellerId)).length));

/** The second seller, read without the restricted role, connected and synced. */
const withheldOrders = given('ordini Amazon senza indirizzo importati', async () => {
  await amazon.setRestrictedRole(AMAZON_SANDBOX_APP.applicationId, false);
  try {
    if (!(await integrationOf(withheld.storeName))) {
      await asAdmin();
      await connectThroughConsent(page, withheld);
    }
    const integration = await integrationOf(withheld.storeName);
    return { integrationId: integration.id as number, ...(await syncAndList(integration.id, WITHHELD_ORDERS)) };
  } finally {
    await amazon.setRestrictedRole(AMAZON_SANDBOX_APP.applicationId, true);
  }
});

describe('Amazon (integrations remote, Seller Central consent page, callback, orders list)', () => {
  step("Amazon's 'Connetti' leads to Seller Central's consent page in Italian; 'Conferma' comes back: 'Integrazione completata' and the seller's integration", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/marketplaces');
    expect(await textOf(amazonCard(page).getByTestId('marketplace-connect'))).toBe('Connetti');
    expect(await amazonCard(page).getByTestId('marketplace-coming-soon').count()).toBe(0);
    await openConsentPage(page);
    const consent = new URL(page.url());
    expect(consent.searchParams.get('application_id')).toBe(AMAZON_SANDBOX_APP.applicationId);
    expect(consent.searchParams.get('state')).toMatch(/^amazon\.[A-Za-z0-9_-]{43}$/);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${app.baseUrl}/marketplace/callback`);
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    expect(await textOf(page.locator('#app-name'))).toBe('Smista');
    await page.locator('#email').fill(seller.email);
    await page.locator('#password').fill(seller.password);
    await page.screenshot({ path: `${SHOTS}/1280-consent-page.png`, fullPage: true });
    await page.locator('#confirm').click();

    await page.waitForURL('**/marketplace/callback');
    await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('success'));
    expect(await textOf(page.getByTestId('callback-title'))).toBe('Integrazione completata');
    await shot(page, '1280-callback-success');
    await page.waitForURL('**/dashboard');
    const integration = await integrationOf(seller.storeName);
    expect(integration).toMatchObject({ provider: 'amazon', username: seller.storeName, status: 'active' });
    expect(JSON.stringify(integration)).not.toMatch(/Atza\||Atzr\|/);
  });

  step("a sync Amazon makes wait tells Amazon's pace in the banner, then imports the seller's orders; the orders list with the Amazon filter shows them all", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const integrationId = await amazonIntegration.get();
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders');
    const syncIcon = page.locator(`[data-testid="integration-sync"][data-integration="${integrationId}"]`);
    await syncIcon.waitFor();
    // Amazon answers QuotaExceeded at a rate of one request every 4 s: the job waits and stays visible.
    await amazon.injectFault({ kind: 'quota', count: 6, rateLimit: 0.25, operation: 'searchOrders' });
    await syncIcon.click();
    const banner = page.getByTestId('orders-sync-banner');
    await banner.waitFor();
    expect(await textOf(banner.getByTestId('orders-sync-pace'))).toMatch(/^Amazon consente circa 100 ordini ogni 3 minuti: tempo stimato circa \d+ minuti$/);
    await shot(page, '1280-sync-pace');
    await banner.waitFor({ state: 'detached', timeout: 60_000 });
    await amazon.clearFaults();

    const expected = await merchantFulfilled(seller.sellerId);
    const listed = await eventually(async () => {
      const res = await api(browser.context, app.baseUrl, 'GET', `/api/orders/integration/${integrationId}?pageSize=50`);
      expect(res.body.meta.totalItems).toBe(expected.length);
      // The page's rows and its total are two reads: during an import one may be ahead of the other.
      expect(res.body.data).toHaveLength(res.body.meta.totalItems);
      return res.body;
    }, 30_000);
    expect(new Set(listed.data.map((o: { externalId: string }) => o.externalId))).toEqual(new Set(expected.map((o) => o.orderId)));
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=amazon&pageSize=50');
    expect(await page.getByTestId('orders-filter-marketplace').inputValue()).toBe('amazon');
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(expected.length));
    // Amazon gives no item weights: until the catalogue has them, 'Peso mancante' is each order's only problem.
    const problems = (await page.getByTestId('order-problem').allInnerTexts()).map((t) => t.trim());
    expect(problems.filter((t) => t !== catalogueMessages.weightMissing)).toEqual([]);
    await shot(page, '1280-orders-amazon');
  });

  step("a seller read without Amazon's restricted role comes in all the same: its orders say 'Indirizzo non disponibile da Amazon'", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const { listed } = await withheldOrders.get();
    const toShip = listed.data.filter((o: { status: string }) => o.status === 'da_spedire');
    expect(toShip.length).toBeGreaterThan(0);
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=amazon&pageSize=50');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${toShip[0].id}"]`);
    await row.waitFor();
    const problemsOf = async (where: ReturnType<Page['locator']>) => (await where.getByTestId('order-problem').allInnerTexts()).map((t) => t.trim());
    await eventually(async () => expect(await problemsOf(row)).toEqual(['Indirizzo non disponibile da Amazon', catalogueMessages.weightMissing]));
    await row.getByTestId('order-expand').click();
    const panel = page.locator(`[data-testid="order-panel-row"][data-order-id="${toShip[0].id}"]`);
    await eventually(async () => expect(await problemsOf(panel.getByTestId('order-address'))).toEqual(['Indirizzo non disponibile da Amazon', catalogueMessages.weightMissing]));
    await shot(page, '1280-orders-address-withheld');
  });

  step('at 390 px: the consent page and the Amazon orders with their problem usable, nothing sideways', async () => {
    await asAdmin();
    await page.setViewportSize(MOBILE);
    try {
      await openConsentPage(page);
      await page.screenshot({ path: `${SHOTS}/390-consent-page.png`, fullPage: true });
      await expectNoSidewaysScroll(page, MOBILE.width);
      await amazonOrders.get();
      await withheldOrders.get();
      await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=amazon');
      await page.getByTestId('order-row').first().waitFor();
      await page.getByTestId('order-problem').first().waitFor();
      await shot(page, '390-orders-amazon');
      await expectNoSidewaysScroll(page, MOBILE.width);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
