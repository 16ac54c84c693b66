/**
 * End to end, in headless chromium against the real stack: the 'Profilo Utente' tab of the settings
 * remote (loaded by the shell through the runtime manifest /remotes.json), profile changes, a
 * username already taken, and the 'Cambia password' dialog (spec §2 settings/profile, §5, §7, §8).
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

/** A backend call without the browser (a second user, or checking credentials). */
async function rawApi(baseUrl: string, method: 'GET' | 'POST', urlPath: string, data?: unknown) {
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { Accept: 'application/json', ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

// --- the suite ----------------------------------------------------------------------------------

const run = crypto.randomBytes(4).toString('hex');
const user = {
  firstName: 'Giulia',
  lastName: 'Bianchi',
  email: `giulia.bianchi.${run}@example.it`,
  username: `giulia_${run}`,
  password: 'Segreta1',
};
const renamed = { firstName: 'Giuliana', username: `giuliana_${run}` };
const other = {
  firstName: 'Paolo',
  lastName: 'Verdi',
  email: `paolo.verdi.${run}@example.it`,
  username: `paolo_${run}`,
  password: 'Segreta1',
};
const newPassword = 'Nuova2pass';

let app: TestApp;
let browser: BrowserSession;
let page: Page;
const pages = () => (page ? [page] : []);
/** Every response the page received (to see the remote load through the manifest). */
const responses: { url: string; status: number }[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser({ baseURL: app.baseUrl });
  page = browser.page;
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  page.on('response', (r) => responses.push({ url: r.url(), status: r.status() }));

  // The user and a merchant through the API, with the browser context's cookies (the UI flows are in auth-and-merchants).
  const registered = await api(browser.context, app.baseUrl, 'POST', '/api/register', user);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const merchant = await api(browser.context, app.baseUrl, 'POST', '/api/merchants', { name: `Negozio Bianchi ${run}` });
  if (merchant.status !== 201) throw new Error(`create merchant: ${merchant.status} ${JSON.stringify(merchant.body)}`);
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, 30_000);

const field = (label: string) => page.getByTestId('profile-form').getByLabel(label, { exact: true });

async function formValues() {
  return {
    firstName: await field('Nome').inputValue(),
    lastName: await field('Cognome').inputValue(),
    email: await field('Email').inputValue(),
    username: await field('Username').inputValue(),
  };
}

async function currentUser() {
  const me = await api(browser.context, app.baseUrl, 'GET', '/api/user');
  expect(me.status).toBe(200);
  return me.body as { firstName: string; lastName: string; email: string; username: string };
}

describe('profile (settings remote)', () => {
  e2eTest('opens Profilo Utente from the user menu; the settings remote loads through /remotes.json', pages, async () => {
    await page.goto('/merchant-selection');
    // A single merchant: selected automatically.
    await page.waitForURL('**/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profilo' }).click();
    await page.waitForURL('**/dashboard/settings/account');

    await page.getByRole('heading', { name: 'Profilo Utente' }).waitFor();
    await page.getByTestId('profile-form').waitFor();
    expect(await page.getByRole('link', { name: 'Profilo Utente' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('breadcrumbs').innerText()).toMatch(/Dashboard[\s\S]*Impostazioni[\s\S]*Profilo Utente/);
    await eventually(async () => expect(await formValues()).toEqual({ firstName: user.firstName, lastName: user.lastName, email: user.email, username: user.username }));

    const seen = (suffix: string) => responses.filter((r) => new URL(r.url).pathname === suffix);
    expect(seen('/remotes.json').map((r) => r.status)).toContain(200);
    expect(seen('/remotes/settings/mf-manifest.json').map((r) => r.status)).toContain(200);
    expect(seen('/remotes/settings/remoteEntry.js').map((r) => r.status)).toContain(200);
  });

  e2eTest('changes Nome and Username: toast, the sidebar after a reload, and the API', pages, async () => {
    await field('Nome').fill(renamed.firstName);
    await field('Username').fill(renamed.username);
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await expectToast(page, 'Profilo aggiornato', { description: 'Le tue informazioni sono state aggiornate con successo.' });

    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    const footer = page.getByTestId('sidebar-user');
    await footer.getByText(renamed.firstName, { exact: true }).waitFor();
    expect(await footer.innerText()).toContain(user.email);
    await eventually(async () => expect(await formValues()).toEqual({ firstName: renamed.firstName, lastName: user.lastName, email: user.email, username: renamed.username }));

    expect(await currentUser()).toMatchObject({ firstName: renamed.firstName, lastName: user.lastName, email: user.email, username: renamed.username });
  });

  e2eTest('a username taken by another user: error toast, nothing changed', pages, async () => {
    const registered = await rawApi(app.baseUrl, 'POST', '/api/register', other);
    expect(registered.status).toBe(201);

    await field('Nome').fill('Giovanna');
    await field('Username').fill(other.username);
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await expectToast(page, 'Errore', { description: 'Questo username è già in uso', variant: 'destructive' });

    expect(await currentUser()).toMatchObject({ firstName: renamed.firstName, lastName: user.lastName, email: user.email, username: renamed.username });
    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    await eventually(async () => expect(await formValues()).toEqual({ firstName: renamed.firstName, lastName: user.lastName, email: user.email, username: renamed.username }));
    await page.getByTestId('sidebar-user').getByText(renamed.firstName, { exact: true }).waitFor();
    // The other user keeps its username.
    const otherLogin = await rawApi(app.baseUrl, 'POST', '/api/login', { email: other.email, password: other.password });
    expect(otherLogin.status).toBe(200);
    expect(otherLogin.body.username).toBe(other.username);
  });

  e2eTest('changes the password through the Cambia password dialog', pages, async () => {
    await page.getByRole('button', { name: 'Cambia password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Cambia password' }).waitFor();

    // Client-side: the confirmation must match (no request).
    await dialog.getByLabel('Password attuale').fill(user.password);
    await dialog.getByLabel('Nuova password').fill(newPassword);
    await dialog.getByLabel('Conferma password').fill(`${newPassword}x`);
    await dialog.getByRole('button', { name: 'Aggiorna password' }).click();
    await dialog.getByText('Le password non corrispondono').waitFor();

    // Wrong current password: the §8 error toast, the dialog stays open, the password is unchanged.
    await dialog.getByLabel('Password attuale').fill('Sbagliata9');
    await dialog.getByLabel('Conferma password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Aggiorna password' }).click();
    await expectToast(page, 'Errore', {
      description: 'Impossibile aggiornare la password. Verifica che la password attuale sia corretta.',
      variant: 'destructive',
    });
    expect(await dialog.isVisible()).toBe(true);
    expect((await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password })).status).toBe(200);

    // Correct current password: success toast, the dialog closes.
    await dialog.getByLabel('Password attuale').fill(user.password);
    await dialog.getByRole('button', { name: 'Aggiorna password' }).click();
    await expectToast(page, 'Password aggiornata', { description: 'La tua password è stata modificata con successo.' });
    await dialog.waitFor({ state: 'detached' });

    // Backend: only the new password works; this browser's session is still valid.
    const oldLogin = await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password });
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.body.message).toBe('Email o password non validi');
    const newLogin = await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: newPassword });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.username).toBe(renamed.username);
    expect((await currentUser()).username).toBe(renamed.username);

    // Reopened, the dialog is empty again.
    await page.getByRole('button', { name: 'Cambia password' }).click();
    expect(await page.getByRole('dialog').getByLabel('Password attuale').inputValue()).toBe('');
    await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});
