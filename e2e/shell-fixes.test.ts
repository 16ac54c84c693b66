/**
 * End to end, in headless chromium against the real stack: the shell's fixes of issue 7 as a
 * merchant meets them. The favicon and a title per route; the logo on mobile auth pages; 'Termini e
 * Condizioni' and 'Privacy Policy' opening the pages that `GET /api/public-config` names; the invite
 * registration keeping the invited e-mail (and a link whose invite cannot be used saying so at
 * once, without the 15 s wait); the settings remote under `/dashboard/settings/*` and breadcrumbs
 * that never show a raw tab name; a corrupted stored merchant falling back to the first one; toasts
 * below the header on a phone; every `/api` body read or cancelled (the 401 of `GET /api/user`
 * too); browser tracing: loaded after the first screen, `traceparent` on `/api` calls, `shell`
 * spans sent to `/api/telemetry/traces` and found in Jaeger as roots of traces that go on
 * in the gateway, all within the CSP (spec §2, §5, §7, §9).
 *
 * The gateway links the local stack's sample legal pages and sends traces to its Jaeger
 * (so browser tracing is on). One app for the whole file; browser A is a merchant admin, browser B
 * the people who register.
 *
 * Each step stands on its own: it logs its browser in or out and opens its page; the admin's
 * merchant and the invite link are `given`s (made through the API and the mail catcher when the
 * step that makes them did not pass or run), and browser B is opened by the first step that needs it.
 */
import { request as apiRequest, type APIRequestContext, type Page, type Request } from 'playwright-core';
import { legalSampleUrls } from '../deploy/local/src/sample-pages';
import { jaegerTrace, searchTraces } from '../deploy/local/src/jaeger';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, rawApi, registerWithMerchant, signIn } from './support/api';
import { extractLinks, waitForMail } from './support/mail';
import { sharedInfra } from './support/env';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS, type TestUser } from './support/scenario';
import { apiBodiesSeen, DESKTOP, eventually, expectTitle, expectToast, MOBILE, pathOf, textOf, trackApiBodies } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Giorgio', 'Ferri', run);
const invited = person('Irene', 'Galli', run);
const stranger = person('Bruno', 'Sala', run);
const merchantName = `Officina Ferri ${run}`;
const secondMerchantName = `Magazzino Ferri ${run}`;


let app: TestApp;
let a: BrowserSession;
let page: Page;
let b: BrowserSession | undefined;

/** Lets React commit what the last response changed before a "nothing happened" assertion. */
const nextFrame = (p: Page) => p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
const isApi = (r: Request, path: string) => new URL(r.url()).pathname === path;

beforeAll(async () => {
  ({ app, browser: a, page } = await scenario.start());
  await trackApiBodies(a.context);
  // CSP refusals, seen from inside the page.
  await a.context.addInitScript(() => {
    const refused: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => refused.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    (window as unknown as { __cspRefused: string[] }).__cspRefused = refused;
  });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

interface Merchant {
  id: string;
  name: string;
}

/** Browser B, opened by the first step that needs it. */
async function browserB(): Promise<BrowserSession> {
  b ??= await scenario.openBrowser();
  return b;
}

/** Nobody logged in in this browser (its session, if any, ended through the API). */
async function loggedOut(browser: BrowserSession): Promise<void> {
  expect((await api(browser.context, app.baseUrl, 'POST', '/api/logout', {})).status).toBe(200);
}

/**
 * Browser A logged in as the admin with `merchant` selected for the session and stored as the shell
 * keeps it after a choice (spec §3 localStorage keys), so the dashboard opens without merchant
 * selection. The storage is written on a same-origin page that runs no app code (the favicon).
 */
async function enterMerchant(merchant: Merchant): Promise<void> {
  await signIn(a.context, app.baseUrl, admin, merchant.id);
  await page.goto('/favicon.svg');
  await page.evaluate(({ id, name }) => {
    localStorage.setItem('selectedMerchant', JSON.stringify({ id, name }));
    localStorage.setItem('currentMerchantId', id);
  }, merchant);
}

/** Runs `use` with an API-only session of `who` (not a browser's). */
async function asUser<T>(who: TestUser, use: (ctx: APIRequestContext) => Promise<T>): Promise<T> {
  const ctx = await apiRequest.newContext({ baseURL: app.baseUrl });
  try {
    const login = await api(ctx, app.baseUrl, 'POST', '/api/login', { email: who.email, password: who.password });
    if (login.status !== 200) throw new Error(`login ${who.email}: ${login.status} ${JSON.stringify(login.body)}`);
    return await use(ctx);
  } finally {
    await ctx.dispose();
  }
}

/**
 * The admin and their merchant (the third step registers them through the API with A's cookies).
 * Already registered by a step that failed halfway: the password logs in and the merchant is reused.
 */
const adminMerchant = given(`the admin with the merchant ${merchantName}`, async (): Promise<Merchant> => {
  // A refusal here (the address taken) is fine when the password logs in below.
  await rawApi(app.baseUrl, 'POST', '/api/register', admin);
  return asUser(admin, async (ctx) => {
    const list = await api(ctx, app.baseUrl, 'GET', '/api/merchants');
    const found = (list.body as Merchant[]).find((m) => m.name === merchantName);
    if (found) return { id: found.id, name: found.name };
    const created = await api(ctx, app.baseUrl, 'POST', '/api/merchants', { name: merchantName });
    if (created.status !== 201) throw new Error(`create merchant: ${created.status} ${JSON.stringify(created.body)}`);
    return { id: created.body.id as string, name: merchantName };
  });
});

/** The link of the invite e-mail for the colleague to the admin's merchant (the third step sends it). */
const inviteLink = given('the invite link for Irene Galli', async () => {
  const merchant = await adminMerchant.get();
  const since = new Date(Date.now() - 1000);
  await asUser(admin, async (ctx) => {
    const invites = `/api/merchants/${merchant.id}/invites`;
    let sent = await api(ctx, app.baseUrl, 'POST', invites, { email: invited.email, role: 'user' });
    if (sent.status === 409) {
      // Pending from a step that failed before reading its e-mail: cancelled, and sent again.
      const pending = (await api(ctx, app.baseUrl, 'GET', invites)).body as { id: string; email: string }[];
      for (const inv of pending.filter((i) => i.email === invited.email)) await api(ctx, app.baseUrl, 'DELETE', `${invites}/${inv.id}`);
      sent = await api(ctx, app.baseUrl, 'POST', invites, { email: invited.email, role: 'user' });
    }
    if (sent.status !== 201) throw new Error(`invite: ${sent.status} ${JSON.stringify(sent.body)}`);
  });
  return inviteLinkIn(await waitForMail({ to: invited.email, subjectIncludes: 'Invito a unirti', since, timeoutMs: 20_000 }));
});

function inviteLinkIn(mail: Parameters<typeof extractLinks>[0]): string {
  const link = extractLinks(mail).find((l) => l.includes('/accept-invite?token='));
  if (!link) throw new Error(`no /accept-invite link in «${mail.subject}»`);
  return link;
}

describe('public pages', () => {
  step('the favicon, a title per route, the logo on mobile auth pages', async () => {
    await loggedOut(a);
    await page.goto('/auth');
    await page.getByTestId('login-form').waitFor();
    await expectTitle(page, 'Accedi · Smista');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    const icon = await page.request.get('/favicon.svg');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(await icon.text()).toContain('<svg');

    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.waitForURL('**/request-password-reset');
    await expectTitle(page, 'Recupera password · Smista');
    await page.goto('/reset-password');
    await expectTitle(page, 'Reimposta la password · Smista');
    await page.goto(`/nessuna-pagina-${run}`);
    await expectTitle(page, 'Pagina non trovata · Smista');

    // Desktop: the logo in the brand panel; phone: above the card (the panel is hidden).
    await page.goto('/auth');
    await page.getByTestId('login-form').waitFor();
    const visibleLogos = page.getByTestId('logo').filter({ visible: true });
    expect(await visibleLogos.count()).toBe(1);
    const desktopLogo = await visibleLogos.boundingBox();
    expect(desktopLogo!.x).toBeLessThan(DESKTOP.width * 0.42);
    await page.setViewportSize(MOBILE);
    try {
      await eventually(async () => {
        expect(await visibleLogos.count()).toBe(1);
        const logo = (await visibleLogos.boundingBox())!;
        const card = (await page.getByTestId('login-form').boundingBox())!;
        expect(logo.y + logo.height).toBeLessThanOrEqual(card.y);
        expect(logo.x).toBeGreaterThan(0);
      });
      expect(await textOf(visibleLogos)).toBe('Smista');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step("'Termini e Condizioni' and 'Privacy Policy' open the configured pages in a new tab", async () => {
    const config = await api(a.context, app.baseUrl, 'GET', '/api/public-config');
    expect(config.status).toBe(200);
    const sample = legalSampleUrls(sharedInfra().pagesUrl);
    // SSO is configured in the test stack (its realm, this application's own client).
    expect(config.body).toEqual({ termsUrl: sample.termsUrl, privacyUrl: sample.privacyUrl, telemetry: { traces: true }, sso: { url: process.env.TEST_KEYCLOAK_URL, realm: 'smista', clientId: expect.stringMatching(/^smista-shell-/) } });

    await loggedOut(a);
    await page.goto('/auth');
    await page.getByTestId('switch-to-register').click();
    await page.getByTestId('register-form').waitFor();
    for (const [testId, name, url, heading] of [
      ['terms-link', 'Termini e Condizioni', sample.termsUrl, 'Termini e Condizioni'],
      ['privacy-link', 'Privacy Policy', sample.privacyUrl, 'Privacy Policy'],
    ] as const) {
      const link = page.getByRole('link', { name, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('data-testid')).toBe(testId);
      expect(await link.getAttribute('href')).toBe(url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(url);
      await popup.getByRole('heading', { name: heading, exact: true }).waitFor();
      // Opened without a handle on the form's page.
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();
    }
    // Following a link does not tick the box for the user.
    expect(await page.getByLabel(/Accetto/).isChecked()).toBe(false);
  });
});

describe('invite registration', () => {
  step('the admin has a merchant and invites a colleague by e-mail', async () => {
    await registerWithMerchant(a.context, app.baseUrl, admin, merchantName);
    const merchants = await api(a.context, app.baseUrl, 'GET', '/api/merchants');
    expect(merchants.status).toBe(200);
    adminMerchant.set({ id: merchants.body[0].id, name: merchantName });
    const since = new Date(Date.now() - 1000);
    const sent = await api(a.context, app.baseUrl, 'POST', `/api/merchants/${merchants.body[0].id}/invites`, { email: invited.email, role: 'user' });
    expect(sent.status).toBe(201);
    const mail = await waitForMail({ to: invited.email, subjectIncludes: 'Invito a unirti', since, timeoutMs: 20_000 });
    const link = extractLinks(mail).find((l) => l.includes('/accept-invite?token='));
    expect(link).toBeDefined();
    inviteLink.set(link!);
  });

  step('the invited address stays fixed on the form, and the account joins the merchant', async () => {
    const link = await inviteLink.get();
    const browser = await browserB();
    await loggedOut(browser);
    const p = browser.page;
    await p.goto(link);
    await p.waitForURL((url) => url.pathname === '/auth');
    await p.getByTestId('invite-banner').waitFor();
    await p.getByTestId('register-form').waitFor();

    const email = p.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe(invited.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await textOf(p.getByTestId('invite-email-note'))).toBe(
      `È l'indirizzo a cui è arrivato l'invito: registrandoti con questo entri subito in ${merchantName}.`,
    );
    expect(await email.getAttribute('aria-describedby')).toBe('register-email-invite');
    // Typing does not change it.
    await email.press('End');
    await p.keyboard.type('x');
    expect(await email.inputValue()).toBe(invited.email);

    await p.getByLabel('Nome', { exact: true }).fill(invited.firstName);
    await p.getByLabel('Cognome').fill(invited.lastName);
    await p.getByLabel('Username').fill(invited.username);
    await p.getByLabel('Password', { exact: true }).fill(invited.password);
    await p.getByLabel('Conferma password').fill(invited.password);
    await p.getByLabel(/Accetto/).check();
    const registerRequest = p.waitForRequest((r) => r.method() === 'POST' && isApi(r, '/api/register'));
    await p.getByRole('button', { name: 'Registrati' }).click();
    const sent = (await registerRequest).postDataJSON();
    expect(sent).toMatchObject({ email: invited.email, inviteToken: new URL(link).searchParams.get('token') });

    await expectToast(p, 'Registrazione completata', { description: `Benvenuto in Smista, ${invited.firstName}!` });
    // Merchant selection waits for the membership, then enters the only merchant.
    await p.waitForURL('**/dashboard');
    await eventually(async () => expect(await p.getByTestId('current-merchant').innerText()).toContain(merchantName));
  });

  step('a link whose invite cannot be used says so at once, and registration does not wait for it', async () => {
    const browser = await browserB();
    const p = browser.page;
    await loggedOut(browser);
    await p.goto(`/auth?token=non-valido-${run}`);
    const alert = p.getByTestId('invite-unusable');
    await alert.waitFor();
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.innerText()).toContain('Invito non utilizzabile');
    expect(await alert.innerText()).toContain("L'invito non è valido, è scaduto oppure è già stato accettato");
    expect(await p.getByTestId('invite-banner').count()).toBe(0);

    // No invite to join: the e-mail is the user's to choose, and no token is sent.
    const email = p.getByLabel('Email', { exact: true });
    expect(await email.getAttribute('readonly')).toBeNull();
    await email.fill(stranger.email);
    await p.getByLabel('Nome', { exact: true }).fill(stranger.firstName);
    await p.getByLabel('Cognome').fill(stranger.lastName);
    await p.getByLabel('Username').fill(stranger.username);
    await p.getByLabel('Password', { exact: true }).fill(stranger.password);
    await p.getByLabel('Conferma password').fill(stranger.password);
    await p.getByLabel(/Accetto/).check();
    const registerRequest = p.waitForRequest((r) => r.method() === 'POST' && isApi(r, '/api/register'));
    await p.getByRole('button', { name: 'Registrati' }).click();
    expect((await registerRequest).postDataJSON()).not.toHaveProperty('inviteToken');
    await expectToast(p, 'Registrazione completata', { description: `Benvenuto in Smista, ${stranger.firstName}!` });
    await p.waitForURL('**/merchant-selection');
    // The empty list at once (the wait for an invited membership lasts 15 s).
    await p.getByTestId('merchants-empty').waitFor({ timeout: 5_000 });
    expect(await p.getByTestId('merchants-waiting').count()).toBe(0);
    await p.getByRole('button', { name: 'Crea nuovo merchant' }).waitFor();
  });
});

describe('layout', () => {
  step('browser tracing: after the first screen, /api calls carry traceparent and their shell span is the root of a trace that goes on in the gateway', async () => {
    await enterMerchant(await adminMerchant.get());
    // An earlier screen of this tab may have loaded the chunk already: from the renderer's memory
    // cache it would make no request at all, so this visit goes to the network.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    try {
      const chunk = page.waitForResponse((r) => /\/assets\/telemetry\.[0-9a-f]+\.js$/.test(new URL(r.url()).pathname));
      await page.goto('/dashboard');
      await page.getByTestId('welcome-card').waitFor();
      expect((await chunk).status()).toBe(200);
    } finally {
      // Not left behind for the next steps, whatever happened here.
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false }).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    }
    // Loaded after the page's load event: the first screen never waited for it.
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const telemetry = performance.getEntriesByType('resource').find((e) => /\/assets\/telemetry\./.test(e.name));
      return { loadEnd: nav.loadEventEnd, chunkStart: telemetry?.startTime ?? -1 };
    });
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(timing.chunkStart).toBeGreaterThanOrEqual(timing.loadEnd);
    // The chunk has arrived; its fetch instrumentation wraps window.fetch once the module has run
    // (shimmer marks the wrapper `__wrapped`): a click before that would send an untraced call.
    await page.waitForFunction(() => (window.fetch as unknown as { __wrapped?: boolean }).__wrapped === true);

    // A click that calls the API: 'Cambia merchant' loads the list.
    const traced = page.waitForRequest((r) => isApi(r, '/api/merchants') && r.method() === 'GET' && r.headers().traceparent !== undefined);
    const exported = page.waitForRequest((r) => isApi(r, '/api/telemetry/traces') && r.method() === 'POST', { timeout: 15_000 });
    await page.getByTestId('current-merchant').click();
    await page.waitForURL('**/merchant-selection');
    const traceparent = (await traced).headers().traceparent;
    const [, traceId, spanId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(traceparent) ?? [];
    expect(traceId).toBeDefined();

    const exportRequest = await exported;
    expect(exportRequest.headers()['content-type']).toContain('application/json');
    expect(exportRequest.headers().traceparent).toBeUndefined();
    expect((await exportRequest.response())?.status()).toBe(204);
    // Jaeger has that call's span from service `shell` (relayed by the gateway), root of a trace
    // that goes on in the gateway; sending spans made no spans of its own.
    // The shell and the gateway export their spans each on its own schedule: either may come first.
    const trace = await eventually(async () => {
      const found = await jaegerTrace(app.tracesUrl, traceId);
      if (!found) throw new Error(`la traccia ${traceId} non è ancora in Jaeger`);
      expect(found.spans.map((x) => x.spanId)).toContain(spanId);
      expect(found.spans.filter((x) => x.service === 'gateway').map((x) => x.parentSpanId)).toContain(spanId);
      return found;
    }, 20_000);
    const browserSpan = trace.spans.find((x) => x.spanId === spanId)!;
    expect(browserSpan).toMatchObject({ service: 'shell', traceId, parentSpanId: null });
    expect(trace.spans.some((x) => x.service === 'gateway' && x.parentSpanId === spanId)).toBe(true);
    const shellTraces = await searchTraces(app.tracesUrl, { service: 'shell' });
    const shellUrls = shellTraces.flatMap((tr) => tr.spans.filter((x) => x.service === 'shell').map((x) => JSON.stringify(x.attributes)));
    expect(shellUrls.length).toBeGreaterThan(0);
    expect(shellUrls.filter((u) => u.includes('/api/telemetry/'))).toEqual([]);
    // The CSP let everything through (no refusal of any kind on this page).
    expect(await page.evaluate(() => (window as unknown as { __cspRefused: string[] }).__cspRefused)).toEqual([]);
    await page.getByRole('button', { name: 'Crea nuovo merchant' }).waitFor();
    expect(pathOf(page)).toBe('/merchant-selection');
  });

  step('titles per route, the settings remote under /dashboard/settings/*, no raw tab names in the breadcrumbs', async () => {
    // The admin logged in, choosing the merchant on merchant selection.
    await signIn(a.context, app.baseUrl, admin, (await adminMerchant.get()).id);
    await page.goto('/merchant-selection');
    await page.getByTestId('merchant-option').filter({ hasText: merchantName }).click();
    await page.waitForURL('**/dashboard');
    await expectTitle(page, 'Dashboard · Smista');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ordini' }).click();
    await page.waitForURL('**/dashboard/orders');
    await expectTitle(page, 'Ordini · Smista');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profilo' }).click();
    await page.waitForURL('**/dashboard/settings/account');
    await page.getByRole('heading', { name: 'Profilo Utente' }).waitFor();
    await expectTitle(page, 'Profilo Utente · Smista');
    expect(await textOf(page.getByTestId('breadcrumbs'))).toMatch(/Dashboard\s*Impostazioni\s*Profilo Utente/);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Impostazioni' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/settings'));
    await page.getByTestId('settings-module').waitFor();

    const unknown = `sconosciuta${run}`;
    await page.goto(`/dashboard/settings/${unknown}`);
    await page.getByTestId('settings-module').waitFor();
    const crumbs = page.getByTestId('breadcrumbs').locator('li');
    await eventually(async () => {
      const labels = (await crumbs.allInnerTexts()).map((l) => l.trim());
      expect(labels.join(' ')).not.toContain(unknown);
      expect(labels.slice(0, 2)).toEqual(['Dashboard', 'Impostazioni']);
      expect(['Impostazioni', 'Gestione Team']).toContain(labels.at(-1));
    });
    expect(await page.title()).not.toContain(unknown);
  });

  step('a corrupted stored merchant falls back to the first merchant and is replaced in storage', async () => {
    await signIn(a.context, app.baseUrl, admin, (await adminMerchant.get()).id);
    expect((await api(a.context, app.baseUrl, 'POST', '/api/merchants', { name: secondMerchantName })).status).toBe(201);
    const list = await api(a.context, app.baseUrl, 'GET', '/api/merchants');
    expect(list.body).toHaveLength(2);
    const first = list.body[0];

    // Corrupted on a same-origin page that runs no app code (nothing of the shell rewrites it before the visit).
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      localStorage.setItem('selectedMerchant', '{"id":');
      localStorage.setItem('currentMerchantId', 'rotto');
    });
    await page.goto('/dashboard/shipments');
    await page.getByTestId('shipments-page').waitFor();
    expect(pathOf(page)).toBe('/dashboard/shipments');
    await eventually(async () => expect(await page.getByTestId('current-merchant').innerText()).toContain(first.name));
    expect(await page.evaluate(() => [localStorage.getItem('selectedMerchant'), localStorage.getItem('currentMerchantId')])).toEqual([
      JSON.stringify({ id: first.id, name: first.name }),
      first.id,
    ]);
  });

  step('on a phone the toast sits below the header, at the bottom of the screen', async () => {
    const merchant = await adminMerchant.get();
    await enterMerchant(merchant);
    await page.goto('/dashboard');
    await eventually(async () => expect(await page.getByTestId('current-merchant').innerText()).toContain(merchant.name));
    await page.setViewportSize(MOBILE);
    try {
      const header = page.locator('header').first();
      await page.getByRole('button', { name: 'Apri menu' }).waitFor();
      // The kit's one toast store (shared by shell and remotes) is reachable on the page.
      await page.evaluate(() =>
        (window as unknown as { __smistaToastStore__: { show(t: { title: string }): string } }).__smistaToastStore__.show({ title: 'Prova di posizione' }),
      );
      const toast = await expectToast(page, 'Prova di posizione');
      const box = (await toast.boundingBox())!;
      const headerBox = (await header.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
      expect(box.y + box.height).toBeGreaterThan(MOBILE.height - 40);
      // The header's controls stay usable while the toast shows.
      await page.getByRole('button', { name: 'Apri menu' }).click();
      await page.getByRole('dialog').getByRole('navigation', { name: 'Navigazione principale' }).waitFor();
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step('every /api body is read or cancelled, the 401 of GET /api/user after logout included', async () => {
    // The exporter's own calls (OpenTelemetry's code, 204 without a body) are not the shell's to read.
    const unsettled = async () => (await apiBodiesSeen(page)).filter((r) => !r.settled && r.path !== '/api/telemetry/traces');
    // The admin in a merchant, on a page of the app (its own calls for the user and the merchants).
    await enterMerchant(await adminMerchant.get());
    await page.goto('/dashboard/shipments');
    await page.getByTestId('shipments-page').waitFor();
    // The dashboard reads the orders count: a 404 while the orders service is not deployed.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await eventually(async () => expect(await textOf(page.getByTestId('tile-to-ship-value'))).toBe('0'));
    await eventually(async () => {
      const seen = await apiBodiesSeen(page);
      expect(seen.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/user', '/api/merchants', '/api/orders']));
      expect(seen.filter((r) => !r.settled && r.path !== '/api/telemetry/traces')).toEqual([]);
    });

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    const seen = await eventually(async () => {
      const all = await apiBodiesSeen(page);
      expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'GET', path: '/api/user', status: 401 })]));
      return all;
    });
    expect(seen.length).toBeGreaterThan(0);
    await eventually(async () => expect(await unsettled()).toEqual([]));
  });
});
