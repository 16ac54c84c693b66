/**
 * End to end, in headless chromium against the real stack (the marketplaces service talking to the
 * eBay sandbox): the marketplace screens of the integrations remote, the shell's
 * /marketplace/callback and dashboard tile, and the settings carriers tab's marketplace panel (spec
 * §2 'Integrazioni Marketplace', marketplace callback, integration detail, Integrations, Settings
 * carriers tab; §4 integration and token states; §5 marketplace connect; §7 Marketplaces and
 * integrations; §8 integration toasts; §9 token masking and the 2 s redirect).
 *
 * An admin finds eBay 'Non connesso' and no marketplace 'Presto disponibile': the catalogue asks
 * no settings of any, each card connects through its consent page (Shopify, Amazon, Etsy and
 * AliExpress in their own suites). eBay is
 * refused once on the sandbox's consent page ('Autorizzazione negata: access_denied'), then
 * accepted: 'Integrazione completata' and the dashboard 2 s later, the tile counting it; the code is
 * exchanged once (a reload of the callback sends nothing). The 'Integrati' tab shows the masked
 * refresh token, its expiry and 'Valido'; a sync imports the seller's orders and the dashboard's
 * orders tile counts those to ship; the switch, 'Aggiorna token', the detail page (masked
 * tokens, config, Attiva/Disattiva), the overview and the settings panel; a session that ends while
 * the seller consents: the code survives the login and the merchant choice; a callback link made
 * from another merchant's consent (OAuth CSRF) asks first and connects nothing. The screens at 390 px,
 * then 'Elimina' with its confirmation. Screenshots of every screen go to /tmp/shots-mkt/.
 *
 * Each step stands on its own: it logs the admin in through the API, opens its own page, and gets
 * the eBay integration (switched on) and a completed sync from `given`s, made by the steps that
 * make them or else through the API (the sandbox's consent signed like a person would). The code
 * exchanges the browser sends are counted within each step.
 */
import fs from 'node:fs';
import { request, type Page, type Request } from 'playwright-core';
import { marketplaceMessages as m } from '@smista/contracts';
import { consentAs, consentUrlOf, ebaySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { connectEbayThroughApi } from './support/ebay';
import { api, registerWithMerchant, signIn } from './support/api';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant, settingsMenu } from './support/settings';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectTitle, expectToast, login, MOBILE, pathOf, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Marta', 'Neri', run);
const merchantName = `Negozio Neri ${run}`;
/** A seller of this run on the shared eBay sandbox (other suites use their own). */
const seller = { username: `neri_store_${run}`, password: 'Venditore1!' };
/** The seller's orders on eBay (a sync imports them all). */
const SELLER_ORDERS = 20;

const SHOTS = '/tmp/shots-mkt';
const MARKETPLACES = ['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy'];
/** Spec §7: the scopes the consent page is asked for (providers.md). */
const SCOPE = 'https://api.ebay.com/oauth/api_scope';
const EBAY_SCOPES = [SCOPE, `${SCOPE}/sell.inventory`, `${SCOPE}/sell.marketing`, `${SCOPE}/sell.account`, `${SCOPE}/sell.fulfillment`, `${SCOPE}/commerce.identity.readonly`];

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';
/** Every `POST /api/merchants/current/oauth/callback` the browser sent. */
const exchanges: string[] = [];

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  await ebaySandboxControl(app.ebayUrl).addSeller({ ...seller, orders: SELLER_ORDERS, seed: run });
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/merchants/current/oauth/callback') exchanges.push(req.postData() ?? '');
  });
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

async function integrationsApi(): Promise<any[]> {
  const res = await api(browser.context, app.baseUrl, 'GET', '/api/merchants/current/integrations');
  expect(res.status).toBe(200);
  return res.body as any[];
}

/** What the browser shows (it runs in Europe/Rome, support/browser.ts) as dd/MM/yyyy[ HH:mm]. */
function romeDate(iso: string, withTime = false): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.day}/${parts.month}/${parts.year}`;
  return withTime ? `${date} ${parts.hour}:${parts.minute}` : date;
}

const card = (p: Page, identifier: string) => p.locator(`[data-testid="marketplace-card"][data-identifier="${identifier}"]`);
const integrationCard = (p: Page, integrationId: number) => p.locator(`[data-testid="integration-card"][data-id="${integrationId}"]`);

/** A screenshot of the whole screen in {SHOTS}. */
const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);

/** 'Connetti' on the eBay card, then the sandbox's consent page; answers its URL. */
async function openEbayConsent(p: Page): Promise<URL> {
  const ebay = card(p, 'ebay');
  await ebay.getByTestId('marketplace-connect').click();
  await p.waitForURL((url) => url.href.startsWith(`${app.ebayUrl}/oauth2/authorize`));
  await p.locator('#consent-form').waitFor();
  return new URL(p.url());
}

/** The browser logged in as the admin, in the merchant, whatever an earlier step left. */
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);

/** The seller's eBay account connected (its integration id): made by the consent step, else through the API. */
const ebayIntegration = given('eBay collegato', async () => {
  if (!(await integrationsApi()).some((i) => i.provider === 'ebay' && i.username === seller.username)) {
    await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
  }
  const integration = (await integrationsApi()).find((i) => i.provider === 'ebay' && i.username === seller.username);
  if (!integration) throw new Error('integrazione eBay assente dopo il consenso');
  return integration.id as number;
});

/** The eBay integration, switched on (a step that switches it off and on may have failed between the two). */
async function activeIntegration(): Promise<number> {
  const integrationId = await ebayIntegration.get();
  const stored = (await integrationsApi()).find((i) => i.id === integrationId);
  if (stored && !stored.active) {
    const on = await api(browser.context, app.baseUrl, 'PUT', `/api/integrations/${integrationId}/toggle-active`, { active: true });
    if (on.status !== 200) throw new Error(`toggle-active: ${on.status} ${JSON.stringify(on.body)}`);
  }
  return integrationId;
}

/** Starts a sync of the integration and answers its job once completed. */
async function syncToCompletion(integrationId: number): Promise<any> {
  const started = await api(browser.context, app.baseUrl, 'POST', `/api/orders/sync/${integrationId}`, {});
  expect(started.status).toBe(202);
  const jobId = started.body.job.id;
  return eventually(async () => {
    const res = await api(browser.context, app.baseUrl, 'GET', `/api/orders/sync/jobs/${jobId}`);
    expect(res.body.status).toBe('completed');
    return res.body;
  }, 60_000);
}

/** A completed sync of the integration (the detail page shows it as the last one): the sync step's, else one through the API. */
const lastSync = given('una sincronizzazione completata', async () => syncToCompletion(await activeIntegration()));

/** The seller's login on the consent page (its fields by id: the sandbox's page, consent-page.ts). */
async function fillConsent(p: Page) {
  await p.locator('#userid').fill(seller.username);
  await p.locator('#pass').fill(seller.password);
  expect(await textOf(p.locator('#accept'))).toBe('Accetta');
}

describe('marketplaces (integrations remote, callback, dashboard tile, settings panel)', () => {
  step("'Integrazioni Marketplace': eBay 'Non connesso', none 'Presto disponibile', 'Integrati' empty", async () => {
    await signIn(browser.context, app.baseUrl, admin);
    await enterOnlyMerchant(page, merchantName);
    expect(await textOf(page.getByTestId('tile-marketplaces-value'))).toBe('0');
    expect(await textOf(page.getByTestId('tile-marketplaces-hint'))).toBe('Nessun marketplace attivo');

    await page.getByTestId('sidebar').getByRole('link', { name: 'Marketplace' }).click();
    await page.waitForURL('**/dashboard/marketplaces');
    await page.getByRole('heading', { name: 'Integrazioni Marketplace', level: 1 }).waitFor();
    await expectTitle(page, 'Integrazioni Marketplace · Smista');
    const available = page.getByTestId('tab-disponibili');
    expect(await textOf(available)).toBe('Marketplace Disponibili');
    expect(await available.getAttribute('data-state')).toBe('active');
    expect(await textOf(page.getByTestId('tab-integrati-count'))).toBe('0');

    await eventually(async () => expect((await page.getByTestId('marketplace-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-identifier')))).sort()).toEqual([...MARKETPLACES].sort()));
    const ebay = card(page, 'ebay');
    await ebay.getByTestId('marketplace-not-connected').waitFor();
    expect(await textOf(ebay.getByTestId('marketplace-not-connected'))).toBe('Non connesso');
    expect(await ebay.getByTestId('marketplace-coming-soon').count()).toBe(0);
    expect(await textOf(ebay.getByTestId('marketplace-connect'))).toBe('Connetti');
    // Shopify, Amazon, Etsy and AliExpress connect too (their own suites: shopify, amazon, etsy and aliexpress.test.ts).
    for (const connects of ['shopify', 'amazon', 'etsy', 'aliexpress']) {
      expect(await card(page, connects).getByTestId('marketplace-coming-soon').count()).toBe(0);
      expect(await textOf(card(page, connects).getByTestId('marketplace-connect'))).toBe('Connetti');
    }
    await shot(page, '1280-available-empty');

    await page.getByTestId('tab-integrati').click();
    await page.waitForURL('**/dashboard/marketplaces?tab=integrati');
    const empty = page.getByTestId('integrations-empty');
    await empty.getByText('Non hai ancora integrato nessun marketplace.', { exact: true }).waitFor();
    await shot(page, '1280-connected-empty');
    // A reload keeps the tab; the empty state's button leads back to the available ones.
    await page.reload();
    await page.getByTestId('integrations-empty-action').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/marketplaces' && url.search === '');
    // The tab follows the URL in an effect: wait for it, as for every other state read here.
    await eventually(async () => expect(await page.getByTestId('tab-disponibili').getAttribute('data-state')).toBe('active'));
  });

  step('no marketplace is still to come: the catalogue asks no settings of any, each card connects through its consent page', async () => {
    await asAdmin();
    await page.goto('/dashboard/marketplaces');
    const catalogue = (await api(browser.context, app.baseUrl, 'GET', '/api/marketplaces')).body as any[];
    expect(catalogue.map((m) => ({ identifier: m.identifier, supported: m.supported, requiredSettings: m.requiredSettings, consent: Boolean(m.oauthUrl) }))).toEqual(
      MARKETPLACES.map((identifier) => ({ identifier, supported: true, requiredSettings: [], consent: true })),
    );
    for (const identifier of MARKETPLACES) {
      await card(page, identifier).getByTestId('marketplace-connect').waitFor();
      expect(await card(page, identifier).getByTestId('marketplace-coming-soon').count()).toBe(0);
    }
    // The connect dialog of settings is never opened: no card offers it.
    expect(await page.getByTestId('connect-dialog').count()).toBe(0);
  });

  step("eBay refused on the consent page: the callback's error card 'Autorizzazione negata: access_denied'", async () => {
    await asAdmin();
    const exchangedBefore = exchanges.length;
    await page.goto('/dashboard/marketplaces');
    const consent = await openEbayConsent(page);
    // Spec §7: response_type, redirect_uri (the RuName), state (the marketplace, then the nonce
    // issued to this user, kept in this browser), client_id and the scopes.
    expect(consent.searchParams.get('response_type')).toBe('code');
    expect(consent.searchParams.get('state')).toMatch(/^ebay\.[A-Za-z0-9_-]{43}$/);
    expect(consent.searchParams.get('client_id')).toBeTruthy();
    expect(consent.searchParams.get('redirect_uri')).toBeTruthy();
    expect(consent.searchParams.get('scope')!.split(' ').sort()).toEqual([...EBAY_SCOPES].sort());
    expect(consent.href).not.toContain('+');
    await page.screenshot({ path: `${SHOTS}/1280-ebay-consent.png` });

    await page.locator('#decline').click();
    await page.waitForURL('**/marketplace/callback');
    const callback = page.getByTestId('callback-page');
    await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('error'));
    expect(await textOf(page.getByTestId('callback-title'))).toBe('Errore di integrazione');
    expect(await textOf(page.getByTestId('callback-message'))).toBe('Autorizzazione negata: access_denied');
    // The address no longer carries the answer, nothing waits in storage, nothing was exchanged.
    expect(new URL(page.url()).search).toBe('');
    // The refused consent's state is forgotten too.
    expect(await page.evaluate(() => [localStorage.getItem('oauth_code'), localStorage.getItem('redirectToCallback'), localStorage.getItem('oauth_state')])).toEqual([null, null, null]);
    expect(exchanges.slice(exchangedBefore)).toEqual([]);
    await shot(page, '1280-callback-denied');

    expect(await textOf(page.getByTestId('callback-back'))).toBe('Torna alle integrazioni');
    await page.getByTestId('callback-back').click();
    await page.waitForURL('**/dashboard');
  });

  step("eBay accepted: 'Integrazione completata', the dashboard 2 s later, the tile counts it; the code is exchanged once", async () => {
    await asAdmin();
    const exchangedBefore = exchanges.length;
    await page.goto('/dashboard/marketplaces');
    await openEbayConsent(page);
    await fillConsent(page);
    // The page notes when it shows the success, in its own clock: the test may notice it late on a busy machine.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (!sessionStorage.getItem('e2e-success-at') && document.querySelector('[data-testid="callback-page"][data-state="success"]')) {
          sessionStorage.setItem('e2e-success-at', String(Date.now()));
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.evaluate(() => sessionStorage.removeItem('e2e-success-at'));
    await page.locator('#accept').click();

    await page.waitForURL('**/marketplace/callback');
    const callback = page.getByTestId('callback-page');
    await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('success'));
    expect(await textOf(page.getByTestId('callback-title'))).toBe('Integrazione completata');
    await page.getByTestId('callback-redirecting').waitFor();
    await shot(page, '1280-callback-success');
    await page.waitForURL('**/dashboard');
    // Spec §9: about 2 s after the success, as the page saw it.
    expect(await page.evaluate(() => Date.now() - Number(sessionStorage.getItem('e2e-success-at')))).toBeGreaterThan(1500);

    expect(exchanges.slice(exchangedBefore)).toHaveLength(1);
    const sent = JSON.parse(exchanges[exchangedBefore]);
    expect(sent).toMatchObject({ marketplace: 'ebay', state: expect.stringMatching(/^ebay\./) });
    expect(sent.code).toEqual(expect.any(String));
    // The consent's state is used: this browser keeps it no longer.
    expect(await page.evaluate(() => localStorage.getItem('oauth_state'))).toBeNull();
    const merchants = (await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body as any[];
    expect(String(sent.merchantId)).toBe(String(merchants[0].id));

    const [integration] = await integrationsApi();
    expect(integration).toMatchObject({ provider: 'ebay', type: 'marketplace', active: true, username: seller.username });
    ebayIntegration.set(integration.id);
    await eventually(async () => expect(await textOf(page.getByTestId('tile-marketplaces-value'))).toBe('1'));
    expect(await textOf(page.getByTestId('tile-marketplaces-hint'))).toBe(integration.marketplaceName);

    // A reload of the callback does not send the spent code again.
    await page.goto('/marketplace/callback');
    await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('error'));
    expect(await textOf(page.getByTestId('callback-message'))).toBe("Parametri mancanti nella callback. Impossibile completare l'autenticazione.");
    expect(exchanges.slice(exchangedBefore)).toHaveLength(1);
  });

  step("a sync imports the seller's orders in the background; the dashboard tile counts those to ship as GET /api/orders does", async () => {
    await asAdmin();
    const integrationId = await activeIntegration();
    // Three orders placed just now, paid and not shipped yet.
    await ebaySandboxControl(app.ebayUrl).addOrders(seller.username, 3);
    const lastJob = await syncToCompletion(integrationId);
    lastSync.set(lastJob);
    // The sync window is the service's (the seller's older orders may fall outside it); the three new ones are in.
    expect(lastJob.ordersFound).toBeGreaterThanOrEqual(3);
    expect(lastJob.ordersFound).toBeLessThanOrEqual(SELLER_ORDERS + 3);
    expect(lastJob.ordersSynced).toBe(lastJob.ordersFound);

    // The orders service imports them from the events; the tile counts those to ship (spec §7: meta.totalItems).
    await eventually(async () => {
      const all = await api(browser.context, app.baseUrl, 'GET', '/api/orders?pageSize=1');
      expect(all.status).toBe(200);
      expect(all.body.meta.totalItems).toBe(lastJob.ordersFound);
    }, 60_000);
    const toShip = await api(browser.context, app.baseUrl, 'GET', '/api/orders?status=TO_SHIP&pageSize=1');
    expect(toShip.body.meta.totalItems).toBeGreaterThan(0);
    await page.goto('/dashboard');
    await eventually(async () => expect(await textOf(page.getByTestId('tile-to-ship-value'))).toBe(String(toShip.body.meta.totalItems)));
  });

  step("'Integrati': masked refresh token, its expiry, 'Valido', the warning-free card; the switch and 'Aggiorna token'", async () => {
    await asAdmin();
    const integrationId = await activeIntegration();
    await page.goto('/dashboard/marketplaces');
    const ebay = card(page, 'ebay');
    await ebay.getByTestId('marketplace-connected').waitFor();
    expect(await textOf(ebay.getByTestId('marketplace-account-name'))).toBe(seller.username);
    expect(await textOf(ebay.getByTestId('marketplace-connect'))).toBe('Collega un altro account');
    expect(await ebay.getByTestId('marketplace-account-details').getAttribute('href')).toBe(`/dashboard/integration/${integrationId}`);
    await shot(page, '1280-available-connected');

    await page.getByTestId('tab-integrati').click();
    expect(await textOf(page.getByTestId('tab-integrati-count'))).toBe('1');
    const item = integrationCard(page, integrationId);
    await item.waitFor();
    const [stored] = await integrationsApi();
    expect(await textOf(item.getByTestId('integration-name'))).toBe(stored.marketplaceName);
    expect(await textOf(item.getByTestId('integration-account'))).toBe(`Account: ${seller.username}`);
    expect(await textOf(item.getByTestId('integration-connected-since'))).toBe(`Connesso dal ${romeDate(stored.connectedAt)}`);
    expect(await textOf(item.getByTestId('integration-active-badge'))).toBe('Attivo');
    // Spec §9: 10 first characters, dots, 4 last (eBay's tokens start 'v^1.1#'); never the token itself.
    const preview = await textOf(item.getByTestId('integration-refresh-token'));
    expect(preview).toBe(stored.refreshTokenPreview);
    expect(preview).toMatch(/^v\^1\.1#.{4}\.{6}.{4}$/);
    expect(await textOf(item.getByTestId('integration-token-expiry'))).toBe(romeDate(stored.refreshTokenExpiresAt, true));
    expect(await textOf(item.getByTestId('integration-token-status'))).toBe('Valido');
    expect(await item.getByTestId('integration-token-warning').count()).toBe(0);
    expect(await item.getByTestId('integration-manage').getAttribute('href')).toBe(`/dashboard/integration/${integrationId}`);
    await shot(page, '1280-connected');

    await closeToasts(page);
    const toggle = item.getByTestId('integration-toggle');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expectToast(page, 'Integrazione disattivata');
    await eventually(async () => expect(await textOf(item.getByTestId('integration-active-badge'))).toBe('Inattivo'));
    expect((await integrationsApi())[0]).toMatchObject({ id: integrationId, active: false });
    await closeToasts(page);
    await toggle.click();
    await expectToast(page, 'Integrazione attivata');
    await eventually(async () => expect(await textOf(item.getByTestId('integration-active-badge'))).toBe('Attivo'));
    expect((await integrationsApi())[0]).toMatchObject({ id: integrationId, active: true });

    await closeToasts(page);
    const before = (await integrationsApi())[0].accessTokenExpiresAt;
    await item.getByTestId('integration-refresh').click();
    const refreshed = await expectToast(page, 'Token aggiornato');
    const after = (await integrationsApi())[0];
    expect(Date.parse(after.accessTokenExpiresAt)).toBeGreaterThanOrEqual(Date.parse(before));
    expect(await textOf(refreshed.getByTestId('toast-description'))).toBe(`Il nuovo token di accesso scade il ${romeDate(after.accessTokenExpiresAt, true)}.`);

    // The reload button asks the server again.
    const reload = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/merchants/current/integrations');
    await page.getByTestId('integrations-reload').click();
    expect((await reload).status()).toBe(200);
  });

  step('the detail page: provider, type, status, dates, masked tokens, config, Disattiva/Attiva; an unknown id is not found', async () => {
    await asAdmin();
    const integrationId = await activeIntegration();
    const lastJob = await lastSync.get();
    await page.goto('/dashboard/marketplaces?tab=integrati');
    await closeToasts(page);
    await integrationCard(page, integrationId).getByTestId('integration-manage').click();
    await page.waitForURL(`**/dashboard/integration/${integrationId}`);
    await expectTitle(page, 'Dettaglio integrazione · Smista');
    const stored = (await api(browser.context, app.baseUrl, 'GET', `/api/merchants/${(await integrationsApi())[0].merchantId}/integrations/${integrationId}`)).body;
    await page.getByTestId('detail-title').waitFor();
    expect(await textOf(page.getByTestId('detail-title'))).toBe(`Integrazione ${stored.marketplaceName}`);
    expect(await textOf(page.getByTestId('detail-status'))).toBe('Attivo');
    expect(await page.getByTestId('detail-status').getAttribute('data-status')).toBe('active');
    expect(await textOf(page.getByTestId('detail-provider'))).toBe(`${stored.marketplaceName} (ebay)`);
    expect(await textOf(page.getByTestId('detail-type'))).toBe('Marketplace');
    expect(await textOf(page.getByTestId('detail-connected-at'))).toBe(romeDate(stored.connectedAt, true));
    expect(await textOf(page.getByTestId('detail-username'))).toBe(seller.username);
    // Spec §9: 8 first and 8 last characters with 6 dots, as the server masked them.
    for (const [testId, value] of [
      ['detail-access-token', stored.accessToken],
      ['detail-refresh-token', stored.refreshToken],
    ] as const) {
      const shown = await textOf(page.getByTestId(testId));
      expect(shown).toBe(value);
      expect(shown).toMatch(/^v\^1\.1#.{2}\.{6}.{8}$/);
    }
    expect(await textOf(page.getByTestId('detail-access-token-expiry'))).toBe(`Scade il ${romeDate(stored.accessTokenExpiresAt, true)}`);
    expect(await textOf(page.getByTestId('detail-refresh-token-expiry'))).toBe(`Scade il ${romeDate(stored.refreshTokenExpiresAt, true)}`);
    if ((await page.getByTestId('detail-config').count()) > 0) {
      expect(JSON.parse(await page.getByTestId('detail-config').innerText())).toEqual(JSON.parse(stored.config));
    } else {
      expect(await textOf(page.getByTestId('detail-config-empty'))).toBe('Nessuna configurazione.');
    }
    // The last sync, as the job ended.
    const sync = page.getByTestId('detail-sync');
    expect(await sync.getAttribute('data-status')).toBe('completed');
    expect(await textOf(page.getByTestId('detail-sync-found'))).toBe(String(lastJob.ordersFound));
    expect(await textOf(page.getByTestId('detail-sync-synced'))).toBe(String(lastJob.ordersSynced));
    expect(await textOf(page.getByTestId('detail-sync-completed'))).toBe(romeDate(stored.lastJob.completedAt, true));
    const crumbs = await page.getByTestId('breadcrumbs').locator('li').allInnerTexts();
    expect(crumbs.map((c) => c.trim())).toEqual(['Dashboard', 'Integrazione', String(integrationId)]);
    // The automatic tracking switch: offered because the catalogue says eBay takes tracking, its hint naming the integration's own marketplace.
    expect(await textOf(page.locator('#integration-auto-tracking-hint'))).toBe(`Invia a ${stored.marketplaceName} il numero di tracking di ogni nuova etichetta`);
    await shot(page, '1280-detail');

    await closeToasts(page);
    const toggle = page.getByTestId('detail-toggle');
    expect(await textOf(toggle)).toBe('Disattiva');
    await toggle.click();
    await expectToast(page, 'Integrazione disattivata');
    await eventually(async () => expect(await textOf(page.getByTestId('detail-status'))).toBe('Disattivato'));
    expect(await textOf(toggle)).toBe('Attiva');
    await closeToasts(page);
    await toggle.click();
    await expectToast(page, 'Integrazione attivata');
    await eventually(async () => expect(await textOf(page.getByTestId('detail-status'))).toBe('Attivo'));

    await closeToasts(page);
    await page.getByTestId('detail-refresh').click();
    await expectToast(page, 'Token aggiornato');

    // 'Elimina' asks first; 'Annulla' keeps it.
    await page.getByTestId('detail-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await textOf(confirm.getByTestId('confirm-dialog-text'))).toMatch(/non può essere annullata e rimuove tutti i dati associati/);
    await confirm.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await integrationsApi()).toHaveLength(1);

    for (const id of ['999999999', 'abc']) {
      await page.goto(`/dashboard/integration/${id}`);
      await page.getByTestId('integration-not-found').getByRole('heading', { name: 'Integrazione non trovata' }).waitFor();
    }
    await shot(page, '1280-detail-not-found');
  });

  step('Integrazioni lists the eBay integration; Impostazioni → Corrieri shows it with Gestisci and Aggiorna', async () => {
    await asAdmin();
    const integrationId = await activeIntegration();
    await page.goto('/dashboard/integrations');
    const row = page.locator(`[data-testid="overview-marketplace-integration"][data-id="${integrationId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('href')).toBe(`/dashboard/integration/${integrationId}`);
    expect(await textOf(row.getByTestId('overview-marketplace-active'))).toBe('Attivo');
    expect(await page.getByTestId('overview-marketplaces-link').getAttribute('href')).toBe('/dashboard/marketplaces');
    expect(await page.getByTestId('overview-carriers-link').getAttribute('href')).toBe('/carriers');
    await shot(page, '1280-overview');

    await page.goto('/dashboard/settings/carriers');
    await settingsMenu(page).current('Corrieri').waitFor();
    const panelRow = page.locator(`[data-testid="marketplace-integration-row"][data-id="${integrationId}"]`);
    await panelRow.waitFor();
    expect(await textOf(panelRow.getByTestId('marketplace-integration-active'))).toBe('Attivo');
    expect(await panelRow.getByTestId('marketplace-integration-manage').getAttribute('href')).toBe(`/dashboard/integration/${integrationId}`);
    await closeToasts(page);
    await panelRow.getByTestId('marketplace-integration-refresh').click();
    await expectToast(page, 'Token aggiornato');
    await shot(page, '1280-settings-carriers');
    await panelRow.getByTestId('marketplace-integration-manage').click();
    await page.waitForURL(`**/dashboard/integration/${integrationId}`);
  });

  step('the session ends while the seller consents: the code survives the login and the merchant choice, and is exchanged once', async () => {
    await asAdmin();
    const integrationId = await activeIntegration();
    const exchangedBefore = exchanges.length;
    await page.goto('/dashboard/marketplaces');
    await openEbayConsent(page);
    await fillConsent(page);
    // Logged out meanwhile (cookies gone): the callback is behind the login.
    await browser.context.clearCookies();
    await page.locator('#accept').click();

    await page.waitForURL('**/auth');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('oauth_code')))).toBe(true);
    await login(page, admin.email, admin.password);
    // Login clears the selected merchant: the callback asks for one and waits.
    await page.waitForURL('**/marketplace/callback');
    await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('no-merchant'));
    expect(exchanges.slice(exchangedBefore)).toEqual([]);
    await shot(page, '1280-callback-no-merchant');
    await page.getByTestId('callback-choose-merchant').click();
    // The only merchant is entered by itself, and the flow comes back to the callback.
    await page.getByTestId('loading-overlay').waitFor();
    await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('success'));
    expect(pathOf(page)).toBe('/marketplace/callback');
    await page.waitForURL('**/dashboard');
    expect(exchanges.slice(exchangedBefore)).toHaveLength(1);
    expect(await page.evaluate(() => [localStorage.getItem('oauth_code'), localStorage.getItem('redirectToCallback')])).toEqual([null, null]);
    // The same seller again: the integration is renewed, not doubled.
    const list = await integrationsApi();
    expect(list.map((i) => i.id)).toEqual([integrationId]);
  });

  step("OAuth CSRF: a callback link from another merchant's consent asks first, and connects nothing even when confirmed", async () => {
    // The attacker: their own account and merchant, their own seller, a consent accepted up to the
    // redirect, which they do not follow: they send the link to the victim instead.
    const attacker = person('Ugo', 'Furbo', run);
    const attackerSession = await request.newContext({ baseURL: app.baseUrl });
    try {
      const theirs = await registerWithMerchant(attackerSession, app.baseUrl, attacker, `Bottega Furba ${run}`);
      expect((await api(attackerSession, app.baseUrl, 'POST', '/api/merchants/set-current', { merchantId: theirs.id })).status).toBe(200);
      const theirSeller = { username: `furbo_store_${run}`, password: 'Venditore1!' };
      await ebaySandboxControl(app.ebayUrl).addSeller({ ...theirSeller, orders: 3 });
      const params = await api(attackerSession, app.baseUrl, 'GET', '/api/marketplace/ebay/oauth-params');
      expect(params.status).toBe(200);
      const link = new URL(await consentAs(consentUrlOf(params.body), { ...theirSeller, accept: true }));
      expect(link.pathname).toBe('/marketplace/callback');

      await asAdmin();
      await enterOnlyMerchant(page, merchantName);
      const before = (await integrationsApi()).map((i) => i.id);
      const exchangedBefore = exchanges.length;
      await page.goto(`${link.pathname}${link.search}`);
      const callback = page.getByTestId('callback-page');
      await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('confirm'));
      expect(await textOf(page.getByTestId('callback-title'))).toBe('Collegare questo account eBay?');
      expect(await textOf(page.getByTestId('callback-message'))).toContain('non è stato avviato da questo browser');
      expect(exchanges.slice(exchangedBefore)).toEqual([]);
      await shot(page, '1280-callback-confirm');

      // Confirmed anyway: the server connects nothing for a state that is not this admin's.
      await page.getByTestId('callback-confirm').click();
      await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('error'));
      expect(await textOf(page.getByTestId('callback-message'))).toBe(m.oauthStateInvalid);
      expect(exchanges.slice(exchangedBefore)).toHaveLength(1);
      expect((await integrationsApi()).map((i) => i.id)).toEqual(before);

      // The same link again, refused at the question: nothing is sent.
      await page.goto(`${link.pathname}${link.search}`);
      await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('confirm'));
      await page.getByTestId('callback-cancel').click();
      await eventually(async () => expect(await callback.getAttribute('data-state')).toBe('cancelled'));
      expect(await textOf(page.getByTestId('callback-title'))).toBe('Collegamento annullato');
      expect(exchanges.slice(exchangedBefore)).toHaveLength(1);
      expect(await page.evaluate(() => [localStorage.getItem('oauth_code'), localStorage.getItem('redirectToCallback')])).toEqual([null, null]);
    } finally {
      await attackerSession.dispose();
    }
  });

  step('the screens at 390 px: cards stacked, the dialog and the callback usable, nothing sideways', async () => {
    await asAdmin();
    const integrationId = await activeIntegration();
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/dashboard/marketplaces');
      await card(page, 'ebay').getByTestId('marketplace-connected').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      const [first, second] = await Promise.all([page.getByTestId('marketplace-card').nth(0).boundingBox(), page.getByTestId('marketplace-card').nth(1).boundingBox()]);
      expect(Math.round(first!.x)).toBe(Math.round(second!.x));
      expect(second!.y).toBeGreaterThan(first!.y);
      await shot(page, '390-available');

      // Shopify's dialog (the store's domain before its install page) fits the phone.
      await card(page, 'shopify').getByTestId('marketplace-connect').click();
      const dialog = page.getByTestId('store-domain-dialog');
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      await page.screenshot({ path: `${SHOTS}/390-store-domain-dialog.png` });
      await dialog.getByTestId('store-domain-cancel').click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByTestId('tab-integrati').click();
      await integrationCard(page, integrationId).waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-connected');

      await page.goto(`/dashboard/integration/${integrationId}`);
      await page.getByTestId('detail-title').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      expect(await textOf(page.locator('#integration-auto-tracking-hint'))).toBe('Invia a eBay il numero di tracking di ogni nuova etichetta');
      await shot(page, '390-detail');

      await page.goto('/marketplace/callback?state=ebay&error=access_denied');
      await eventually(async () => expect(await page.getByTestId('callback-page').getAttribute('data-state')).toBe('error'));
      expect(await textOf(page.getByTestId('callback-message'))).toBe('Autorizzazione negata: access_denied');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-callback-denied');

      await page.goto('/dashboard');
      await eventually(async () => expect(await textOf(page.getByTestId('tile-marketplaces-value'))).toBe('1'));
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-dashboard');

      await page.goto('/dashboard/integrations');
      await page.getByTestId('overview-marketplace-integration').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-overview');

      await page.goto('/dashboard/settings/carriers');
      await page.getByTestId('marketplace-integration-row').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-settings-carriers');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step("'Elimina' on the connected tab removes the integration after its confirmation; the tile and the lists follow", async () => {
    await asAdmin();
    const integrationId = await activeIntegration();
    await page.goto('/dashboard/marketplaces?tab=integrati');
    const item = integrationCard(page, integrationId);
    await item.waitFor();
    await item.getByTestId('integration-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await textOf(confirm.getByTestId('confirm-dialog-text'))).toContain(seller.username);
    await shot(page, '1280-delete-confirm');
    await closeToasts(page);
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await expectToast(page, 'Integrazione eliminata');
    await page.getByTestId('integrations-empty').waitFor();
    expect(await textOf(page.getByTestId('tab-integrati-count'))).toBe('0');
    expect(await integrationsApi()).toEqual([]);

    await page.goto(`/dashboard/integration/${integrationId}`);
    await page.getByTestId('integration-not-found').waitFor();
    await page.goto('/dashboard');
    await eventually(async () => expect(await textOf(page.getByTestId('tile-marketplaces-value'))).toBe('0'));
    expect(pathOf(page)).toBe('/dashboard');
  });
});
