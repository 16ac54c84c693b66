/**
 * End to end, in headless chromium against the real stack (marketplaces talking to the eBay
 * sandbox, orders consuming its events, carriers for the carrier choice): the orders remote
 * (spec §2 Orders, §3 orders / order_items / shipping address, §4 order statuses and badges, list
 * rules, §7 Orders, §8 Orders messages, §9 auto-sync and caches). A merchant without marketplaces
 * sees 'Non hai ancora integrato nessun marketplace.'; eBay is connected through the sandbox's
 * consent page; 'Sincronizza tutto' starts a sync whose progress shows until its toast (the
 * sandbox answers a few quota errors first, so the job runs long enough to be watched); the
 * §9 auto-sync runs on opening after 5 minutes and not before; the status tabs count and filter,
 * the search finds an order by id and by customer, pages, page size, sort and the selection bar
 * follow the URL; a reload and a shared link show the same view; a row's panel shows customer,
 * status, marketplace, address and products, and assigns a carrier (GLS, Posta1) that the API then
 * has; 'Aggiorna tracking' answers the server's message; /orders/{id} and back; an integration
 * tab and its sync icon; cards at 390 px with nothing sideways; the dashboard tile counts the
 * orders to ship.
 *
 * One app and one browser for the whole file. Each step stands on its own: it logs the admin in
 * through the API, opens its own page (as a merchant who synced just now, so no §9 auto-sync starts
 * unasked), and gets eBay's integration and the imported orders from `given`s, made by the steps
 * that make them or else through the API. Screenshots of the screens go to /tmp/shots-orders/.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { ebaySandboxControl, type EbaySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { connectEbay, connectEbayThroughApi } from './support/ebay';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant } from './support/settings';
import { closeToasts, DESKTOP, eventually, exactly, expectNoSidewaysScroll, expectTitle, expectToast, MOBILE, pathOf, screenshotWhole, textOf } from './support/ui';
import { GLS_ACCOUNT, PICKUP_ADDRESS } from './support/carriers';
import { openOrdersSyncedNow, statusTab } from './support/orders';
import { weighAllProducts } from './support/catalogue';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Olga', 'Ferri', run);
const merchantName = `Ordini Ferri ${run}`;
/** A seller of this run in the shared eBay sandbox, with generated orders over the last 120 days. */
const seller = { username: `ordini_${run}`, password: 'Ordini1!' };
const SELLER_ORDERS = 400;
/** Spec §9 / marketplaces: the first import asks for the orders created in the last 90 days. */
const FIRST_SYNC_DAYS = 90;

const SHOTS = '/tmp/shots-orders';
/** The GLS sandbox's default account (deploy/sandboxes/src/gls/README.md). */
/** How long a sync of a few hundred orders, slowed by the injected quota errors, may take. */
const SYNC_TIMEOUT_MS = 70_000;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let ebay: EbaySandboxControl;
let merchantId = '';

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  await page.setViewportSize(DESKTOP);
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  const merchants = await api(browser.context, app.baseUrl, 'GET', '/api/merchants');
  merchantId = String(merchants.body[0].id);
  ebay = ebaySandboxControl(app.ebayUrl);
  await ebay.addSeller({ username: seller.username, password: seller.password, orders: SELLER_ORDERS, seed: run });
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const get = async (path: string) => {
  const res = await api(browser.context, app.baseUrl, 'GET', path);
  expect(res.status).toBe(200);
  return res.body;
};
const ordersApi = (query = '') => get(`/api/orders${query ? `?${query}` : ''}`);
const integrationsApi = async (): Promise<any[]> => {
  const body = await get('/api/merchants/current/integrations');
  return Array.isArray(body) ? body : body.data;
};

/** The spec's it-IT count ("1.000" from five digits on, as Intl writes it). */
const count = (n: number) => n.toLocaleString('it-IT');

const rows = (p: Page) => p.getByTestId('order-row');
const externalIdsOnScreen = (p: Page) => rows(p).evaluateAll((els) => els.map((el) => el.getAttribute('data-external-id')));
const shown = (p: Page) => textOf(p.getByTestId('orders-shown'));
const integrationTab = (p: Page, id: number | 'all') => p.locator(`[data-testid="integration-tab"][data-integration="${id}"]`);
const syncIcon = (p: Page, id: number) => p.locator(`[data-testid="integration-sync"][data-integration="${id}"]`);
/** Waits for an attribute to read `value` (the screen re-renders a moment after the URL changes). */
const expectAttribute = (locator: Locator, name: string, value: string) => eventually(async () => expect(await locator.getAttribute(name)).toBe(value));

/** Waits for the list to show the orders of `apiQuery` (the same page as the API answers). */
async function expectListLike(p: Page, apiQuery: string) {
  const page_ = await ordersApi(apiQuery);
  await eventually(async () => expect(await externalIdsOnScreen(p)).toEqual(page_.data.map((o: any) => o.externalId)));
  return page_;
}

/** Waits until no sync of the merchant's integrations is pending or running (per the API). */
async function syncsIdle(timeoutMs = SYNC_TIMEOUT_MS) {
  await eventually(async () => {
    const list = await integrationsApi();
    expect(list.filter((i) => i.currentJob && ['pending', 'running'].includes(i.currentJob.status))).toEqual([]);
  }, timeoutMs);
}

/**
 * The sandbox orders a first import takes (created within the last 90 days), bounded an hour
 * either side since the service's window starts when its job does.
 */
async function expectedImportBounds(): Promise<[number, number]> {
  const orders = await ebay.orders(seller.username);
  const since = (hours: number) => orders.filter((o) => Date.parse(o.creationDate) >= Date.now() - FIRST_SYNC_DAYS * 86_400_000 - hours * 3_600_000).length;
  return [since(-1), since(1)];
}

/** A screenshot of the whole screen in {SHOTS}. */
const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/orders-${name}.png`, 5000);

/** `POST /api/orders/sync/...` requests the page makes, to tell an auto-sync from none. */
function countSyncPosts(p: Page): { count: () => number; stop: () => void } {
  let n = 0;
  const listener = (req: { method(): string; url(): string }) => {
    if (req.method() === 'POST' && /^\/api\/orders\/sync\/\d+$/.test(new URL(req.url()).pathname)) n++;
  };
  p.on('request', listener);
  return { count: () => n, stop: () => p.off('request', listener) };
}

/** The browser logged in as the admin, in the merchant, whatever an earlier step left. */
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);

/** Opens an orders screen as a merchant who synced just now, so opening it starts no auto-sync the step did not ask for. */
const openOrders = (p: Page, url: string) => openOrdersSyncedNow(p, app.baseUrl, url);

/** The orders the API lists once the first import settled (within {@link expectedImportBounds}). */
async function settledTotal(): Promise<number> {
  const [low, high] = await expectedImportBounds();
  return eventually(async () => {
    const total = (await ordersApi('pageSize=1')).meta.totalItems as number;
    expect(total).toBeGreaterThanOrEqual(low);
    expect(total).toBeLessThanOrEqual(high);
    return total;
  }, SYNC_TIMEOUT_MS);
}

/** The seller's eBay account connected (its integration id); made by the consent step, else through the API. */
const ebayIntegration = given('eBay collegato', async () => {
  if (!(await integrationsApi()).some((i) => i.provider === 'ebay' && i.username === seller.username)) {
    await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
  }
  const [integration] = await integrationsApi();
  await syncsIdle();
  return integration.id as number;
});

/** The seller's orders imported (how many the API lists); made by 'Sincronizza tutto', else a sync through the API. */
const imported = given('ordini di eBay importati', async () => {
  const integrationId = await ebayIntegration.get();
  await syncsIdle();
  const started = await api(browser.context, app.baseUrl, 'POST', `/api/orders/sync/${integrationId}`, {});
  if (started.status !== 202) throw new Error(`sync: ${started.status} ${JSON.stringify(started.body)}`);
  await syncsIdle();
  return settledTotal();
});

/** A sync of the integration through the API, waited for (an edit on eBay reaches orders by it). */
async function syncNow(integrationId: number): Promise<void> {
  await syncsIdle();
  const started = await api(browser.context, app.baseUrl, 'POST', `/api/orders/sync/${integrationId}`, {});
  if (started.status !== 202) throw new Error(`sync: ${started.status} ${JSON.stringify(started.body)}`);
  await syncsIdle();
}

/** GLS connected: the one the carrier step made, else made through the API. */
const gls = given('GLS collegato', async () => {
  const found = ((await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[]).find((c) => c.provider === 'gls' && c.active);
  if (found) return found.id as number;
  const res = await api(browser.context, app.baseUrl, 'POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT });
  expect({ status: res.status, active: res.body?.active }).toEqual({ status: 201, active: true });
  return res.body.id as number;
});

/** An Italian order within GLS Italy's field lengths (GLS ships it domestically). */
const glsDomestic = (o: any): boolean => {
  const a = o.shippingAddressDetails;
  return Boolean(a) && a.countryCode === 'IT' && a.addressLine1.length <= 35 && a.fullName.length <= 35 && a.city.length <= 30;
};

/**
 * An eBay order with a GLS label (a shipment with a tracking number), made through the API: the
 * merchant's pickup address, GLS on the order, 'Crea spedizioni', 'Processa'. Its order id,
 * external id and tracking number.
 */
const labelled = given("un ordine con un'etichetta GLS (tracking)", async () => {
  await imported.get();
  const glsId = await gls.get();
  if (((await get('/api/merchant-addresses')) as any[]).length === 0) {
    expect((await api(browser.context, app.baseUrl, 'POST', '/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  }
  const onEbay = await ebay.orders(seller.username);
  const notStarted = (o: any) => onEbay.find((e) => e.orderId === o.externalId)?.orderFulfillmentStatus === 'NOT_STARTED';
  const order = ((await ordersApi('status=TO_SHIP&pageSize=100&sortOrder=asc')).data as any[]).find((o) => glsDomestic(o) && notStarted(o) && o.shipments.length === 0);
  expect(order).toBeDefined();
  expect((await api(browser.context, app.baseUrl, 'PATCH', `/api/orders/${order.id}/carrier`, { carrierIntegrationId: glsId })).status).toBe(200);
  await weighAllProducts(browser.context, app.baseUrl);
  const created = await api(browser.context, app.baseUrl, 'POST', '/api/shipments/bulk-create', { orderIds: [order.id] });
  expect(created.body?.created).toBe(1);
  const shipmentId = created.body.outcomes[0].shipmentId as number;
  const processed = await api(browser.context, app.baseUrl, 'POST', '/api/shipments/process-selected', { shipmentIds: [shipmentId] });
  expect({ status: processed.status, success: processed.body?.success }).toEqual({ status: 200, success: 1 });
  // Orders learns the tracking number from the shipments' events.
  const trackingNumber = await eventually(async () => {
    const [shipment] = (await get(`/api/orders/${order.id}`)).shipments;
    expect(shipment?.trackingNumber).toMatch(/^MI\d+$/);
    return shipment.trackingNumber as string;
  }, SYNC_TIMEOUT_MS);
  return { orderId: order.id as number, externalId: order.externalId as string, trackingNumber };
});

describe('orders (orders remote against the eBay sandbox)', () => {
  step("without a marketplace: 'Non hai ancora integrato nessun marketplace.' leads to the integrations", async () => {
    await signIn(browser.context, app.baseUrl, admin);
    await enterOnlyMerchant(page, merchantName);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ordini', exact: true }).click();
    await page.waitForURL('**/dashboard/orders');
    await page.getByRole('heading', { name: 'Ordini', level: 1 }).waitFor();
    await expectTitle(page, 'Ordini · Smista');
    const empty = page.getByTestId('orders-no-integrations');
    await empty.getByText('Non hai ancora integrato nessun marketplace.', { exact: true }).waitFor();
    const configure = empty.getByTestId('orders-configure-integrations');
    expect(await textOf(configure)).toBe('Configura le integrazioni');
    expect(await configure.getAttribute('href')).toBe('/dashboard/marketplaces');
    // 'Sincronizza tutto' only when an integration is active.
    expect(await page.getByTestId('orders-sync-all').count()).toBe(0);
    await shot(page, '1280-no-integrations');
    await configure.click();
    await page.waitForURL('**/dashboard/marketplaces');
  });

  step('eBay is connected through the sandbox consent page', async () => {
    await asAdmin();
    await page.goto('/dashboard/marketplaces');
    const answer = await connectEbay(page, seller, merchantId);
    const list = await integrationsApi();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ provider: 'ebay', active: true, username: seller.username });
    const integrationId = list[0].id;
    if (answer?.integration) expect(answer.integration.id).toBe(integrationId);
    // Whatever the service starts by itself on connecting ends before the screen is opened.
    await syncsIdle();
    ebayIntegration.set(integrationId);
  });

  step("'Sincronizza tutto' starts the sync: progress in the banner and the tab, then 'Sincronizzazione completata'", async () => {
    await asAdmin();
    const integrationId = await ebayIntegration.get();
    // Synced just now: opening the screen does not sync by itself (spec §9).
    await openOrders(page, '/dashboard/orders');
    await integrationTab(page, 'all').waitFor();
    expect(await textOf(integrationTab(page, integrationId))).toBe('eBay');
    await expectAttribute(integrationTab(page, 'all'), 'aria-selected', 'true');
    const syncAll = page.getByTestId('orders-sync-all');
    expect(await textOf(syncAll)).toBe('Sincronizza tutto');
    expect(await syncIcon(page, integrationId).isEnabled()).toBe(true);

    // eBay answers two quota errors first (429, errorId 2001): the job backs off and stays visible.
    await ebay.injectFault({ kind: 'quota', count: 2, pathPrefix: '/sell/fulfillment/v1/order', retryAfterSeconds: 2 });
    const before = Date.now();
    await syncAll.click();
    await expectToast(page, 'Sincronizzazione avviata');
    const banner = page.getByTestId('orders-sync-banner');
    await banner.waitFor();
    expect(await textOf(banner.getByTestId('orders-sync-progress'))).toMatch(/^Sincronizzazione in corso: (ricerca degli ordini\.\.\.|[\d.]+\/[\d.]+ ordini)$/);
    // While it runs: the tab's icon is off, its progress bar shows, nothing is left to 'Sincronizza tutto'.
    expect(await syncIcon(page, integrationId).isDisabled()).toBe(true);
    expect(await page.getByTestId('integration-tab-progress').count()).toBe(1);
    expect(await syncAll.isDisabled()).toBe(true);
    await shot(page, '1280-sync-progress');

    const done = page.getByTestId('toast').filter({ hasText: 'Sincronizzazione completata' });
    await done.waitFor({ timeout: SYNC_TIMEOUT_MS });
    const description = await textOf(done.getByTestId('toast-description'));
    expect(description).toMatch(/^[\d.]+ ordin[ei] importat[oi] da eBay$/);
    await banner.waitFor({ state: 'detached' });
    await eventually(async () => expect(await syncIcon(page, integrationId).isEnabled()).toBe(true));
    const stored = Number(await page.evaluate(() => localStorage.getItem('ordersSyncedAt')));
    expect(stored).toBeGreaterThanOrEqual(before);

    // The job's final state as the API has it, and the orders service catches up with its events.
    const [job] = (await integrationsApi()).map((i) => i.lastJob);
    expect(job).toMatchObject({ status: 'completed', errorMessage: null });
    expect(description).toBe(`${count(job.ordersSynced)} ${job.ordersSynced === 1 ? 'ordine importato' : 'ordini importati'} da eBay`);
    const total = await settledTotal();
    expect(total).toBeGreaterThan(60);
    imported.set(total);
    await closeToasts(page);
    await page.reload();
    await eventually(async () => expect(await shown(page)).toBe(`Mostrando 1 - 20 di ${count(total)} ordini`));
    await expectListLike(page, '');
    await shot(page, '1280-list');
  });

  step('§9 auto-sync: opening the screen syncs when the last sync is older than 5 minutes, not before', async () => {
    await asAdmin();
    const total = await imported.get();
    const posts = countSyncPosts(page);
    try {
      await openOrders(page, '/dashboard/orders');
      await rows(page).first().waitFor();
      await statusTab(page, 'all').getByTestId('status-tab-count').waitFor();
      expect(posts.count()).toBe(0);

      await page.evaluate(() => localStorage.setItem('ordersSyncedAt', String(Date.now() - 6 * 60_000)));
      const before = Date.now();
      await page.reload();
      // 'Sincronizzazione avviata' shows first; with nothing new on eBay the job may end, and its
      // toast replace it, within moments: the request and the end are what is certain.
      await eventually(async () => expect(posts.count()).toBe(1));
      // Stored once the server accepted the start.
      await eventually(async () => expect(Number(await page.evaluate(() => localStorage.getItem('ordersSyncedAt')))).toBeGreaterThanOrEqual(before));
      await page.getByTestId('toast').filter({ hasText: 'Sincronizzazione completata' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
      // Nothing new on eBay: the total stays.
      expect((await ordersApi('pageSize=1')).meta.totalItems).toBe(total);
    } finally {
      posts.stop();
    }
    await closeToasts(page);
  });

  step("a tab for every status, counting with meta.statusCounts and adding up to 'Tutti'; they filter; 'Rimuovi filtri' clears", async () => {
    await asAdmin();
    const total = await imported.get();
    await openOrders(page, '/dashboard/orders');
    const counts = (await ordersApi('pageSize=1')).meta.statusCounts;
    expect(counts.all).toBe(total);
    const tabs = [
      ['all', 'Tutti'],
      ['TO_PAY', 'Da pagare'],
      ['TO_SHIP', 'Da spedire'],
      ['IN_TRANSIT', 'In transito'],
      ['SHIPPED', 'Spedito'],
      ['DELIVERED', 'Consegnato'],
      ['CANCELLED', 'Annullato'],
    ] as const;
    await statusTab(page, 'all').waitFor();
    expect(await page.getByTestId('status-tab').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).toEqual(tabs.map(([key]) => key));
    for (const [key, label] of tabs) {
      const tab = statusTab(page, key);
      await eventually(async () => expect(await textOf(tab.getByTestId('status-tab-count'))).toBe(count(counts[key])));
      expect(await textOf(tab)).toMatch(new RegExp(`^${label}\\s*${count(counts[key]).replace('.', '\\.')}$`));
    }
    expect(counts.TO_SHIP).toBeGreaterThan(0);
    // Issue 19: every order is in exactly one tab besides 'Tutti' (an order in transit or cancelled
    // too), so they add up to it, each the total its own filter lists in GET /api/orders.
    expect(tabs.slice(1).reduce((sum, [key]) => sum + counts[key], 0)).toBe(counts.all);
    for (const [key] of tabs.slice(1)) expect({ key, total: (await ordersApi(`status=${key}&pageSize=1`)).meta.totalItems }).toEqual({ key, total: counts[key] });

    await statusTab(page, 'TO_SHIP').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'TO_SHIP');
    await expectAttribute(statusTab(page, 'TO_SHIP'), 'aria-selected', 'true');
    await expectListLike(page, 'status=TO_SHIP');
    expect(new Set(await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))))).toEqual(new Set(['da_spedire']));
    for (const badge of await page.getByTestId('orders-table').getByTestId('order-status').all()) {
      expect(await textOf(badge)).toBe('da spedire');
      expect(await badge.getAttribute('data-tone')).toBe('orange');
    }
    await eventually(async () => expect(await shown(page)).toBe(`Mostrando 1 - ${Math.min(20, counts.TO_SHIP)} di ${count(counts.TO_SHIP)} ordini`));

    // The same filter in the panel: Stato ordine shows it; Spedito through the panel moves the tab.
    await page.getByTestId('orders-filters-toggle').click();
    const panel = page.getByTestId('orders-filter-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('orders-filter-status').inputValue()).toBe('TO_SHIP');
    await panel.getByTestId('orders-filter-status').selectOption('SHIPPED');
    await page.waitForURL((url) => url.searchParams.get('status') === 'SHIPPED');
    await expectAttribute(statusTab(page, 'SHIPPED'), 'aria-selected', 'true');
    if (counts.SHIPPED > 0) await expectListLike(page, 'status=SHIPPED');
    else await page.getByTestId('orders-empty').getByText('Nessun ordine', { exact: true }).waitFor();
    // Annullato (no tab of its own before issue 19) has one now.
    await panel.getByTestId('orders-filter-status').selectOption('CANCELLED');
    await page.waitForURL((url) => url.searchParams.get('status') === 'CANCELLED');
    await expectAttribute(statusTab(page, 'CANCELLED'), 'aria-selected', 'true');
    if (counts.CANCELLED > 0) await expectListLike(page, 'status=CANCELLED');
    await shot(page, '1280-filters');

    await page.getByTestId('orders-clear-filters').click();
    await page.waitForURL((url) => url.search === '');
    await expectAttribute(statusTab(page, 'all'), 'aria-selected', 'true');
    await expectListLike(page, '');
    await page.getByTestId('orders-filters-toggle').click();
    await panel.waitFor({ state: 'detached' });
  });

  step('the search finds an order by its id and by its customer, debounced into the URL', async () => {
    await asAdmin();
    await imported.get();
    await openOrders(page, '/dashboard/orders');
    await expectListLike(page, '');
    const [target] = (await ordersApi('status=TO_SHIP&pageSize=1&sortBy=orderDate&sortOrder=asc')).data;
    const search = page.getByTestId('orders-search');
    expect(await search.getAttribute('placeholder')).toBe('Cerca per ID ordine o cliente...');

    await search.fill(target.externalId);
    await page.waitForURL((url) => url.searchParams.get('search') === target.externalId);
    await eventually(async () => expect(await externalIdsOnScreen(page)).toEqual([target.externalId]));
    await eventually(async () => expect(await shown(page)).toBe('Mostrando 1 - 1 di 1 ordini'));

    // A customer's surname: the same orders as the API finds, the target among them.
    const surname = String(target.buyerName).trim().split(/\s+/).at(-1)!;
    await search.fill(surname);
    await page.waitForURL((url) => url.searchParams.get('search') === surname);
    const found = await expectListLike(page, `search=${encodeURIComponent(surname)}`);
    expect(found.meta.totalItems).toBeGreaterThanOrEqual(1);
    const all = await ordersApi(`search=${encodeURIComponent(surname)}&pageSize=100`);
    expect(all.data.map((o: any) => o.id)).toContain(target.id);

    // Combined with a status, the page resets to 1.
    await statusTab(page, 'TO_SHIP').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'TO_SHIP' && url.searchParams.get('search') === surname);
    await expectListLike(page, `status=TO_SHIP&search=${encodeURIComponent(surname)}`);

    // Nothing matches: 'Nessun ordine' with the hint; 'Rimuovi filtri' empties the box too.
    await search.fill(`nessuno-${run}`);
    const empty = page.getByTestId('orders-empty');
    await empty.getByText('Nessun ordine', { exact: true }).waitFor();
    expect(await textOf(empty)).toContain('prova a modificarli');
    await page.getByTestId('orders-clear-filters').click();
    await page.waitForURL((url) => url.search === '');
    await eventually(async () => expect(await search.inputValue()).toBe(''));
    await expectListLike(page, '');
  });

  step('pages, page size and sort follow the URL; the selection bar selects and is cleared on a page change', async () => {
    await asAdmin();
    const total = await imported.get();
    await openOrders(page, '/dashboard/orders');
    await expectListLike(page, '');
    await page.getByTestId('orders-next').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expectListLike(page, 'page=2');
    expect(await shown(page)).toBe(`Mostrando 21 - 40 di ${count(total)} ordini`);

    const bar = page.getByTestId('orders-selection-bar');
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('Nessun ordine selezionato');
    await rows(page).nth(0).getByTestId('order-select').click();
    await rows(page).nth(3).getByTestId('order-select').click();
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('2 ordini selezionati');
    await bar.getByTestId('orders-select-all').click();
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('20 ordini selezionati');
    await expectAttribute(page.getByTestId('orders-select-page'), 'data-state', 'checked');
    await bar.getByTestId('orders-deselect-all').click();
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('Nessun ordine selezionato');
    // The selection's actions (spec §2): create shipments, print labels, update tracking; and issue 25's pick list and packing slips.
    expect(await bar.getByRole('button').allInnerTexts()).toEqual([
      'Seleziona tutti',
      'Deseleziona tutti',
      'Crea spedizioni',
      'Stampa etichette',
      'Lista di prelievo',
      'Distinte di imballaggio',
      'Stampa etichette e distinte di imballaggio',
      'Aggiorna tracking',
    ]);

    await rows(page).nth(1).getByTestId('order-select').click();
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('1 ordine selezionato');
    await page.getByTestId('orders-page-number').filter({ hasText: exactly('3') }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await expectListLike(page, 'page=3');
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('Nessun ordine selezionato');

    // Page size 50: page 1 again, 50 rows, the URL says so.
    await rows(page).nth(0).getByTestId('order-select').click();
    await page.getByTestId('orders-page-size').selectOption('50');
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '50' && !url.searchParams.has('page'));
    await expectListLike(page, 'pageSize=50');
    expect(await shown(page)).toBe(`Mostrando 1 - 50 di ${count(total)} ordini`);
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('Nessun ordine selezionato');

    // Sort by total: largest first, then smallest first.
    await page.locator('[data-testid="orders-sort"][data-field="total"]').click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'total' && !url.searchParams.has('sortOrder'));
    const desc = await expectListLike(page, 'pageSize=50&sortBy=total&sortOrder=desc');
    const totals = desc.data.map((o: any) => Number(o.total));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    await page.locator('[data-testid="orders-sort"][data-field="total"]').click();
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === 'asc');
    await expectListLike(page, 'pageSize=50&sortBy=total&sortOrder=asc');
    expect(await page.locator('th[aria-sort="ascending"]').innerText()).toContain('TOTALE');
  });

  step('a reload and a shared link show the same view from the URL', async () => {
    await asAdmin();
    await imported.get();
    await openOrders(page, '/dashboard/orders?status=TO_SHIP&pageSize=10&page=2&sortBy=buyerName&sortOrder=asc');
    const expected = await expectListLike(page, 'status=TO_SHIP&pageSize=10&page=2&sortBy=buyerName&sortOrder=asc');
    const before = { url: page.url(), ids: await externalIdsOnScreen(page), shown: await shown(page) };
    expect(before.shown).toBe(`Mostrando 11 - ${Math.min(20, expected.meta.totalItems)} di ${count(expected.meta.totalItems)} ordini`);

    await page.reload();
    await eventually(async () => expect(await externalIdsOnScreen(page)).toEqual(before.ids));
    expect(page.url()).toBe(before.url);
    expect(await shown(page)).toBe(before.shown);
    await expectAttribute(statusTab(page, 'TO_SHIP'), 'aria-selected', 'true');
    expect(await page.getByTestId('orders-page-size').inputValue()).toBe('10');
    expect(await page.locator('[data-testid="orders-page-number"][aria-current="page"]').innerText()).toBe('2');

    // The same link opened in another tab of the same user, at /orders.
    const shared = await browser.context.newPage();
    try {
      await shared.setViewportSize(DESKTOP);
      await shared.goto(`/orders?${new URL(before.url).searchParams.toString()}`);
      await eventually(async () => expect(await externalIdsOnScreen(shared)).toEqual(before.ids));
      expect(await shown(shared)).toBe(before.shown);
      expect(await shared.title()).toBe('Ordini · Smista');
    } finally {
      await shared.close();
    }

    // Bad values fall back to the defaults and the address is cleaned.
    await page.goto('/dashboard/orders?page=0&pageSize=abc&sortBy=password&status=perso&integration=999999');
    await page.waitForURL((url) => url.pathname === '/dashboard/orders' && url.search === '');
    await expectListLike(page, '');
  });

  step('a row opens its panel: customer, status, marketplace, address and products', async () => {
    await asAdmin();
    await imported.get();
    await openOrders(page, '/dashboard/orders?status=TO_SHIP');
    const list = await expectListLike(page, 'status=TO_SHIP');
    const first = list.data[0];
    const detail = await get(`/api/orders/${first.id}`);
    expect(detail.items.length).toBeGreaterThan(0);

    const row = page.locator(`[data-testid="order-row"][data-order-id="${first.id}"]`);
    await row.getByTestId('order-expand').click();
    const panel = page.locator(`[data-testid="order-panel"][data-order-id="${first.id}"]`);
    await panel.waitFor();
    const customer = panel.getByTestId('order-customer');
    expect(await textOf(customer)).toContain(first.buyerName);
    if (first.externalUsername) expect(await textOf(customer)).toContain(first.externalUsername);
    expect(await textOf(panel.getByTestId('panel-order-status'))).toBe('da spedire');
    expect(await textOf(panel.getByTestId('panel-order-payment'))).not.toBe('');
    const marketplace = await textOf(panel.getByTestId('order-marketplace'));
    expect(marketplace).toContain('eBay');
    expect(marketplace).toContain(first.externalId);
    if (first.shippingAddressDetails) {
      const address = await textOf(panel.getByTestId('order-address-lines'));
      expect(address).toContain(first.shippingAddressDetails.fullName);
      expect(address).toContain(first.shippingAddressDetails.city);
    }
    const items = panel.getByTestId('order-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(detail.items.length);
    expect(await textOf(items.first().getByTestId('order-item-title'))).toBe(detail.items[0].title || detail.items[0].productName);
    expect(await textOf(items.first().getByTestId('order-item-quantity'))).toBe(String(detail.items[0].quantity));
    if (detail.items[0].sku) expect(await items.first().getAttribute('data-sku')).toBe(detail.items[0].sku);
    // The carrier choice: this merchant has no active carrier yet.
    await panel.getByTestId('order-no-carriers').waitFor();
    await shot(page, '1280-row-open');

    await row.getByTestId('order-expand').click();
    await panel.waitFor({ state: 'detached' });
  });

  step('a carrier is assigned in the panel (GLS, then Posta1, then none) and the API has it', async () => {
    await asAdmin();
    await imported.get();
    const glsAnswer = await api(browser.context, app.baseUrl, 'POST', `/api/merchants/${merchantId}/carrier-integrations`, {
      provider: 'gls',
      connectionName: 'GLS Milano',
      active: true,
      ...GLS_ACCOUNT,
    });
    expect({ status: glsAnswer.status, body: glsAnswer.body }).toMatchObject({ status: 201, body: { status: 'active', active: true } });
    const glsId = glsAnswer.body.id;
    gls.set(glsId);
    const posta = await api(browser.context, app.baseUrl, 'POST', `/api/merchants/${merchantId}/carrier-integrations`, {
      provider: 'posta_1',
      connectionName: 'Posta1 Magazzino',
      active: true,
    });
    expect({ status: posta.status, body: posta.body }).toMatchObject({ status: 201, body: { active: true } });
    const postaId = posta.body.id;

    await openOrders(page, '/dashboard/orders?status=TO_SHIP');
    const list = await expectListLike(page, 'status=TO_SHIP');
    const order = list.data[0];
    expect(order.carrierIntegrationId).toBeNull();
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await row.getByTestId('order-expand').click();
    const select = page.locator(`[data-testid="order-panel"][data-order-id="${order.id}"]`).getByTestId('order-carrier-select');
    await select.waitFor();
    expect(await select.inputValue()).toBe('');
    const options = await select.locator('option').allInnerTexts();
    expect(options[0]).toBe('Nessun corriere');
    expect(options.some((o) => o.startsWith('GLS Milano'))).toBe(true);
    expect(options.some((o) => o.startsWith('Posta1 Magazzino'))).toBe(true);

    await select.selectOption(String(glsId));
    await expectToast(page, 'Corriere aggiornato', { description: 'GLS Milano' });
    expect((await get(`/api/orders/${order.id}`)).carrierIntegrationId).toBe(glsId);
    await closeToasts(page);

    await select.selectOption(String(postaId));
    await expectToast(page, 'Corriere aggiornato', { description: 'Posta1 Magazzino' });
    expect((await get(`/api/orders/${order.id}`)).carrierIntegrationId).toBe(postaId);
    await closeToasts(page);

    // After a reload the choice is still there.
    await page.reload();
    await rows(page).first().waitFor();
    await row.getByTestId('order-expand').click();
    await eventually(async () => expect(await select.inputValue()).toBe(String(postaId)));

    await select.selectOption('');
    await expectToast(page, 'Corriere aggiornato', { description: 'Nessun corriere' });
    expect((await get(`/api/orders/${order.id}`)).carrierIntegrationId).toBeNull();
    await closeToasts(page);

    // The API refuses what the screen never offers: a carrier that is not the merchant's.
    const refused = await api(browser.context, app.baseUrl, 'PATCH', `/api/orders/${order.id}/carrier`, { carrierIntegrationId: 999_999 });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(typeof refused.body?.message).toBe('string');
  });

  step("'Aggiorna tracking' only for orders with a shipment that has tracking (row and selection), answering the server's message", async () => {
    await asAdmin();
    await imported.get();
    const { orderId, externalId } = await labelled.get();
    // The orders to ship have no shipment: no row offers it, and neither does their selection.
    await openOrders(page, '/dashboard/orders?status=TO_SHIP');
    const toShip = await expectListLike(page, 'status=TO_SHIP');
    expect(toShip.data.every((o: any) => o.shipments.every((sh: any) => !sh.trackingNumber))).toBe(true);
    expect(await page.getByTestId('orders-table').getByTestId('order-update-tracking').count()).toBe(0);
    await rows(page).nth(0).getByTestId('order-select').click();
    const bar = page.getByTestId('orders-selection-bar');
    const bulkTracking = bar.getByTestId('orders-bulk-update-tracking');
    expect(await bulkTracking.isDisabled()).toBe(true);
    expect(await bulkTracking.getAttribute('title')).toBe('Nessun ordine selezionato ha una spedizione con numero di tracking');

    // The order with a GLS label: its row offers it, and the server says what it did.
    await openOrders(page, `/dashboard/orders?search=${encodeURIComponent(externalId)}`);
    await eventually(async () => expect(await externalIdsOnScreen(page)).toEqual([externalId]));
    const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    const button = row.getByTestId('order-update-tracking');
    expect(await textOf(button)).toBe('Aggiorna tracking');
    await button.click();
    await expectToast(page, 'Tracking inviato a eBay');
    await closeToasts(page);
    // Selected with an order without tracking, the selection offers it for the one that has it.
    await openOrders(page, `/dashboard/orders?search=${encodeURIComponent(externalId)}`);
    await row.getByTestId('order-select').click();
    expect(await bulkTracking.isEnabled()).toBe(true);
    await bulkTracking.click();
    await expectToast(page, 'Tracking aggiornato', { description: '1 ordine aggiornato' });
    await closeToasts(page);
    await shot(page, '1280-tracking');
  });

  step("an order whose payment failed waits in 'Da pagare' with its badge, out of the rules (the dry run says why); paid, it joins 'Da spedire' with the rule's carrier", async () => {
    await asAdmin();
    const integrationId = await ebayIntegration.get();
    await imported.get();
    const glsId = await gls.get();
    // An order to ship without a carrier or a shipment: eBay says its payment failed.
    const target = ((await ordersApi('status=TO_SHIP&pageSize=100')).data as any[]).find((o) => o.carrierIntegrationId === null && o.shipments.length === 0);
    expect(target).toBeDefined();
    await ebay.editOrder(seller.username, target.externalId, { orderPaymentStatus: 'FAILED' });
    // A rule that takes every order: an order to ship would get its carrier.
    const rule = await api(browser.context, app.baseUrl, 'POST', '/api/shipping-rules', { name: `Tutti gli ordini ${run}`, carrierIntegrationId: glsId, active: true });
    expect(rule.status).toBe(201);
    try {
      await syncNow(integrationId);
      await eventually(async () => expect((await get(`/api/orders/${target.id}`)).status).toBe('da_pagare'), SYNC_TIMEOUT_MS);

      await openOrders(page, '/dashboard/orders');
      await statusTab(page, 'TO_PAY').click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'TO_PAY');
      await expectAttribute(statusTab(page, 'TO_PAY'), 'aria-selected', 'true');
      const held = await expectListLike(page, 'status=TO_PAY');
      expect(held.data.map((o: any) => o.id)).toContain(target.id);
      expect(held.data.every((o: any) => o.status === 'da_pagare' && ['in_attesa', 'fallito'].includes(o.paymentStatus))).toBe(true);
      await eventually(async () => expect(await textOf(statusTab(page, 'TO_PAY').getByTestId('status-tab-count'))).toBe(count(held.meta.totalItems)));
      const row = page.locator(`[data-testid="order-row"][data-order-id="${target.id}"]`);
      expect(await textOf(row.getByTestId('order-status'))).toBe('da pagare');
      expect(await textOf(row.getByTestId('order-payment'))).toBe('Non riuscito');
      expect(await row.getByTestId('order-payment').getAttribute('data-tone')).toBe('red');
      await row.getByTestId('order-expand').click();
      const panel = page.locator(`[data-testid="order-panel"][data-order-id="${target.id}"]`);
      expect(await textOf(panel.getByTestId('order-held-for-payment'))).toBe(
        "Pagamento non riuscito: l'ordine resta in 'Da pagare', le regole di spedizione non gli assegnano un corriere e 'Crea spedizioni' chiede conferma finché non è pagato.",
      );
      await shot(page, '1280-to-pay');
      // On a phone: the card with both badges and the panel's note.
      await page.setViewportSize(MOBILE);
      await page.getByTestId('orders-cards').waitFor();
      await panel.getByTestId('order-held-for-payment').waitFor();
      expect(await textOf(row.getByTestId('order-status'))).toBe('da pagare');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-to-pay');
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('orders-table').waitFor();

      // No rule gave it a carrier, and the dry run says why.
      expect((await get(`/api/orders/${target.id}`)).carrierIntegrationId).toBeNull();
      const preview = await api(browser.context, app.baseUrl, 'POST', '/api/shipping-rules/preview', { orderIds: [target.id] });
      expect(preview.body.orders).toEqual([
        expect.objectContaining({
          orderId: target.id,
          outcome: 'unpaid',
          matchedRule: null,
          reasons: ["Ordine non pagato (pagamento non riuscito): resta in 'Da pagare' e le regole non gli assegnano un corriere finché non è pagato"],
        }),
      ]);

      // Paid on eBay now: after a sync it is to ship, and the rule gives it its carrier.
      await ebay.editOrder(seller.username, target.externalId, { orderPaymentStatus: 'PAID' });
      await syncNow(integrationId);
      await eventually(
        async () => expect(await get(`/api/orders/${target.id}`)).toMatchObject({ status: 'da_spedire', paymentStatus: 'pagato', carrierIntegrationId: glsId, carrierSource: 'rule' }),
        SYNC_TIMEOUT_MS,
      );
      await page.reload();
      await expectListLike(page, 'status=TO_PAY');
      expect(await row.count()).toBe(0);
    } finally {
      await api(browser.context, app.baseUrl, 'DELETE', `/api/shipping-rules/${rule.body.id}`);
      // The later steps find the orders to ship without carriers, as they were.
      await api(browser.context, app.baseUrl, 'PATCH', `/api/orders/${target.id}/carrier`, { carrierIntegrationId: null });
    }
  });

  step('/orders/{id} shows the whole order and goes back to the list it came from', async () => {
    await asAdmin();
    await imported.get();
    // The seller's orders are the run's seed: those to ship may all fit in one page (the unpaid
    // wait in 'Da pagare'), those eBay shipped always fill more than two.
    await openOrders(page, '/dashboard/orders?status=SHIPPED&page=2');
    const list = await expectListLike(page, 'status=SHIPPED&page=2');
    const order = list.data.find((o: any) => o.shipments.length === 0);
    await page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`).getByTestId('order-link').click();
    await page.waitForURL(`**/orders/${order.id}`);
    expect(pathOf(page)).toBe(`/orders/${order.id}`);
    await page.getByTestId('order-title').waitFor();
    expect(await textOf(page.getByTestId('order-title'))).toBe(`Ordine ${order.externalId}`);
    await expectTitle(page, 'Dettaglio ordine · Smista');
    const panel = page.getByTestId('order-panel');
    await panel.getByTestId('order-item').first().waitFor();
    for (const section of ['order-customer', 'order-status-section', 'order-marketplace', 'order-address', 'order-carrier', 'order-products']) {
      await panel.getByTestId(section).waitFor();
    }
    // Shipped on eBay, no shipment of Smista's with tracking: 'Aggiorna tracking' is not offered (issue 19).
    expect(await page.getByTestId('order-update-tracking').count()).toBe(0);
    // No broken picture: each product shows its loaded image or the placeholder (images the page
    // may not load, such as eBay's here, fall back to it).
    await eventually(async () =>
      expect(
        await panel.getByTestId('order-item').evaluateAll((items) =>
          items.every((item) => {
            const img = item.querySelector('img');
            return img ? img.complete && img.naturalWidth > 0 : item.querySelector('[data-testid="order-item-no-image"]') !== null;
          }),
        ),
      ).toBe(true),
    );
    await shot(page, '1280-order-page');

    await page.getByTestId('order-back').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/orders' && url.searchParams.get('status') === 'SHIPPED' && url.searchParams.get('page') === '2');
    await expectListLike(page, 'status=SHIPPED&page=2');

    await page.goto('/orders/999999999');
    await page.getByTestId('order-not-found').getByText('Ordine non trovato', { exact: true }).waitFor();
    await page.goto('/orders/abc');
    await page.getByTestId('order-not-found').waitFor();
    expect(await page.getByTestId('order-back').getAttribute('href')).toBe('/dashboard/orders');
  });

  step("an integration tab lists that integration's orders and its sync icon syncs it alone", async () => {
    await asAdmin();
    const integrationId = await ebayIntegration.get();
    const total = await imported.get();
    await openOrders(page, '/orders');
    await integrationTab(page, integrationId).click();
    await page.waitForURL((url) => url.pathname === '/orders' && url.searchParams.get('integration') === String(integrationId));
    await expectAttribute(integrationTab(page, integrationId), 'aria-selected', 'true');
    const byIntegration = (await get(`/api/orders/integration/${integrationId}?page=1&pageSize=20`)) as any;
    expect(byIntegration.meta.totalItems).toBe(total);
    await eventually(async () => expect(await externalIdsOnScreen(page)).toEqual(byIntegration.data.map((o: any) => o.externalId)));

    const posts = countSyncPosts(page);
    try {
      await syncIcon(page, integrationId).click();
      await page.getByTestId('toast').filter({ hasText: 'Sincronizzazione completata' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
      expect(posts.count()).toBe(1);
    } finally {
      posts.stop();
    }
    await eventually(async () => expect(await syncIcon(page, integrationId).isEnabled()).toBe(true));
    await closeToasts(page);
    await integrationTab(page, 'all').click();
    await page.waitForURL((url) => url.pathname === '/orders' && url.search === '');
  });

  step('at 390 px: cards instead of the table, the panel in the card, nothing sideways', async () => {
    await asAdmin();
    await imported.get();
    await page.setViewportSize(MOBILE);
    try {
      await openOrders(page, '/dashboard/orders');
      const cards = page.getByTestId('orders-cards');
      await cards.waitFor();
      expect(await page.getByTestId('orders-table').count()).toBe(0);
      await expectListLike(page, '');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-list');

      const card = rows(page).first();
      await card.getByTestId('order-expand').click();
      await card.getByTestId('order-panel').getByTestId('order-item').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-card-open');

      await page.getByTestId('orders-filters-toggle').click();
      await page.getByTestId('orders-filter-panel').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-filters');

      const first = await card.getAttribute('data-order-id');
      await page.goto(`/orders/${first}`);
      await page.getByTestId('order-panel').getByTestId('order-item').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-order-page');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step('the dashboard tile counts the orders to ship', async () => {
    await asAdmin();
    await imported.get();
    const toShip = (await ordersApi('status=TO_SHIP&pageSize=1')).meta.totalItems;
    expect(toShip).toBeGreaterThan(0);
    await page.goto('/dashboard');
    const value = page.getByTestId('tile-to-ship-value');
    await eventually(async () => expect([String(toShip), count(toShip)]).toContain(await textOf(value)));
    await shot(page, '1280-dashboard');
  });
});
