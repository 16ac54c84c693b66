/**
 * Shopify end to end, in headless chromium against the real stack (issue 22; the marketplaces
 * service talking to the Shopify sandbox of deploy/sandboxes): the Shopify card's 'Connetti' asks
 * the shop's domain and refuses one that is not Shopify's in Italian without sending anything; a
 * good one leads to the shop's own install page (Italian, signed in as the owner, 'Installa app'),
 * back to the shell's callback ('Integrazione completata') with the Shopify integration of that
 * shop; a sync imports the shop's orders, which the orders list shows under the Shopify filter;
 * a new order on the shop shows without a sync, by the orders/create the sandbox sends by itself (as
 * Shopify, to this run's app, installed, whose webhook address is this gateway's route), and the
 * owner cancelling it there reaches Smista by orders/cancelled and orders/updated.
 * The dialog and the install page at 390 px too. Screenshots in /tmp/shots-shopify/.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { shopifySandboxControl } from '@smista/sandboxes';
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
const admin = person('Sara', 'Gallo', run);
const merchantName = `Bottega Gallo ${run}`;
/** The shop of this run on the shared Shopify sandbox, and its owner's login on the install page. */
const shopHandle = `bottega-gallo-${run}`.toLowerCase();
const shopDomain = `${shopHandle}.myshopify.com`;
const owner = { email: `titolare@${shopHandle}.it`, password: 'Titolare1!' };
const SHOP_ORDERS = 12;

const SHOTS = '/tmp/shots-shopify';
const shopifyUrl = sharedInfra().sandboxes.shopify!;
/** This run's Shopify app on the shared sandbox: its webhooks go to this run's gateway only. */
const shopifyApp = { clientId: `smista-e2e-${run}`, clientSecret: `shpss_${randomBytes(12).toString('hex')}`, name: 'Smista', redirectUris: [] as string[] };

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';
/** Every oauth-params call the browser made. */
const oauthParamsCalls: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const control = shopifySandboxControl(shopifyUrl);
  await control.addShop({ shop: shopDomain, name: `Bottega Gallo ${run}`, ...owner, orders: SHOP_ORDERS, seed: run, plan: 'plus' });
  ({ app, browser, page } = await scenario.start({ componentEnv: { marketplaces: { SHOPIFY_CLIENT_ID: shopifyApp.clientId, SHOPIFY_CLIENT_SECRET: shopifyApp.clientSecret } } }));
  // The app's configured webhook address (shopify.app.toml): this gateway's public route.
  await control.registerApp({ ...shopifyApp, webhookUri: `${app.baseUrl}/api/webhooks/shopify` });
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  page.on('request', (r: Request) => {
    if (r.url().includes('/oauth-params')) oauthParamsCalls.push(r.url());
  });
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const shopifyCard = (p: Page) => p.locator('[data-testid="marketplace-card"][data-identifier="shopify"]');
const integrationsApi = async () => (await api(browser.context, app.baseUrl, 'GET', '/api/merchants/current/integrations')).body as any[];

/** The dialog of the Shopify card, opened from the catalogue. */
async function openStoreDialog(p: Page) {
  await p.goto('/dashboard/marketplaces');
  const card = shopifyCard(p);
  await card.getByTestId('marketplace-connect').click();
  const dialog = p.getByTestId('store-domain-dialog');
  await dialog.waitFor();
  return dialog;
}

/** The shop's install page reached from the dialog with the shop's name. */
async function openInstallPage(p: Page) {
  const dialog = await openStoreDialog(p);
  await dialog.getByLabel('Dominio del negozio').fill(shopHandle);
  await dialog.getByTestId('store-domain-submit').click();
  await p.waitForURL((url) => url.href.startsWith(`${shopifyUrl}/store/${shopDomain}/admin/oauth/authorize`));
  await p.locator('#install-form').waitFor();
}

/** The shop connected: by the install step, else through the same pages. */
const shopifyIntegration = given('Shopify collegato', async () => {
  const find = async () => (await integrationsApi()).find((i) => i.provider === 'shopify' && i.username === shopDomain);
  if (!(await find())) {
    await asAdmin();
    await openInstallPage(page);
    await page.locator('#email').fill(owner.email);
    await page.locator('#password').fill(owner.password);
    await page.locator('#install').click();
    await page.waitForURL('**/marketplace/callback');
    await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('success'));
  }
  const integration = await find();
  if (!integration) throw new Error('integrazione Shopify assente dopo l\'installazione');
  return integration.id as number;
});

/** The shop's orders imported by a completed sync (the sync step's, else one made here), as `GET /api/orders` lists them. */
const shopifyOrders = given('ordini Shopify importati', async () => {
  const integrationId = await shopifyIntegration.get();
  const started = await api(browser.context, app.baseUrl, 'POST', `/api/orders/sync/${integrationId}`, {});
  expect(started.status).toBe(202);
  const job = await eventually(async () => {
    const res = await api(browser.context, app.baseUrl, 'GET', `/api/orders/sync/jobs/${started.body.job.id}`);
    expect(res.body.status).toBe('completed');
    return res.body;
  }, 60_000);
  const listed = await eventually(async () => {
    const res = await api(browser.context, app.baseUrl, 'GET', '/api/orders?marketplace=shopify&pageSize=50');
    expect(res.body.meta.totalItems).toBe(SHOP_ORDERS);
    // The page's rows and its total are two reads: during an import one may be ahead of the other.
    expect(res.body.data).toHaveLength(res.body.meta.totalItems);
    return res.body;
  }, 30_000);
  return { job, listed };
});

describe('Shopify (integrations remote, install page, callback, orders list)', () => {
  step("Shopify's 'Connetti' asks the shop's domain; one that is not Shopify's is refused in Italian and nothing is sent", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const dialog = await openStoreDialog(page);
    expect(await textOf(shopifyCard(page).getByTestId('marketplace-connect'))).toBe('Connetti');
    expect(await shopifyCard(page).getByTestId('marketplace-coming-soon').count()).toBe(0);
    expect(await textOf(dialog.getByTestId('store-domain-hint'))).toBe('Il nome del negozio (negozio) o il suo indirizzo negozio.myshopify.com');
    const before = oauthParamsCalls.length;
    await dialog.getByLabel('Dominio del negozio').fill('bottega-gallo.it');
    await dialog.getByTestId('store-domain-submit').click();
    await dialog.getByText('Dominio non valido: scrivi il nome del negozio (negozio) o negozio.myshopify.com', { exact: true }).waitFor();
    expect(oauthParamsCalls.length).toBe(before);
    await shot(page, '1280-store-domain-refused');
    await dialog.getByTestId('store-domain-cancel').click();
    await dialog.waitFor({ state: 'detached' });
  });

  step("the shop's install page in Italian, 'Installa app', back on the callback: 'Integrazione completata' and the shop's integration", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await openInstallPage(page);
    const consent = new URL(page.url());
    expect(consent.searchParams.get('scope')).toBe('read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,write_fulfillments');
    expect(consent.searchParams.get('state')).toMatch(/^shopify\.[A-Za-z0-9_-]{43}$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    expect(await textOf(page.locator('#shop-domain'))).toBe(shopDomain);
    await page.locator('#email').fill(owner.email);
    await page.locator('#password').fill(owner.password);
    await page.screenshot({ path: `${SHOTS}/1280-install-page.png`, fullPage: true });
    await page.locator('#install').click();

    await page.waitForURL('**/marketplace/callback');
    const callback = page.getByTestId('callback-page');
    await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('success'));
    expect(await textOf(page.getByTestId('callback-title'))).toBe('Integrazione completata');
    await shot(page, '1280-callback-success');
    await page.waitForURL('**/dashboard');
    const integration = (await integrationsApi()).find((i) => i.provider === 'shopify');
    expect(integration).toMatchObject({ provider: 'shopify', username: shopDomain, status: 'active' });
    expect(JSON.stringify(integration)).not.toMatch(/shpat_|shprt_/);
  });

  step("a sync imports the shop's orders; the orders list with the Shopify filter shows them all", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const { job, listed } = await shopifyOrders.get();
    expect(job.ordersFound).toBe(SHOP_ORDERS);
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=shopify&pageSize=50');
    expect(await page.getByTestId('orders-filter-marketplace').inputValue()).toBe('shopify');
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(SHOP_ORDERS));
    const shown = await page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')));
    expect(new Set(shown)).toEqual(new Set(listed.data.map((o: { id: number }) => String(o.id))));
    await shot(page, '1280-orders-shopify');
  });

  step("a new order on the shop reaches the orders list by the webhook Shopify sends by itself, with no other sync; cancelled there, it is cancelled here", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await shopifyOrders.get();
    const control = shopifySandboxControl(shopifyUrl);
    // The sandbox sends orders/create by itself, as Shopify does, signed, to the installed app's
    // address (the gateway's public route); the next scheduled sync is minutes away, so only the
    // webhook can bring the order this soon.
    const [order] = await control.addOrders(shopDomain, 1);
    const sent = (await control.sentWebhooks()).filter((w) => w.shop === shopDomain);
    expect(sent.map((w) => [w.topic, w.orderId, w.clientId, w.status])).toEqual([['orders/create', order!.legacyResourceId, shopifyApp.clientId, 200]]);
    const listed = await eventually(async () => {
      const res = await api(browser.context, app.baseUrl, 'GET', '/api/orders?marketplace=shopify&pageSize=50');
      const found = res.body.data.find((o: { externalId: string }) => o.externalId === order!.legacyResourceId);
      expect(found).toBeDefined();
      return found as { id: number };
    }, 30_000);
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=shopify&pageSize=50');
    await page.locator(`[data-testid="order-row"][data-order-id="${listed.id}"]`).waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(SHOP_ORDERS + 1);
    await shot(page, '1280-orders-shopify-webhook');

    // The owner cancels it on Shopify: orders/cancelled and orders/updated, and Smista has it cancelled.
    const cancelled = await control.changeOrder(shopDomain, order!.legacyResourceId, { cancel: true });
    expect(cancelled.webhooks.map((w) => [w.topic, w.status])).toEqual([['orders/cancelled', 200], ['orders/updated', 200]]);
    await eventually(async () => {
      const res = await api(browser.context, app.baseUrl, 'GET', '/api/orders?marketplace=shopify&pageSize=50');
      expect(res.body.data.find((o: { externalId: string }) => o.externalId === order!.legacyResourceId)?.status).toBe('annullato');
    }, 30_000);
  });

  step('at 390 px: the dialog, the install page and the orders under Shopify usable, nothing sideways', async () => {
    await asAdmin();
    await page.setViewportSize(MOBILE);
    try {
      const dialog = await openStoreDialog(page);
      await shot(page, '390-store-domain-dialog');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await dialog.getByTestId('store-domain-cancel').click();
      await openInstallPage(page);
      await page.screenshot({ path: `${SHOTS}/390-install-page.png`, fullPage: true });
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shopifyOrders.get();
      await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=shopify');
      await page.getByTestId('order-row').first().waitFor();
      await shot(page, '390-orders-shopify');
      await expectNoSidewaysScroll(page, MOBILE.width);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
