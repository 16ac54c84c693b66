/**
 * Issue 26's day, in headless chromium against the real stack with the tracking refresher on (its
 * schedule run about 2,000 times faster: a fresh parcel read every few seconds) and GLS and Poste
 * sandboxes of its own, whose clock the suite moves: in the morning the merchant ships ten GLS
 * parcels (two to recipients GLS delivers at once, one GLS holds at the depot, seven on their way)
 * and closes the GLS day; by the afternoon, with no click on 'Aggiorna tracking', the shipments
 * screen shows them moving ('In transito' or 'In consegna'), the held one marked and in 'Errori',
 * the header's notification says 'Pacco in giacenza' and leads to it, the two delivered orders are
 * in the orders' 'Consegnato' tab and the activity says each was delivered; at 1280 and 390 px.
 * The merchant chose the buyer e-mails 'spedito', 'consegnato' and 'in giacenza' (not 'in consegna'):
 * each buyer got exactly those of its parcel, read in the mail catcher, in the merchant's name; the
 * tracking page of the e-mail works on a phone, and its unsubscribe link works.
 * Screenshots in /tmp/shots-tracking-day/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { buyerMailTexts, defaultBuyerMailTemplates, fillBuyerMailTemplate, type BuyerMailValues, type ShipmentDetailsJson } from '@smista/contracts';
import { advanceCarrierClocks, type TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { labelWithGls } from './support/marketplaces';
import { openOrdersSyncedNow, statusTab } from './support/orders';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { shipmentDetails, shipmentRow } from './support/shipments';
import { extractLinks, listMails, type CaughtMail } from './support/mail';
import { DESKTOP, eventually, expectNoSidewaysScroll, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Irene', 'Fabbri', run);
const merchantName = `Vetreria Fabbri ${run}`;
const SHOTS = '/tmp/shots-tracking-day';
/** How long the day's reads may take on a busy machine: every parcel read within a few of its 3.6 s rounds. */
const SETTLE_MS = 90_000;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  ({ app, browser, page } = await scenario.start({
    // A day's walk: a parcel closed in the morning is delivered 8 hours later (on its way all afternoon).
    ownGlsSandbox: { deliverAfterSeconds: 8 * 3600 },
    ownPosteSandbox: true,
    // 2 h of the schedule in 3.6 s; the refresher looks again every 200 ms when nothing is due.
    componentEnv: { shipments: { TRACKING_REFRESH_ENABLED: 'true', TRACKING_REFRESH_SCALE: '0.0005', TRACKING_IDLE_MS: '200' } },
  }));
  merchantId = (await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName)).id;
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const call = (method: 'GET' | 'POST', path: string, body?: unknown) => api(browser.context, app.baseUrl, method, path, body);
const details = (id: number): Promise<ShipmentDetailsJson> => shipmentDetails(browser.context, app.baseUrl, id);
const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);

/** The ten recipients: the GLS sandbox's paths by name (deploy/sandboxes/src/gls/README.md). */
const RECIPIENTS = [
  'Lucia Bianchi CONSEGNA IMMEDIATA',
  'Paolo Neri CONSEGNA IMMEDIATA',
  'Marco GIACENZA CONSEGNA IMMEDIATA',
  ...['Anna Verdi', 'Carlo Russo', 'Elena Gallo', 'Fabio Costa', 'Giada Conti', 'Luca Greco', 'Sara Marino'],
];
const DELIVERED = [0, 1];
const HELD = 2;
const TRAVELLING = [3, 4, 5, 6, 7, 8, 9];
/** Each buyer's address; the last one is an eBay relay address, as eBay's orders give. */
const BUYER_EMAILS = RECIPIENTS.map((_, i) => (i === 9 ? `c${run}x9@members.ebay.com` : `cliente${i}-${run}@example.it`));
const SENDER = 'Vetreria Fabbri';
const REPLY_TO = `ordini-${run}@vetreria-fabbri.it`;

/** The buyer e-mails the merchant chose: all but 'in consegna'. */
const CHOSEN = { shipped: true, out_for_delivery: false, delivered: true, held: true } as const;
const subjectOf = (kind: keyof typeof CHOSEN, externalId: string) => fillBuyerMailTemplate(defaultBuyerMailTemplates[kind].subject, { ordine: externalId } as BuyerMailValues);

/** The morning: ten orders made by hand, each labelled with GLS, and the GLS day closed. */
const morning = given('la mattina: dieci pacchi GLS etichettati e la giornata chiusa', async () => {
  await asAdmin();
  const templates = Object.fromEntries(Object.entries(CHOSEN).map(([kind, enabled]) => [kind, { enabled, ...defaultBuyerMailTemplates[kind as keyof typeof CHOSEN] }]));
  const settings = await call('PUT', '/api/buyer-emails', { enabled: true, senderName: SENDER, replyTo: REPLY_TO, templates }).then((r) => r.status);
  expect(settings).toBe(200);
  const parcels: { orderId: number; externalId: string; shipmentId: number }[] = [];
  for (const [i, recipientName] of RECIPIENTS.entries()) {
    const order = await call('POST', '/api/orders', {
      address: { recipientName, addressLine1: `Via Garibaldi ${i + 1}`, city: 'Bologna', state: 'BO', postalCode: '40121', country: 'Italia', countryCode: 'IT', recipientEmail: BUYER_EMAILS[i] },
      items: [{ sku: `VASO-${run}`, title: 'Vaso in vetro soffiato', quantity: 1, unitPrice: '39,00', weightKg: '1,2' }],
    });
    expect(order.status).toBe(201);
    parcels.push({ orderId: order.body.id, externalId: order.body.externalId, shipmentId: await labelWithGls(browser.context, app.baseUrl, merchantId, order.body.id) });
  }
  const closed = await call('POST', '/api/shipments/close-workday', { shipmentIds: parcels.map((p) => p.shipmentId) });
  expect({ status: closed.status, failed: closed.body?.failed }).toEqual({ status: 200, failed: 0 });
  return parcels;
});

/** The afternoon: four hours later at GLS (half way to the delivery), every parcel read by the refresher. */
const afternoon = given('il pomeriggio: GLS ha mosso i pacchi, Smista li ha letti da solo', async () => {
  const parcels = await morning.get();
  await advanceCarrierClocks(app, 4 * 3600);
  await asAdmin();
  await eventually(async () => {
    const read = await Promise.all(parcels.map((p) => details(p.shipmentId)));
    expect(read.map((d) => d.trackingStatus ?? '')).toEqual(
      RECIPIENTS.map((_, i) => (DELIVERED.includes(i) ? 'delivered' : i === HELD ? 'held' : expect.stringMatching(/^(in_transit|out_for_delivery)$/))),
    );
  }, SETTLE_MS);
  return parcels;
});

step('the morning: ten GLS parcels labelled and the day closed, none read by hand', async () => {
  const parcels = await morning.get();
  await asAdmin();
  for (const p of parcels) {
    const d = await details(p.shipmentId);
    // Labelled (the two GLS delivers at once may already read delivered: the refresher runs all day).
    expect(d.trackingNumber).toMatch(/^MI\d{9}$/);
    expect(['shipped', 'delivered']).toContain(d.status);
    expect(d.closeWorkdayStatus).toBe('closed');
    // Nobody clicked 'Aggiorna tracking': the audit holds no Track call.
    expect(d.audit.map((a) => a.operation)).not.toContain('Track');
  }
});

step('by the afternoon, without a click, the shipments screen shows them moving at 1280 px: two delivered, one held and marked, seven on their way', async () => {
  const parcels = await afternoon.get();
  await asAdmin();
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard/shipments');
  await shipmentRow(page, parcels[HELD]!.shipmentId).getByTestId('shipment-tracking-status').waitFor();
  const listed = async (i: number) => {
    const badge = shipmentRow(page, parcels[i]!.shipmentId).getByTestId('shipment-tracking-status');
    return { label: await textOf(badge), alert: (await badge.getAttribute('data-alert')) === 'true' };
  };
  for (const i of TRAVELLING) expect(['In transito', 'In consegna']).toContain((await listed(i)).label);
  expect(await listed(HELD)).toEqual({ label: 'In giacenza', alert: true });
  for (const i of DELIVERED) expect(await listed(i)).toEqual({ label: 'Consegnata', alert: false });
  for (const p of parcels) expect((await details(p.shipmentId)).audit.map((a) => a.operation)).not.toContain('Track');
  await expectNoSidewaysScroll(page, DESKTOP.width);
  await shot(page, '1280-shipments');

  // The held parcel, alone in Errori, with GLS's words.
  await statusTab(page, 'error').click();
  await eventually(async () =>
    expect(await page.getByTestId('shipment-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-shipment-id'))))).toEqual([parcels[HELD]!.shipmentId]),
  );
  expect(await textOf(page.getByTestId('shipment-problem'))).toContain('IN GIACENZA');
  // Delivered has no tab of its own (spec §2): the list's filter in the address, as a link would open it.
  await page.goto('/dashboard/shipments?status=delivered');
  await eventually(async () =>
    expect((await page.getByTestId('shipment-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-shipment-id'))))).sort()).toEqual(
      DELIVERED.map((i) => parcels[i]!.shipmentId).sort(),
    ),
  );
  await shot(page, '1280-shipments-delivered');
});

step("the parcel in giacenza is the header's notification, naming its order, and leads to its shipment", async () => {
  const parcels = await afternoon.get();
  await asAdmin();
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  await eventually(async () => {
    await page.reload();
    await page.getByTestId('notifications-button').waitFor();
    expect(await page.getByTestId('notifications-dot').count()).toBe(1);
  }, SETTLE_MS);
  await page.getByTestId('notifications-button').click();
  const items = page.getByTestId('notifications-menu').getByTestId('notification-item');
  await eventually(async () => expect(await items.count()).toBe(1));
  const text = await textOf(items.first());
  const held = parcels[HELD]!;
  expect(text).toContain('Pacco in giacenza');
  expect(text).toContain(`Il pacco dell'ordine ${held.externalId} (GLS ${(await details(held.shipmentId)).trackingNumber}) è in giacenza`);
  await page.screenshot({ path: `${SHOTS}/1280-notification.png` });
  await items.first().click();
  await page.waitForURL((url) => url.pathname === '/dashboard/shipments' && url.searchParams.get('search') === held.externalId);
  await eventually(async () =>
    expect(await page.getByTestId('shipment-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-shipment-id'))))).toEqual([held.shipmentId]),
  );
});

step("the two delivered orders are in the orders' 'Consegnato' tab, and the activity tells each delivery once", async () => {
  const parcels = await afternoon.get();
  await asAdmin();
  await page.setViewportSize(DESKTOP);
  await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?status=DELIVERED');
  const delivered = DELIVERED.map((i) => parcels[i]!);
  await eventually(async () => {
    const shown = await page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))));
    expect(shown.sort()).toEqual(delivered.map((p) => p.orderId).sort());
  });
  expect(await textOf(statusTab(page, 'DELIVERED').getByTestId('status-tab-count'))).toBe('2');
  await shot(page, '1280-orders-delivered');

  await page.goto('/dashboard');
  await page.getByTestId('activity-list').waitFor();
  const lines = await page.getByTestId('activity-item').allInnerTexts();
  for (const p of delivered) expect(lines.filter((l) => l.startsWith(`Ordine ${p.externalId} consegnato (spedizione #${p.shipmentId})`))).toHaveLength(1);
  expect(lines.filter((l) => l.includes('consegnato (spedizione #'))).toHaveLength(2);
});

step('at 390 px: the cards show the parcels moving, the held one marked; the notification menu fits; nothing sideways', async () => {
  const parcels = await afternoon.get();
  await asAdmin();
  await page.setViewportSize(MOBILE);
  try {
    await page.goto('/dashboard/shipments');
    await page.getByTestId('shipments-cards').waitFor();
    const badge = (i: number) => shipmentRow(page, parcels[i]!.shipmentId).getByTestId('shipment-tracking-status');
    await badge(HELD).waitFor();
    expect(await textOf(badge(HELD))).toBe('In giacenza');
    expect(await badge(HELD).getAttribute('data-alert')).toBe('true');
    for (const i of TRAVELLING) expect(['In transito', 'In consegna']).toContain(await textOf(badge(i)));
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot(page, '390-shipments');
    await page.getByTestId('notifications-button').click();
    const menu = page.getByTestId('notifications-menu');
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width + 1);
    expect(await textOf(menu)).toContain('Pacco in giacenza');
    await page.screenshot({ path: `${SHOTS}/390-notification.png` });
    await page.keyboard.press('Escape');
  } finally {
    await page.setViewportSize(DESKTOP);
  }
});

/** The e-mails each buyer got, by the afternoon (they go out within moments of what they tell). */
async function buyersMail(parcels: { externalId: string }[]): Promise<CaughtMail[][]> {
  let got: CaughtMail[][] = [];
  await eventually(async () => {
    got = await Promise.all(BUYER_EMAILS.map((to) => listMails({ to, mailUrl: app.mailUrl })));
    expect(got.map((mails) => mails.map((m) => m.subject).sort())).toEqual(
      parcels.map((p, i) =>
        [subjectOf('shipped', p.externalId), ...(DELIVERED.includes(i) ? [subjectOf('delivered', p.externalId)] : []), ...(i === HELD ? [subjectOf('held', p.externalId)] : [])].sort(),
      ),
    );
  }, SETTLE_MS);
  return got;
}

step("each buyer got the e-mails the merchant chose, once, in its name; the one in giacenza says what to do", async () => {
  const parcels = await afternoon.get();
  const mails = await buyersMail(parcels);
  for (const [i, own] of mails.entries()) {
    for (const mail of own) expect({ i, from: mail.from, replyTo: mail.replyTo }).toEqual({ i, from: `${SENDER} <spedizioni@smista.local>`, replyTo: REPLY_TO });
    // 'In consegna' was not chosen, though parcels went out for delivery.
    expect(own.some((m) => m.subject.includes('in consegna'))).toBe(false);
    const shipped = own.find((m) => m.subject === subjectOf('shipped', parcels[i]!.externalId))!;
    expect(extractLinks(shipped).some((l) => l.startsWith(`${app.baseUrl}/t/`))).toBe(true);
    expect(shipped.headers['list-unsubscribe']).toMatch(new RegExp(`^<${app.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/u/[A-Za-z0-9_-]{43}>$`));
  }
  const held = mails[HELD]!.find((m) => m.subject === subjectOf('held', parcels[HELD]!.externalId))!;
  expect(held.text).toContain('Cosa fare:');
  expect(held.text).toContain('GIACENZA');
  // The drawer lists what went to the buyer.
  await asAdmin();
  expect((await details(parcels[HELD]!.shipmentId)).buyerEmails.map((e) => [e.kind, e.status, e.to])).toEqual([
    ['shipped', 'sent', BUYER_EMAILS[HELD]],
    ['held', 'sent', BUYER_EMAILS[HELD]],
  ]);
});

step("the e-mail's tracking page works on a phone (390 px): the merchant, the parcel in giacenza, the carrier's link", async () => {
  const parcels = await afternoon.get();
  const mails = await buyersMail(parcels);
  const link = extractLinks(mails[HELD]!.find((m) => m.subject === subjectOf('shipped', parcels[HELD]!.externalId))!).find((l) => l.startsWith(`${app.baseUrl}/t/`))!;
  const phone = await browser.context.browser()!.newContext({ viewport: MOBILE, locale: 'it-IT' });
  try {
    const buyer = await phone.newPage();
    const answer = await buyer.goto(link);
    expect(answer!.status()).toBe(200);
    expect(await textOf(buyer.locator('h1'))).toBe(merchantName);
    expect(await textOf(buyer.locator('p.status'))).toBe('In giacenza');
    expect(await buyer.locator('a.carrier').getAttribute('href')).toMatch(/^https:\/\//);
    await expectNoSidewaysScroll(buyer, MOBILE.width);
    await screenshotWhole(buyer, `${SHOTS}/390-buyer-tracking-page.png`);
  } finally {
    await phone.close();
  }
});

step("a buyer's unsubscribe link asks, then records the choice (390 px)", async () => {
  const parcels = await afternoon.get();
  const mails = await buyersMail(parcels);
  const traveller = TRAVELLING[0]!;
  const link = /<([^>]+)>/.exec(mails[traveller]![0]!.headers['list-unsubscribe']!)![1]!;
  const phone = await browser.context.browser()!.newContext({ viewport: MOBILE, locale: 'it-IT' });
  try {
    const buyer = await phone.newPage();
    await buyer.goto(link);
    expect(await textOf(buyer.locator('main p').first())).toBe(buyerMailTexts.unsubscribeQuestion(merchantName));
    await screenshotWhole(buyer, `${SHOTS}/390-buyer-unsubscribe.png`);
    await buyer.getByRole('button', { name: buyerMailTexts.unsubscribeButton }).click();
    await buyer.getByRole('heading', { name: buyerMailTexts.unsubscribedTitle }).waitFor();
    expect(await textOf(buyer.locator('main p').first())).toBe(buyerMailTexts.unsubscribedText(merchantName));
    // Opened again, the link says it is done.
    await buyer.goto(link);
    await buyer.getByRole('heading', { name: buyerMailTexts.unsubscribedTitle }).waitFor();
    await expectNoSidewaysScroll(buyer, MOBILE.width);
  } finally {
    await phone.close();
  }
});
