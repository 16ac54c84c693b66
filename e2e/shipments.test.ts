/**
 * End to end, in headless chromium against the real stack (marketplaces and the eBay sandbox for
 * the orders, carriers and the GLS sandbox for the labels, shipments with its events): the
 * shipments remote (spec §2 Shipments, §3 shipments, §4 statuses and allowed actions, §5 the
 * shipment address, §7 Shipments, §8 Shipments and Orders messages) and the bulk actions of the
 * orders list. From eBay orders synced with 'Sincronizza tutto': an empty 'Spedizioni' with 'Crea
 * Prima Spedizione'; GLS assigned in the orders' panels; 'Crea spedizioni' in the orders list (and
 * a second time: nothing created);
 * the order's panel names its shipment and links to it; 'Aggiorna tracking automaticamente' on the
 * eBay integration; an address edited with a §5 error first (nothing sent) and a CAP GLS refuses;
 * 'Processa Selezionate' with its progress and 'Processamento parziale'; the Errori tab with the
 * reason and the audit trail in 'Dettagli'; one label downloaded and the merged labels opened (a
 * PDF); 'Trasmetti GLS' with the manifest; tracking pushed to eBay and the order status following;
 * the orders' bulk 'Stampa etichette' and 'Aggiorna tracking'; a pending shipment cancelled; tabs,
 * search and carrier filter in the URL; 1280 px with every column in view, 390 px cards with
 * nothing sideways; an order eBay had partly shipped: its shipment's tracking must reach eBay
 * for the line items still to ship; last, labels their carriers cannot cancel (Poste Delivery
 * Business, GLS after the close): the cancel dialog says so before the click and voids them in
 * Smista only, the label marked not to be used, at 1280 and 390 px.
 *
 * One app and one browser for the whole file. Each step stands on its own: it logs the admin in,
 * opens its page and gets what it builds on (the synced orders and GLS, the automatic tracking,
 * the shipments, the refused address, the processed labels, the printed labels, the tracking on
 * eBay) from a `given`, made by the step before it through the screens or else through the API.
 * Screenshots of the screens go to /tmp/shots-shipments/.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { ebaySandboxControl, type EbaySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { connectEbayThroughApi } from './support/ebay';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant } from './support/settings';
import { closeToasts, DESKTOP, eventually, exactly, expectNoSidewaysScroll, expectTitle, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';
import { GLS_ACCOUNT, POSTE_DELIVERY_ACCOUNT } from './support/carriers';
import { orderRow, statusTab } from './support/orders';
import { shipmentRow, shipmentRowAction } from './support/shipments';
import { weighAllProducts } from './support/catalogue';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Sara', 'Galli', run);
const merchantName = `Spedizioni Galli ${run}`;
/** A seller of this run in the shared eBay sandbox. */
const seller = { username: `sped_${run}`, password: 'Spedizioni1!' };
/**
 * Generated over 120 days, the older ones mostly shipped already: 400 leave about thirty to ship in
 * the 90 days a first import takes.
 */
const SELLER_ORDERS = 400;
/**
 * A fixed seed (the orders are placed relative to now, so every run sees the same mix): its newest
 * orders to ship are six Italian ones nothing was shipped of yet, and among the older ones are
 * orders eBay has partly shipped already (one line item of several), which the last step ships.
 */
const SELLER_SEED = 'spedizioni-1';
/** Orders the suite ships through the orders list (the first page of the orders to ship, newest first). */
const SHIPPED_ORDERS = 5;

const SHOTS = '/tmp/shots-shipments';
/** The GLS sandbox's default account (deploy/sandboxes/src/gls/README.md). */
/** A CAP the GLS sandbox refuses ('Dati non accettabili: CAP non valido'). */
const REFUSED_CAP = '00000';
const SYNC_TIMEOUT_MS = 70_000;
/** Labels, events and the eBay push are asynchronous: how long the suite waits for them to settle. */
const SETTLE_MS = 45_000;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let ebay: EbaySandboxControl;
let merchantId = '';

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start({ ownGlsSandbox: true }));
  await page.setViewportSize(DESKTOP);
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  const merchants = await api(browser.context, app.baseUrl, 'GET', '/api/merchants');
  merchantId = String(merchants.body[0].id);
  ebay = ebaySandboxControl(app.ebayUrl);
  await ebay.addSeller({ username: seller.username, password: seller.password, orders: SELLER_ORDERS, seed: SELLER_SEED });
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);
const get = async (path: string) => {
  const res = await call('GET', path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body;
};
const shipmentsApi = (query = '') => get(`/api/shipments${query ? `?${query}` : ''}`);
const shipmentApi = (id: number) => get(`/api/shipments/${id}`);
const integrationsApi = async (): Promise<any[]> => {
  const body = await get('/api/merchants/current/integrations');
  return Array.isArray(body) ? body : body.data;
};

const rows = (p: Page) => p.getByTestId('shipment-row');
const row = shipmentRow;
const tabCount = (p: Page, key: string) => textOf(statusTab(p, key).getByTestId('status-tab-count'));
const idsOnScreen = (p: Page) => rows(p).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-shipment-id'))));
const selectionCount = (p: Page) => textOf(p.getByTestId('shipments-selection-count'));
/** A toast whose title is `title` and whose description starts with `start`. */
const toastStarting = (p: Page, title: string, start: string) =>
  p
    .getByTestId('toast')
    .filter({ has: p.getByTestId('toast-title').filter({ hasText: exactly(title) }) })
    .filter({ has: p.getByTestId('toast-description').filter({ hasText: new RegExp(`^\\s*${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }) });
const expectAttribute = (locator: Locator, name: string, value: string) => eventually(async () => expect(await locator.getAttribute(name)).toBe(value));

/** Waits for the list to show the shipments of `apiQuery` (the same page as the API answers). */
async function expectListLike(p: Page, apiQuery: string) {
  const answer = await shipmentsApi(apiQuery);
  await eventually(async () => expect(await idsOnScreen(p)).toEqual(answer.data.map((s: any) => s.id)));
  return answer;
}

/** Opens a row's menu and picks an item (`menu-details`, `menu-cancel`, ...). */
const rowAction = shipmentRowAction;

/** An order with an Italian address within GLS Italy's field lengths (it ships domestically). */
const glsDomestic = (o: any): boolean => {
  const a = o.shippingAddressDetails;
  return Boolean(a) && a.countryCode === 'IT' && a.addressLine1.length <= 35 && a.fullName.length <= 35 && a.city.length <= 30;
};

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/shipments-${name}.png`, 5000);

/** The browser logged in as the admin with the merchant selected (whatever an earlier step left). */
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);

/** Opens `path` (the shell enters the only merchant on the way if it has none stored). */
async function open(path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/**
 * A second tab of the browser on the app's origin (its localStorage), closed after `use`: to set
 * what the screens keep there without moving the step's page.
 */
async function inAppTab<T>(use: (tab: Page) => Promise<T>): Promise<T> {
  const tab = await browser.context.newPage();
  try {
    await tab.goto('/api/user');
    return await use(tab);
  } finally {
    await tab.close();
  }
}

/**
 * Connects the seller's eBay account (the marketplaces suite drives that screen) and stores the
 * time of a sync, as the orders screen does after one: the §9 auto-sync does not start a second one
 * when the screen opens. Answers the integration's id.
 */
async function connectSellerEbay(): Promise<number> {
  await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
  await inAppTab((tab) => tab.evaluate(() => localStorage.setItem('ordersSyncedAt', String(Date.now()))));
  const list = await integrationsApi();
  expect(list).toHaveLength(1);
  return list[0].id as number;
}

/**
 * Once the import of the orders ended: GLS connected, the merchant's pickup address, and the orders
 * the suite ships chosen. What steps 2 to 15 build on.
 */
async function afterImport(integrationId: number) {
  // The job ends when every order is in the marketplaces outbox; orders stores them a moment
  // later. Only once all of them are listed is the first page the one the screen will show.
  await eventually(async () => {
    const [integration] = await integrationsApi();
    expect(integration.currentJob === null || !['pending', 'running'].includes(integration.currentJob.status)).toBe(true);
    expect(integration.lastJob?.ordersFound ?? 0).toBeGreaterThan(SHIPPED_ORDERS + 1);
    expect((await get('/api/orders?pageSize=1')).meta.totalItems).toBe(integration.lastJob!.ordersFound);
  }, SYNC_TIMEOUT_MS);

  // GLS and the pickup address once (a failed try of step 2 may have made them already).
  let glsId = ((await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[]).find((c) => c.provider === 'gls')?.id as number | undefined;
  if (glsId === undefined) {
    const gls = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT });
    expect({ status: gls.status, active: gls.body?.active }).toEqual({ status: 201, active: true });
    glsId = gls.body.id as number;
  }
  // GLS's sender: the merchant's pickup address (Impostazioni → Indirizzi, its own suite).
  if (((await get('/api/merchant-addresses')) as any[]).length === 0) {
    const pickup = await call('POST', '/api/merchant-addresses', {
      addressTypes: ['pickup'],
      companyName: merchantName,
      addressLine1: 'Via Torino 12',
      postalCode: '20123',
      city: 'Milano',
      state: 'MI',
      isDefault: true,
    });
    expect(pickup.status).toBe(201);
  }
  // The catalogue the import filled, weighed (eBay gives no weights; a shipment without one gets no label).
  await weighAllProducts(browser.context, app.baseUrl);

  // From the first page of the orders to ship (what the orders list shows below), the
  // Italian addresses within GLS's field lengths: GLS Italy ships them domestically, and the
  // one failure of the suite is the CAP it sets on purpose.
  // Nothing of them shipped on eBay yet: a partly shipped order (IN_PROGRESS, also 'da spedire')
  // is the last step's.
  const onEbay = await ebay.orders(seller.username);
  const notStarted = (o: { externalId: string }) => onEbay.find((e) => e.orderId === o.externalId)?.orderFulfillmentStatus === 'NOT_STARTED';
  const firstPage = (await get('/api/orders?status=TO_SHIP&pageSize=20')).data as any[];
  const orders = firstPage.filter(glsDomestic).filter(notStarted).slice(0, SHIPPED_ORDERS + 1);
  expect(orders).toHaveLength(SHIPPED_ORDERS + 1);
  /** orders: the orders shipped by the suite (newest first, as the list shows them), one more for the cancel. */
  return { integrationId, glsId, orders };
}

/** Step 2's end: eBay connected and its orders imported, GLS and the pickup address, the orders chosen. */
const base = given('eBay collegato e sincronizzato, GLS collegato, gli ordini da spedire scelti', async () => {
  await asAdmin();
  // Connected once: a failed try of step 2 may have got that far.
  const integrationId = ((await integrationsApi())[0]?.id as number | undefined) ?? (await connectSellerEbay());
  await inAppTab((tab) => tab.evaluate(() => localStorage.setItem('ordersSyncedAt', String(Date.now()))));
  expect((await call('POST', `/api/orders/sync/${integrationId}`, {})).status).toBeLessThan(300);
  return afterImport(integrationId);
});

/** Step 3's end: the eBay integration pushes each new label's tracking number. */
const autoTracking = given("'Aggiorna tracking automaticamente' attivo sull'integrazione eBay", async () => {
  const { integrationId } = await base.get();
  const res = await call('PATCH', `/api/merchants/${merchantId}/integrations/${integrationId}`, { autoUpdateTracking: true });
  expect({ status: res.status, autoUpdateTracking: res.body?.autoUpdateTracking }).toEqual({ status: 200, autoUpdateTracking: true });
});

/** Step 4's end: GLS chosen for every chosen order, a pending shipment for the first SHIPPED_ORDERS (their ids, in that order). */
const shipments = given('le spedizioni in attesa degli ordini scelti, con GLS', async (): Promise<number[]> => {
  const { orders, glsId } = await base.get();
  for (const order of orders) expect((await call('PATCH', `/api/orders/${order.id}/carrier`, { carrierIntegrationId: glsId })).status).toBe(200);
  const shipped = orders.slice(0, SHIPPED_ORDERS);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds: shipped.map((o) => o.id) });
  expect(created.status).toBe(200);
  const list = await shipmentsApi('pageSize=100');
  return shipped.map((o) => list.data.find((s: any) => s.orderId === o.id).id as number);
});

/** Step 6's end: the last shipment's address in Milano with a CAP GLS refuses (its id). */
const refused = given("l'indirizzo di una spedizione con un CAP che GLS rifiuta", async (): Promise<number> => {
  const id = (await shipments.get())[SHIPPED_ORDERS - 1];
  const s = await shipmentApi(id);
  const address = { ...pick(s, ['recipientName', 'addressLine1', 'addressLine2', 'state', 'country', 'countryCode', 'phoneNumber']), city: 'Milano', postalCode: REFUSED_CAP, recipientEmail: '' };
  const res = await call('PATCH', `/api/shipments/${id}/address`, address);
  expect({ status: res.status, city: res.body?.city, postalCode: res.body?.postalCode }).toEqual({ status: 200, city: 'Milano', postalCode: REFUSED_CAP });
  return id;
});

/** Step 7's end: the shipments processed (the tracking pushed as each label is made), the refused one in error. */
const processed = given('le spedizioni processate (etichette GLS, una rifiutata)', async () => {
  await autoTracking.get();
  const ids = await shipments.get();
  const refusedId = await refused.get();
  // Those still pending (step 7 may have failed after processing some).
  const pending: number[] = [];
  for (const id of ids) if ((await shipmentApi(id)).status === 'pending') pending.push(id);
  if (pending.length > 0) expect((await call('POST', '/api/shipments/process-selected', { shipmentIds: pending })).status).toBe(200);
  for (const id of ids) expect({ id, status: (await shipmentApi(id)).status }).toEqual({ id, status: id === refusedId ? 'error' : 'shipped' });
});

/** The shipments with a label: all but the refused one. */
const labelled = async () => {
  const [ids, refusedId] = [await shipments.get(), await refused.get()];
  return ids.filter((s) => s !== refusedId);
};

/** Step 8's end: every label downloaded ('Da stampare' empty). */
const printed = given('le etichette scaricate', async () => {
  await processed.get();
  for (const id of await labelled()) {
    const res = await call('GET', `/api/shipments/${id}/label`);
    expect({ id, status: res.status }).toEqual({ id, status: 200 });
  }
});

/** Tracking of every labelled shipment on eBay once, pushed, and its order 'spedito'. */
async function expectTrackingPushed() {
  const shipped = await Promise.all((await labelled()).map(shipmentApi));
  await eventually(async () => {
    const pushed = (await ebay.fulfillments(seller.username)).map((f: any) => JSON.stringify(f));
    for (const s of shipped) expect(pushed.filter((f) => f.includes(s.trackingNumber))).toHaveLength(1);
  }, SETTLE_MS);
  await eventually(async () => {
    for (const s of shipped) expect((await shipmentApi(s.id)).marketplaceTrackingStatus).toBe('pushed');
    for (const s of shipped) expect((await get(`/api/orders/${s.orderId}`)).status).toBe('spedito');
  }, SETTLE_MS);
  return shipped;
}

/** Step 10's end: the tracking numbers on eBay, the orders shipped. */
const trackingOnEbay = given('il tracking delle spedizioni inviato a eBay', async () => {
  await asAdmin();
  await processed.get();
  await expectTrackingPushed();
});

const pick = (o: any, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

/** A sync of the eBay integration through the API, waited for (an edit on eBay reaches orders by it). */
async function syncNow(integrationId: number): Promise<void> {
  const idle = () =>
    eventually(async () => {
      const [integration] = await integrationsApi();
      expect(integration.currentJob === null || !['pending', 'running'].includes(integration.currentJob.status)).toBe(true);
    }, SYNC_TIMEOUT_MS);
  await idle();
  expect((await call('POST', `/api/orders/sync/${integrationId}`, {})).status).toBe(202);
  await idle();
}

/**
 * Orders to ship the suite's other steps leave alone (not among its chosen ones, no shipment,
 * nothing shipped of them on eBay: the last step takes a partly shipped one), newest first.
 */
async function spareOrdersToShip(): Promise<any[]> {
  const { orders } = await base.get();
  const chosen = new Set(orders.map((o) => o.id));
  const onEbay = await ebay.orders(seller.username);
  const notStarted = (o: any) => onEbay.find((e) => e.orderId === o.externalId)?.orderFulfillmentStatus === 'NOT_STARTED';
  return ((await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[]).filter((o) => o.shipments.length === 0 && !chosen.has(o.id) && notStarted(o));
}

/** The orders screen's address listing the days of these orders (both in one page, whatever their status). */
const daysOf = (...list: any[]) => {
  const days = list.map((o) => String(o.orderDate).slice(0, 10)).sort();
  return `/dashboard/orders?startDate=${days[0]}&endDate=${days.at(-1)}&pageSize=100`;
};

/**
 * Two Poste Delivery Business labels (shipped shipments of two more Italian orders to ship, not the
 * suite's others, nothing of them shipped on eBay yet): Poste offers no cancellation. Their ids.
 */
const posteLabels = given('due etichette Poste Delivery Business create', async (): Promise<number[]> => {
  let posteId = ((await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[]).find((c) => c.provider === 'poste_delivery')?.id as number | undefined;
  if (posteId === undefined) {
    const created = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'poste_delivery', connectionName: 'Poste Delivery', active: true, ...POSTE_DELIVERY_ACCOUNT });
    expect({ status: created.status, active: created.body?.active }).toEqual({ status: 201, active: true });
    posteId = created.body.id as number;
  }
  await eventually(async () => {
    const poste = ((await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[]).find((c) => c.id === posteId);
    expect(poste?.status).toBe('active');
  });
  const hasProvince = (o: any) => /^[A-Za-z]{2}$/.test(o.shippingAddressDetails?.stateOrProvince ?? o.shippingAddressDetails?.state ?? '');
  const orders = (await spareOrdersToShip()).filter((o) => glsDomestic(o) && hasProvince(o)).slice(0, 2);
  expect(orders).toHaveLength(2);
  for (const order of orders) expect((await call('PATCH', `/api/orders/${order.id}/carrier`, { carrierIntegrationId: posteId })).status).toBe(200);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds: orders.map((o) => o.id) });
  expect(created.status).toBe(200);
  const ids = (created.body.outcomes as any[]).map((o) => o.shipmentId as number);
  const labelled = await call('POST', '/api/shipments/process-selected', { shipmentIds: ids });
  expect({ status: labelled.status, success: labelled.body?.success, errors: labelled.body?.errors }).toEqual({ status: 200, success: 2, errors: [] });
  for (const id of ids) expect(await shipmentApi(id)).toMatchObject({ status: 'shipped', carrierProvider: 'poste_delivery' });
  return ids;
});

/** A GLS shipment whose workday is closed ('Trasmetti GLS' of its step, else through the API): GLS can no longer delete it. */
const closedGls = given('una spedizione GLS con la giornata chiusa', async (): Promise<number> => {
  await printed.get();
  const id = (await labelled())[0];
  if ((await shipmentApi(id)).closeWorkdayStatus !== 'closed') expect((await call('POST', `/api/shipments/${id}/close-workday`)).status).toBe(200);
  expect((await shipmentApi(id)).closeWorkdayStatus).toBe('closed');
  return id;
});

const POSTE_CANNOT_CANCEL = "Poste Delivery Business non offre l'annullamento di una lettera di vettura";
const GLS_AFTER_CLOSE = 'GLS non permette di annullare una spedizione dopo la chiusura giornata';
const LABEL_VOIDED = 'Etichetta annullata solo in Smista: non usarla';

describe('shipments (shipments remote and the orders bulk actions against the GLS and eBay sandboxes)', () => {
  step("without shipments: 'Nessuna spedizione' with 'Crea Prima Spedizione'; 'Nuova' leads to the new order form", async () => {
    await asAdmin();
    await enterOnlyMerchant(page, merchantName);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Spedizioni', exact: true }).click();
    await page.waitForURL('**/dashboard/shipments');
    await page.getByRole('heading', { name: 'Spedizioni', level: 1 }).waitFor();
    await expectTitle(page, 'Spedizioni · Smista');
    const empty = page.getByTestId('shipments-empty');
    await empty.getByText('Nessuna spedizione', { exact: true }).waitFor();
    const first = empty.getByTestId('shipments-create-first');
    expect(await textOf(first)).toBe('Crea Prima Spedizione');
    expect(await first.getAttribute('href')).toBe('/dashboard/orders');
    const create = page.getByTestId('shipments-new');
    expect(await textOf(create)).toBe('Nuova');
    // Issue 25: 'Nuova' opens the manual order form (e2e/manual-orders.test.ts follows it through).
    expect(await create.getAttribute('href')).toBe('/dashboard/orders/new');
    expect(await create.getAttribute('title')).toContain('Crea un ordine a mano');
    expect(await textOf(page.getByTestId('shipments-process-all'))).toBe('Processa Tutte');
    expect(await page.getByTestId('shipments-search').getAttribute('placeholder')).toBe('Cerca per ordine, cliente o tracking...');
    for (const [key, label] of [
      ['all', 'Tutte'],
      ['pending', 'Attesa'],
      ['shipped', 'Spedite'],
      ['error', 'Errori'],
      ['da_stampare', 'Da stampare'],
    ]) {
      expect(await textOf(statusTab(page, key))).toMatch(new RegExp(`^${label}\\s*0$`));
    }
    // The other address of the same screen.
    await page.goto('/shipments');
    await page.getByTestId('shipments-empty').waitFor();
    await page.goto('/shipments/qualcosa');
    await page.waitForURL((url) => url.pathname === '/shipments');
    await shot(page, '1280-empty');
  });

  step('eBay connected and synced; GLS connected; the newest Italian orders to ship chosen', async () => {
    await asAdmin();
    const integrationId = await connectSellerEbay();
    // The merchant imports the orders from the orders screen ('Sincronizza tutto'; the stored time
    // of the last sync keeps the §9 auto-sync from starting a second one on opening).
    await open('/dashboard/orders');
    await page.getByTestId('orders-sync-all').click();
    await expectToast(page, 'Sincronizzazione avviata');
    await page.getByTestId('toast').filter({ hasText: 'Sincronizzazione completata' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
    await closeToasts(page);
    base.set(await afterImport(integrationId));
  });

  step("'Aggiorna tracking automaticamente' is turned on for the eBay integration", async () => {
    await asAdmin();
    const { integrationId } = await base.get();
    await open(`/dashboard/integration/${integrationId}`);
    const toggle = page.getByTestId('detail-auto-tracking');
    await toggle.waitFor();
    expect(await textOf(page.locator('label[for="integration-auto-tracking"]'))).toBe('Aggiorna tracking automaticamente');
    expect(await textOf(page.locator('#integration-auto-tracking-hint'))).toBe('Invia a eBay il numero di tracking di ogni nuova etichetta');
    expect(await toggle.getAttribute('data-state')).toBe('unchecked');
    await toggle.click();
    await expectToast(page, 'Aggiornamento automatico del tracking attivato');
    await expectAttribute(toggle, 'data-state', 'checked');
    expect((await integrationsApi())[0].autoUpdateTracking).toBe(true);
    await closeToasts(page);
    autoTracking.set();
  });

  step("GLS assigned to the orders in their panels; 'Crea spedizioni' in the orders list: 'Spedizioni create', the selection cleared; a second time creates nothing", async () => {
    await asAdmin();
    const { orders, glsId } = await base.get();
    await open('/dashboard/orders?status=TO_SHIP');
    for (const order of orders) {
      await orderRow(page, order.id).getByTestId('order-expand').click();
      const select = page.locator(`[data-testid="order-panel"][data-order-id="${order.id}"]`).getByTestId('order-carrier-select');
      await select.selectOption(String(glsId));
      await expectToast(page, 'Corriere aggiornato', { description: 'GLS Milano' });
      await closeToasts(page);
      await orderRow(page, order.id).getByTestId('order-expand').click();
      await select.waitFor({ state: 'detached' });
    }
    for (const order of orders) expect((await get(`/api/orders/${order.id}`)).carrierIntegrationId).toBe(glsId);

    const shipped = orders.slice(0, SHIPPED_ORDERS);
    for (const order of shipped) await orderRow(page, order.id).getByTestId('order-select').click();
    const bar = page.getByTestId('orders-selection-bar');
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe(`${SHIPPED_ORDERS} ordini selezionati`);
    expect(await bar.getByTestId('orders-bulk-actions').getByRole('button').allInnerTexts()).toEqual(['Crea spedizioni', 'Stampa etichette', 'Lista di prelievo', 'Distinte di imballaggio', 'Stampa etichette e distinte di imballaggio', 'Aggiorna tracking']);

    // Nothing has a label or a tracking number yet.
    await bar.getByTestId('orders-bulk-print-labels').click();
    await expectToast(page, 'Errore stampa: Nessuna spedizione con etichette trovata per gli ordini selezionati', { variant: 'destructive' });
    await closeToasts(page);
    // 'Aggiorna tracking' is offered only for orders with a shipment that has tracking (issue 19).
    expect(await bar.getByTestId('orders-bulk-update-tracking').isDisabled()).toBe(true);

    await bar.getByTestId('orders-bulk-create-shipments').click();
    await expectToast(page, 'Spedizioni create', { description: `${SHIPPED_ORDERS} spedizioni create` });
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('Nessun ordine selezionato');
    await closeToasts(page);
    const list = await shipmentsApi('pageSize=100');
    expect(list.meta.totalItems).toBe(SHIPPED_ORDERS);
    expect(new Set(list.data.map((s: any) => s.orderId))).toEqual(new Set(shipped.map((o) => o.id)));
    expect(new Set(list.data.map((s: any) => s.status))).toEqual(new Set(['pending']));
    expect(new Set(list.data.map((s: any) => s.carrierIntegrationId))).toEqual(new Set([glsId]));
    const shipmentIds = shipped.map((o) => list.data.find((s: any) => s.orderId === o.id).id as number);
    shipments.set(shipmentIds);

    await orderRow(page, shipped[0].id).getByTestId('order-select').click();
    await bar.getByTestId('orders-bulk-create-shipments').click();
    await expectToast(page, 'Nessuna spedizione creata: 1 ordine ha già una spedizione');
    await closeToasts(page);
    expect((await shipmentsApi('pageSize=1')).meta.totalItems).toBe(SHIPPED_ORDERS);
  });

  step("the order's panel shows its shipment and leads to it in the shipments list", async () => {
    await asAdmin();
    const [{ orders }, shipmentIds] = [await base.get(), await shipments.get()];
    const order = orders[0];
    await open(`/orders/${order.id}`);
    const section = page.getByTestId('order-panel').getByTestId('order-shipments');
    await eventually(async () => {
      await page.reload();
      await section.getByTestId('order-shipment').first().waitFor({ timeout: 3000 });
    }, SETTLE_MS);
    const item = section.getByTestId('order-shipment').first();
    expect(Number(await item.getAttribute('data-shipment-id'))).toBe(shipmentIds[0]);
    expect(await textOf(item.getByTestId('order-shipment-status'))).toBe('In attesa');
    await section.getByTestId('order-shipments-link').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/shipments' && url.searchParams.get('search') === order.externalId);
    expect(await page.getByTestId('shipments-search').inputValue()).toBe(order.externalId);
    await eventually(async () => expect(await idsOnScreen(page)).toEqual([shipmentIds[0]]));
  });

  step('the list: columns, counts, row click selection; an address edit refused with §5 texts first (nothing sent), then saved', async () => {
    await asAdmin();
    const shipmentIds = await shipments.get();
    await open('/dashboard/shipments');
    await expectListLike(page, '');
    await eventually(async () => expect(await tabCount(page, 'pending')).toBe(String(SHIPPED_ORDERS)));
    expect(await tabCount(page, 'all')).toBe(String(SHIPPED_ORDERS));
    const headers = await page.getByTestId('shipments-table').locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim().toUpperCase()).filter(Boolean)).toEqual(['ORDINE', 'DESTINATARIO', 'CITTÀ', 'PAESE', 'STATO', 'TRACKING', 'CORRIERE', 'DATA', 'AZIONI']);
    const first = await shipmentApi(shipmentIds[0]);
    const r = row(page, first.id);
    expect(await textOf(r.getByTestId('shipment-order'))).toBe(`#${first.orderExternalId}`);
    expect(await textOf(r.getByTestId('shipment-status'))).toBe('In attesa');
    expect(await textOf(r.getByTestId('shipment-carrier'))).toBe('GLS Milano');
    expect(await textOf(r.getByTestId('shipment-country'))).toBe(first.countryCode);
    expect(await textOf(r.getByTestId('shipment-date'))).toMatch(/fa$/);
    expect(await textOf(page.getByTestId('shipments-shown'))).toBe(`Mostrando 1 - ${SHIPPED_ORDERS} di ${SHIPPED_ORDERS} spedizioni`);

    // Row click toggles the selection; the count reads 'selezionata' / 'selezionate'.
    await r.getByTestId('shipment-city').click();
    expect(await selectionCount(page)).toBe('1 selezionata');
    await row(page, shipmentIds[1]).getByTestId('shipment-recipient').click();
    expect(await selectionCount(page)).toBe('2 selezionate');
    await page.getByTestId('shipments-deselect-all').click();
    expect(await selectionCount(page)).toBe('Nessuna spedizione selezionata');

    const refusedId = shipmentIds[SHIPPED_ORDERS - 1];
    const writes: string[] = [];
    const listener = (req: { method(): string; url(): string }) => {
      if (['PATCH', 'PUT'].includes(req.method()) && new URL(req.url()).pathname === `/api/shipments/${refusedId}/address`) writes.push(req.method());
    };
    page.on('request', listener);
    try {
      await rowAction(page, refusedId, 'menu-edit-address');
      const dialog = page.getByTestId('address-dialog');
      await dialog.waitFor();
      expect(await textOf(dialog.getByRole('heading'))).toBe(`Modifica Indirizzo Spedizione #${refusedId}`);
      await dialog.getByTestId('address-city').fill('');
      await dialog.getByTestId('address-recipientEmail').fill('non-una-email');
      await dialog.getByTestId('address-save').click();
      await dialog.getByText('Città richiesta', { exact: true }).waitFor();
      await dialog.getByText('Email non valida', { exact: true }).waitFor();
      expect(await dialog.getByTestId('address-city').getAttribute('aria-invalid')).toBe('true');
      expect(writes).toEqual([]);
      await shot(page, '1280-address-errors');

      await dialog.getByTestId('address-city').fill('Milano');
      await dialog.getByTestId('address-recipientEmail').fill('');
      await dialog.getByTestId('address-postalCode').fill(REFUSED_CAP);
      await dialog.getByTestId('address-save').click();
      await expectToast(page, 'Indirizzo aggiornato');
      await dialog.waitFor({ state: 'detached' });
      expect(writes).toEqual(['PATCH']);
    } finally {
      page.off('request', listener);
    }
    expect(await shipmentApi(refusedId)).toMatchObject({ city: 'Milano', postalCode: REFUSED_CAP });
    refused.set(refusedId);
    await closeToasts(page);

    // 'Gestione Corriere' lists the active carriers by connection name.
    await r.getByTestId('shipment-change-carrier').click();
    const carrier = page.getByTestId('carrier-dialog');
    await carrier.getByRole('heading', { name: 'Gestione Corriere' }).waitFor();
    expect(await carrier.getByTestId('carrier-dialog-select').locator('option').allInnerTexts()).toEqual(['GLS Milano']);
    expect(await carrier.getByTestId('carrier-dialog-save').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await carrier.waitFor({ state: 'detached' });
    expect(await selectionCount(page)).toBe('Nessuna spedizione selezionata');
  });

  step("'Processa Selezionate': progress, then 'Processamento parziale' with GLS's reason; the Errori tab says why", async () => {
    await asAdmin();
    await autoTracking.get();
    const [shipmentIds, refusedId] = [await shipments.get(), await refused.get()];
    await open('/dashboard/shipments');
    await expectListLike(page, '');
    await page.getByTestId('shipments-select-all').click();
    expect(await selectionCount(page)).toBe(`${SHIPPED_ORDERS} selezionate`);
    await page.getByTestId('shipments-process-menu').click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Processa Selezionate', 'Stampa Etichette', 'Lista di prelievo', 'Distinte di imballaggio', 'Stampa etichette e distinte di imballaggio']);
    await page.getByTestId('bulk-process-selected').click();
    await page.getByTestId('shipments-progress').waitFor();
    expect(await textOf(page.getByTestId('shipments-progress-text'))).toMatch(/^Elaborazione (in corso|\d+ di \d+)\.\.\.$/);

    const toast = toastStarting(page, 'Processamento parziale', 'Alcune spedizioni non sono state processate: ');
    await toast.waitFor({ timeout: SETTLE_MS });
    const refusedNow = await shipmentApi(refusedId);
    expect(await textOf(toast.getByTestId('toast-description'))).toContain(`#${refusedNow.orderExternalId}: `);
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    await page.getByTestId('shipments-progress').waitFor({ state: 'detached' });
    expect(await selectionCount(page)).toBe('Nessuna spedizione selezionata');
    await closeToasts(page);

    expect(refusedNow).toMatchObject({ status: 'error', trackingNumber: null });
    expect(refusedNow.problem).toMatch(/^Etichetta non creata: /);
    for (const id of shipmentIds.filter((s) => s !== refusedId)) {
      const shipment = await shipmentApi(id);
      expect(shipment).toMatchObject({ status: 'shipped', hasLabel: true });
      expect(shipment.trackingNumber).toMatch(/^MI\d{9}$/);
    }
    processed.set();
    await eventually(async () => expect(await tabCount(page, 'shipped')).toBe(String(SHIPPED_ORDERS - 1)));
    expect(await tabCount(page, 'error')).toBe('1');
    expect(await tabCount(page, 'da_stampare')).toBe(String(SHIPPED_ORDERS - 1));

    await statusTab(page, 'error').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'error');
    await expectListLike(page, 'status=error');
    expect(await idsOnScreen(page)).toEqual([refusedId]);
    expect(await textOf(row(page, refusedId).getByTestId('shipment-status'))).toBe('Errore');
    expect(await textOf(page.getByTestId('shipment-problem'))).toBe(refusedNow.problem);
    // §4: a shipment in error is not processed, cancelled, tracked or printed from its menu.
    await row(page, refusedId).getByTestId('shipment-menu').click();
    for (const item of ['menu-process', 'menu-cancel', 'menu-update-tracking', 'menu-print-label', 'menu-close-workday']) {
      expect(await page.getByTestId(item).getAttribute('data-disabled')).toBe('');
    }
    expect(await page.getByTestId('menu-track').count()).toBe(0);
    await page.getByTestId('menu-details').click();
    const drawer = page.getByTestId('details-drawer');
    await drawer.getByTestId('details-problem').waitFor();
    const attempt = drawer.locator('[data-testid="audit-entry"][data-operation="CreateLabel"]').first();
    await attempt.waitFor();
    expect(await textOf(attempt.getByTestId('audit-outcome'))).toBe('Rifiutata');
    expect(await textOf(attempt.getByTestId('audit-message'))).toMatch(/CAP/);
    expect(await textOf(attempt.getByTestId('audit-time'))).not.toBe('');
    await shot(page, '1280-details-refused');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  step("one label downloaded as etichetta-<id>.pdf; the merged labels open in a new tab; 'Da stampare' follows", async () => {
    await asAdmin();
    await processed.get();
    const [one, ...others] = await labelled();
    await open('/dashboard/shipments');
    await expectListLike(page, '');
    await statusTab(page, 'shipped').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'shipped');
    await expectListLike(page, 'status=shipped');

    const download = page.waitForEvent('download');
    await rowAction(page, one, 'menu-print-label');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`etichetta-${one}.pdf`);
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectToast(page, 'Etichetta stampata', { description: `etichetta-${one}.pdf` });
    await closeToasts(page);
    await eventually(async () => expect((await shipmentApi(one)).labelPrintedAt).not.toBeNull());

    for (const id of others) await row(page, id).getByTestId('shipment-select').click();
    const popup = browser.context.waitForEvent('page');
    await page.getByTestId('shipments-process-menu').click();
    await page.getByTestId('bulk-print-labels').click();
    const tab = await popup;
    const url = new URL(tab.url());
    expect(url.pathname).toBe('/api/shipments/labels/bulk-download');
    await expectToast(page, 'Etichette aperte', { description: `${others.length} etichette in un unico PDF` });
    const merged = await browser.context.request.get(tab.url());
    expect(merged.status()).toBe(200);
    expect(merged.headers()['content-type']).toContain('application/pdf');
    expect((await merged.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await tab.close();
    await closeToasts(page);
    await eventually(async () => {
      await page.reload();
      await rows(page).first().waitFor();
      expect(await tabCount(page, 'da_stampare')).toBe('0');
    }, SETTLE_MS);
    printed.set();
  });

  step("'Trasmetti GLS' closes the day for the selected GLS shipments; 'Dettagli' links the manifest", async () => {
    await asAdmin();
    await printed.get();
    const shipped = await labelled();
    await open('/dashboard/shipments?status=shipped');
    await expectListLike(page, 'status=shipped');
    await page.getByTestId('shipments-select-all').click();
    await page.getByTestId('shipments-process-menu').click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Processa Selezionate', 'Stampa Etichette', 'Lista di prelievo', 'Distinte di imballaggio', 'Stampa etichette e distinte di imballaggio', 'Trasmetti GLS']);
    await page.getByTestId('bulk-transmit-gls').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await textOf(confirm.getByTestId('confirm-dialog-text'))).toContain(`${shipped.length} spedizioni vengono confermate a GLS`);
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await expectToast(page, 'Giornata lavorativa chiusa');
    await closeToasts(page);
    for (const id of shipped) expect((await shipmentApi(id)).closeWorkdayStatus).toBe('closed');

    await rowAction(page, shipped[0], 'menu-details');
    const drawer = page.getByTestId('details-drawer');
    const manifest = drawer.getByTestId('details-manifest');
    await manifest.waitFor();
    const pdf = await browser.context.request.get(`${app.baseUrl}${await manifest.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect(await textOf(drawer.getByTestId('details-workday'))).toContain('Chiusa');
    await shot(page, '1280-details-closed');
    await page.keyboard.press('Escape');
  });

  step('tracking pushed to eBay once per labelled shipment; the orders follow (spedito), the details say Inviato', async () => {
    await asAdmin();
    await processed.get();
    const shipped = await expectTrackingPushed();
    trackingOnEbay.set();

    await open('/dashboard/shipments?status=shipped');
    await expectListLike(page, 'status=shipped');
    await rowAction(page, shipped[0].id, 'menu-details');
    const drawer = page.getByTestId('details-drawer');
    await eventually(async () => expect(await textOf(drawer.getByTestId('details-marketplace-tracking'))).toContain('Inviato'));
    await drawer.locator('[data-testid="audit-entry"][data-operation="PushTracking"]').first().waitFor();
    await page.keyboard.press('Escape');
  });

  step("the orders' bulk 'Stampa etichette' opens their labels and 'Aggiorna tracking' answers for each", async () => {
    await asAdmin();
    await trackingOnEbay.get();
    const { orders } = await base.get();
    const shippedOrders = orders.slice(0, SHIPPED_ORDERS - 1);
    // The newest shipped orders first: the suite's, shipped just now, are on the first page.
    await open('/dashboard/orders?status=SHIPPED');
    for (const order of shippedOrders) await orderRow(page, order.id).getByTestId('order-select').click();
    const bar = page.getByTestId('orders-selection-bar');
    const popup = browser.context.waitForEvent('page');
    await bar.getByTestId('orders-bulk-print-labels').click();
    const tab = await popup;
    expect(new URL(tab.url()).pathname).toBe('/api/shipments/labels/bulk-download');
    await tab.close();
    await expectToast(page, 'Etichette aperte', { description: `${shippedOrders.length} etichette di ${shippedOrders.length} ordini in un unico PDF` });
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('Nessun ordine selezionato');
    await closeToasts(page);

    for (const order of shippedOrders) await orderRow(page, order.id).getByTestId('order-select').click();
    await bar.getByTestId('orders-bulk-update-tracking').click();
    await expectToast(page, 'Tracking aggiornato', { description: `${shippedOrders.length} ordini aggiornati` });
    await closeToasts(page);
    // Never twice for the same shipment on eBay.
    const pushed = (await ebay.fulfillments(seller.username)).map((f: any) => JSON.stringify(f));
    for (const id of await labelled()) {
      const s = await shipmentApi(id);
      expect(pushed.filter((f) => f.includes(s.trackingNumber))).toHaveLength(1);
    }
  });

  step("a pending shipment is cancelled after its confirmation: 'Spedizione cancellata'", async () => {
    await asAdmin();
    // The others processed already: the one created here is the only one pending.
    await processed.get();
    const { orders } = await base.get();
    const extra = orders[SHIPPED_ORDERS];
    const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [extra.id] });
    expect(created.status).toBe(200);
    const id = created.body.outcomes[0].shipmentId as number;
    await open('/dashboard/shipments?status=pending');
    await expectListLike(page, 'status=pending');
    await rowAction(page, id, 'menu-cancel');
    const confirm = page.getByTestId('cancel-dialog');
    expect(await textOf(confirm.getByRole('heading'))).toBe('Annulla Spedizione');
    // Before the click: nothing exists at the carrier yet.
    expect(await textOf(confirm.getByTestId('cancel-dialog-text'))).toContain("L'etichetta non è ancora stata creata: non c'è nulla da annullare presso il corriere.");
    expect(await confirm.getByTestId('cancel-dialog-smista-only').count()).toBe(0);
    await confirm.getByTestId('cancel-dialog-keep').click();
    await confirm.waitFor({ state: 'detached' });
    expect((await shipmentApi(id)).status).toBe('pending');
    await rowAction(page, id, 'menu-cancel');
    expect(await textOf(confirm.getByTestId('cancel-dialog-confirm'))).toBe('Annulla spedizione');
    await confirm.getByTestId('cancel-dialog-confirm').click();
    await expectToast(page, 'Spedizione cancellata');
    expect((await shipmentApi(id)).status).toBe('cancelled');
    await eventually(async () => expect(await idsOnScreen(page)).toEqual([]));
    await closeToasts(page);
  });

  step('tabs, search (by tracking) and the carrier filter live in the URL; a reload shows the same view', async () => {
    await asAdmin();
    await processed.get();
    const [{ glsId }, shipmentIds] = [await base.get(), await shipments.get()];
    await open('/dashboard/shipments');
    await expectListLike(page, '');
    const s = await shipmentApi(shipmentIds[0]);
    await page.getByTestId('shipments-search').fill(s.trackingNumber);
    await page.waitForURL((url) => url.searchParams.get('search') === s.trackingNumber);
    await eventually(async () => expect(await idsOnScreen(page)).toEqual([s.id]));
    await page.getByTestId('shipments-clear-filters').click();
    await page.waitForURL((url) => url.search === '');

    await page.getByTestId('shipments-filters-toggle').click();
    const select = page.getByTestId('shipments-filter-carrier');
    expect(await select.locator('option').allInnerTexts()).toEqual(['Tutti i corrieri', 'GLS Milano']);
    await select.selectOption(String(glsId));
    await page.waitForURL((url) => url.searchParams.get('carrier') === String(glsId));
    await statusTab(page, 'shipped').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'shipped' && url.searchParams.get('carrier') === String(glsId));
    await expectListLike(page, `status=shipped&carrier=${glsId}`);
    await page.reload();
    await expectListLike(page, `status=shipped&carrier=${glsId}`);
    await expectAttribute(statusTab(page, 'shipped'), 'aria-selected', 'true');
    // Every column, the row menu included, in view at 1280 px.
    await expectNoSidewaysScroll(page, DESKTOP.width);
    expect(await page.getByTestId('shipments-table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
    await shot(page, '1280-filtered');
  });

  step('at 390 px: cards with the label-printed and created times, the details drawer, nothing sideways', async () => {
    await asAdmin();
    await printed.get();
    const shipmentIds = await shipments.get();
    await page.setViewportSize(MOBILE);
    try {
      await open('/dashboard/shipments');
      await page.getByTestId('shipments-cards').waitFor();
      expect(await page.getByTestId('shipments-table').count()).toBe(0);
      await expectListLike(page, '');
      const card = row(page, shipmentIds[0]);
      expect(await textOf(card.getByTestId('shipment-label-printed'))).toMatch(/fa$/);
      expect(await textOf(card.getByTestId('shipment-date'))).toMatch(/fa$/);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-list');
      await rowAction(page, shipmentIds[0], 'menu-details');
      await page.getByTestId('details-drawer').getByTestId('audit-entry').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-details');
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
  step("a partly shipped eBay order: its shipment's tracking reaches eBay for the line items still to ship", async () => {
    // eBay shipped one line item of this order before the import (the order is still to ship):
    // the new shipment carries the rest, and its tracking number must end up on eBay for them.
    await asAdmin();
    await autoTracking.get();
    const { glsId } = await base.get();
    const onEbay = await ebay.orders(seller.username);
    const partlyShipped = (o: any) => onEbay.find((e) => e.orderId === o.externalId && e.orderFulfillmentStatus === 'IN_PROGRESS' && e.cancelState === 'NONE_REQUESTED');
    const order = ((await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[]).find((o) => glsDomestic(o) && partlyShipped(o));
    expect(order).toBeDefined();
    const seedShipped = new Set(
      (await ebay.fulfillments(seller.username, true)).filter((f) => f.orderId === order.externalId).flatMap((f) => f.lineItems.map((l) => l.lineItemId)),
    );
    const stillToShip = partlyShipped(order)!.lineItemIds.filter((id) => !seedShipped.has(id));
    expect(seedShipped.size).toBeGreaterThan(0);
    expect(stillToShip.length).toBeGreaterThan(0);

    expect((await call('PATCH', `/api/orders/${order.id}/carrier`, { carrierIntegrationId: glsId })).status).toBe(200);
    const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [order.id] });
    expect(created.status).toBe(200);
    const id = created.body.outcomes[0].shipmentId as number;
    const processed = await call('POST', '/api/shipments/process-selected', { shipmentIds: [id] });
    expect({ status: processed.status, success: processed.body?.success, failed: processed.body?.failed }).toEqual({ status: 200, success: 1, failed: 0 });
    const shipment = await eventually(async () => {
      const s = await shipmentApi(id);
      expect(s.marketplaceTrackingStatus).toMatch(/^(pushed|failed)$/);
      return s;
    }, SETTLE_MS);
    const pushed = (await ebay.fulfillments(seller.username)).filter((f) => f.trackingNumber === shipment.trackingNumber);
    expect({ status: shipment.marketplaceTrackingStatus, lineItems: pushed.map((f) => f.lineItems.map((l) => l.lineItemId).sort()) }).toEqual({
      status: 'pushed',
      lineItems: [[...stillToShip].sort()],
    });
  });

  step("'Crea spedizioni' with an order not paid asks first, naming its payment: 'Annulla' creates nothing, then the paid one alone, then the one not paid confirmed, its audit naming who confirmed", async () => {
    await asAdmin();
    const { integrationId } = await base.get();
    const [paid, unpaid] = await spareOrdersToShip();
    expect(unpaid).toBeDefined();
    // eBay has not received the buyer's money for the second.
    await ebay.editOrder(seller.username, unpaid.externalId, { orderPaymentStatus: 'PENDING' });
    await syncNow(integrationId);
    await eventually(async () => expect(await get(`/api/orders/${unpaid.id}`)).toMatchObject({ status: 'da_pagare', paymentStatus: 'in_attesa' }), SYNC_TIMEOUT_MS);

    const shipmentsOf = async (orderId: number) => ((await shipmentsApi(`orderId=${orderId}`)).data as any[]).filter((x) => x.status !== 'cancelled');
    await inAppTab((tab) => tab.evaluate(() => localStorage.setItem('ordersSyncedAt', String(Date.now()))));
    await open(daysOf(paid, unpaid));
    const bar = page.getByTestId('orders-selection-bar');
    await orderRow(page, paid.id).getByTestId('order-select').click();
    await orderRow(page, unpaid.id).getByTestId('order-select').click();
    expect(await textOf(orderRow(page, unpaid.id).getByTestId('order-payment'))).toBe('In attesa');
    await bar.getByTestId('orders-bulk-create-shipments').click();
    const dialog = page.getByTestId('orders-unpaid-dialog');
    await dialog.waitFor();
    expect(await textOf(dialog.getByRole('heading'))).toBe('Ordini non pagati');
    expect(await textOf(dialog.getByTestId('orders-unpaid-intro'))).toBe('Uno degli ordini selezionati non è pagato:');
    expect(await dialog.getByTestId('orders-unpaid-line').allInnerTexts()).toEqual([`${unpaid.externalId}: pagamento in attesa`]);
    expect(await textOf(dialog.getByTestId('orders-unpaid-question'))).toContain('La conferma resta nel registro della spedizione, con il tuo nome.');
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(['Annulla', "Crea solo per l'ordine pagato", "Crea anche per l'ordine non pagato"]);
    await shot(page, '1280-unpaid-dialog');
    await page.setViewportSize(MOBILE);
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot(page, '390-unpaid-dialog');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('orders-table').waitFor();

    // 'Annulla': nothing is created, the selection stays.
    await dialog.getByTestId('orders-unpaid-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await textOf(bar.getByTestId('orders-selection-count'))).toBe('2 ordini selezionati');
    expect([...(await shipmentsOf(paid.id)), ...(await shipmentsOf(unpaid.id))]).toEqual([]);

    // The paid one alone.
    await bar.getByTestId('orders-bulk-create-shipments').click();
    await dialog.getByTestId('orders-unpaid-paid-only').click();
    await expectToast(page, 'Spedizioni create', { description: '1 spedizione creata' });
    await closeToasts(page);
    expect(await shipmentsOf(paid.id)).toHaveLength(1);
    expect(await shipmentsOf(unpaid.id)).toEqual([]);

    // Then the one not paid, confirmed: the dialog offers no 'paid only' with none selected.
    await orderRow(page, unpaid.id).getByTestId('order-select').click();
    await bar.getByTestId('orders-bulk-create-shipments').click();
    expect(await textOf(dialog.getByTestId('orders-unpaid-intro'))).toBe("L'ordine selezionato non è pagato:");
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(['Annulla', "Crea anche per l'ordine non pagato"]);
    await dialog.getByTestId('orders-unpaid-confirm').click();
    await expectToast(page, 'Spedizioni create', { description: '1 spedizione creata' });
    await closeToasts(page);
    const [confirmed] = await shipmentsOf(unpaid.id);
    expect(confirmed).toMatchObject({ status: 'pending' });

    // Its audit trail says who confirmed, naming the payment.
    await open('/dashboard/shipments?status=pending');
    await expectListLike(page, 'status=pending');
    await rowAction(page, confirmed.id, 'menu-details');
    const drawer = page.getByTestId('details-drawer');
    const entry = drawer.locator('[data-testid="audit-entry"][data-operation="UnpaidConfirmed"]');
    await entry.waitFor();
    expect(await textOf(entry)).toContain('Conferma ordine non pagato');
    expect(await textOf(entry.getByTestId('audit-message'))).toContain(
      `Spedizione creata per un ordine non pagato (pagamento in attesa): confermata da ${admin.firstName} ${admin.lastName} (${admin.email})`,
    );
    await shot(page, '1280-details-unpaid-confirmed');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Left as the other steps expect the list.
    for (const s of [...(await shipmentsOf(paid.id)), confirmed]) expect((await call('POST', `/api/shipments/${s.id}/cancel`)).status).toBe(200);
  });

  step("a refunded order's live shipment is a problem in the Errori tab, with its reason; cancelled, it is not", async () => {
    await asAdmin();
    const { integrationId } = await base.get();
    // One the step before does not take (it takes the first two).
    const spare = await spareOrdersToShip();
    expect(spare.length).toBeGreaterThan(2);
    const order = spare.at(-1);
    const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [order.id] });
    expect(created.body?.created).toBe(1);
    const id = created.body.outcomes[0].shipmentId as number;
    // eBay refunds the buyer in full.
    await ebay.editOrder(seller.username, order.externalId, { orderPaymentStatus: 'FULLY_REFUNDED' });
    await syncNow(integrationId);
    const reason = 'Ordine rimborsato sul marketplace con la spedizione ancora attiva: annullala se il pacco non deve partire';
    await eventually(async () => expect((await shipmentApi(id)).problem).toBe(reason), SETTLE_MS);
    expect((await shipmentsApi('status=error&pageSize=100')).data.map((x: any) => x.id)).toContain(id);

    await open('/dashboard/shipments?status=error');
    const errors = await expectListLike(page, 'status=error');
    await eventually(async () => expect(await tabCount(page, 'error')).toBe(String(errors.meta.totalItems)));
    const problem = page.locator(`[data-testid="shipment-problem-row"][data-shipment-id="${id}"]`).getByTestId('shipment-problem');
    expect(await textOf(problem)).toBe(reason);
    expect(await textOf(row(page, id).getByTestId('shipment-status'))).toBe('In attesa');
    await shot(page, '1280-errori-refunded');
    await page.setViewportSize(MOBILE);
    await page.getByTestId('shipments-cards').waitFor();
    await expectNoSidewaysScroll(page, MOBILE.width);
    expect(await textOf(row(page, id).getByTestId('shipment-problem'))).toBe(reason);
    await shot(page, '390-errori-refunded');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('shipments-table').waitFor();

    // Cancelled: the parcel does not leave, and it is no problem any more.
    await rowAction(page, id, 'menu-cancel');
    await page.getByTestId('cancel-dialog').getByTestId('cancel-dialog-confirm').click();
    await expectToast(page, 'Spedizione cancellata');
    await closeToasts(page);
    await eventually(async () => expect(await idsOnScreen(page)).not.toContain(id));
    expect((await shipmentApi(id)).problem).toBeNull();
  });

  step("automatic tracking off: the drawer says the tracking was not sent and why (no 'Inviato il', no 'Riuscita'), offers 'Invia tracking ora', which sends it; every status in Italian, at 1280 and 390 px", async () => {
    await asAdmin();
    await processed.get();
    const { integrationId, glsId, orders } = await base.get();
    // Automatic tracking switched off for the eBay integration (on again at the end, for the steps after).
    const setAuto = async (on: boolean) =>
      expect((await call('PATCH', `/api/merchants/${merchantId}/integrations/${integrationId}`, { autoUpdateTracking: on })).body?.autoUpdateTracking).toBe(on);
    await setAuto(false);
    try {
      // A domestic order nothing was shipped of, not one of the suite's: labelled now, its push skipped.
      const onEbay = await ebay.orders(seller.username);
      const used = new Set(orders.map((o: any) => o.id));
      const order = ((await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[]).find(
        (o) => glsDomestic(o) && !used.has(o.id) && onEbay.find((e) => e.orderId === o.externalId)?.orderFulfillmentStatus === 'NOT_STARTED',
      );
      expect(order).toBeDefined();
      expect((await call('PATCH', `/api/orders/${order.id}/carrier`, { carrierIntegrationId: glsId })).status).toBe(200);
      const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [order.id] });
      const id = created.body.outcomes[0].shipmentId as number;
      expect((await call('POST', '/api/shipments/process-selected', { shipmentIds: [id] })).body).toMatchObject({ success: 1, failed: 0 });
      await eventually(async () => expect((await shipmentApi(id)).marketplaceTrackingStatus).toBe('skipped'), SETTLE_MS);
      // The GLS day closed and the carrier asked: the carrier's tracking is in transit.
      expect((await call('POST', '/api/shipments/close-workday', { shipmentIds: [id] })).status).toBe(200);
      expect((await call('POST', `/api/shipments/${id}/update-tracking`)).status).toBe(200);
      const s = await shipmentApi(id);
      expect({ trackingStatus: s.trackingStatus, sentAt: s.marketplaceTrackingUpdatedAt }).toEqual({ trackingStatus: 'in_transit', sentAt: null });

      const drawer = page.getByTestId('details-drawer');
      const marketplaceTracking = drawer.getByTestId('details-marketplace-tracking');
      const openDrawer = async () => {
        await open(`/dashboard/shipments?search=${encodeURIComponent(s.trackingNumber)}`);
        await eventually(async () => expect(await idsOnScreen(page)).toEqual([id]));
        await rowAction(page, id, 'menu-details');
        await drawer.getByTestId('audit-entry').first().waitFor();
        await drawer.getByTestId('details-auto-tracking-off').waitFor();
      };
      const expectNotSent = async () => {
        const text = await textOf(marketplaceTracking);
        expect(text).toContain('Stato invio');
        expect(text).toContain('Non inviato');
        expect(text).toContain(`Motivo`);
        // One thing said: nothing was sent, so no time it was, and no attempt.
        expect(text).not.toContain('Inviato il');
        expect(text).not.toContain('Ultimo tentativo');
        expect(await textOf(drawer.getByTestId('details-auto-tracking-off'))).toContain("L'invio automatico del tracking a eBay è disattivato per questa integrazione");
        expect(await drawer.getByTestId('details-integration-link').getAttribute('href')).toBe(`/dashboard/integration/${integrationId}`);
        expect(await textOf(drawer.getByTestId('details-send-tracking'))).toBe('Invia tracking ora');
        // The skipped push is no success in the audit trail.
        const push = drawer.locator('[data-testid="audit-entry"][data-operation="PushTracking"]');
        expect(await push.count()).toBe(1);
        expect(await textOf(push.getByTestId('audit-operation'))).toContain('Invio tracking al marketplace');
        expect(await textOf(push.getByTestId('audit-outcome'))).toBe('Non eseguita');
        // No call was made: no duration.
        expect(await push.getByTestId('audit-duration').count()).toBe(0);
        // Statuses in Italian everywhere: the carrier's tracking, the close, the audit rows.
        expect(await textOf(drawer.getByTestId('details-carrier-tracking'))).toContain('In transito');
        expect(await textOf(drawer.getByTestId('details-workday'))).toContain('Chiusa');
        const whole = await textOf(drawer);
        for (const raw of ['in_transit', 'skipped', 'pushed', 'PushTracking', 'CreateLabel', 'CloseWorkday', 'Track', 'closed', 'shipped']) {
          expect({ raw, shown: new RegExp(`\\b${raw}\\b`).test(whole) }).toEqual({ raw, shown: false });
        }
      };

      await openDrawer();
      await expectNotSent();
      await shot(page, '1280-details-auto-tracking-off');
      await marketplaceTracking.screenshot({ path: `${SHOTS}/shipments-1280-details-marketplace-not-sent.png` });
      await drawer.getByTestId('details-audit').screenshot({ path: `${SHOTS}/shipments-1280-details-audit-skipped.png` });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      await page.setViewportSize(MOBILE);
      try {
        await openDrawer();
        await expectNotSent();
        await expectNoSidewaysScroll(page, MOBILE.width);
        expect(await drawer.getByTestId('details-send-tracking').isVisible()).toBe(true);
        await shot(page, '390-details-auto-tracking-off');
        await marketplaceTracking.screenshot({ path: `${SHOTS}/shipments-390-details-marketplace-not-sent.png` });
        // Sent from the phone: 'Tracking aggiornato', and the drawer follows.
        await drawer.getByTestId('details-send-tracking').click();
        await expectToast(page, 'Tracking aggiornato');
        await eventually(async () => {
          const text = await textOf(marketplaceTracking);
          expect(text).toContain('Inviato il');
          expect(text).not.toContain('Non inviato');
        }, SETTLE_MS);
        expect(await drawer.getByTestId('details-auto-tracking-off').count()).toBe(0);
        expect(await drawer.getByTestId('details-send-tracking').count()).toBe(0);
        const outcomes = await drawer.locator('[data-testid="audit-entry"][data-operation="PushTracking"]').getByTestId('audit-outcome').allInnerTexts();
        expect(outcomes.map((o) => o.trim()).sort()).toEqual(['Non eseguita', 'Riuscita']);
        await expectNoSidewaysScroll(page, MOBILE.width);
        await shot(page, '390-details-tracking-sent');
        await marketplaceTracking.screenshot({ path: `${SHOTS}/shipments-390-details-marketplace-sent.png` });
        await closeToasts(page);
      } finally {
        await page.setViewportSize(DESKTOP);
      }
      // eBay has it once, with this tracking number.
      const pushed = (await ebay.fulfillments(seller.username)).filter((f) => f.trackingNumber === s.trackingNumber);
      expect(pushed).toHaveLength(1);
      expect(await shipmentApi(id)).toMatchObject({ marketplaceTrackingStatus: 'pushed', marketplaceTrackingError: null });
    } finally {
      await setAuto(true);
    }
  });

  step("a Poste Delivery label: the dialog says before the click that Poste cannot cancel it and voids it in Smista only, the label marked not to be used, the audit saying why", async () => {
    await asAdmin();
    const [poste] = await posteLabels.get();
    // Without the merchant's confirmation the API refuses, saying why: nothing changes.
    const unconfirmed = await call('POST', `/api/shipments/${poste}/cancel`);
    expect({ status: unconfirmed.status, message: unconfirmed.body?.message }).toEqual({
      status: 409,
      message: `${POSTE_CANNOT_CANCEL}. Per annullarla solo in Smista conferma l'annullamento senza il corriere.`,
    });
    expect((await shipmentApi(poste)).status).toBe('shipped');

    await open('/dashboard/shipments?status=shipped');
    await expectListLike(page, 'status=shipped');
    await rowAction(page, poste, 'menu-cancel');
    const dialog = page.getByTestId('cancel-dialog');
    expect(await dialog.getAttribute('data-cancellation')).toBe('smista_only');
    expect(await textOf(dialog.getByTestId('cancel-dialog-reason'))).toBe(POSTE_CANNOT_CANCEL);
    const note = await textOf(dialog.getByTestId('cancel-dialog-smista-only'));
    expect(note).toContain("Puoi annullarla solo in Smista: l'etichetta resta segnata come da non usare e non va consegnata al corriere.");
    expect(note).toContain('chiediamo a Poste se ha già preso in carico il pacco');
    expect(await textOf(dialog.getByTestId('cancel-dialog-text'))).not.toContain('anche presso il corriere');
    expect(await textOf(dialog.getByTestId('cancel-dialog-confirm'))).toBe('Annulla solo in Smista');
    await shot(page, '1280-cancel-poste');
    await dialog.getByTestId('cancel-dialog-confirm').click();
    await expectToast(page, 'Spedizione cancellata', { description: `Spedizione annullata solo in Smista: ${POSTE_CANNOT_CANCEL}. L'etichetta non va usata.` });
    await closeToasts(page);

    const voided = await shipmentApi(poste);
    expect({ status: voided.status, labelVoidReason: voided.labelVoidReason, labelData: voided.labelData }).toEqual({ status: 'cancelled', labelVoidReason: POSTE_CANNOT_CANCEL, labelData: null });
    const label = await call('GET', `/api/shipments/${poste}/label`);
    expect({ status: label.status, message: label.body?.message }).toEqual({ status: 409, message: "L'etichetta è stata annullata solo in Smista e non va usata: non si può più stampare" });

    // The list marks the label not to be used; its menu no longer prints it.
    await statusTab(page, 'all').click();
    await expectListLike(page, '');
    const flag = row(page, poste).getByTestId('shipment-label-voided');
    expect(await textOf(flag)).toBe('Etichetta da non usare');
    expect(await flag.getAttribute('title')).toBe(POSTE_CANNOT_CANCEL);
    await row(page, poste).getByTestId('shipment-menu').click();
    expect(await page.getByTestId('menu-print-label').getAttribute('data-disabled')).toBe('');
    await page.keyboard.press('Escape');
    await page.getByTestId('shipment-menu-content').waitFor({ state: 'detached' });

    // The audit trail: the void, with Poste's answer that it had not taken the parcel yet.
    await rowAction(page, poste, 'menu-details');
    const drawer = page.getByTestId('details-drawer');
    const entry = drawer.locator('[data-testid="audit-entry"][data-operation="CancelShipment"]');
    await entry.waitFor();
    expect(await entry.getAttribute('data-outcome')).toBe('voided');
    expect(await textOf(entry.getByTestId('audit-outcome'))).toBe('Annullata solo in Smista');
    const why = await textOf(entry.getByTestId('audit-message'));
    expect(why).toContain(`Spedizione annullata solo in Smista: ${POSTE_CANNOT_CANCEL}. L'etichetta non va usata.`);
    expect(why).toContain(`Poste Delivery Business non ha ancora preso in carico il pacco ${voided.trackingNumber}`);
    expect(await textOf(drawer.getByTestId('details-shipment'))).toContain(LABEL_VOIDED);
    await expectNoSidewaysScroll(page, DESKTOP.width);
    await shot(page, '1280-details-voided');
    await page.keyboard.press('Escape');
  });

  step('at 390 px: a GLS shipment after the close is said not cancellable at GLS before the click; a Poste label voided in Smista only, its card flagged', async () => {
    await asAdmin();
    const [glsClosed, [, poste]] = [await closedGls.get(), await posteLabels.get()];
    await page.setViewportSize(MOBILE);
    try {
      await open('/dashboard/shipments?status=shipped');
      await page.getByTestId('shipments-cards').waitFor();
      await expectListLike(page, 'status=shipped');

      await rowAction(page, glsClosed, 'menu-cancel');
      const dialog = page.getByTestId('cancel-dialog');
      expect(await textOf(dialog.getByTestId('cancel-dialog-reason'))).toMatch(new RegExp(`^${GLS_AFTER_CLOSE}`));
      expect(await textOf(dialog.getByTestId('cancel-dialog-confirm'))).toBe('Annulla solo in Smista');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-cancel-gls-closed');
      await dialog.getByTestId('cancel-dialog-keep').click();
      await dialog.waitFor({ state: 'detached' });
      expect((await shipmentApi(glsClosed)).status).toBe('shipped');

      await rowAction(page, poste, 'menu-cancel');
      expect(await textOf(dialog.getByTestId('cancel-dialog-reason'))).toBe(POSTE_CANNOT_CANCEL);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-cancel-poste');
      await dialog.getByTestId('cancel-dialog-confirm').click();
      await expectToast(page, 'Spedizione cancellata', { description: `Spedizione annullata solo in Smista: ${POSTE_CANNOT_CANCEL}. L'etichetta non va usata.` });
      await closeToasts(page);
      expect((await shipmentApi(poste)).labelVoidReason).toBe(POSTE_CANNOT_CANCEL);

      await statusTab(page, 'all').click();
      await expectListLike(page, '');
      expect(await textOf(row(page, poste).getByTestId('shipment-label-voided'))).toBe('Etichetta da non usare');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await row(page, poste).scrollIntoViewIfNeeded();
      await shot(page, '390-voided-card');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
