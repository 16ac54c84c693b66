/**
 * End to end, in headless chromium against the real stack: the 'Profilo Utente' tab of the settings
 * remote (loaded by the shell through the runtime manifest /remotes.json), profile changes, a
 * username already taken, and the 'Cambia password' dialog (spec §2 settings/profile, §5, §7, §8).
 *
 * One app and one browser for the whole file; tests run in order and build on each other.
 */
import type { Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, rawApi, registerWithMerchant } from './support/api';
import { createScenario, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { eventually, expectToast } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const user = person('Giulia', 'Bianchi', run);
const renamed = { firstName: 'Giuliana', username: `giuliana_${run}` };
const other = person('Paolo', 'Verdi', run);
const newPassword = 'Nuova2pass';

let app: TestApp;
let browser: BrowserSession;
let page: Page;
/** Every response the page received (to see the remote load through the manifest). */
const responses: { url: string; status: number }[] = [];

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  page.on('response', (r) => responses.push({ url: r.url(), status: r.status() }));

  // The user and a merchant through the API, with the browser context's cookies (the UI flows are in auth-and-merchants).
  await registerWithMerchant(browser.context, app.baseUrl, user, `Negozio Bianchi ${run}`);
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

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
  step('opens Profilo Utente from the user menu; the settings remote loads through /remotes.json', async () => {
    await page.goto('/merchant-selection');
    // A single merchant: selected automatically.
    await page.waitForURL('**/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profilo' }).click();
    await page.waitForURL('**/dashboard/settings/account');

    await page.getByRole('heading', { name: 'Profilo Utente' }).waitFor();
    await page.getByTestId('profile-form').waitFor();
    // The menu re-renders just after the URL changes: wait for the highlight.
    await page.getByRole('link', { name: 'Profilo Utente' }).and(page.locator('[aria-current="page"]')).waitFor();
    expect(await page.getByTestId('breadcrumbs').innerText()).toMatch(/Dashboard[\s\S]*Impostazioni[\s\S]*Profilo Utente/);
    await eventually(async () => expect(await formValues()).toEqual({ firstName: user.firstName, lastName: user.lastName, email: user.email, username: user.username }));

    const seen = (suffix: string) => responses.filter((r) => new URL(r.url).pathname === suffix);
    expect(seen('/remotes.json').map((r) => r.status)).toContain(200);
    expect(seen('/remotes/settings/mf-manifest.json').map((r) => r.status)).toContain(200);
    expect(seen('/remotes/settings/remoteEntry.js').map((r) => r.status)).toContain(200);
  });

  step('changes Nome and Username: toast, the sidebar after a reload, and the API', async () => {
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

  step('a username taken by another user: error toast, nothing changed', async () => {
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

  step('changes the password through the Cambia password dialog', async () => {
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
