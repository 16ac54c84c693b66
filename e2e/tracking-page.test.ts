/**
 * The buyer's public tracking page (issue 26) in headless chromium against the real stack and the
 * GLS sandbox: an order made by hand, labelled with GLS, the GLS day closed and its tracking read
 * ('Aggiorna tracking'); the drawer gives the buyer's link `/t/{token}` with a copy button; the link
 * opened in a fresh browser with no session at 390 px shows the merchant, the status and GLS's steps
 * newest first, the city and country only (no street, postcode or name), the item without its price
 * and GLS's link; with an English browser the same page in English; an unknown token the 404 page;
 * and the merchant's preview in Impostazioni › Indirizzi at 1280 and 390 px. Screenshots in
 * /tmp/shots-tracking-page/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { trackingPageSettingsTexts, trackingPageTexts, trackingUrl, type ShipmentDetailsJson } from '@smista/contracts';
import type { TestApp } from './support/app';
import { launchBrowser, type BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { labelWithGls } from './support/marketplaces';
import { pngOf } from './support/pdf';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Elena', 'Conti', run);
const merchantName = `Bottega Conti ${run}`;
const SHOTS = '/tmp/shots-tracking-page';
const RECIPIENT = 'Lucia Bianchi CONSEGNA IMMEDIATA';
const STREET = 'Via Garibaldi 17';

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // A GLS sandbox of its own: the shared one knows other suites' parcels by the same counters (each
  // app's label sequence starts at 1) and would answer our AddParcel with theirs.
  ({ app, browser, page } = await scenario.start({ ownGlsSandbox: true }));
  merchantId = (await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName)).id;
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => api(browser.context, app.baseUrl, method, path, body);
const detailsApi = async (id: number): Promise<ShipmentDetailsJson> => {
  const res = await call('GET', `/api/shipments/${id}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** A hand-made order labelled with GLS, the day closed and its tracking read from GLS (delivered at once). */
const tracked = given('una spedizione GLS consegnata con il tracking letto', async (): Promise<number> => {
  await asAdmin();
  const order = await call('POST', '/api/orders', {
    address: { recipientName: RECIPIENT, addressLine1: STREET, city: 'Torino', state: 'TO', postalCode: '10121', country: 'Italia', countryCode: 'IT' },
    items: [{ sku: `VASO-${run}`, title: 'Vaso in ceramica', quantity: 2, unitPrice: '37,90', weightKg: '0,4' }],
  });
  expect(order.status).toBe(201);
  const id = await labelWithGls(browser.context, app.baseUrl, merchantId, order.body.id);
  expect((await call('POST', '/api/shipments/close-workday', { shipmentIds: [id] })).status).toBe(200);
  expect((await call('POST', `/api/shipments/${id}/update-tracking`)).status).toBe(200);
  expect((await detailsApi(id)).status).toBe('delivered');
  return id;
});

/** The merchant's logo (issue 25's upload), shown on the page and its preview. */
const withLogo = given('logo del merchant caricato', async () => {
  await asAdmin();
  expect((await call('PUT', '/api/merchants/current/logo', { logo: `data:image/png;base64,${pngOf(320, 96, [20, 90, 160]).toString('base64')}` })).status).toBe(200);
  return true;
});

/** A browser of the buyer: its own profile, no session, the language and size given. */
async function buyerBrowser(locale: string): Promise<BrowserSession> {
  return launchBrowser({ baseURL: app.baseUrl, locale, viewport: MOBILE });
}

/** What the public page shows, read from its DOM. */
async function pageShown(p: Page) {
  return {
    html: await p.content(),
    text: await textOf(p.locator('main')),
    steps: await p.locator('ol li .words').allInnerTexts(),
    status: await textOf(p.locator('.status')),
    carrierLink: await p.locator('a.carrier').getAttribute('href'),
  };
}

step("the drawer gives the buyer's link /t/{token} with a copy button (1280 px)", async () => {
  const id = await tracked.get();
  await asAdmin();
  const details = await detailsApi(id);
  expect(details.publicTrackingUrl).toMatch(/^\/t\/[A-Za-z0-9_-]{43}$/);
  // The list never carries it.
  expect(JSON.stringify((await call('GET', '/api/shipments')).body)).not.toContain(details.publicTrackingUrl!);
  await page.goto(`/dashboard/shipments?shipment=${id}`);
  const link = page.getByTestId('details-buyer-link');
  await link.waitFor();
  expect(await textOf(link)).toContain(trackingPageSettingsTexts.drawerLinkLabel);
  expect(await link.getByTestId('details-buyer-link-url').getAttribute('href')).toBe(`${app.baseUrl}${details.publicTrackingUrl}`);
  expect(await textOf(link.getByTestId('details-buyer-link-copy'))).toBe(trackingPageSettingsTexts.copyLink);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  await link.getByTestId('details-buyer-link-copy').click();
  await expectToast(page, trackingPageSettingsTexts.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.baseUrl}${details.publicTrackingUrl}`);
  await link.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/1280-drawer-buyer-link.png` });
  await page.keyboard.press('Escape');
});

step('the link in a fresh browser with no session at 390 px: steps newest first, the city only, no prices, GLS link', async () => {
  const id = await tracked.get();
  await withLogo.get();
  await asAdmin();
  const details = await detailsApi(id);
  const buyer = await buyerBrowser('it-IT');
  try {
    const res = await buyer.page.goto(details.publicTrackingUrl!);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(res!.headers()['referrer-policy']).toBe('no-referrer');
    // No session in this browser.
    expect((await api(buyer.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
    const shown = await pageShown(buyer.page);
    expect(shown.html).toContain('<html lang="it">');
    expect(shown.text).toContain(merchantName);
    expect(shown.status).toBe('Consegnata');
    // GLS's words per step, newest first, as the merchant's details have them (without who signed).
    expect(shown.steps).toEqual(details.trackingEvents.map((e) => e.description.replace(/\s*\(Firmato da:[^)]*\)/, '')).filter(Boolean));
    expect(shown.steps[0]).toBe('CONSEGNATA.');
    expect(shown.steps.at(-1)).toBe('DATI SPEDIZIONE TRASMESSI A GLS');
    expect(shown.text).toContain('Torino, Italia');
    expect(shown.text).toContain('2 × Vaso in ceramica');
    for (const hidden of [STREET, '10121', 'Lucia', 'Bianchi', '37,90', '37.90', '€', merchantId]) expect({ hidden, shown: shown.html.includes(hidden) }).toEqual({ hidden, shown: false });
    expect(shown.carrierLink).toBe(trackingUrl('gls', details.trackingNumber!));
    expect(shown.text).toContain(trackingPageTexts.it.carrierLink('GLS'));
    expect(await buyer.page.locator('script').count()).toBe(0);
    // The logo through /t/{token}/logo, loaded under the page's CSP.
    const logo = buyer.page.locator('header img');
    expect(await logo.getAttribute('src')).toBe(`${details.publicTrackingUrl}/logo`);
    await eventually(async () => expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320));
    await expectNoSidewaysScroll(buyer.page, MOBILE.width);
    await screenshotWhole(buyer.page, `${SHOTS}/390-public-page-it.png`);
  } finally {
    await buyer.close();
  }
});

step('an English browser gets the page in English; an unknown link is the 404 page', async () => {
  const id = await tracked.get();
  await asAdmin();
  const details = await detailsApi(id);
  const buyer = await buyerBrowser('en-GB');
  try {
    await buyer.page.goto(details.publicTrackingUrl!);
    const shown = await pageShown(buyer.page);
    expect(shown.html).toContain('<html lang="en">');
    expect(shown.status).toBe('Delivered');
    expect(shown.text).toContain('Torino, Italy');
    expect(shown.text).toContain(trackingPageTexts.en.carrierLink('GLS'));
    await screenshotWhole(buyer.page, `${SHOTS}/390-public-page-en.png`);

    const gone = await buyer.page.goto(`/t/${'x'.repeat(43)}`);
    expect(gone!.status()).toBe(404);
    expect(await textOf(buyer.page.locator('h1'))).toBe(trackingPageTexts.en.notFoundTitle);
    expect(await textOf(buyer.page.locator('main'))).toContain(trackingPageTexts.en.notFoundText);
    await screenshotWhole(buyer.page, `${SHOTS}/390-not-found-en.png`);
  } finally {
    await buyer.close();
  }
});

step("Impostazioni › Indirizzi previews the page with the merchant's name, logo and a sample parcel, at 1280 and 390 px", async () => {
  await withLogo.get();
  await asAdmin();
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    try {
      await page.goto('/dashboard/settings/addresses');
      const card = page.getByTestId('tracking-page-card');
      await card.waitFor();
      expect(await textOf(card)).toContain(trackingPageSettingsTexts.title);
      const open = card.getByTestId('tracking-page-open');
      expect(await open.getAttribute('href')).toMatch(/^\/api\/tracking-page\/preview/);
      expect(await open.getAttribute('target')).toBe('_blank');
      const frame = page.frameLocator('[data-testid="tracking-page-preview"]');
      await eventually(async () => expect(await textOf(frame.locator('main'))).toContain(merchantName));
      expect(await textOf(frame.locator('.sample'))).toBe(trackingPageTexts.it.sampleBanner);
      expect(await frame.locator('.mark').count()).toBe(3);
      expect(await frame.locator('header img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await card.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, size.width);
      await page.screenshot({ path: `${SHOTS}/${size.width}-settings-preview.png` });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  }
});
