/**
 * End to end, in headless chromium against the real stack and the mail catcher: the password reset
 * (spec §2 /request-password-reset and /reset-password, §4, §8). Browser A stays logged in while
 * browser B requests the reset, follows the link from the real e-mail and sets a new password;
 * afterwards only the new password works, A's session is gone and the link is spent.
 *
 * Each step stands on its own: A's session, the link from the e-mail and the reset itself are
 * `given`s, made through the API (and the mail catcher) when the step that makes them through the
 * screens did not pass or run; browser B is opened by whichever step needs it first.
 */
import { request } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, rawApi, signIn } from './support/api';
import { extractLinks, waitForMail } from './support/mail';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { eventually, expectToast, login } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const rawLogin = (baseUrl: string, email: string, password: string) => rawApi(baseUrl, 'POST', '/api/login', { email, password });

const run = newRunId();
const user = person('Lucia', 'Neri', run);
const newPassword = 'Rinnovata7';
const merchantName = `Negozio Neri ${run}`;

let app: TestApp;
/** A: the session that must not survive the reset. B: the one that resets the password. */
let a: BrowserSession;
let b: BrowserSession | undefined;

beforeAll(async () => {
  ({ app, browser: a } = await scenario.start());
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

/** Browser B, opened by the first step that needs it. */
async function browserB(): Promise<BrowserSession> {
  b ??= await scenario.openBrowser();
  return b;
}

/** The mail catcher's newest reset e-mail for the user since `since`, and its one link. */
async function resetMailSince(since: Date) {
  const mail = await waitForMail({ to: user.email, subjectIncludes: 'Reimposta', since, timeoutMs: 20_000 });
  const links = extractLinks(mail).filter((l) => l.includes('/reset-password?token='));
  return { mail, links };
}

/**
 * The user and their merchant (step 1 makes them through the API with A's cookies). Already
 * registered (a step 1 that failed after registering): the password still logs in.
 */
const account = given('the account of Lucia Neri with a merchant', async () => {
  const ctx = await request.newContext({ baseURL: app.baseUrl });
  try {
    const registered = await api(ctx, app.baseUrl, 'POST', '/api/register', user);
    if (registered.status !== 201) {
      const existing = await api(ctx, app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password });
      if (existing.status !== 200) throw new Error(`register ${user.email}: ${registered.status} ${JSON.stringify(registered.body)}`);
    }
    const merchants = await api(ctx, app.baseUrl, 'GET', '/api/merchants');
    let id = (merchants.body as { id: string; name: string }[]).find((m) => m.name === merchantName)?.id;
    if (!id) {
      const created = await api(ctx, app.baseUrl, 'POST', '/api/merchants', { name: merchantName });
      if (created.status !== 201) throw new Error(`create merchant: ${created.status} ${JSON.stringify(created.body)}`);
      id = created.body.id as string;
    }
    return { merchantId: id };
  } finally {
    await ctx.dispose();
  }
});

/** Browser A logged in (old password) on the dashboard: the session the reset must end. */
const sessionA = given("browser A's session on the dashboard", async () => {
  const { merchantId } = await account.get();
  await signIn(a.context, app.baseUrl, user, merchantId);
  await a.page.goto('/dashboard');
  await a.page.getByTestId('welcome-card').getByText(`Benvenuto, ${user.firstName}`).waitFor();
  return true;
});

/** The link of the reset e-mail (step 2 asks for it on /request-password-reset). */
const resetLink = given('the link of the reset e-mail', async () => {
  await account.get();
  const since = new Date(Date.now() - 1000);
  const asked = await rawApi(app.baseUrl, 'POST', '/api/request-password-reset', { email: user.email });
  if (asked.status !== 200) throw new Error(`request-password-reset: ${asked.status} ${JSON.stringify(asked.body)}`);
  const { links } = await resetMailSince(since);
  if (links.length === 0) throw new Error('reset e-mail without a /reset-password link');
  return links[0];
});

/**
 * The password reset to `newPassword` through the link (step 3 does it on the page), with A's
 * session opened before it.
 */
const reset = given('the password reset through the link', async () => {
  await sessionA.get();
  const link = await resetLink.get();
  // A step 3 that failed after the reset already spent the link.
  if ((await rawLogin(app.baseUrl, user.email, newPassword)).status === 200) return true;
  const token = new URL(link).searchParams.get('token');
  const done = await rawApi(app.baseUrl, 'POST', '/api/reset-password', { token, password: newPassword, confirmPassword: newPassword });
  if (done.status !== 200) throw new Error(`reset-password: ${done.status} ${JSON.stringify(done.body)}`);
  return true;
});

describe('password reset', () => {
  step('browser A: a logged-in session on the dashboard', async () => {
    const registered = await api(a.context, app.baseUrl, 'POST', '/api/register', user);
    expect(registered.status).toBe(201);
    const merchant = await api(a.context, app.baseUrl, 'POST', '/api/merchants', { name: merchantName });
    expect(merchant.status).toBe(201);
    account.set({ merchantId: merchant.body.id });
    // No merchant chosen yet: the guard sends A to merchant selection, which enters the only one.
    await a.page.goto('/dashboard');
    await a.page.getByTestId('welcome-card').getByText(`Benvenuto, ${user.firstName}`).waitFor();
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(200);
    sessionA.set(true);
  });

  step('browser B: requests the reset from the login page and gets the e-mail', async () => {
    await account.get();
    const { page } = await browserB();
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

    const { mail, links } = await resetMailSince(since);
    expect(mail.subject).toBe('Reimposta la tua password Smista');
    expect(mail.text).toContain(`Ciao ${user.firstName},`);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links).size).toBe(1);
    expect(links[0].startsWith(`${app.baseUrl}/reset-password?token=`)).toBe(true);
    resetLink.set(links[0]);
  });

  step('browser B: sets a new password through the link (checklist and confirmation)', async () => {
    // A's session opened before the reset (a later step checks it ends), B on the e-mail's link.
    await sessionA.get();
    const resetLinkUrl = await resetLink.get();
    const { page } = await browserB();
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
    reset.set(true);
    await page.getByRole('link', { name: 'Vai al login' }).click();
    await page.waitForURL('**/auth');

    await login(page, user.email, newPassword);
    await expectToast(page, 'Accesso completato', { description: `Bentornato, ${user.firstName}!` });
    await page.waitForURL('**/dashboard');
    await page.getByTestId('welcome-card').getByText(`Benvenuto, ${user.firstName}`).waitFor();
    expect((await api((await browserB()).context, app.baseUrl, 'GET', '/api/user')).body.email).toBe(user.email);
  });

  step('the old password no longer works', async () => {
    await reset.get();
    const old = await rawLogin(app.baseUrl, user.email, user.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Email o password non validi');
    expect((await rawLogin(app.baseUrl, user.email, newPassword)).status).toBe(200);
  });

  step("browser A's session is gone: a reload lands on /auth and GET /api/user is 401", async () => {
    await reset.get();
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
    // A loads the dashboard it had open again (as a reload does).
    await a.page.goto('/dashboard');
    await a.page.waitForURL('**/auth');
    await a.page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
  });

  step('the same reset link, opened again, shows Link non valido', async () => {
    await reset.get();
    const resetLinkUrl = await resetLink.get();
    const { page } = await browserB();
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
