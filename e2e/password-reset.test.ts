/**
 * End to end, in headless chromium against the real stack and the mail catcher: the password reset
 * (spec §2 /request-password-reset and /reset-password, §4, §8). Browser A stays logged in while
 * browser B requests the reset, follows the link from the real e-mail and sets a new password;
 * afterwards only the new password works, A's session is gone and the link is spent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { repoRoot } from '../deploy/local/src/paths';
import { startApp, type TestApp } from './support/app';
import { launchBrowser, type BrowserSession } from './support/browser';
import { extractLinks, waitForMail } from './support/mail';

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

async function rawLogin(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

// --- the suite ----------------------------------------------------------------------------------

const run = crypto.randomBytes(4).toString('hex');
const user = {
  firstName: 'Lucia',
  lastName: 'Neri',
  email: `lucia.neri.${run}@example.it`,
  username: `lucia_${run}`,
  password: 'Segreta1',
};
const newPassword = 'Rinnovata7';

let app: TestApp;
/** A: the session that must not survive the reset. B: the one that resets the password. */
let a: BrowserSession;
let b: BrowserSession | undefined;
const pages = () => [a?.page, b?.page].filter((p): p is Page => Boolean(p));
let resetLinkUrl = '';

function setTimeouts(page: Page) {
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
}

beforeAll(async () => {
  app = await startApp();
  a = await launchBrowser({ baseURL: app.baseUrl });
  setTimeouts(a.page);
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await app?.stop();
}, 30_000);

describe('password reset', () => {
  e2eTest('browser A: a logged-in session on the dashboard', pages, async () => {
    const registered = await api(a.context, app.baseUrl, 'POST', '/api/register', user);
    expect(registered.status).toBe(201);
    expect((await api(a.context, app.baseUrl, 'POST', '/api/merchants', { name: `Negozio Neri ${run}` })).status).toBe(201);
    await a.page.goto('/merchant-selection');
    await a.page.waitForURL('**/dashboard');
    await a.page.getByTestId('welcome-card').getByText(`Benvenuto, ${user.firstName}`).waitFor();
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(200);
  });

  e2eTest('browser B: requests the reset from the login page and gets the e-mail', pages, async () => {
    b = await launchBrowser({ baseURL: app.baseUrl });
    setTimeouts(b.page);
    const page = b.page;
    const since = new Date(Date.now() - 1000);

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.waitForURL('**/request-password-reset');
    await page.getByRole('heading', { name: 'Recupera password' }).waitFor();

    // Client-side validation first (§5), then the real request.
    await page.getByLabel('Email', { exact: true }).fill('non-una-email');
    await page.getByRole('button', { name: 'Invia link di reset' }).click();
    await page.getByText('Inserisci un indirizzo email valido').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Invia link di reset' }).click();

    const sent = page.getByTestId('reset-request-sent');
    await sent.waitFor();
    expect((await sent.innerText()).trim()).toBe(
      "Se l'indirizzo è associato a un account, riceverai un'email con le istruzioni per reimpostare la password.",
    );
    await page.getByText('Se non la trovi, controlla anche la cartella spam.').waitFor();
    await page.getByRole('button', { name: 'Prova con un altro indirizzo' }).waitFor();

    const mail = await waitForMail({ to: user.email, subjectIncludes: 'Reimposta', since, timeoutMs: 20_000 });
    expect(mail.subject).toBe('Reimposta la tua password Smista');
    expect(mail.text).toContain(`Ciao ${user.firstName},`);
    const links = extractLinks(mail).filter((l) => l.includes('/reset-password?token='));
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links).size).toBe(1);
    resetLinkUrl = links[0];
    expect(resetLinkUrl.startsWith(`${app.baseUrl}/reset-password?token=`)).toBe(true);
  });

  e2eTest('browser B: sets a new password through the link (checklist and confirmation)', pages, async () => {
    expect(resetLinkUrl).not.toBe('');
    const page = b!.page;
    await page.goto(resetLinkUrl);
    await page.getByRole('heading', { name: 'Reimposta la password' }).waitFor();

    const password = page.getByLabel('Nuova password');
    const checklist = page.getByTestId('password-checklist').locator('li');
    const met = async () => checklist.evaluateAll((items) => items.map((li) => li.getAttribute('data-met')));
    await password.fill('rinnov');
    await eventually(async () => expect(await met()).toEqual(['true', 'false', 'false']));
    await password.fill('rinnov7');
    await eventually(async () => expect(await met()).toEqual(['true', 'false', 'true']));
    await password.fill(newPassword);
    await eventually(async () => expect(await met()).toEqual(['true', 'true', 'true']));

    const confirm = page.getByLabel('Conferma password');
    const match = page.getByTestId('password-match');
    await confirm.fill('Rinnovata8');
    await match.filter({ hasText: 'Le password non corrispondono' }).waitFor();
    expect(await match.getAttribute('data-match')).toBe('false');
    await confirm.fill(newPassword);
    await match.filter({ hasText: 'Le password corrispondono' }).waitFor();
    expect(await match.getAttribute('data-match')).toBe('true');

    await page.getByRole('button', { name: 'Reimposta password' }).click();
    await page.getByRole('heading', { name: 'Password reimpostata' }).waitFor();
    await page.getByTestId('reset-success').waitFor();
    await page.getByRole('link', { name: 'Vai al login' }).click();
    await page.waitForURL('**/auth');

    await login(page, user.email, newPassword);
    await expectToast(page, 'Accesso completato', { description: `Bentornato, ${user.firstName}!` });
    await page.waitForURL('**/dashboard');
    await page.getByTestId('welcome-card').getByText(`Benvenuto, ${user.firstName}`).waitFor();
    expect((await api(b!.context, app.baseUrl, 'GET', '/api/user')).body.email).toBe(user.email);
  });

  e2eTest('the old password no longer works', pages, async () => {
    const old = await rawLogin(app.baseUrl, user.email, user.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Email o password non validi');
    expect((await rawLogin(app.baseUrl, user.email, newPassword)).status).toBe(200);
  });

  e2eTest("browser A's session is gone: a reload lands on /auth and GET /api/user is 401", pages, async () => {
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
    await a.page.reload();
    await a.page.waitForURL('**/auth');
    await a.page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
  });

  e2eTest('the same reset link, opened again, shows Link non valido', pages, async () => {
    const page = b!.page;
    await page.goto(resetLinkUrl);
    await page.getByRole('heading', { name: 'Link non valido' }).waitFor();
    expect(await page.getByTestId('reset-form').count()).toBe(0);
    await page.getByRole('link', { name: 'Richiedi un nuovo link' }).click();
    await page.waitForURL('**/request-password-reset');
    // Nor can it be used through the API.
    const token = new URL(resetLinkUrl).searchParams.get('token')!;
    const res = await fetch(`${app.baseUrl}/api/verify-reset-token/${encodeURIComponent(token)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Link non valido');
  });
});
