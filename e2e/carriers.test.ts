/**
 * End to end, in headless chromium against the real stack (the carriers service talking to the GLS
 * sandbox): the carrier screens of the integrations remote and the settings' carriers tab (spec §2
 * 'Gestione Corrieri', carrier setup, Settings → Corrieri, Integrations; §4 carrier integration and
 * tracking-code states; §5 carrier form and tracking codes; §7 Carriers; §8 carrier toasts; §9
 * low-stock threshold). An admin finds the six carriers 'Non connessoo'; the GLS form refuses every
 * §5 rule without sending anything; wrong GLS credentials show the sandbox's refusal in Italian and
 * the integration stays 'In configurazione', the right ones turn it 'Attiva'; Posta1 is connected
 * with a name alone, gets 25 codes by range and 3 by hand, pages and filters them, and after
 * deletions under 10 available shows 'Scorte in esaurimento'; the day's distinta downloads; the
 * settings tab and the overview list both integrations; an invited member (role user) sees every
 * screen read-only and the API answers 403; the screens at 1280 and 390 px wide; deletion.
 *
 * One app and one browser for the whole file (a second browser for the member). Steps stand on
 * their own: each logs its browser in, opens its page and gets the integrations and codes it
 * builds on from `given`s (made by the step that creates them through the screens, else through
 * the API). Screenshots of the screens go to /tmp/shots/.
 */
import fs from 'node:fs';
import { format } from 'date-fns';
import { it as itLocale } from 'date-fns/locale';
import type { Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { extractLinks, waitForMail } from './support/mail';
import { api, signIn, type ApiResponse } from './support/api';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant, portalScopeOf, settingsMenu } from './support/settings';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectTitle, expectToast, MOBILE, pathOf, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Carla', 'Verdi', run);
const member = person('Bruno', 'Gialli', run);
const merchantName = `Spedizioni Verdi ${run}`;

const SHOTS = '/tmp/shots';

/** The catalogue in its order (the carriers service's seed). */
const CATALOGUE = ['gls', 'poste_delivery', 'posta_1', 'posta_rc', 'posta_pr_intl', 'posta_rc_intl'];
/** The GLS sandbox's default account (deploy/sandboxes/src/gls/README.md) and its refusal of a wrong password. */
const GLS_ACCOUNT = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234' };
const GLS_REFUSAL = 'GLS Italia ha rifiutato le credenziali: Autenticazione non riuscita: sede, codice cliente o password errati';

/** A wrong GLS password, and the branch e-mail the GLS connection is saved with. */
const WRONG_PASSWORD = 'Sbagliata1';
const GLS_BRANCH_EMAIL = 'filiale.milano@gls-sandbox.it';
/** The 28 Posta1 codes step 7 adds: 25 by range, 3 by hand. */
const RANGE_CODES = Array.from({ length: 25 }, (_, i) => `2IUP${String(i + 1).padStart(8, '0')}`);
const MANUAL_CODES = ['2IUP00000101', '2IUP00000102', '2IUP00000103'];

let app: TestApp;
let browser: BrowserSession;
let page: Page;
/** The admin's merchant (set by {@link asAdmin}). */
let merchantId = '';

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  fs.mkdirSync(SHOTS, { recursive: true });
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

/** The answer when it has this status; otherwise an error naming what was asked and the answer. */
function must(res: ApiResponse, status: number, what: string): ApiResponse {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The admin and a merchant through the API (the UI flows are in auth-and-merchants). */
const account = given('the admin with the merchant', async () => {
  must(await api(browser.context, app.baseUrl, 'POST', '/api/register', admin), 201, 'register the admin');
  const merchant = must(await api(browser.context, app.baseUrl, 'POST', '/api/merchants', { name: merchantName }), 201, 'create the merchant');
  return String(merchant.body.id);
});

/** The first browser logged in as the admin, in the merchant; then at `path`, if given. */
async function asAdmin(path?: string): Promise<void> {
  merchantId = await account.get();
  await signIn(browser.context, app.baseUrl, admin, merchantId);
  if (path) await page.goto(path);
}

const integrationsPath = () => `/api/merchants/${merchantId}/carrier-integrations`;

/** The merchant's integration of this provider through the API, if there is one (a step that failed after saving it leaves it). */
async function storedIntegration(provider: string): Promise<any | undefined> {
  return (await integrationsApi()).find((i) => i.provider === provider);
}

/** GLS saved with a wrong password, 'In configurazione' (step 4 saves it through the form). */
const glsPending = given('GLS saved with wrong credentials', async () => {
  await asAdmin();
  const found = await storedIntegration('gls');
  if (found) return String(found.id);
  const body = { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT, passwordCliente: WRONG_PASSWORD, emailFiliale: GLS_BRANCH_EMAIL };
  const created = must(await api(browser.context, app.baseUrl, 'POST', integrationsPath(), body), 201, 'create the GLS integration');
  expect(created.body.status).toBe('pending');
  return String(created.body.id);
});

/** GLS with the right password, 'Attiva' and switched on (step 5 does it on its page). */
const glsActive = given('GLS active', async () => {
  const id = await glsPending.get();
  await asAdmin();
  const credentials = { ...GLS_ACCOUNT, emailFiliale: GLS_BRANCH_EMAIL };
  const updated = must(await api(browser.context, app.baseUrl, 'PUT', `${integrationsPath()}/${id}`, { connectionName: 'GLS Milano', credentials }), 200, 'GLS credentials');
  expect(updated.body.status).toBe('active');
  if (updated.body.active !== true) must(await api(browser.context, app.baseUrl, 'PATCH', `${integrationsPath()}/${id}/toggle`, { active: true }), 200, 'switch GLS on');
  return id;
});

/** Posta1 connected, no codes yet (step 6 connects it through the form). */
const postaConnected = given('Posta1 connected', async () => {
  await asAdmin();
  const found = await storedIntegration('posta_1');
  if (found) return String(found.id);
  const body = { provider: 'posta_1', connectionName: 'Posta1 Milano', active: true };
  return String(must(await api(browser.context, app.baseUrl, 'POST', integrationsPath(), body), 201, 'create the Posta1 integration').body.id);
});

/** Posta1's 28 codes (step 7 adds them through the form); those a failed step added already are not added again. */
const posta28 = given('Posta1 with 28 codes', async () => {
  const id = await postaConnected.get();
  await asAdmin();
  const list = must(await api(browser.context, app.baseUrl, 'GET', `${integrationsPath()}/${id}/tracking-codes?page=1&pageSize=500`), 200, 'Posta1 codes');
  const present = new Set((list.body.data as { trackingCode: string }[]).map((c) => c.trackingCode));
  const missing = [...RANGE_CODES, ...MANUAL_CODES].filter((c) => !present.has(c));
  if (missing.length) {
    must(await api(browser.context, app.baseUrl, 'POST', `${integrationsPath()}/${id}/tracking-codes`, { method: 'manual', trackingCodes: missing }), 201, 'add the Posta1 codes');
  }
  expect(await statsApi(id)).toMatchObject({ available: 28, total: 28 });
  return id;
});

/** Posta1 down to 9 available codes, under the threshold (step 8 deletes them in Gestisci). */
const posta9 = given('Posta1 with 9 codes left', async () => {
  const id = await posta28.get();
  await asAdmin();
  const list = must(await api(browser.context, app.baseUrl, 'GET', `${integrationsPath()}/${id}/tracking-codes?status=available&page=1&pageSize=500`), 200, 'Posta1 codes');
  const available = list.body.data as { id: number }[];
  for (const code of available.slice(0, Math.max(0, available.length - 9))) {
    must(await api(browser.context, app.baseUrl, 'DELETE', `${integrationsPath()}/${id}/tracking-codes/${code.id}`), 200, 'delete a Posta1 code');
  }
  expect(await statsApi(id)).toMatchObject({ available: 9, lowStock: true });
  return id;
});

/** The invited member (Utente), registered through the invite, and a browser of theirs. */
const memberJoined = given('the member (Utente)', async () => {
  await asAdmin();
  const since = new Date(Date.now() - 1000);
  must(await api(browser.context, app.baseUrl, 'POST', `/api/merchants/${merchantId}/invites`, { email: member.email, role: 'user' }), 201, 'invite the member');
  const mail = await waitForMail({ to: member.email, subjectIncludes: 'Invito a unirti', since, timeoutMs: 20_000 });
  const link = extractLinks(mail).find((l) => l.includes('/accept-invite?token='))!;
  const memberBrowser = await scenario.openBrowser();
  const registered = await api(memberBrowser.context, app.baseUrl, 'POST', '/api/register', { ...member, inviteToken: new URL(link).searchParams.get('token') });
  expect(registered.status).toBe(201);
  await eventually(async () => expect((await api(memberBrowser.context, app.baseUrl, 'GET', '/api/merchants')).body).toEqual([{ id: merchantId, name: merchantName, role: 'user', ssoRequired: false }]));
  return memberBrowser;
});

async function integrationsApi(): Promise<any[]> {
  const res = await api(browser.context, app.baseUrl, 'GET', integrationsPath());
  expect(res.status).toBe(200);
  return res.body as any[];
}

async function statsApi(id: string): Promise<any> {
  const res = await api(browser.context, app.baseUrl, 'GET', `${integrationsPath()}/${id}/tracking-codes/stats`);
  expect(res.status).toBe(200);
  return res.body;
}

const carrierCard = (p: Page, code: string) => p.locator(`[data-testid="carrier-card"][data-code="${code}"]`);
const field = (p: Page, name: string) => p.locator(`#carrier-${name}`);
const fieldError = (p: Page, name: string) => p.locator(`#carrier-${name}-error`);
const statusBadge = (p: Page) => p.getByTestId('connection-card').getByTestId('integration-status');
const codesCard = (p: Page) => p.getByTestId('tracking-codes');
const statValue = (p: Page, key: string) => p.getByTestId(`codes-stat-${key}-value`);
/** The integration id of the setup page's `?edit=`. */
const editIdOf = (p: Page) => new URL(p.url()).searchParams.get('edit');

/** Fills the GLS form (fields not given are left as they are). */
async function fillGls(p: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(p, name).fill(value);
}

/** POSTs to the integrations seen by this page (to prove the form sent nothing). */
function countCreates(p: Page): { count: () => number; stop: () => void } {
  let n = 0;
  const listener = (req: { method(): string; url(): string }) => {
    if (req.method() === 'POST' && /\/carrier-integrations$/.test(new URL(req.url()).pathname)) n++;
  };
  p.on('request', listener);
  return { count: () => n, stop: () => p.off('request', listener) };
}

/** A screenshot of the whole screen in {SHOTS}. */
const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/carriers-${name}.png`);

/** Deletes the first deletable code of the Gestisci list through its confirmation. */
async function deleteFirstAvailable(p: Page): Promise<string> {
  const row = p.getByTestId('code-row').filter({ has: p.getByTestId('code-delete') }).first();
  const code = (await row.getAttribute('data-code'))!;
  await row.getByTestId('code-delete').click();
  const confirm = p.getByTestId('confirm-dialog');
  await confirm.waitFor();
  await confirm.getByTestId('confirm-dialog-confirm').click();
  await confirm.waitFor({ state: 'detached' });
  await p.locator(`[data-testid="code-row"][data-code="${code}"]`).waitFor({ state: 'detached' });
  return code;
}

describe('carriers (integrations remote and settings carriers tab)', () => {
  step("Integrazioni: the overview has no carrier yet and leads to 'Gestione Corrieri', six carriers 'Non connessoo'", async () => {
    await asAdmin();
    await enterOnlyMerchant(page, merchantName);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Integrazioni' }).click();
    await page.waitForURL('**/dashboard/integrations');
    const overview = page.getByTestId('integrations-overview');
    await overview.getByRole('heading', { name: 'Integrazioni', level: 1 }).waitFor();
    await page.getByTestId('overview-carriers-empty').getByText('Nessuna integrazione corriere configurata', { exact: true }).waitFor();
    await page.getByTestId('overview-marketplaces-empty').waitFor();
    await expectTitle(page, 'Integrazioni · Smista');

    await page.getByTestId('overview-carriers-link').click();
    await page.waitForURL('**/carriers');
    await page.getByRole('heading', { name: 'Gestione Corrieri', level: 1 }).waitFor();
    await expectTitle(page, 'Gestione Corrieri · Smista');
    // The carrier screens belong to Integrazioni in the sidebar.
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Integrazioni' }).getAttribute('class')).toContain('bg-primary');

    await eventually(async () => expect(await page.getByTestId('carrier-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-code')))).toEqual(CATALOGUE));
    for (const code of CATALOGUE) {
      const card = carrierCard(page, code);
      await card.getByTestId('carrier-not-connected').waitFor();
      expect(await textOf(card.getByTestId('carrier-not-connected'))).toBe('Non connessoo');
      expect(await textOf(card.getByTestId('carrier-connect'))).toBe('Collega');
      expect(await card.getByTestId('carrier-connect').getAttribute('href')).toBe(`/carriers/${code}/setup?mode=new`);
      // The logo is the gateway's SVG, loaded.
      const img = card.getByTestId('carrier-logo').locator('img');
      expect(await img.getAttribute('src')).toBe(`/assets/carriers/${code}.svg`);
      await eventually(async () => expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true));
    }
    expect(await textOf(carrierCard(page, 'gls').locator('h3'))).toBe('GLS Italia');
    expect(await page.getByTestId('read-only-notice').count()).toBe(0);
    await shot(page, '1280-grid-empty');
  });

  step("an unknown carrier code shows 'Corriere non trovato'; back leads to Impostazioni → Corrieri, empty", async () => {
    await asAdmin('/carriers/dhl/setup?mode=new');
    const notFound = page.getByTestId('carrier-not-found');
    await notFound.getByRole('heading', { name: 'Corriere non trovato' }).waitFor();
    expect(await page.getByTestId('credentials-form').count()).toBe(0);

    await page.getByTestId('setup-back').click();
    await page.waitForURL('**/dashboard/settings/carriers');
    await settingsMenu(page).current('Corrieri').waitFor();
    const empty = page.getByTestId('carriers-empty');
    await empty.getByText('Nessuna integrazione corriere configurata', { exact: true }).waitFor();
    expect(await empty.getByTestId('carriers-empty-link').getAttribute('href')).toBe('/carriers');
    // The marketplace panel: empty, pointing to the Marketplaces page (no sample data).
    const marketplaces = page.getByTestId('marketplace-integrations-empty');
    await marketplaces.waitFor();
    expect(await marketplaces.getByRole('link').getAttribute('href')).toBe('/dashboard/marketplaces');
    expect(await page.getByTestId('under-construction').count()).toBe(0);
  });

  step("the GLS form refuses every §5 rule as 'Errore di validazione' toasts and sends nothing", async () => {
    await asAdmin('/carriers');
    await carrierCard(page, 'gls').getByTestId('carrier-connect').click();
    await page.waitForURL('**/carriers/gls/setup?mode=new');
    await page.getByRole('heading', { name: 'Collega GLS Italia' }).waitFor();
    await expectTitle(page, 'Configurazione corriere · Smista');
    const crumbs = await page.getByTestId('breadcrumbs').locator('li').allInnerTexts();
    expect(crumbs.map((c) => c.trim())).toEqual(['Corrieri', 'GLS Italia', 'Configurazione']);
    // No connection yet: no status, toggle or delete.
    expect(await page.getByTestId('connection-card').count()).toBe(0);
    const labels = await page.getByTestId('credentials-form').locator('label').allInnerTexts();
    expect(labels.map((l) => l.replace('*', '').trim())).toEqual([
      'Nome della connessione',
      'Sigla sede',
      'Codice cliente',
      'Password cliente',
      'Codice contratto',
      'Email filiale',
      'Username ritiri',
      'Password ritiri',
    ]);
    expect(await field(page, 'passwordCliente').getAttribute('type')).toBe('password');
    expect(await field(page, 'connectionName').getAttribute('placeholder')).toBe('es. GLS Milano');

    const creates = countCreates(page);
    const submit = page.getByTestId('credentials-submit');
    expect(await textOf(submit)).toBe('Collega corriere');
    await submit.click();
    await expectToast(page, 'Errore di validazione', { description: 'Il nome della connessione è obbligatorio', variant: 'destructive' });
    expect(await textOf(fieldError(page, 'connectionName'))).toBe('Il nome della connessione è obbligatorio');
    expect(await textOf(fieldError(page, 'siglaSede'))).toBe('La sigla sede è obbligatoria per GLS');
    expect(await textOf(fieldError(page, 'codiceCliente'))).toBe('Il codice cliente è obbligatorio per GLS');
    expect(await textOf(fieldError(page, 'passwordCliente'))).toBe('La password cliente è obbligatoria per GLS');
    expect(await textOf(fieldError(page, 'codiceContratto'))).toBe('Il codice contratto è obbligatorio per GLS');
    expect(await textOf(fieldError(page, 'emailFiliale'))).toBe("L'email filiale è obbligatoria per GLS");
    // Pickup credentials: labelled required, optional in validation.
    expect(await fieldError(page, 'usernameRitiri').count()).toBe(0);
    expect(await fieldError(page, 'passwordRitiri').count()).toBe(0);

    await closeToasts(page);
    await field(page, 'connectionName').fill('GLS Milano');
    await submit.click();
    await expectToast(page, 'Errore di validazione', { description: 'La sigla sede è obbligatoria per GLS', variant: 'destructive' });

    await closeToasts(page);
    await fillGls(page, { ...GLS_ACCOUNT, passwordCliente: WRONG_PASSWORD, emailFiliale: 'non-una-email' });
    await submit.click();
    await expectToast(page, 'Errore di validazione', { description: 'Inserisci un indirizzo email valido', variant: 'destructive' });
    expect(await textOf(fieldError(page, 'emailFiliale'))).toBe('Inserisci un indirizzo email valido');
    expect(await fieldError(page, 'siglaSede').count()).toBe(0);

    creates.stop();
    expect(creates.count()).toBe(0);
    expect(await integrationsApi()).toEqual([]);
  });

  step("wrong GLS credentials: the sandbox's refusal in Italian, the integration saved 'In configurazione', the password never answered", async () => {
    await asAdmin('/carriers/gls/setup?mode=new');
    await page.getByRole('heading', { name: 'Collega GLS Italia' }).waitFor();
    await fillGls(page, { connectionName: 'GLS Milano', ...GLS_ACCOUNT, passwordCliente: WRONG_PASSWORD, emailFiliale: GLS_BRANCH_EMAIL });
    await page.getByTestId('credentials-submit').click();
    await expectToast(page, 'Integrazione salvata, in configurazione', { description: GLS_REFUSAL, variant: 'destructive' });
    await page.waitForURL(/\/carriers\/gls\/setup\?edit=\d+$/);
    const glsId = editIdOf(page)!;
    await page.getByRole('heading', { name: 'Configura GLS Italia' }).waitFor();

    expect(await textOf(statusBadge(page))).toBe('In configurazione');
    expect(await textOf(page.getByTestId('integration-refusal-message'))).toBe(GLS_REFUSAL);
    expect(await textOf(page.getByTestId('connection-name'))).toBe('GLS Milano');
    // The browser runs in Europe/Rome (support/browser.ts).
    const todayInRome = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Rome' }));
    expect(await textOf(page.getByTestId('connection-created'))).toContain(`Creata il ${format(todayInRome, 'd MMM yyyy', { locale: itLocale })}`);
    // The form shows what is stored, never a secret.
    expect(await field(page, 'siglaSede').inputValue()).toBe('MI');
    expect(await field(page, 'codiceCliente').inputValue()).toBe('123456');
    expect(await field(page, 'passwordCliente').inputValue()).toBe('');
    expect(await textOf(page.getByTestId('carrier-passwordCliente-hint'))).toBe('Lascia vuoto per mantenere quella salvata.');
    expect(await textOf(page.getByTestId('carrier-passwordRitiri-hint'))).toBe('Nessuna password salvata.');

    const [stored] = await integrationsApi();
    expect(stored).toMatchObject({ id: Number(glsId), provider: 'gls', connectionName: 'GLS Milano', status: 'pending', statusMessage: GLS_REFUSAL, active: true });
    expect(stored.credentials).toMatchObject({ siglaSede: 'MI', codiceCliente: '123456', hasPasswordCliente: true, hasPasswordRitiri: false });
    expect(JSON.stringify(stored)).not.toContain(WRONG_PASSWORD);
    await shot(page, '1280-gls-refused');

    // Settings → Corrieri: saved but not connected.
    await page.goto('/dashboard/settings/carriers');
    const row = page.locator(`[data-testid="carrier-integration-row"][data-id="${glsId}"]`);
    await row.waitFor();
    expect(await textOf(row.getByTestId('carrier-integration-status'))).toBe('Configurato');
    await row.getByTestId('carrier-integration-manage').click();
    await page.waitForURL(`**/carriers/gls/setup?edit=${glsId}`);
    glsPending.set(glsId);
  });

  step("the right password turns it 'Attiva'; 'Verifica credenziali' asks again; the switch turns it off and on", async () => {
    const glsId = await glsPending.get();
    await asAdmin(`/carriers/gls/setup?edit=${glsId}`);
    // The form shows the stored connection before anything is typed into it.
    await eventually(async () => expect(await textOf(statusBadge(page))).toBe('In configurazione'));
    await eventually(async () => expect(await field(page, 'siglaSede').inputValue()).toBe('MI'));
    await field(page, 'passwordCliente').fill(GLS_ACCOUNT.passwordCliente);
    await page.getByTestId('credentials-submit').click();
    await expectToast(page, 'Integrazione aggiornata', { description: 'Credenziali verificate: integrazione attiva.' });
    await eventually(async () => expect(await textOf(statusBadge(page))).toBe('Attiva'));
    expect(await page.getByTestId('integration-refusal').count()).toBe(0);
    expect(await field(page, 'passwordCliente').inputValue()).toBe('');

    await closeToasts(page);
    await page.getByTestId('integration-verify').click();
    await expectToast(page, 'Credenziali verificate', { description: 'Il corriere ha accettato le credenziali: integrazione attiva.' });

    await closeToasts(page);
    const toggle = page.getByTestId('integration-toggle');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expectToast(page, 'Integrazione disattivata');
    await eventually(async () => expect(await textOf(statusBadge(page))).toBe('Disattivata'));
    const gls = async () => (await integrationsApi()).find((i) => String(i.id) === glsId);
    expect(await gls()).toMatchObject({ status: 'active', active: false });
    await closeToasts(page);
    await toggle.click();
    await expectToast(page, 'Integrazione attivata');
    await eventually(async () => expect(await textOf(statusBadge(page))).toBe('Attiva'));
    expect(await gls()).toMatchObject({ status: 'active', active: true, statusMessage: null });
    await shot(page, '1280-gls-active');
    glsActive.set(glsId);
  });

  step('Posta1 connects with a name alone, active at once, its empty pool already short of codes', async () => {
    const glsId = await glsActive.get();
    await asAdmin('/carriers');
    const gls = carrierCard(page, 'gls');
    const connection = gls.getByTestId('carrier-connection');
    await connection.waitFor();
    expect(await connection.innerText()).toContain('GLS Milano');
    expect(await textOf(connection.getByTestId('integration-status'))).toBe('Attiva');
    expect(await connection.getAttribute('href')).toBe(`/carriers/gls/setup?edit=${glsId}`);
    expect(await gls.getByTestId('carrier-not-connected').count()).toBe(0);

    await carrierCard(page, 'posta_1').getByTestId('carrier-connect').click();
    await page.waitForURL('**/carriers/posta_1/setup?mode=new');
    const labels = await page.getByTestId('credentials-form').locator('label').allInnerTexts();
    expect(labels.map((l) => l.replace('*', '').trim())).toEqual(['Nome della connessione', 'Username (facoltativo)', 'Password (facoltativo)', 'Codice cliente (facoltativo)']);
    // Its own example, not GLS's.
    expect(await field(page, 'connectionName').getAttribute('placeholder')).toBe('es. Posta1 Milano');
    await closeToasts(page);
    await field(page, 'connectionName').fill('Posta1 Milano');
    await page.getByTestId('credentials-submit').click();
    await expectToast(page, 'Corriere collegato', { description: 'Integrazione attiva: aggiungi i tracking code per iniziare a spedire.' });
    await page.waitForURL(/\/carriers\/posta_1\/setup\?edit=\d+$/);
    const postaId = editIdOf(page)!;
    await eventually(async () => expect(await textOf(statusBadge(page))).toBe('Attiva'));
    // Letter services have nothing to ask: no 'Verifica credenziali'.
    expect(await page.getByTestId('integration-verify').count()).toBe(0);

    const codes = codesCard(page);
    await codes.waitFor();
    expect((await codes.getByRole('tab').allInnerTexts()).map((x) => x.trim())).toEqual(['Statistiche', 'Aggiungi Codici', 'Gestisci']);
    const warning = page.getByTestId('low-stock-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toContain('Scorte in esaurimento');
    await eventually(async () => expect(await textOf(statValue(page, 'total'))).toBe('0'));
    postaConnected.set(postaId);
  });

  step('adds 25 codes by range and 3 by hand (the empty cases refused with the spec texts, a duplicate named by the server)', async () => {
    const postaId = await postaConnected.get();
    await asAdmin(`/carriers/posta_1/setup?edit=${postaId}`);
    const codes = codesCard(page);
    await codes.waitFor();
    await page.getByTestId('codes-tab-add').click();
    await page.getByTestId('add-codes-range').click();
    expect(await page.locator('#codes-from').getAttribute('placeholder')).toMatch(/^2IUP\d+$/);
    await closeToasts(page);
    await page.locator('#codes-from').fill('2IUP00000001');
    await codes.getByTestId('add-codes-submit').click();
    await expectToast(page, 'Errore di validazione', { description: 'Inserisci entrambi i codici DA e A', variant: 'destructive' });
    await closeToasts(page);
    await page.locator('#codes-to').fill('2IUP00000025');
    await codes.getByTestId('add-codes-submit').click();
    await expectToast(page, 'Codici aggiunti', { description: 'Aggiunti 25 codici' });
    expect(await page.locator('#codes-from').inputValue()).toBe('');

    await closeToasts(page);
    await page.getByTestId('add-codes-manual').click();
    expect(await page.locator('#codes-manual').getAttribute('placeholder')).toContain('2IUP');
    await page.locator('#codes-manual').fill(' , \n ');
    await codes.getByTestId('add-codes-submit').click();
    await expectToast(page, 'Errore di validazione', { description: 'Inserisci almeno un tracking code', variant: 'destructive' });

    await closeToasts(page);
    await page.locator('#codes-manual').fill('2IUP00000001');
    await codes.getByTestId('add-codes-submit').click();
    await expectToast(page, "Errore nell'aggiunta dei codici", { description: 'Codici già presenti: 2IUP00000001', variant: 'destructive' });

    await closeToasts(page);
    await page.locator('#codes-manual').fill('2IUP00000101, 2IUP00000102\n2IUP00000103');
    expect(await textOf(page.getByTestId('codes-manual-count'))).toBe('3 codici');
    await codes.getByTestId('add-codes-submit').click();
    await expectToast(page, 'Codici aggiunti', { description: 'Aggiunti 3 codici' });

    await page.getByTestId('codes-tab-stats').click();
    await eventually(async () => {
      expect(await textOf(statValue(page, 'available'))).toBe('28');
      expect(await textOf(statValue(page, 'used'))).toBe('0');
      expect(await textOf(statValue(page, 'total'))).toBe('28');
    });
    expect(await page.getByTestId('low-stock-warning').count()).toBe(0);
    expect(await statsApi(postaId)).toEqual({ available: 28, used: 0, reserved: 0, total: 28, lowStock: false });
    posta28.set(postaId);
  });

  step("Gestisci pages and filters the codes; deleting down to 9 available shows 'Scorte in esaurimento'", async () => {
    const postaId = await posta28.get();
    await asAdmin(`/carriers/posta_1/setup?edit=${postaId}`);
    await codesCard(page).waitFor();
    await page.getByTestId('codes-tab-manage').click();
    await eventually(async () => expect(await textOf(page.getByTestId('codes-shown'))).toBe('Mostrando 1 - 20 di 28 codici'));
    expect(await textOf(page.getByTestId('codes-page'))).toBe('Pagina 1 di 2');
    expect(await page.getByTestId('codes-table').locator('th').allTextContents()).toEqual(['Codice', 'Stato', 'Ordine', 'Data', 'Azioni']);
    expect(await page.getByTestId('code-row').count()).toBe(20);
    await page.getByTestId('codes-next').click();
    await eventually(async () => expect(await textOf(page.getByTestId('codes-shown'))).toBe('Mostrando 21 - 28 di 28 codici'));
    expect(await page.getByTestId('code-row').count()).toBe(8);
    await page.getByTestId('codes-prev').click();
    await eventually(async () => expect(await textOf(page.getByTestId('codes-page'))).toBe('Pagina 1 di 2'));

    expect(await page.getByTestId('codes-filter').locator('option').allInnerTexts()).toEqual(['Tutti', 'Disponibili', 'Usati']);
    await page.getByTestId('codes-filter').selectOption('used');
    await page.getByTestId('codes-empty').getByText('Nessun tracking code con questo stato').waitFor();
    await page.getByTestId('codes-filter').selectOption('available');
    await eventually(async () => expect(await textOf(page.getByTestId('codes-shown'))).toBe('Mostrando 1 - 20 di 28 codici'));

    // A confirmation first; 'Annulla' keeps the code.
    const first = page.getByTestId('code-row').first();
    const kept = (await first.getAttribute('data-code'))!;
    await first.getByTestId('code-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await textOf(confirm.getByTestId('confirm-dialog-text'))).toBe(`Sei sicuro di voler eliminare il tracking code ${kept}?`);
    expect(await portalScopeOf(confirm)).toBe('smista-integrations');
    await confirm.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect((await statsApi(postaId)).available).toBe(28);

    // 18 deletions leave 10: still enough.
    for (let i = 0; i < 18; i++) await deleteFirstAvailable(page);
    await eventually(async () => expect((await statsApi(postaId)).available).toBe(10));
    expect(await page.getByTestId('low-stock-warning').count()).toBe(0);
    // The 19th: 9 available, under the threshold.
    await closeToasts(page);
    const last = await deleteFirstAvailable(page);
    await expectToast(page, 'Tracking code eliminato', { description: last });
    const warning = page.getByTestId('low-stock-warning');
    await warning.waitFor();
    expect(await textOf(warning)).toContain('Scorte in esaurimento');
    expect(await textOf(warning)).toContain('Restano 9 codici disponibili');
    await page.getByTestId('codes-tab-stats').click();
    await eventually(async () => {
      expect(await textOf(statValue(page, 'available'))).toBe('9');
      expect(await textOf(statValue(page, 'total'))).toBe('9');
    });
    expect(await statsApi(postaId)).toEqual({ available: 9, used: 0, reserved: 0, total: 9, lowStock: true });
    await page.getByTestId('codes-tab-manage').click();
    await page.getByTestId('code-row').first().waitFor();
    await shot(page, '1280-posta1-codes');
    posta9.set(postaId);
  });

  step("the day's distinta downloads as CSV and PDF", async () => {
    const postaId = await postaConnected.get();
    await asAdmin(`/carriers/posta_1/setup?edit=${postaId}`);
    const distinta = page.getByTestId('distinta');
    await distinta.waitFor();
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(await distinta.locator('#distinta-date').inputValue()).toBe(today);

    const [csv] = await Promise.all([page.waitForEvent('download'), distinta.getByTestId('distinta-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvPath = await csv.path();
    expect(fs.readFileSync(csvPath!, 'utf8').length).toBeGreaterThan(0);

    const [pdf] = await Promise.all([page.waitForEvent('download'), distinta.getByTestId('distinta-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  step('Impostazioni → Corrieri and the Integrazioni overview list both integrations', async () => {
    const glsId = await glsActive.get();
    const postaId = await postaConnected.get();
    await asAdmin('/dashboard/settings/carriers');
    const rows = page.getByTestId('carrier-integration-row');
    await eventually(async () => expect(await rows.count()).toBe(2));
    const gls = page.locator(`[data-testid="carrier-integration-row"][data-id="${glsId}"]`);
    expect(await textOf(gls.getByTestId('carrier-integration-name'))).toBe('GLS Italia');
    expect(await textOf(gls.getByTestId('carrier-integration-connection'))).toBe('GLS Milano');
    expect(await textOf(gls.getByTestId('carrier-integration-status'))).toBe('Connesso e attivo');
    expect(await gls.locator('img').getAttribute('src')).toBe('/assets/carriers/gls.svg');
    const posta = page.locator(`[data-testid="carrier-integration-row"][data-id="${postaId}"]`);
    expect(await textOf(posta.getByTestId('carrier-integration-name'))).toBe('Posta1');
    expect(await textOf(posta.getByTestId('carrier-integration-status'))).toBe('Connesso e attivo');
    expect(await textOf(posta.getByTestId('carrier-integration-manage'))).toBe('Gestisci');
    expect(await posta.getByTestId('carrier-integration-manage').getAttribute('href')).toBe(`/carriers/posta_1/setup?edit=${postaId}`);
    await shot(page, '1280-settings-carriers');

    await page.goto('/dashboard/integrations');
    await eventually(async () => expect(await page.getByTestId('overview-carrier-integration').count()).toBe(2));
    await shot(page, '1280-overview');
  });

  step('an invited member (Utente) sees every carrier screen read-only, and the API answers 403', async () => {
    const glsId = await glsActive.get();
    const postaId = await posta9.get();
    // The admin's view through the API, at the end.
    await asAdmin();
    // Invited and registered through the API (the invite flows are in team-invites).
    const memberBrowser = await memberJoined.get();
    await signIn(memberBrowser.context, app.baseUrl, member, merchantId);
    const b = memberBrowser.page;
    await enterOnlyMerchant(b, merchantName);

    await b.goto('/carriers');
    await b.getByTestId('read-only-notice').waitFor();
    await carrierCard(b, 'gls').getByTestId('carrier-connection').waitFor();
    expect(await b.getByTestId('carrier-connect').count()).toBe(0);
    expect(await textOf(carrierCard(b, 'posta_rc').getByTestId('carrier-not-connected'))).toBe('Non connessoo');

    // The GLS setup page: status and stored fields, no control.
    await carrierCard(b, 'gls').getByTestId('carrier-connection').click();
    await b.waitForURL(`**/carriers/gls/setup?edit=${glsId}`);
    await eventually(async () => expect(await textOf(statusBadge(b))).toBe('Attiva'));
    await b.getByTestId('read-only-notice').waitFor();
    expect(await field(b, 'siglaSede').inputValue()).toBe('MI');
    expect(await field(b, 'siglaSede').isDisabled()).toBe(true);
    expect(await field(b, 'passwordCliente').inputValue()).toBe('');
    expect(await textOf(b.getByTestId('carrier-passwordCliente-hint'))).toBe('Password salvata.');
    for (const control of ['credentials-submit', 'integration-toggle', 'integration-delete', 'integration-verify']) {
      expect(await b.getByTestId(control).count()).toBe(0);
    }
    await shot(b, '1280-member-gls');

    // Posta1: stats and codes to read, nothing to add or delete.
    await b.goto(`/carriers/posta_1/setup?edit=${postaId}`);
    await codesCard(b).waitFor();
    expect((await codesCard(b).getByRole('tab').allInnerTexts()).map((x) => x.trim())).toEqual(['Statistiche', 'Gestisci']);
    await eventually(async () => expect(await textOf(statValue(b, 'available'))).toBe('9'));
    await b.getByTestId('low-stock-warning').waitFor();
    await b.getByTestId('codes-tab-manage').click();
    await eventually(async () => expect(await b.getByTestId('code-row').count()).toBe(9));
    expect(await b.getByTestId('code-delete').count()).toBe(0);
    expect(await b.getByTestId('codes-table').locator('th').allTextContents()).toEqual(['Codice', 'Stato', 'Ordine', 'Data']);
    await shot(b, '1280-member-posta1');

    // A new connection: the notice, no form.
    await b.goto('/carriers/posta_rc/setup?mode=new');
    await b.getByTestId('read-only-notice').waitFor();
    expect(await b.getByTestId('credentials-form').count()).toBe(0);

    // Settings → Corrieri: 'Visualizza'.
    await b.goto('/dashboard/settings/carriers');
    await eventually(async () => expect(await b.getByTestId('carrier-integration-row').count()).toBe(2));
    expect(await b.getByTestId('carrier-integration-manage').allInnerTexts()).toEqual(['Visualizza', 'Visualizza']);

    // The server refuses the member's changes anyway.
    const memberApi = memberBrowser.context;
    const create = await api(memberApi, app.baseUrl, 'POST', integrationsPath(), { provider: 'posta_rc', connectionName: 'Raccomandate', active: true });
    expect(create.status).toBe(403);
    expect(create.body.message).toEqual(expect.any(String));
    const codeList = await api(memberApi, app.baseUrl, 'GET', `${integrationsPath()}/${postaId}/tracking-codes?status=available`);
    expect(codeList.status).toBe(200);
    const removeCode = await api(memberApi, app.baseUrl, 'DELETE', `${integrationsPath()}/${postaId}/tracking-codes/${codeList.body.data[0].id}`);
    expect(removeCode.status).toBe(403);
    const toggle = await api(memberApi, app.baseUrl, 'PATCH', `${integrationsPath()}/${glsId}/toggle`, { active: false });
    expect(toggle.status).toBe(403);
    expect((await statsApi(postaId)).available).toBe(9);
    expect((await integrationsApi()).find((i) => String(i.id) === glsId).active).toBe(true);
  });

  step('the screens at 390 px: one column, cards instead of tables, nothing to scroll sideways', async () => {
    const glsId = await glsPending.get();
    const postaId = await posta9.get();
    await page.setViewportSize(MOBILE);
    try {
      await asAdmin('/carriers');
      await carrierCard(page, 'posta_rc_intl').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      const xs = await page.getByTestId('carrier-card').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
      expect(new Set(xs).size).toBe(1);
      await shot(page, '390-grid');

      await page.goto(`/carriers/gls/setup?edit=${glsId}`);
      await field(page, 'codiceContratto').waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      const [a, bBox] = await Promise.all([field(page, 'siglaSede').boundingBox(), field(page, 'codiceCliente').boundingBox()]);
      expect(Math.round(a!.x)).toBe(Math.round(bBox!.x));
      expect(bBox!.y).toBeGreaterThan(a!.y);
      await shot(page, '390-gls');

      await page.goto(`/carriers/posta_1/setup?edit=${postaId}`);
      await page.getByTestId('codes-tab-manage').click();
      await page.getByTestId('codes-cards').waitFor();
      expect(await page.getByTestId('codes-table').count()).toBe(0);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-posta1-codes');

      await page.getByTestId('codes-tab-add').click();
      await page.getByTestId('add-codes-range').click();
      const [from, to] = await Promise.all([page.locator('#codes-from').boundingBox(), page.locator('#codes-to').boundingBox()]);
      expect(Math.round(from!.x)).toBe(Math.round(to!.x));
      await shot(page, '390-posta1-add');

      await page.goto('/dashboard/settings/carriers');
      await page.getByTestId('carrier-integration-row').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-settings-carriers');

      await page.goto('/dashboard/integrations');
      await page.getByTestId('overview-carrier-integration').first().waitFor();
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, '390-overview');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step("'Elimina' removes the GLS integration after a confirmation and goes back to Impostazioni → Corrieri", async () => {
    const glsId = await glsPending.get();
    await postaConnected.get();
    await asAdmin(`/carriers/gls/setup?edit=${glsId}`);
    await page.getByTestId('integration-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await textOf(confirm.getByTestId('confirm-dialog-text'))).toContain('"GLS Milano"');
    await closeToasts(page);
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await expectToast(page, 'Integrazione eliminata', { description: 'L\'integrazione "GLS Milano" è stata eliminata.' });
    await page.waitForURL('**/dashboard/settings/carriers');
    await eventually(async () => expect(await page.getByTestId('carrier-integration-row').count()).toBe(1));
    expect((await integrationsApi()).map((i) => i.provider)).toEqual(['posta_1']);

    // Its link is dead now.
    await page.goto(`/carriers/gls/setup?edit=${glsId}`);
    await page.getByTestId('integration-not-found').getByRole('heading', { name: 'Integrazione corriere non trovata' }).waitFor();
    expect(pathOf(page)).toBe('/carriers/gls/setup');
  });
});
