/**
 * Tracking that keeps itself current (issue 26), what the merchant sees of it, in headless chromium
 * against the real stack and the GLS sandbox: three orders made by hand and labelled with GLS (one
 * recipient GLS delivers at once after the close, one GLS holds at the depot, one on its way);
 * before the close the drawer's 'Tracking' says 'Nessun evento di tracking ancora'; 'Trasmetti
 * GLS' closes the day, 'Aggiorna tracking' of each row reads GLS, and the drawer lists every step
 * newest first with its time (Europe/Rome), its status in Italian as a badge, GLS's words and the
 * place, plus GLS's public tracking page; the list's Tracking column shows each last status in
 * Italian, the held parcel marked and in the Errori tab with GLS's words. At 1280 and 390 px,
 * nothing sideways. Screenshots in /tmp/shots-tracking/.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { carrierTrackingStatusLabels, isProblemTrackingStatus, trackingStatuses, trackingStatusText, type ShipmentDetailsJson } from '@smista/contracts';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { labelWithGls } from './support/marketplaces';
import { statusTab } from './support/orders';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { shipmentDetails, shipmentRow, shipmentRowAction } from './support/shipments';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Chiara', 'Galli', run);
const merchantName = `Ceramiche Galli ${run}`;
const SHOTS = '/tmp/shots-tracking';

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // A GLS sandbox of its own: the shared one knows other suites' parcels by the same counters (each
  // app's label sequence starts at 1) and would answer an AddParcel of ours with theirs, whose
  // recipients walk other paths.
  ({ app, browser, page } = await scenario.start({ ownGlsSandbox: true }));
  merchantId = (await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName)).id;
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const call = (method: 'GET' | 'POST', path: string, body?: unknown) => api(browser.context, app.baseUrl, method, path, body);
const detailsApi = (id: number): Promise<ShipmentDetailsJson> => shipmentDetails(browser.context, app.baseUrl, id);
const drawer = (p: Page) => p.getByTestId('details-drawer');
const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);

/** The drawer whole in the picture: the window as tall as its content (at most 4000 px), then back. */
async function shotDrawer(p: Page, name: string): Promise<void> {
  const size = p.viewportSize()!;
  const height = await drawer(p).evaluate((el) => el.scrollHeight);
  await p.setViewportSize({ width: size.width, height: Math.min(Math.max(size.height, height), 4000) });
  try {
    await p.screenshot({ path: `${SHOTS}/${name}.png` });
  } finally {
    await p.setViewportSize(size);
  }
}

/** The date and time as the screens write them, in Rome. */
const romeDateTime = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Rome' });

/** Recipients the GLS sandbox answers for: delivered at once after the close, held at the depot, on its way. */
const RECIPIENTS = { delivered: 'Lucia Bianchi CONSEGNA IMMEDIATA', held: 'Marco GIACENZA CONSEGNA IMMEDIATA', travelling: 'Anna Verdi' } as const;
type Parcel = keyof typeof RECIPIENTS;

/** Three orders made by hand ('Nuovo ordine' through its API), each labelled with GLS. */
const labelled = given('tre spedizioni GLS etichettate', async (): Promise<Record<Parcel, number>> => {
  await asAdmin();
  const ids = {} as Record<Parcel, number>;
  for (const [i, [parcel, recipientName]] of (Object.entries(RECIPIENTS) as [Parcel, string][]).entries()) {
    const order = await call('POST', '/api/orders', {
      address: { recipientName, addressLine1: `Via Garibaldi ${i + 1}`, city: 'Torino', state: 'TO', postalCode: '10121', country: 'Italia', countryCode: 'IT' },
      items: [{ sku: `TAZZA-${run}`, title: 'Tazza in ceramica', quantity: 1, unitPrice: '12,50', weightKg: '0,4' }],
    });
    expect(order.status).toBe(201);
    ids[parcel] = await labelWithGls(browser.context, app.baseUrl, merchantId, order.body.id);
  }
  return ids;
});

/** The GLS day closed for the three (what 'Trasmetti GLS' does). */
const closed = given('giornata GLS chiusa', async () => {
  const ids = await labelled.get();
  await asAdmin();
  const res = await call('POST', '/api/shipments/close-workday', { shipmentIds: Object.values(ids) });
  expect(res.status).toBe(200);
  return ids;
});

/** Each one's tracking read from GLS (what 'Aggiorna tracking' does). */
const tracked = given('tracking letto da GLS', async () => {
  const ids = await closed.get();
  await asAdmin();
  for (const id of Object.values(ids)) expect((await call('POST', `/api/shipments/${id}/update-tracking`)).status).toBe(200);
  return ids;
});

/** Every step of the drawer as shown: time, badge (text, stored status, marked), words, place. */
async function stepsShown(d: Locator) {
  const steps = d.getByTestId('tracking-step');
  const shown = [];
  for (let i = 0; i < (await steps.count()); i++) {
    const s = steps.nth(i);
    const badge = s.getByTestId('tracking-step-status');
    const place = s.getByTestId('tracking-step-place');
    shown.push({
      time: await textOf(s.getByTestId('tracking-step-time')),
      label: await textOf(badge),
      status: await badge.getAttribute('data-status'),
      alert: (await badge.getAttribute('data-alert')) === 'true',
      text: await textOf(s.getByTestId('tracking-step-text')),
      place: (await place.count()) ? await textOf(place) : '',
    });
  }
  return shown;
}

/** The steps the API answers, as the drawer must show them. */
const stepsExpected = (d: ShipmentDetailsJson) =>
  d.trackingEvents.map((e) => ({
    time: romeDateTime.format(new Date(e.at)),
    label: e.statusLabel,
    status: e.status,
    alert: isProblemTrackingStatus(e.status),
    text: e.description,
    place: e.location,
  }));

/** No tracking status shows as its code anywhere in the drawer. */
async function expectNoRawStatus(d: Locator) {
  const whole = await textOf(d);
  for (const raw of trackingStatuses) expect({ raw, shown: new RegExp(`\\b${raw}\\b`).test(whole) }).toEqual({ raw, shown: false });
}

/** The list's tracking status of a row (or card) in Italian, with its mark. */
async function listedStatus(p: Page, id: number) {
  const badge = shipmentRow(p, id).getByTestId('shipment-tracking-status');
  return { label: await textOf(badge), alert: (await badge.getAttribute('data-alert')) === 'true' };
}

step("before the close the drawer's 'Tracking' says there is no event yet, and links GLS's tracking page", async () => {
  const ids = await labelled.get();
  await asAdmin();
  await page.goto(`/dashboard/shipments?shipment=${ids.travelling}`);
  const tracking = drawer(page).getByTestId('details-carrier-tracking');
  await tracking.getByTestId('details-tracking-empty').waitFor();
  expect(await textOf(tracking.getByRole('heading'))).toBe('Tracking');
  expect(await textOf(tracking.getByTestId('details-tracking-empty'))).toBe('Nessun evento di tracking ancora');
  expect(await tracking.getByTestId('tracking-step').count()).toBe(0);
  const { trackingNumber } = await detailsApi(ids.travelling);
  const link = tracking.getByTestId('details-tracking-link');
  expect(await link.getAttribute('href')).toBe(`https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=${trackingNumber}`);
  expect(await link.getAttribute('target')).toBe('_blank');
  await tracking.scrollIntoViewIfNeeded();
  await shotDrawer(page, '1280-drawer-no-events');
  await page.keyboard.press('Escape');
});

step("'Trasmetti GLS' closes the day of the three; 'Aggiorna tracking' of each row reads GLS", async () => {
  const ids = await labelled.get();
  await asAdmin();
  await page.goto('/dashboard/shipments');
  const all = Object.values(ids);
  if ((await detailsApi(ids.travelling)).closeWorkdayStatus !== 'closed') {
    for (const id of all) await shipmentRow(page, id).getByTestId('shipment-select').click();
    await page.getByTestId('shipments-process-menu').click();
    await page.getByTestId('bulk-transmit-gls').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-confirm').click();
    await expectToast(page, 'Giornata lavorativa chiusa');
    await closeToasts(page);
    for (const id of all) expect((await detailsApi(id)).closeWorkdayStatus).toBe('closed');
  }
  closed.set(ids);
  for (const id of all) {
    await shipmentRowAction(page, id, 'menu-update-tracking');
    await expectToast(page, 'Tracking aggiornato');
    await closeToasts(page);
  }
  expect((await detailsApi(ids.delivered)).status).toBe('delivered');
  expect((await detailsApi(ids.held)).trackingEvents.length).toBeGreaterThan(0);
  tracked.set(ids);
});

step("the drawer at 1280 px lists GLS's steps newest first: time in Rome, the status in Italian, GLS's words and place", async () => {
  const ids = await tracked.get();
  await asAdmin();
  const api = await detailsApi(ids.delivered);
  // The walk of a parcel delivered at once: data received, left, at the branch, out for delivery, delivered.
  expect(api.trackingEvents.length).toBeGreaterThanOrEqual(5);
  await page.goto(`/dashboard/shipments?shipment=${ids.delivered}`);
  const tracking = drawer(page).getByTestId('details-carrier-tracking');
  await eventually(async () => expect(await tracking.getByTestId('tracking-step').count()).toBe(api.trackingEvents.length));
  const shown = await stepsShown(tracking);
  expect(shown).toEqual(stepsExpected(api));
  expect(shown[0]).toMatchObject({ label: 'Consegnata', status: 'delivered', alert: false });
  expect(shown.at(-1)).toMatchObject({ label: 'Aggiornamento del corriere', text: 'DATI SPEDIZIONE TRASMESSI A GLS' });
  for (const s of shown) expect(Object.values(carrierTrackingStatusLabels)).toContain(s.label);
  expect(await tracking.getByTestId('details-tracking-empty').count()).toBe(0);
  // The last status, in Italian, above the steps.
  expect(await textOf(tracking)).toContain('Consegnata');
  await expectNoRawStatus(drawer(page));
  await tracking.scrollIntoViewIfNeeded();
  await shotDrawer(page, '1280-drawer-delivered');
  await page.keyboard.press('Escape');

  // The held parcel: its last step marked, GLS's words, the reason on top of the drawer.
  const held = await detailsApi(ids.held);
  await page.goto(`/dashboard/shipments?shipment=${ids.held}`);
  const heldTracking = drawer(page).getByTestId('details-carrier-tracking');
  await heldTracking.getByTestId('tracking-step').first().waitFor();
  const heldShown = await stepsShown(heldTracking);
  expect(heldShown).toEqual(stepsExpected(held));
  expect(heldShown[0]).toMatchObject({ alert: true, text: expect.stringMatching(/^IN GIACENZA/) });
  expect(['In giacenza', 'Problema di consegna']).toContain(heldShown[0]!.label);
  expect(await textOf(drawer(page).getByTestId('details-problem'))).toBe(held.problem);
  await expectNoRawStatus(drawer(page));
  await shotDrawer(page, '1280-drawer-held');
  await page.keyboard.press('Escape');
});

step("the list at 1280 px: each parcel's last status in Italian, the held one marked and in 'Errori' with GLS's words; nothing sideways", async () => {
  const ids = await tracked.get();
  await asAdmin();
  const held = await detailsApi(ids.held);
  await page.goto('/dashboard/shipments');
  await shipmentRow(page, ids.held).getByTestId('shipment-tracking-status').waitFor();
  expect(await listedStatus(page, ids.delivered)).toEqual({ label: 'Consegnata', alert: false });
  // On its way: in transit (or out for delivery, had GLS moved it on since its read).
  const travelling = await detailsApi(ids.travelling);
  expect(await listedStatus(page, ids.travelling)).toEqual({ label: trackingStatusText(travelling.trackingStatus!), alert: false });
  expect(['In transito', 'In consegna']).toContain(trackingStatusText(travelling.trackingStatus!));
  expect(await listedStatus(page, ids.held)).toEqual({ label: carrierTrackingStatusLabels[held.trackingStatus as keyof typeof carrierTrackingStatusLabels], alert: true });
  expect(held.trackingAlerts).toEqual([held.trackingStatus]);
  expect(await page.getByTestId('shipments-table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
  await expectNoSidewaysScroll(page, DESKTOP.width);
  await shot(page, '1280-list');

  await statusTab(page, 'error').click();
  await eventually(async () => expect(await page.getByTestId('shipment-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-shipment-id'))))).toEqual([ids.held]));
  expect(await textOf(page.getByTestId('shipment-problem'))).toBe(held.problem);
  expect(held.problem).toContain('IN GIACENZA');
  await shot(page, '1280-errori');
});

step('at 390 px: the cards show the statuses and the mark, the drawer its steps; nothing sideways', async () => {
  const ids = await tracked.get();
  await asAdmin();
  await page.setViewportSize(MOBILE);
  try {
    await page.goto('/dashboard/shipments');
    await page.getByTestId('shipments-cards').waitFor();
    await shipmentRow(page, ids.held).getByTestId('shipment-tracking-status').waitFor();
    expect((await listedStatus(page, ids.held)).alert).toBe(true);
    expect(await listedStatus(page, ids.delivered)).toEqual({ label: 'Consegnata', alert: false });
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot(page, '390-cards');

    for (const parcel of ['held', 'delivered'] as const) {
      const api = await detailsApi(ids[parcel]);
      await page.goto(`/dashboard/shipments?shipment=${ids[parcel]}`);
      const tracking = drawer(page).getByTestId('details-carrier-tracking');
      await tracking.getByTestId('tracking-step').first().waitFor();
      expect(await stepsShown(tracking)).toEqual(stepsExpected(api));
      await tracking.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, MOBILE.width);
      // The drawer and each step within the phone's width.
      for (const box of [await drawer(page).boundingBox(), await tracking.boundingBox(), await tracking.getByTestId('tracking-step').first().boundingBox()]) {
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width + 1);
      }
      expect(await drawer(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      await shotDrawer(page, `390-drawer-${parcel}`);
      await page.keyboard.press('Escape');
    }
  } finally {
    await page.setViewportSize(DESKTOP);
  }
});
