/**
 * End to end, in headless chromium against the real stack: the header's search (issue 19). From
 * eBay orders synced from the sandbox and two GLS labels made by the GLS sandbox: as the merchant
 * types (debounced; the request of an older text aborted, never shown over a newer one) the
 * dropdown lists the merchant's orders (by marketplace order id, Smista's own id, buyer) and
 * shipments (by tracking number, recipient) grouped 'Ordini' / 'Spedizioni', with an ARIA
 * combobox and listbox; arrows, Enter and Escape; an order opens /orders/{id}, a shipment the
 * shipments screen with its details drawer (the deep link /dashboard/shipments?shipment={id}, also
 * opened directly, and 'Spedizione non trovata' for an id the merchant does not have); too short a
 * text and no results say so in Italian. At 390 px a button in the header opens the search as a
 * full-width sheet. Last, with the orders service and then the shipments service stopped, the
 * dropdown says in Italian what could not be searched, and nothing crashes. Screenshots at 1280
 * and 390 px in /tmp/shots-header-search/.
 *
 * Each step stands on its own: it logs the admin in through the API and opens its own page; the
 * imported orders and the labelled shipments are `given`s, built through the API by whichever
 * step needs them first.
 */
import fs from 'node:fs';
import type { Locator, Page, Request, Route } from 'playwright-core';
import { ebaySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { connectEbayThroughApi } from './support/ebay';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { GLS_ACCOUNT } from './support/carriers';
import { headerSearch as search, HEADER_SEARCH_LABEL, typeInto } from './support/header-search';
import { DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';
import { weighAllProducts } from './support/catalogue';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Irene', 'Marchi', run);
const merchantName = `Bottega Marchi ${run}`;
const seller = { username: `ricerca_${run}`, password: 'Ricerca1!' };
/** The shipments suite's seller mix: its newest orders to ship include Italian ones nothing was shipped of. */
const SELLER_ORDERS = 400;
const SELLER_SEED = 'spedizioni-1';
const SYNC_TIMEOUT_MS = 70_000;

const SHOTS = '/tmp/shots-header-search';
const LABEL = HEADER_SEARCH_LABEL;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';
/** Errors thrown in the page: a search never crashes it. */
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start({ ownGlsSandbox: true }));
  await page.setViewportSize(DESKTOP);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  await ebaySandboxControl(app.ebayUrl).addSeller({ username: seller.username, password: seller.password, orders: SELLER_ORDERS, seed: SELLER_SEED });
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);
const get = async (path: string) => {
  const res = await call('GET', path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body;
};

/** The browser logged in as the admin, in the merchant, whatever an earlier step left. */
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);

/** An order with an Italian address within GLS Italy's field lengths (it ships domestically). */
const domestic = (o: any): boolean => {
  const a = o.shippingAddressDetails;
  return Boolean(a) && a.countryCode === 'IT' && a.addressLine1.length <= 35 && a.fullName.length <= 35 && a.city.length <= 30;
};

/** The seller's eBay orders imported. */
const imported = given('ordini eBay importati', async () => {
  if (((await get('/api/merchants/current/integrations')) as any[]).length === 0) await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
  const [integration] = (await get('/api/merchants/current/integrations')) as any[];
  const started = await call('POST', `/api/orders/sync/${integration.id}`, {});
  expect(started.status).toBeLessThan(300);
  await eventually(async () => {
    const [now] = (await get('/api/merchants/current/integrations')) as any[];
    expect(now.lastJob?.status).toBe('completed');
    expect((await get('/api/orders?pageSize=1')).meta.totalItems).toBe(now.lastJob.ordersFound);
  }, SYNC_TIMEOUT_MS);
});

interface Labelled {
  /** Two shipments labelled by the GLS sandbox (tracking numbers), with their orders. */
  shipments: { id: number; trackingNumber: string; recipientName: string; orderId: number; orderExternalId: string }[];
  /** An order with no shipment, whose buyer few other orders share (it is among the first results). */
  order: { id: number; externalId: string; buyerName: string };
}

/** A pickup address, GLS, two domestic orders to ship labelled through GLS; and an order left alone. */
const labelled = given('due spedizioni GLS con tracking', async (): Promise<Labelled> => {
  await imported.get();
  expect((await call('POST', '/api/merchant-addresses', { addressTypes: ['pickup'], companyName: merchantName, addressLine1: 'Via Torino 12', postalCode: '20123', city: 'Milano', state: 'MI', isDefault: true })).status).toBe(201);
  const gls = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT });
  expect({ status: gls.status, active: gls.body?.active }).toEqual({ status: 201, active: true });
  const toShip = ((await get('/api/orders?status=TO_SHIP&pageSize=50')).data as any[]).filter(domestic);
  // Shipped to the buyer themself: the buyer's name finds both the order and its shipment.
  const chosen = toShip.filter((o) => o.shippingAddressDetails.fullName === o.buyerName).slice(0, 2);
  expect(chosen).toHaveLength(2);
  for (const o of chosen) expect((await call('PATCH', `/api/orders/${o.id}/carrier`, { carrierIntegrationId: gls.body.id })).status).toBe(200);
  await weighAllProducts(browser.context, app.baseUrl);
  expect((await call('POST', '/api/shipments/bulk-create', { orderIds: chosen.map((o) => o.id) })).status).toBeLessThan(300);
  const created = ((await get('/api/shipments?pageSize=10')).data as any[]).filter((s) => chosen.some((o) => o.id === s.orderId));
  const processed = await call('POST', '/api/shipments/process-selected', { shipmentIds: created.map((s) => s.id) });
  expect(processed.body).toMatchObject({ success: 2, failed: 0 });
  const shipments = await Promise.all(created.map((s) => get(`/api/shipments/${s.id}`)));
  for (const s of shipments) expect(s.trackingNumber).toMatch(/\w{6,}/);

  // An order to ship with no shipment, whose buyer's name is rare enough to be in the first five.
  let order: Labelled['order'] | undefined;
  for (const o of toShip.filter((o) => !chosen.includes(o))) {
    if ((await get(`/api/orders?search=${encodeURIComponent(o.buyerName)}&pageSize=1`)).meta.totalItems <= 3) {
      order = { id: o.id, externalId: o.externalId, buyerName: o.buyerName };
      break;
    }
  }
  expect(order).toBeDefined();
  return {
    shipments: shipments.map((s) => ({ id: s.id, trackingNumber: s.trackingNumber, recipientName: s.recipientName, orderId: s.orderId, orderExternalId: s.orderExternalId })),
    order: order!,
  };
});

/** The id of each option, in order, and the active one. */
async function listbox(input: Locator, p: Page) {
  const controls = await input.getAttribute('aria-controls');
  expect(controls).toBeTruthy();
  const box = p.locator(`[id="${controls}"]`);
  return {
    role: await box.getAttribute('role'),
    ids: await box.getByRole('option').evaluateAll((els) => els.map((el) => el.id)),
    active: await input.getAttribute('aria-activedescendant'),
    selected: await box.locator('[role="option"][aria-selected="true"]').evaluateAll((els) => els.map((el) => el.id)),
  };
}

/** The search requests the page sends from now on (`/api/orders?search=…`, `/api/shipments?search=…`). */
function recordSearches(p: Page) {
  const seen: { kind: 'orders' | 'shipments'; search: string }[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    const search = url.searchParams.get('search');
    if (search === null) return;
    if (url.pathname === '/api/orders') seen.push({ kind: 'orders', search });
    if (url.pathname === '/api/shipments') seen.push({ kind: 'shipments', search });
  };
  p.on('request', onRequest);
  return { seen, stop: () => p.off('request', onRequest) };
}

const expectNoCrash = async (p: Page) => {
  expect(pageErrors).toEqual([]);
  await expect(p.getByTestId('user-menu').isVisible()).resolves.toBe(true);
};

describe('the header search finds orders and shipments as the merchant types', () => {
  step("1280: an order's number lists it under 'Ordini' as the merchant types (debounced); arrows move through the options, Enter opens the order", async () => {
    await asAdmin();
    const { order } = await labelled.get();
    await page.goto('/dashboard');
    const s = search(page, 'header');
    await s.input.waitFor();
    expect(await s.input.getAttribute('aria-expanded')).toBe('false');
    expect(await s.input.getAttribute('aria-autocomplete')).toBe('list');
    expect(await s.input.getAttribute('placeholder')).toBe('Cerca ordini, spedizioni...');

    const searches = recordSearches(page);
    await typeInto(s.input, order.externalId);
    const option = s.optionTo(`/orders/${order.id}`);
    await option.waitFor();
    searches.stop();
    // Debounced: not one request per key, none for a single character, the last for the whole text.
    const orderSearches = searches.seen.filter((r) => r.kind === 'orders');
    expect(orderSearches.length).toBeGreaterThan(0);
    expect(orderSearches.length).toBeLessThan(order.externalId.length - 1);
    expect(orderSearches.every((r) => r.search.length >= 2)).toBe(true);
    expect(orderSearches.at(-1)!.search).toBe(order.externalId);
    expect(searches.seen.filter((r) => r.kind === 'shipments').at(-1)!.search).toBe(order.externalId);

    expect(await textOf(option)).toContain(order.externalId);
    expect(await textOf(option)).toContain(order.buyerName);
    expect(await s.group('Ordini').getByRole('option').count()).toBeGreaterThanOrEqual(1);
    expect(await s.group('Spedizioni').count()).toBe(0);
    expect(await s.input.getAttribute('aria-expanded')).toBe('true');
    const before = await listbox(s.input, page);
    expect(before.role).toBe('listbox');
    expect(before.active).toBeNull();
    expect(before.selected).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/1280-order-number.png` });

    // Down from none is the first option; up from the first wraps to the last; down again to the first.
    await s.input.press('ArrowDown');
    let now = await listbox(s.input, page);
    expect(now.active).toBe(now.ids[0]);
    expect(now.selected).toEqual([now.ids[0]]);
    await s.input.press('ArrowUp');
    now = await listbox(s.input, page);
    expect(now.active).toBe(now.ids.at(-1));
    await s.input.press('ArrowDown');
    now = await listbox(s.input, page);
    expect(now.active).toBe(now.ids[0]);
    // The first option is the order (the orders come first).
    expect(await page.locator(`[id="${now.ids[0]}"]`).getAttribute('data-path')).toBe(`/orders/${order.id}`);

    await s.input.press('Enter');
    await page.waitForURL(`**/orders/${order.id}`);
    await eventually(async () => expect(await textOf(page.getByTestId('order-title'))).toContain(order.externalId));
    expect(await s.input.inputValue()).toBe('');
    await s.popup.waitFor({ state: 'hidden' });
    await expectNoCrash(page);
  });

  step('an older text\'s request still under way is aborted when the text changes: its answer never replaces the newer one', async () => {
    await asAdmin();
    const { order } = await labelled.get();
    await page.goto('/dashboard');
    const s = search(page, 'header');
    const older = order.externalId.slice(0, 4);
    // The answer for the older text is held back (not answered, not failed) until the page gives it up.
    const held: Route[] = [];
    const isOlder = (url: URL) => url.pathname === '/api/orders' && url.searchParams.get('search') === older;
    await page.route(isOlder, (route) => {
      held.push(route);
    });
    const aborted: string[] = [];
    const onFailed = (request: Request) => {
      if (isOlder(new URL(request.url()))) aborted.push(request.failure()?.errorText ?? '');
    };
    page.on('requestfailed', onFailed);
    try {
      const asked = page.waitForRequest((request) => isOlder(new URL(request.url())));
      await typeInto(s.input, older);
      await asked;
      await expect(s.status.getAttribute('data-outcome')).resolves.toMatch(/loading|results/);
      // The merchant goes on typing: the newer text's results show, and the older request is given up.
      await s.input.pressSequentially(order.externalId.slice(4));
      await s.optionTo(`/orders/${order.id}`).waitFor();
      await eventually(async () => expect(aborted).toEqual([expect.stringContaining('ERR_ABORTED')]));
      expect(held).toHaveLength(1);
      // Even answered now, the older request changes nothing on screen.
      await held[0].continue().catch(() => undefined);
      expect(await s.options.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')))).toContain(`/orders/${order.id}`);
      expect(await s.input.inputValue()).toBe(order.externalId);
    } finally {
      page.off('requestfailed', onFailed);
      await page.unroute(isOlder);
    }
    await expectNoCrash(page);
  });

  step("a buyer's name lists their order under 'Ordini' and their shipment under 'Spedizioni'; a click opens the order", async () => {
    await asAdmin();
    const { shipments } = await labelled.get();
    const shipped = shipments[0];
    await page.goto('/dashboard');
    const s = search(page, 'header');
    await typeInto(s.input, shipped.recipientName);
    const shipmentOption = s.group('Spedizioni').locator(`[role="option"][data-path="/dashboard/shipments?shipment=${shipped.id}"]`);
    const orderOption = s.group('Ordini').locator(`[role="option"][data-path="/orders/${shipped.orderId}"]`);
    await shipmentOption.waitFor();
    await orderOption.waitFor();
    // The groups in this order, each with its heading.
    expect(await s.root.getByRole('group').evaluateAll((els) => els.map((el) => el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby')!)!.textContent))).toEqual(['Ordini', 'Spedizioni']);
    expect(await textOf(shipmentOption)).toContain(shipped.trackingNumber);
    expect(await textOf(shipmentOption)).toContain(`Ordine #${shipped.orderExternalId}`);
    expect(await textOf(shipmentOption.getByTestId('header-search-shipment-status'))).toBe('Spedito');
    expect(await textOf(s.status)).toMatch(/^\d+ ordin[ei] e \d+ spedizion[ei]$/);
    await page.screenshot({ path: `${SHOTS}/1280-buyer-name.png` });

    await orderOption.click();
    await page.waitForURL(`**/orders/${shipped.orderId}`);
    await eventually(async () => expect(await textOf(page.getByTestId('order-title'))).toContain(shipped.orderExternalId));
    await expectNoCrash(page);
  });

  step("a tracking number lists its shipment under 'Spedizioni'; Enter opens the shipments screen with its details", async () => {
    await asAdmin();
    const { shipments } = await labelled.get();
    const shipped = shipments[1];
    await page.goto('/dashboard/orders');
    const s = search(page, 'header');
    await typeInto(s.input, shipped.trackingNumber);
    const option = s.optionTo(`/dashboard/shipments?shipment=${shipped.id}`);
    await option.waitFor();
    expect(await s.group('Ordini').count()).toBe(0);
    expect(await s.group('Spedizioni').getByRole('option').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/1280-tracking.png` });
    await s.input.press('ArrowDown');
    expect(await s.input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await s.input.press('Enter');

    const drawer = page.getByTestId('details-drawer');
    await drawer.waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/shipments');
    expect(await textOf(drawer)).toContain(`Spedizione #${shipped.id}`);
    expect(await textOf(page.getByTestId('details-title'))).toContain(shipped.orderExternalId);
    expect(await textOf(drawer)).toContain(shipped.trackingNumber);
    await screenshotWhole(page, `${SHOTS}/1280-shipment-drawer.png`);
    // Closed, the list stays, at its plain address.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.getByTestId('shipments-page').waitFor();
    await expectNoCrash(page);
  });

  step("Smista's own order id (the drawer's 'ID ordine') finds the order too", async () => {
    await asAdmin();
    const { order } = await labelled.get();
    await page.goto('/dashboard');
    const s = search(page, 'header');
    await typeInto(s.input, String(order.id));
    await s.group('Ordini').locator(`[role="option"][data-path="/orders/${order.id}"]`).waitFor();
    await expectNoCrash(page);
  });

  step("the shipments screen's link /dashboard/shipments?shipment={id} opens that shipment's details; one the merchant does not have says 'Spedizione non trovata'", async () => {
    await asAdmin();
    const { shipments } = await labelled.get();
    const shipped = shipments[0];
    await page.goto(`/dashboard/shipments?shipment=${shipped.id}`);
    const drawer = page.getByTestId('details-drawer');
    await drawer.waitFor();
    expect(await textOf(drawer)).toContain(`Spedizione #${shipped.id}`);
    await eventually(async () => expect(new URL(page.url()).search).toBe(''));
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.goto('/dashboard/shipments?shipment=987654321');
    await expectToast(page, 'Spedizione non trovata', { variant: 'destructive' });
    expect(await drawer.count()).toBe(0);
    await page.getByTestId('shipments-page').waitFor();
    await expectNoCrash(page);
  });

  step("too short a text and no results say so in Italian; Escape closes the dropdown, then clears the text", async () => {
    await asAdmin();
    await page.goto('/dashboard');
    const s = search(page, 'header');
    const searches = recordSearches(page);
    await typeInto(s.input, 'r');
    await eventually(async () => expect(await textOf(s.status)).toBe("Scrivi almeno 2 caratteri (o un numero d'ordine)."));
    expect(await s.status.getAttribute('data-outcome')).toBe('short');

    const nothing = `zq-nessuno-${run}`;
    await s.input.pressSequentially(nothing);
    await eventually(async () => expect(await textOf(s.status)).toBe(`Nessun ordine o spedizione trovato per «r${nothing}».`));
    searches.stop();
    expect(searches.seen.some((r) => r.search === 'r')).toBe(false);
    expect(await s.options.count()).toBe(0);
    expect(await s.input.getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: `${SHOTS}/1280-no-results.png` });

    await s.input.press('Escape');
    await s.popup.waitFor({ state: 'hidden' });
    expect(await s.input.inputValue()).toBe(`r${nothing}`);
    await s.input.press('Escape');
    await eventually(async () => expect(await s.input.inputValue()).toBe(''));
    // Typing again opens it again.
    await s.input.pressSequentially('zq');
    await s.popup.waitFor();
    await expectNoCrash(page);
  });

  step('390: a search button in the header opens a full-width sheet; a tracking number, a tap, and the shipment opens with its details', async () => {
    await asAdmin();
    const { shipments } = await labelled.get();
    const shipped = shipments[0];
    await page.setViewportSize(MOBILE);
    await page.goto('/dashboard');
    const button = page.getByTestId('header-search-open');
    await button.waitFor();
    expect(await button.getAttribute('aria-label')).toBe(LABEL);
    expect(await page.getByTestId('header-search').isVisible()).toBe(false);
    await expectNoSidewaysScroll(page, MOBILE.width);
    await screenshotWhole(page, `${SHOTS}/390-header.png`);

    await button.click();
    const s = search(page, 'sheet');
    await s.input.waitFor();
    // The box has the focus at once, and the sheet is the whole width.
    await eventually(async () => expect(await s.input.evaluate((el) => el === document.activeElement)).toBe(true));
    const box = await s.root.boundingBox();
    expect(box && Math.round(box.width)).toBe(MOBILE.width);
    expect(await textOf(s.status)).toBe('Numero ordine, cliente o tracking');
    await s.input.pressSequentially(shipped.trackingNumber);
    const option = s.optionTo(`/dashboard/shipments?shipment=${shipped.id}`);
    await option.waitFor();
    await page.screenshot({ path: `${SHOTS}/390-sheet-tracking.png` });
    await option.click();
    await s.root.waitFor({ state: 'detached' });
    const drawer = page.getByTestId('details-drawer');
    await drawer.waitFor();
    expect(await textOf(drawer)).toContain(`Spedizione #${shipped.id}`);
    await page.screenshot({ path: `${SHOTS}/390-shipment-drawer.png` });
    await expectNoCrash(page);
  });

  step("390: in the sheet no results are said, the keyboard opens an order, 'Annulla' and Escape close it", async () => {
    await asAdmin();
    const { order } = await labelled.get();
    await page.setViewportSize(MOBILE);
    await page.goto('/dashboard');
    await page.getByTestId('header-search-open').click();
    const s = search(page, 'sheet');
    await s.input.waitFor();
    const nothing = `zq-nessuno-${run}`;
    await s.input.pressSequentially(nothing);
    await eventually(async () => expect(await textOf(s.status)).toBe(`Nessun ordine o spedizione trovato per «${nothing}».`));
    await page.screenshot({ path: `${SHOTS}/390-sheet-no-results.png` });
    await s.root.getByTestId('header-search-close').click();
    await s.root.waitFor({ state: 'detached' });

    await page.getByTestId('header-search-open').click();
    await s.input.waitFor();
    expect(await s.input.inputValue()).toBe('');
    await s.input.pressSequentially(order.buyerName);
    await s.optionTo(`/orders/${order.id}`).waitFor();
    await page.screenshot({ path: `${SHOTS}/390-sheet-buyer.png` });
    // Down to the order, then Enter.
    const ids = await s.options.evaluateAll((els) => els.map((el) => ({ id: el.id, path: el.getAttribute('data-path') })));
    const index = ids.findIndex((o) => o.path === `/orders/${order.id}`);
    for (let i = 0; i <= index; i++) await s.input.press('ArrowDown');
    expect(await s.input.getAttribute('aria-activedescendant')).toBe(ids[index].id);
    await s.input.press('Enter');
    await page.waitForURL(`**/orders/${order.id}`);
    await s.root.waitFor({ state: 'detached' });
    await eventually(async () => expect(await textOf(page.getByTestId('order-title'))).toContain(order.externalId));

    await page.getByTestId('header-search-open').click();
    await s.input.waitFor();
    await page.keyboard.press('Escape');
    await s.root.waitFor({ state: 'detached' });
    await expectNoSidewaysScroll(page, MOBILE.width);
    await expectNoCrash(page);
  });

  // Last: it stops services of the app.
  step('with the orders service down the shipments still show beside an Italian line for the orders; with both down, one Italian line; nothing crashes (1280 and 390)', async () => {
    await asAdmin();
    const { shipments } = await labelled.get();
    const shipped = shipments[0];
    await app.services.orders.stop();
    await page.goto('/dashboard');
    const s = search(page, 'header');
    await typeInto(s.input, shipped.trackingNumber);
    await s.optionTo(`/dashboard/shipments?shipment=${shipped.id}`).waitFor();
    const ordersFailed = s.root.getByTestId('header-search-orders-failed');
    await ordersFailed.waitFor();
    expect(await textOf(ordersFailed)).toBe('Impossibile cercare tra gli ordini in questo momento.');
    await page.screenshot({ path: `${SHOTS}/1280-orders-down.png` });

    await app.services.shipments.stop();
    await typeInto(s.input, `${shipped.trackingNumber.slice(0, -1)}`);
    await eventually(async () => expect(await textOf(s.status)).toBe('Impossibile completare la ricerca. Controlla la connessione e riprova.'));
    expect(await s.options.count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/1280-search-down.png` });

    await page.setViewportSize(MOBILE);
    await page.getByTestId('header-search-open').click();
    const sheet = search(page, 'sheet');
    await sheet.input.pressSequentially(shipped.recipientName);
    await eventually(async () => expect(await textOf(sheet.status)).toBe('Impossibile completare la ricerca. Controlla la connessione e riprova.'));
    await page.screenshot({ path: `${SHOTS}/390-search-down.png` });
    await expectNoCrash(page);
  });
});
