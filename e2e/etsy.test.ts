/**
 * Etsy end to end, in headless chromium against the real stack (issue 23; the marketplaces service
 * talking to the Etsy sandbox of deploy/sandboxes): the Etsy card's 'Connetti' leads straight to
 * Etsy's consent page (Italian, PKCE S256: the challenge in the address, the verifier never in the
 * browser), 'Consenti l'accesso' brings the seller back to the shell's callback ('Integrazione
 * completata') with the Etsy integration of the shop; a sync imports the shop's receipts, which the
 * orders list shows under the Etsy filter. At 1280 and 390 px. Screenshots in /tmp/shots-etsy/.
 */
import fs from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { etsySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { sharedInfra } from './support/env';
import { api, registerWithMerchant, signIn } from './support/api';
import { fitsGlsLabel, labelWithGls, syncedOrders } from './support/marketplaces';
import { openOrdersSyncedNow } from './support/orders';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, expectNoSidewaysScroll, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Chiara', 'Fontana', run);
const merchantName = `Ceramiche Fontana ${run}`;
/** The shop of this run on the shared Etsy sandbox, and its owner's login on the consent page. */
const shopName = `CeramicheFontana${run}`.replace(/[^A-Za-z0-9]/g, '');
const owner = { email: `venditrice-${run}@ceramiche-fontana.it`.toLowerCase(), password: 'Venditrice1!' };
const RECEIPTS = 14;

const SHOTS = '/tmp/shots-etsy';
const etsyUrl = sharedInfra().sandboxes.etsy!;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';
/** The seller's user id on the Etsy sandbox (its control endpoints). */
let etsyUserId = 0;
/** Every answer the browser got from the API, to prove the PKCE verifier never reached it. */
const apiBodies: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  etsyUserId = (await etsySandboxControl(etsyUrl).addSeller({ shopName, ...owner, receipts: RECEIPTS, seed: run })).userId;
  ({ app, browser, page } = await scenario.start());
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  page.on('response', (r: Response) => {
    if (new URL(r.url()).pathname.startsWith('/api/marketplace')) void r.text().then((t) => apiBodies.push(t)).catch(() => undefined);
  });
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const etsyCard = (p: Page) => p.locator('[data-testid="marketplace-card"][data-identifier="etsy"]');
const integrationsApi = async () => (await api(browser.context, app.baseUrl, 'GET', '/api/merchants/current/integrations')).body as any[];

/** Etsy's consent page reached from the card. */
async function openConsentPage(p: Page) {
  await p.goto('/dashboard/marketplaces');
  const card = etsyCard(p);
  await card.getByTestId('marketplace-connect').click();
  await p.waitForURL((url) => url.href.startsWith(`${etsyUrl}/oauth/connect`));
  await p.locator('#consent-form').waitFor();
}

/** The shop connected: by the consent step, else through the same pages. */
const etsyIntegration = given('Etsy collegato', async () => {
  const find = async () => (await integrationsApi()).find((i) => i.provider === 'etsy' && i.username === shopName);
  if (!(await find())) {
    await asAdmin();
    await openConsentPage(page);
    await page.locator('#email').fill(owner.email);
    await page.locator('#password').fill(owner.password);
    await page.locator('#allow').click();
    await page.waitForURL('**/marketplace/callback**');
    await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('success'));
  }
  const integration = await find();
  if (!integration) throw new Error("integrazione Etsy assente dopo l'autorizzazione");
  return integration.id as number;
});

/** The shop's receipts imported by a completed sync, as `GET /api/orders` lists them. */
const etsyOrders = given('ordini Etsy importati', async () => syncedOrders(browser.context, app.baseUrl, await etsyIntegration.get(), 'etsy', RECEIPTS));

describe('Etsy (integrations remote, consent page with PKCE, callback, orders list)', () => {
  step("Etsy's 'Connetti' leads to Etsy's Italian consent page with a PKCE S256 challenge; 'Consenti l'accesso' connects the shop", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/marketplaces');
    expect(await textOf(etsyCard(page).getByTestId('marketplace-connect'))).toBe('Connetti');
    expect(await etsyCard(page).getByTestId('marketplace-coming-soon').count()).toBe(0);
    await shot(page, '1280-catalogue');
    await openConsentPage(page);
    const consent = new URL(page.url());
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({ response_type: 'code', scope: 'transactions_r transactions_w', code_challenge_method: 'S256' });
    expect(consent.searchParams.get('state')).toMatch(/^etsy\.[A-Za-z0-9_-]{43}$/);
    expect(consent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    await page.getByText("Consenti l'accesso", { exact: true }).waitFor();
    await page.locator('#email').fill(owner.email);
    await page.locator('#password').fill(owner.password);
    await page.screenshot({ path: `${SHOTS}/1280-consent-page.png`, fullPage: true });
    await page.locator('#allow').click();

    await page.waitForURL('**/marketplace/callback**');
    const callback = page.getByTestId('callback-page');
    await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('success'));
    expect(await textOf(page.getByTestId('callback-title'))).toBe('Integrazione completata');
    await shot(page, '1280-callback-success');
    await page.waitForURL('**/dashboard');
    const integration = (await integrationsApi()).find((i) => i.provider === 'etsy');
    expect(integration).toMatchObject({ provider: 'etsy', username: shopName, status: 'active' });
    // The verifier lived in the service only: no answer to the browser had one, no token either.
    expect(apiBodies.join('\n')).not.toMatch(/verifier/i);
    expect(JSON.stringify(integration)).not.toMatch(/^\d+\.[A-Za-z0-9_-]{20,}/);
  });

  step("a sync imports the shop's receipts; the orders list with the Etsy filter shows them all", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const { job, listed } = await etsyOrders.get();
    expect(job.ordersFound).toBe(RECEIPTS);
    await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=etsy&pageSize=50');
    expect(await page.getByTestId('orders-filter-marketplace').inputValue()).toBe('etsy');
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(RECEIPTS));
    const shown = await page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')));
    expect(new Set(shown)).toEqual(new Set(listed.data.map((o: { id: number }) => String(o.id))));
    await shot(page, '1280-orders-etsy');
  });

  step("a GLS label of an Etsy order sends its tracking to Etsy exactly once (createReceiptShipment, carrier GLS)", async () => {
    await asAdmin();
    const integrationId = await etsyIntegration.get();
    const { listed } = await etsyOrders.get();
    expect((await api(browser.context, app.baseUrl, 'PATCH', `/api/merchants/${merchantId}/integrations/${integrationId}`, { autoUpdateTracking: true })).body?.autoUpdateTracking).toBe(true);
    const onEtsy = await etsySandboxControl(etsyUrl).receipts(etsyUserId);
    const open = (o: any) => onEtsy.find((r) => String(r.receiptId) === o.externalId)?.shipments.length === 0;
    const order = (listed.data as any[]).find((o) => o.status === 'da_spedire' && open(o) && fitsGlsLabel(o));
    expect(order).toBeDefined();
    await labelWithGls(browser.context, app.baseUrl, merchantId, order.id);
    const shipments = await eventually(async () => {
      const receipt = (await etsySandboxControl(etsyUrl).receipts(etsyUserId)).find((r) => String(r.receiptId) === order.externalId)!;
      expect(receipt.shipments).toHaveLength(1);
      return receipt.shipments;
    }, 60_000);
    expect(shipments[0]).toMatchObject({ carrierName: 'GLS', trackingCode: expect.stringMatching(/^MI\d+$/) });
    // The push is recorded as done; nothing more reaches Etsy (the order reads shipped at the next sync).
    await openOrdersSyncedNow(page, app.baseUrl, `/dashboard/orders?marketplace=etsy&pageSize=50`);
    await shot(page, '1280-orders-etsy-tracking');
    expect((await etsySandboxControl(etsyUrl).receipts(etsyUserId)).find((r) => String(r.receiptId) === order.externalId)!.shipments).toHaveLength(1);
  });

  step('at 390 px: the catalogue, the consent page and the orders under Etsy usable, nothing sideways', async () => {
    await asAdmin();
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/dashboard/marketplaces');
      await etsyCard(page).waitFor();
      await shot(page, '390-catalogue');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await openConsentPage(page);
      await page.screenshot({ path: `${SHOTS}/390-consent-page.png`, fullPage: true });
      await expectNoSidewaysScroll(page, MOBILE.width);
      await etsyOrders.get();
      await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?marketplace=etsy');
      await page.getByTestId('order-row').first().waitFor();
      await shot(page, '390-orders-etsy');
      await expectNoSidewaysScroll(page, MOBILE.width);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
