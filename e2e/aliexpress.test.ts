/**
 * AliExpress end to end, in headless chromium against the real stack (issue 23; the marketplaces
 * service talking to the AliExpress sandbox of deploy/sandboxes): the AliExpress card's 'Connetti'
 * leads to the Open Platform's Italian authorize page (Smista's app key, `force_auth`, the state),
 * 'Autorizza' brings the seller back to the shell's callback ('Integrazione completata') with the
 * seller's integration; a sync imports the seller's orders, which the orders list shows under the
 * AliExpress filter chosen on screen; a GLS label with automatic tracking off, then 'Aggiorna
 * tracking' on the order's row reaches `aliexpress.solution.order.fulfill` exactly once (service
 * GLS_IT), a second click sending nothing more. At 1280 and 390 px. Last, the same merchant with
 * all five marketplaces connected (eBay, Shopify, Amazon and Etsy on their sandboxes too): one
 * orders list with the five, the dashboard's tile counting five. Screenshots in /tmp/shots-aliexpress/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { ALIEXPRESS_SANDBOX_APP, aliexpressSandboxControl, amazonAuthorizeAs, amazonSandboxControl, ebaySandboxControl, etsyAuthorizeAs, etsySandboxControl, shopifyInstallAs, shopifySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { sharedInfra } from './support/env';
import { api, registerWithMerchant, signIn } from './support/api';
import { connectEbayThroughApi } from './support/ebay';
import { connectThroughApi, fitsGlsLabel, glsAccount, labelWithGls, syncedOrders } from './support/marketplaces';
import { openOrdersSyncedNow, orderRow } from './support/orders';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Luca', 'Ferri', run);
const merchantName = `Elettronica Ferri ${run}`;
/** The seller of this run on the shared AliExpress sandbox, and their login on the authorize page. */
const sellerId = String(2_300_000_000 + (Number.parseInt(run, 16) % 99_999_999));
const seller = { userNick: `Elettronica Ferri ${run}`, email: `venditore-${run}@elettronica-ferri.it`.toLowerCase(), password: 'Venditore1!' };
const ORDERS = 16;

const SHOTS = '/tmp/shots-aliexpress';
const aliexpressUrl = sharedInfra().sandboxes.aliexpress!;
const control = aliexpressSandboxControl(aliexpressUrl);

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await control.addSeller({ sellerId, ...seller, orders: ORDERS, seed: run });
  ({ app, browser, page } = await scenario.start());
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const aliexpressCard = (p: Page) => p.locator('[data-testid="marketplace-card"][data-identifier="aliexpress"]');
const integrationsApi = async () => (await api(browser.context, app.baseUrl, 'GET', '/api/merchants/current/integrations')).body as any[];
const fulfilmentsOf = async (externalId: string) => (await control.orders(sellerId)).find((o) => o.orderId === externalId)?.fulfilments ?? [];

/** AliExpress's authorize page reached from the card. */
async function openAuthorizePage(p: Page) {
  await p.goto('/dashboard/marketplaces');
  await aliexpressCard(p).getByTestId('marketplace-connect').click();
  await p.waitForURL((url) => url.href.startsWith(`${aliexpressUrl}/oauth/authorize`));
  await p.locator('#consent-form').waitFor();
}

/** Signs in on the authorize page and allows; back on the shell's callback, connected. */
async function authorize(p: Page) {
  await p.locator('#email').fill(seller.email);
  await p.locator('#password').fill(seller.password);
  await p.locator('#allow').click();
  await p.waitForURL('**/marketplace/callback**');
  await eventually(async () => expect(await p.getByTestId('callback-page').getAttribute('data-state')).toBe('success'));
}

/** The seller connected: by the consent step, else through the same pages. */
const aliexpressIntegration = given('AliExpress collegato', async () => {
  const find = async () => (await integrationsApi()).find((i) => i.provider === 'aliexpress' && i.username === sellerId);
  if (!(await find())) {
    await asAdmin();
    await openAuthorizePage(page);
    await authorize(page);
  }
  const integration = await find();
  if (!integration) throw new Error("integrazione AliExpress assente dopo l'autorizzazione");
  return integration.id as number;
});

/** The seller's orders imported by a completed sync, as `GET /api/orders` lists them. */
const aliexpressOrders = given('ordini AliExpress importati', async () => syncedOrders(browser.context, app.baseUrl, await aliexpressIntegration.get(), 'aliexpress', ORDERS));

describe('AliExpress (integrations remote, authorize page, callback, orders list, Aggiorna tracking)', () => {
  step("AliExpress's 'Connetti' leads to the Italian authorize page with Smista's app key; 'Autorizza' connects the seller", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/marketplaces');
    expect(await textOf(aliexpressCard(page).getByTestId('marketplace-connect'))).toBe('Connetti');
    expect(await aliexpressCard(page).getByTestId('marketplace-coming-soon').count()).toBe(0);
    await shot(page, '1280-catalogue');
    await openAuthorizePage(page);
    const consent = new URL(page.url());
    expect(Object.fromEntries(consent.searchParams)).toEqual({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: `${app.baseUrl.replace(/\/$/, '')}/marketplace/callback`,
      client_id: ALIEXPRESS_SANDBOX_APP.appKey,
      state: expect.stringMatching(/^aliexpress\.[A-Za-z0-9_-]{43}$/),
    });
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    expect(await textOf(page.locator('#allow'))).toBe('Autorizza');
    await page.locator('#email').fill(seller.email);
    await page.locator('#password').fill(seller.password);
    await page.screenshot({ path: `${SHOTS}/1280-authorize-page.png`, fullPage: true });
    await page.locator('#allow').click();

    await page.waitForURL('**/marketplace/callback**');
    await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('success'));
    expect(await textOf(page.getByTestId('callback-title'))).toBe('Integrazione completata');
    await shot(page, '1280-callback-success');
    await page.waitForURL('**/dashboard');
    const integration = (await integrationsApi()).find((i) => i.provider === 'aliexpress');
    expect(integration).toMatchObject({ provider: 'aliexpress', username: sellerId, status: 'active' });
    // Neither the app secret nor a token reached the browser.
    expect(JSON.stringify(integration)).not.toContain(ALIEXPRESS_SANDBOX_APP.appSecret);
    expect(JSON.stringify(integration)).not.toContain(`${sellerId}/`);
  });

  step("a sync imports the seller's orders; the AliExpress filter chosen on the orders screen shows them all", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const { job, listed } = await aliexpressOrders.get();
    expect(job.ordersFound).toBe(ORDERS);
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?pageSize=50');
    // No filter yet: the panel opens from 'Filtri'.
    await page.getByTestId('orders-filters-toggle').click();
    const filter = page.getByTestId('orders-filter-marketplace');
    expect(await filter.locator('option[value="aliexpress"]').textContent()).toBe('AliExpress');
    await filter.selectOption('aliexpress');
    await page.waitForURL((url) => url.searchParams.get('marketplace') === 'aliexpress');
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(ORDERS));
    const shown = await page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')));
    expect(new Set(shown)).toEqual(new Set(listed.data.map((o: { id: number }) => String(o.id))));
    await shot(page, '1280-orders-aliexpress');
  });

  step("'Aggiorna tracking' of a GLS label (automatic tracking off) reaches AliExpress's order.fulfill exactly once; a second click sends nothing more", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const integrationId = await aliexpressIntegration.get();
    const { listed } = await aliexpressOrders.get();
    expect((await api(browser.context, app.baseUrl, 'PATCH', `/api/merchants/${merchantId}/integrations/${integrationId}`, { autoUpdateTracking: false })).body?.autoUpdateTracking).toBe(false);
    const onAliexpress = await control.orders(sellerId);
    const open = (o: any) => onAliexpress.some((a) => a.orderId === o.externalId && a.status === 'WAIT_SELLER_SEND_GOODS' && a.fulfilments.length === 0);
    const order = (listed.data as any[]).find((o) => o.status === 'da_spedire' && open(o) && fitsGlsLabel(o));
    expect(order).toBeDefined();
    await labelWithGls(browser.context, app.baseUrl, merchantId, order.id);
    // Orders learns the tracking number from the shipments' events; nothing went to AliExpress by itself.
    const trackingNumber = await eventually(async () => {
      const res = await api(browser.context, app.baseUrl, 'GET', `/api/orders/${order.id}`);
      const shipment = (res.body.shipments as any[]).find((s) => s.trackingNumber);
      expect(shipment?.trackingNumber).toMatch(/^MI\d+$/);
      return shipment.trackingNumber as string;
    }, 60_000);
    expect(await fulfilmentsOf(order.externalId)).toEqual([]);

    await openOrdersSyncedNow(page, app.baseUrl, `/dashboard/orders?marketplace=aliexpress&search=${encodeURIComponent(order.externalId)}`);
    const button = orderRow(page, order.id).getByTestId('order-update-tracking');
    expect(await textOf(button)).toBe('Aggiorna tracking');
    await button.click();
    await expectToast(page, 'Tracking inviato a AliExpress');
    await closeToasts(page);
    expect(await fulfilmentsOf(order.externalId)).toEqual([{ serviceName: 'GLS_IT', logisticsNo: trackingNumber, sendType: 'all' }]);
    await shot(page, '1280-tracking-sent');

    await button.click();
    await expectToast(page, 'Tracking già inviato a AliExpress');
    await closeToasts(page);
    expect(await fulfilmentsOf(order.externalId)).toHaveLength(1);
  });

  step("the rules' express marker: the AliExpress orders sold with a premium service are express, a rule 'Solo express' matches only those", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const { listed } = await aliexpressOrders.get();
    const premium = new Set((await control.orders(sellerId)).filter((o) => /premium/i.test(o.logisticsService)).map((o) => o.orderId));
    const rule = await api(browser.context, app.baseUrl, 'POST', '/api/shipping-rules', { name: `Express AliExpress ${run}`, priority: 1, carrierIntegrationId: await glsAccount(browser.context, app.baseUrl, merchantId), conditions: { is_express: true } });
    expect(rule.status).toBe(201);
    const preview = await api(browser.context, app.baseUrl, 'POST', '/api/shipping-rules/preview', { orderIds: (listed.data as any[]).map((o) => o.id) });
    expect(preview.status).toBe(200);
    const orders = preview.body.orders as any[];
    expect(orders.length).toBeGreaterThan(0);
    // 'AliExpress Standard Shipping' is not express for the brand's "Express".
    expect(orders.map((o) => [o.externalId, o.isExpress])).toEqual(orders.map((o) => [o.externalId, premium.has(o.externalId)]));
    for (const o of orders.filter((x) => x.matchedRule?.id === rule.body.id)) expect(premium.has(o.externalId)).toBe(true);
    await page.goto('/shipping-rules');
    await page.getByText('Solo express').first().waitFor();
    await shot(page, '1280-rules-express');
  });

  step('at 390 px: the catalogue, the authorize page and the orders under AliExpress usable, nothing sideways', async () => {
    await asAdmin();
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/dashboard/marketplaces');
      await aliexpressCard(page).waitFor();
      await aliexpressCard(page).scrollIntoViewIfNeeded();
      await shot(page, '390-catalogue');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await openAuthorizePage(page);
      await page.screenshot({ path: `${SHOTS}/390-authorize-page.png`, fullPage: true });
      await expectNoSidewaysScroll(page, MOBILE.width);
      await aliexpressOrders.get();
      await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=aliexpress');
      await page.getByTestId('order-row').first().waitFor();
      await shot(page, '390-orders-aliexpress');
      await expectNoSidewaysScroll(page, MOBILE.width);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step('all five marketplaces connected to the merchant: one orders list with the five, the dashboard tile counts five', async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await aliexpressOrders.get();
    const infra = sharedInfra().sandboxes;
    const login = { email: `ferri-${run}@cinque-marketplace.it`, password: 'Venditore1!' };
    const ebaySeller = { username: `ferri_cinque_${run}`, password: login.password };
    await ebaySandboxControl(infra.ebay!).addSeller({ ...ebaySeller, orders: 4, seed: run });
    await connectEbayThroughApi(browser.context, app.baseUrl, ebaySeller, merchantId);
    const shop = `ferri-${run}.myshopify.com`;
    await shopifySandboxControl(infra.shopify!).addShop({ shop, name: `Ferri ${run}`, ...login, orders: 4, seed: run });
    await connectThroughApi(browser.context, app.baseUrl, merchantId, 'shopify', (url) => shopifyInstallAs(url, login), shop);
    await amazonSandboxControl(infra.amazon!).addSeller({ sellerId: `A2FERRI${run}`.toUpperCase(), storeName: `Ferri Store ${run}`, ...login, orders: 4, seed: run, fbaShare: 0 });
    await connectThroughApi(browser.context, app.baseUrl, merchantId, 'amazon', (url) => amazonAuthorizeAs(url, login));
    await etsySandboxControl(infra.etsy!).addSeller({ shopName: `FerriCinque${run}`, ...login, receipts: 4, seed: run });
    await connectThroughApi(browser.context, app.baseUrl, merchantId, 'etsy', (url) => etsyAuthorizeAs(url, login));

    const connected = await integrationsApi();
    expect(connected.map((i) => i.provider).sort()).toEqual(['aliexpress', 'amazon', 'ebay', 'etsy', 'shopify']);
    for (const integration of connected.filter((i) => i.provider !== 'aliexpress')) {
      const { listed } = await syncedOrders(browser.context, app.baseUrl, integration.id, integration.provider);
      expect(listed.meta.totalItems).toBeGreaterThan(0);
    }
    const all = (await api(browser.context, app.baseUrl, 'GET', '/api/orders?pageSize=50')).body;
    expect(new Set((all.data as any[]).map((o) => o.marketplace))).toEqual(new Set(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy']));

    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?pageSize=50');
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(all.meta.totalItems));
    const rowsText = (await page.getByTestId('order-row').allInnerTexts()).join('\n');
    for (const name of ['eBay', 'Amazon', 'Shopify', 'AliExpress', 'Etsy']) expect(rowsText).toContain(name);
    await shot(page, '1280-orders-five');

    await page.goto('/dashboard');
    await eventually(async () => expect(await textOf(page.getByTestId('tile-marketplaces-value'))).toBe('5'));
    await shot(page, '1280-dashboard-five');
  });
});
