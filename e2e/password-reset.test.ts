/**
 * End to end, in headless chromium against the real stack and the mail catcher: the password reset
 * (spec §2 /request-password-reset and /reset-password, §4, §8). Browser A stays logged in while
 * browser B requests the reset, follows the link from the real e-mail and sets a new password;
 * afterwards only the new password works, A's session is gone and the link is spent.
 */
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, rawApi } from './support/api';
import { extractLinks, waitForMail } from './support/mail';
import { createScenario, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { eventually, expectToast, login } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const rawLogin = (baseUrl: string, email: string, password: string) => rawApi(baseUrl, 'POST', '/api/login', { email, password });

const run = newRunId();
const user = person('Lucia', 'Neri', run);
const newPassword = 'Rinnovata7';

let app: TestApp;
/** A: the session that must not survive the reset. B: the one that resets the password. */
let a: BrowserSession;
let b: BrowserSession | undefined;
let resetLinkUrl = '';

beforeAll(async () => {
  ({ app, browser: a } = await scenario.start());
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

describe('password reset', () => {
  step('browser A: a logged-in session on the dashboard', async () => {
    const registered = await api(a.context, app.baseUrl, 'POST', '/api/register', user);
    expect(registered.status).toBe(201);
    expect((await api(a.context, app.baseUrl, 'POST', '/api/merchants', { name: `Negozio Neri ${run}` })).status).toBe(201);
    // No merchant chosen yet: the guard sends A to merchant selection, which enters the only one.
    await a.page.goto('/dashboard');
    await a.page.getByTestId('welcome-card').getByText(`Benvenuto, ${user.firstName}`).waitFor();
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(200);
  });

  step('browser B: requests the reset from the login page and gets the e-mail', async () => {
    b = await scenario.openBrowser();
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

  step('browser B: sets a new password through the link (checklist and confirmation)', async () => {
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

  step('the old password no longer works', async () => {
    const old = await rawLogin(app.baseUrl, user.email, user.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Email o password non validi');
    expect((await rawLogin(app.baseUrl, user.email, newPassword)).status).toBe(200);
  });

  step("browser A's session is gone: a reload lands on /auth and GET /api/user is 401", async () => {
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
    await a.page.reload();
    await a.page.waitForURL('**/auth');
    await a.page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
    expect((await api(a.context, app.baseUrl, 'GET', '/api/user')).status).toBe(401);
  });

  step('the same reset link, opened again, shows Link non valido', async () => {
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
