/**
 * End to end, in headless chromium against the real stack (identity, merchants, gateway and the
 * built micro-frontends): registration → merchant creation and selection → dashboard → logout →
 * failed and successful login (spec §2, §4, §8), then the route guards (remembered page, 404).
 *
 * One app and one browser for the whole file; tests run in order and build on each other.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { repoRoot } from '../deploy/local/src/paths';
import { startApp, type TestApp } from './support/app';
import { launchBrowser, type BrowserSession } from './support/browser';

const TEST_TIMEOUT_MS = 90_000;
/** Playwright waits: well below the test timeout, so a stuck step fails with its own message (and a screenshot). */
const STEP_TIMEOUT_MS = 25_000;

// --- helpers (kept in each e2e file: the folder's support code belongs to e2e/support) -----------

const SCREENSHOT_DIR = path.join(repoRoot, '.tmp', 'e2e-screenshots');

/** The first failed step of this file: the steps after it build on it, so they fail at once instead of timing out. */
let brokenStep: string | null = null;

/**
 * A step of this file's scenario. On failure it saves a screenshot of every open page into
 * .tmp/e2e-screenshots/; after a failure the later steps fail immediately (unless `standalone`).
 */
function e2eTest(name: string, pages: () => Page[], body: () => Promise<void>, options: { standalone?: boolean } = {}): void {
  test(
    name,
    async () => {
      if (brokenStep !== null && !options.standalone) throw new Error(`Non eseguito: dipende dal passo fallito «${brokenStep}»`);
      try {
        await body();
      } catch (err) {
        brokenStep ??= name;
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const slug = `${path.basename(__filename, '.test.ts')}-${name}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
        const shots = await Promise.all(
          pages().map(async (p, i) => {
            const file = path.join(SCREENSHOT_DIR, `${slug}-${i}-${Date.now()}.png`);
            return p.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(() => `${path.relative(repoRoot, file)} (${p.url()})`, () => null);
          }),
        );
        const saved = shots.filter(Boolean);
        if (saved.length && err instanceof Error) err.message += `\nScreenshot: ${saved.join(', ')}`;
        if (app && err instanceof Error) err.message += `\nLog dei componenti: ${path.relative(repoRoot, app.logDir)}`;
        throw err;
      }
    },
    TEST_TIMEOUT_MS,
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

/** Retries an assertion until it holds (or rethrows its last failure after `timeoutMs`). */
async function eventually<T>(check: () => Promise<T> | T, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Waits for the toast with this title (and description), checks its variant and returns it.
 * Fails naming the toasts that did show.
 */
async function expectToast(page: Page, title: string, options: { description?: string; variant?: 'default' | 'destructive' } = {}): Promise<Locator> {
  let toast = page.getByTestId('toast').filter({ has: page.getByTestId('toast-title').filter({ hasText: exactly(title) }) });
  if (options.description !== undefined) {
    toast = toast.filter({ has: page.getByTestId('toast-description').filter({ hasText: exactly(options.description) }) });
  }
  try {
    await toast.waitFor();
  } catch (err) {
    const shown = await page.getByTestId('toast').allInnerTexts().catch(() => []);
    throw new Error(`Toast «${title}»${options.description ? ` / «${options.description}»` : ''} non visto; a schermo: ${JSON.stringify(shown)}\n${(err as Error).message}`);
  }
  expect(await toast.getAttribute('data-variant')).toBe(options.variant ?? 'default');
  return toast;
}

/** A backend call with the browser context's cookies. */
async function api(context: BrowserContext, baseUrl: string, method: 'GET' | 'POST' | 'PUT', urlPath: string, data?: unknown) {
  const res = await context.request.fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { Accept: 'application/json', ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    data: data === undefined ? undefined : JSON.stringify(data),
    failOnStatusCode: false,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status(), body };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

// --- the suite ----------------------------------------------------------------------------------

const run = crypto.randomBytes(4).toString('hex');
const user = {
  firstName: 'Mario',
  lastName: 'Rossi',
  email: `mario.rossi.${run}@example.it`,
  username: `mario_${run}`,
  password: 'Segreta1',
};
const merchantName = `Bottega Rossi ${run}`;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
const pages = () => (page ? [page] : []);

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser({ baseURL: app.baseUrl });
  page = browser.page;
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, 30_000);

async function login(email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

describe('registration, merchants, dashboard, logout and login', () => {
  e2eTest('registers through the form on /auth and lands on an empty merchant selection', pages, async () => {
    await page.goto('/auth');
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
    await page.getByRole('button', { name: 'Registrati' }).click();

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
  });

  e2eTest('creates a merchant, selects it and reaches the dashboard', pages, async () => {
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
    expect(merchants.body).toEqual([{ id: expect.any(String), name: merchantName, role: 'admin' }]);
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

  e2eTest('logs out from the user menu: /auth, toast, and the session is gone server-side', pages, async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logout completato', { description: 'Hai effettuato il logout con successo' });
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();

    const me = await api(browser.context, app.baseUrl, 'GET', '/api/user');
    expect(me.status).toBe(401);
    expect(await page.evaluate(() => [localStorage.getItem('selectedMerchant'), localStorage.getItem('currentMerchantId')])).toEqual([null, null]);
  });

  e2eTest('a wrong password shows the §8 error toast with the server message and stays on /auth', pages, async () => {
    await login(user.email, 'Sbagliata9');
    await expectToast(page, 'Login failed', { description: 'Email o password non validi', variant: 'destructive' });
    expect(pathOf(page)).toBe('/auth');
    expect((await api(browser.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
  });

  e2eTest('logging in with a single merchant selects it automatically and opens the dashboard', pages, async () => {
    await login(user.email, user.password);
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

describe('route guards', () => {
  e2eTest('a logged-out visit to a protected page goes to /auth and, after login, back to that page', pages, async () => {
    // Log out through the API with the browser's cookies, then open the page in a fresh load.
    expect((await api(browser.context, app.baseUrl, 'POST', '/api/logout', {})).status).toBe(200);
    await page.goto('/dashboard/settings/account');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();

    await login(user.email, user.password);
    await expectToast(page, 'Accesso completato', { description: `Bentornato, ${user.firstName}!` });
    // Login → merchant selection (single merchant, automatic) → the remembered page.
    await page.waitForURL('**/dashboard/settings/account');
    await page.getByRole('heading', { name: 'Profilo Utente' }).waitFor();
    await page.getByRole('button', { name: 'Salva modifiche' }).waitFor();
    expect(await page.getByTestId('breadcrumbs').innerText()).toContain('Impostazioni');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
  });

  e2eTest('an unknown path shows the not-found page', pages, async () => {
    await page.goto(`/questa-pagina-non-esiste-${run}`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(pathOf(page)).toBe(`/questa-pagina-non-esiste-${run}`);
    await page.getByRole('link', { name: 'Torna alla home' }).waitFor();
  }, { standalone: true });
});
