/**
 * End to end, in headless chromium against the real stack: the shell's fixes of issue 7 as a
 * merchant meets them. The favicon and a title per route; the logo on mobile auth pages; 'Termini e
 * Condizioni' and 'Privacy Policy' opening the pages that `GET /api/public-config` names; the invite
 * registration keeping the invited e-mail (and a link whose invite cannot be used saying so at
 * once, without the 15 s wait); the settings remote under `/dashboard/settings/*` and breadcrumbs
 * that never show a raw tab name; a corrupted stored merchant falling back to the first one; toasts
 * below the header on a phone; every `/api` body read or cancelled (the 401 of `GET /api/user`
 * too); browser tracing: loaded after the first screen, `traceparent` on `/api` calls, `shell`
 * spans sent to `/api/telemetry/traces` and found by the trace receiver as roots of traces that go on
 * in the gateway, all within the CSP (spec §2, §5, §7, §9).
 *
 * The gateway links the local stack's sample legal pages and sends traces to its trace receiver
 * (so browser tracing is on). One app for the whole file; browser A is a merchant admin, browser B
 * the people who register.
 */
import type { Page, Request } from 'playwright-core';
import { legalSampleUrls } from '../deploy/local/src/sample-pages';
import type { Trace } from '../deploy/local/src/trace-receiver';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant } from './support/api';
import { extractLinks, waitForMail } from './support/mail';
import { sharedInfra } from './support/env';
import { createScenario, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
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

describe('public pages', () => {
  step('the favicon, a title per route, the logo on mobile auth pages', async () => {
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
    expect(config.body).toEqual({ termsUrl: sample.termsUrl, privacyUrl: sample.privacyUrl, telemetry: { traces: true } });

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
  let inviteLink = '';

  step('the admin has a merchant and invites a colleague by e-mail', async () => {
    await registerWithMerchant(a.context, app.baseUrl, admin, merchantName);
    const merchants = await api(a.context, app.baseUrl, 'GET', '/api/merchants');
    expect(merchants.status).toBe(200);
    const since = new Date(Date.now() - 1000);
    const sent = await api(a.context, app.baseUrl, 'POST', `/api/merchants/${merchants.body[0].id}/invites`, { email: invited.email, role: 'user' });
    expect(sent.status).toBe(201);
    const mail = await waitForMail({ to: invited.email, subjectIncludes: 'Invito a unirti', since, timeoutMs: 20_000 });
    inviteLink = extractLinks(mail).find((l) => l.includes('/accept-invite?token='))!;
    expect(inviteLink).toBeDefined();
  });

  step('the invited address stays fixed on the form, and the account joins the merchant', async () => {
    b = await scenario.openBrowser();
    const p = b.page;
    await p.goto(inviteLink);
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
    expect(sent).toMatchObject({ email: invited.email, inviteToken: new URL(inviteLink).searchParams.get('token') });

    await expectToast(p, 'Registrazione completata', { description: `Benvenuto in Smista, ${invited.firstName}!` });
    // Merchant selection waits for the membership, then enters the only merchant.
    await p.waitForURL('**/dashboard');
    await eventually(async () => expect(await p.getByTestId('current-merchant').innerText()).toContain(merchantName));
  });

  step('a link whose invite cannot be used says so at once, and registration does not wait for it', async () => {
    const p = b!.page;
    expect((await api(b!.context, app.baseUrl, 'POST', '/api/logout', {})).status).toBe(200);
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
    // An earlier screen of this tab may have loaded the chunk already: from the renderer's memory
    // cache it would make no request at all, so this visit goes to the network.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const chunk = page.waitForResponse((r) => /\/assets\/telemetry\.[0-9a-f]+\.js$/.test(new URL(r.url()).pathname));
    await page.goto('/dashboard');
    await page.getByTestId('welcome-card').waitFor();
    expect((await chunk).status()).toBe(200);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
    // Loaded after the page's load event: the first screen never waited for it.
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const telemetry = performance.getEntriesByType('resource').find((e) => /\/assets\/telemetry\./.test(e.name));
      return { loadEnd: nav.loadEventEnd, chunkStart: telemetry?.startTime ?? -1 };
    });
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(timing.chunkStart).toBeGreaterThanOrEqual(timing.loadEnd);

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
    // The trace receiver has that call's span from service `shell`, root of a trace that goes on in
    // the gateway; sending spans made no spans of its own.
    const traceOf = async (id: string) => {
      const res = await fetch(`${app.tracesUrl}/api/traces/${id}`);
      expect(res.status).toBe(200);
      return (await res.json()) as Trace;
    };
    const trace = await eventually(async () => {
      const found = await traceOf(traceId);
      expect(found.spans.map((x) => x.spanId)).toContain(spanId);
      return found;
    }, 20_000);
    const browserSpan = trace.spans.find((x) => x.spanId === spanId)!;
    expect(browserSpan).toMatchObject({ service: 'shell', traceId, parentSpanId: null });
    expect(trace.spans.some((x) => x.service === 'gateway' && x.parentSpanId === spanId)).toBe(true);
    const shellTraces = (await (await fetch(`${app.tracesUrl}/api/traces?service=shell`)).json()) as Trace[];
    const shellUrls = shellTraces.flatMap((tr) => tr.spans.filter((x) => x.service === 'shell').map((x) => JSON.stringify(x.attributes)));
    expect(shellUrls.length).toBeGreaterThan(0);
    expect(shellUrls.filter((u) => u.includes('/api/telemetry/'))).toEqual([]);
    // The CSP let everything through (no refusal of any kind on this page).
    expect(await page.evaluate(() => (window as unknown as { __cspRefused: string[] }).__cspRefused)).toEqual([]);
    await page.getByRole('button', { name: 'Crea nuovo merchant' }).waitFor();
    expect(pathOf(page)).toBe('/merchant-selection');
  });

  step('titles per route, the settings remote under /dashboard/settings/*, no raw tab names in the breadcrumbs', async () => {
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
    expect((await api(a.context, app.baseUrl, 'POST', '/api/merchants', { name: secondMerchantName })).status).toBe(201);
    const list = await api(a.context, app.baseUrl, 'GET', '/api/merchants');
    expect(list.body).toHaveLength(2);
    const first = list.body[0];

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
