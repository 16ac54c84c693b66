/**
 * End to end, in headless chromium against the real stack (identity, merchants, gateway and the
 * built micro-frontends): registration → merchant creation and selection → dashboard → logout →
 * failed and successful login (spec §2, §4, §8), merchant selection opened on purpose with a single
 * merchant (no automatic choice), then the route guards (remembered page, 404).
 *
 * One app and one browser for the whole file. Each step stands on its own: the account and the
 * merchant that the first steps make through the screens are `given`s (made through the API when
 * those steps did not pass or run), and each step logs the browser in or out and opens its page.
 */
import { request, type Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, rawApi, signIn } from './support/api';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS, type TestUser } from './support/scenario';
import { eventually, expectToast, login, pathOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const user = person('Mario', 'Rossi', run);
const merchantName = `Bottega Rossi ${run}`;

let app: TestApp;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

interface Merchant {
  id: string;
  name: string;
}

/**
 * The account exists: registered now, or already (by a step that failed after registering), when
 * its password logs in.
 */
async function ensureAccount(who: TestUser): Promise<void> {
  const registered = await rawApi(app.baseUrl, 'POST', '/api/register', who);
  if (registered.status === 201) return;
  const existing = await rawApi(app.baseUrl, 'POST', '/api/login', { email: who.email, password: who.password });
  if (existing.status !== 200) throw new Error(`register ${who.email}: ${registered.status} ${JSON.stringify(registered.body)}`);
}

/** `who`'s merchant called `name` (created through the API unless it is there already), in an API-only session. */
async function ensureMerchant(who: TestUser, name: string): Promise<Merchant> {
  const ctx = await request.newContext({ baseURL: app.baseUrl });
  try {
    const login = await api(ctx, app.baseUrl, 'POST', '/api/login', { email: who.email, password: who.password });
    if (login.status !== 200) throw new Error(`login ${who.email}: ${login.status} ${JSON.stringify(login.body)}`);
    const list = await api(ctx, app.baseUrl, 'GET', '/api/merchants');
    if (list.status !== 200) throw new Error(`GET /api/merchants: ${list.status} ${JSON.stringify(list.body)}`);
    const found = (list.body as Merchant[]).find((m) => m.name === name);
    if (found) return { id: found.id, name: found.name };
    const created = await api(ctx, app.baseUrl, 'POST', '/api/merchants', { name });
    if (created.status !== 201) throw new Error(`POST /api/merchants: ${created.status} ${JSON.stringify(created.body)}`);
    return { id: created.body.id, name };
  } finally {
    await ctx.dispose();
  }
}

/**
 * Logs the browser in as `who` with `merchant` selected for the session and stored as the shell
 * keeps it after a choice (spec §3 localStorage keys), so the dashboard opens without merchant
 * selection. The storage is written on a same-origin page that runs no app code (the favicon).
 */
async function enterMerchant(who: TestUser, merchant: Merchant): Promise<void> {
  await signIn(browser.context, app.baseUrl, who, merchant.id);
  await page.goto('/favicon.svg');
  await page.evaluate(({ id, name }) => {
    localStorage.setItem('selectedMerchant', JSON.stringify({ id, name }));
    localStorage.setItem('currentMerchantId', id);
  }, merchant);
}

/** Nobody logged in in the browser, the login form of /auth on screen. */
async function loggedOutOnAuth(): Promise<void> {
  expect((await api(browser.context, app.baseUrl, 'POST', '/api/logout', {})).status).toBe(200);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
}

/** The account the first step registers through the form. */
const account = given('the account of Mario Rossi', async () => {
  await ensureAccount(user);
  return user;
});
/** The merchant the second step creates on merchant selection: the user's only one. */
const merchant = given(`the merchant ${merchantName}`, async () => ensureMerchant(await account.get(), merchantName));

describe('registration, merchants, dashboard, logout and login', () => {
  step('registers through the form on /auth and lands on an empty merchant selection', async () => {
    await loggedOutOnAuth();
    await page.getByRole('heading', { name: 'Accedi', exact: true }).waitFor();
    await page.getByTestId('switch-to-register').click();
    await page.getByRole('button', { name: 'Registrati' }).waitFor();

    await page.getByLabel('Nome', { exact: true }).fill(user.firstName);
    await page.getByLabel('Cognome').fill(user.lastName);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Username').fill(user.username);

    // The live checklist follows what is typed: 6 characters, one uppercase letter, one digit.
    const password = page.getByLabel('Password', { exact: true });
    const checklist = page.getByTestId('password-checklist').locator('li');
    const met = async () => (await checklist.evaluateAll((items) => items.map((li) => li.getAttribute('data-met'))));
    await password.fill('abc');
    await eventually(async () => expect(await met()).toEqual(['false', 'false', 'false']));
    await password.fill('abcdef');
    await eventually(async () => expect(await met()).toEqual(['true', 'false', 'false']));
    await password.fill('Abcdef');
    await eventually(async () => expect(await met()).toEqual(['true', 'true', 'false']));
    await password.fill(user.password);
    await eventually(async () => expect(await met()).toEqual(['true', 'true', 'true']));
    expect(await checklist.allInnerTexts()).toEqual(['Almeno 6 caratteri', 'Una lettera maiuscola', 'Un numero']);

    const confirm = page.getByLabel('Conferma password');
    await confirm.fill('Segreta2');
    const match = page.getByTestId('password-match');
    await match.filter({ hasText: 'Le password non corrispondono' }).waitFor();
    expect(await match.getAttribute('data-match')).toBe('false');
    await confirm.fill(user.password);
    await match.filter({ hasText: 'Le password corrispondono' }).waitFor();
    expect(await match.getAttribute('data-match')).toBe('true');

    await page.getByLabel(/Accetto/).check();
    const registerRequest = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/register');
    await page.getByRole('button', { name: 'Registrati' }).click();
    // The server checks the confirmation and the terms too (§5): the form sends them.
    expect((await registerRequest).postDataJSON()).toEqual({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      username: user.username,
      password: user.password,
      confirmPassword: user.password,
      terms: true,
    });

    await expectToast(page, 'Registrazione completata', { description: `Benvenuto in Smista, ${user.firstName}!` });
    await page.waitForURL('**/merchant-selection');
    await page.getByTestId('merchants-empty').waitFor();
    expect(await page.getByTestId('merchant-option').count()).toBe(0);

    // Backend: the session cookie belongs to the new user, who has no merchants yet.
    const me = await api(browser.context, app.baseUrl, 'GET', '/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ firstName: user.firstName, lastName: user.lastName, email: user.email, username: user.username, avatar: null });
    expect(me.body).not.toHaveProperty('password');
    const merchants = await api(browser.context, app.baseUrl, 'GET', '/api/merchants');
    expect(merchants).toEqual({ status: 200, body: [] });
    account.set(user);
  });

  step('creates a merchant, selects it and reaches the dashboard', async () => {
    // The new user, logged in, on merchant selection with no merchant yet.
    await signIn(browser.context, app.baseUrl, await account.get());
    await page.goto('/merchant-selection');
    await page.getByTestId('merchants-empty').waitFor();
    await page.getByRole('button', { name: 'Crea nuovo merchant' }).click();
    await page.getByLabel('Nome del merchant').fill(merchantName);
    await page.getByRole('button', { name: 'Crea', exact: true }).click();
    await expectToast(page, 'Merchant creato con successo', { description: `Il merchant "${merchantName}" è pronto.` });

    // The form closes and the list refreshes with the new merchant (role shown capitalised).
    await page.getByLabel('Nome del merchant').waitFor({ state: 'detached' });
    const option = page.getByTestId('merchant-option');
    await option.filter({ hasText: merchantName }).waitFor();
    expect(await option.count()).toBe(1);
    await option.filter({ hasText: 'Admin' }).waitFor();
    const merchants = await api(browser.context, app.baseUrl, 'GET', '/api/merchants');
    expect(merchants.status).toBe(200);
    expect(merchants.body).toEqual([{ id: expect.any(String), name: merchantName, role: 'admin', ssoRequired: false }]);
    merchant.set({ id: merchants.body[0].id, name: merchantName });
    expect(await option.getAttribute('data-merchant-id')).toBe(merchants.body[0].id);

    await option.click();
    await page.getByTestId('loading-overlay').filter({ hasText: 'Caricamento in corso...' }).waitFor();
    await page.waitForURL('**/dashboard');

    const welcome = page.getByTestId('welcome-card');
    await welcome.getByText(`Benvenuto, ${user.firstName}`).waitFor();
    expect(await welcome.innerText()).toContain('Benvenuto');
    await welcome.getByRole('button', { name: 'Inizia' }).waitFor();
    await eventually(async () => expect((await page.getByTestId('tile-to-ship-value').innerText()).trim()).toBe('0'));
    // Layout: the merchant in the sidebar, the user in its footer.
    expect(await page.getByTestId('current-merchant').innerText()).toContain(merchantName);
    const footer = page.getByTestId('sidebar-user');
    expect(await footer.innerText()).toContain(user.firstName);
    expect(await footer.innerText()).toContain(user.email);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('selectedMerchant') ?? 'null'))).toEqual({
      id: merchants.body[0].id,
      name: merchantName,
    });
    // No error toast from the dashboard's order count.
    expect(await page.locator('[data-testid="toast"][data-variant="destructive"]').count()).toBe(0);
  });

  step('logs out from the user menu: /auth, toast, and the session is gone server-side', async () => {
    await enterMerchant(user, await merchant.get());
    await page.goto('/dashboard');
    await page.getByTestId('welcome-card').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logout completato', { description: 'Hai effettuato il logout con successo' });
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();

    const me = await api(browser.context, app.baseUrl, 'GET', '/api/user');
    expect(me.status).toBe(401);
    expect(await page.evaluate(() => [localStorage.getItem('selectedMerchant'), localStorage.getItem('currentMerchantId')])).toEqual([null, null]);
  });

  step('a wrong password shows the §8 error toast with the server message and stays on /auth', async () => {
    await account.get();
    await loggedOutOnAuth();
    await login(page, user.email, 'Sbagliata9');
    await expectToast(page, 'Login failed', { description: 'Email o password non validi', variant: 'destructive' });
    expect(pathOf(page)).toBe('/auth');
    expect((await api(browser.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
  });

  step('logging in with a single merchant selects it automatically and opens the dashboard', async () => {
    await merchant.get();
    await loggedOutOnAuth();
    await login(page, user.email, user.password);
    await expectToast(page, 'Accesso completato', { description: `Bentornato, ${user.firstName}!` });
    await page.waitForURL('**/dashboard');
    await page.getByTestId('welcome-card').getByText(`Benvenuto, ${user.firstName}`).waitFor();
    await eventually(async () => expect((await page.getByTestId('tile-to-ship-value').innerText()).trim()).toBe('0'));
    expect(await page.getByTestId('current-merchant').innerText()).toContain(merchantName);

    const me = await api(browser.context, app.baseUrl, 'GET', '/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
  });
});

describe('merchant selection opened on purpose', () => {
  step("with a single merchant, 'Cambia merchant' and the address bar open the list and 'Crea nuovo merchant' without choosing for the user", async () => {
    const nextFrame = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    const stillChoosing = async () => {
      await page.getByTestId('merchant-option').filter({ hasText: merchantName }).waitFor();
      await nextFrame();
      // No automatic selection: no overlay, still on the page.
      expect(await page.getByTestId('loading-overlay').count()).toBe(0);
      expect(pathOf(page)).toBe('/merchant-selection');
    };

    await enterMerchant(user, await merchant.get());
    await page.goto('/dashboard');
    await eventually(async () => expect(await page.getByTestId('current-merchant').innerText()).toContain(merchantName));

    await page.getByTestId('current-merchant').click();
    await page.waitForURL('**/merchant-selection');
    await stillChoosing();
    // The current merchant is marked, and a new one can be created.
    await page.getByTestId('merchant-option').filter({ hasText: 'Attuale' }).waitFor();
    await page.getByRole('button', { name: 'Crea nuovo merchant' }).click();
    await page.getByLabel('Nome del merchant').waitFor();
    await page.getByRole('button', { name: 'Annulla' }).click();
    await page.getByLabel('Nome del merchant').waitFor({ state: 'detached' });

    await page.goto('/merchant-selection');
    await stillChoosing();
    await page.getByRole('button', { name: 'Crea nuovo merchant' }).waitFor();

    // Choosing it is still one click away.
    await page.getByTestId('merchant-option').filter({ hasText: merchantName }).click();
    await page.getByTestId('loading-overlay').filter({ hasText: 'Caricamento in corso...' }).waitFor();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('current-merchant').innerText()).toContain(merchantName);
  });
});

describe('route guards', () => {
  step('a logged-out visit to a protected page goes to /auth and, after login, back to that page', async () => {
    // Logged in with the only merchant, then logged out through the API with the browser's
    // cookies, and the page opened in a fresh load.
    await signIn(browser.context, app.baseUrl, user, (await merchant.get()).id);
    expect((await api(browser.context, app.baseUrl, 'POST', '/api/logout', {})).status).toBe(200);
    await page.goto('/dashboard/settings/account');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();

    await login(page, user.email, user.password);
    await expectToast(page, 'Accesso completato', { description: `Bentornato, ${user.firstName}!` });
    // Login → merchant selection (single merchant, automatic) → the remembered page.
    await page.waitForURL('**/dashboard/settings/account');
    await page.getByRole('heading', { name: 'Profilo Utente' }).waitFor();
    await page.getByRole('button', { name: 'Salva modifiche' }).waitFor();
    expect(await page.getByTestId('breadcrumbs').innerText()).toContain('Impostazioni');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
  });

  step('an unknown path shows the not-found page', async () => {
    await page.goto(`/questa-pagina-non-esiste-${run}`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(pathOf(page)).toBe(`/questa-pagina-non-esiste-${run}`);
    await page.getByRole('link', { name: 'Torna alla home' }).waitFor();
  });
});
