/**
 * End to end, in headless chromium against the real stack: the 'Profilo Utente' tab of the settings
 * remote (loaded by the shell through the runtime manifest /remotes.json), the remote's own routes
 * (default tab, an unknown tab replaced by the team's), profile changes, a username already taken,
 * the 'Cambia password' dialog (registration's rules with the live checklist, the server's refusal,
 * the other sessions ended) and the avatar checked by its bytes (spec §2 settings/profile, §5, §7, §8).
 *
 * One app and one browser for the whole file. Each step stands on its own: it logs the browser in
 * (with the password the user has by then) and opens the profile itself; the renamed profile and
 * the second session that the password change must end are `given`s, made through the API when
 * the step that makes them did not pass or run.
 */
import { request, type APIRequestContext, type Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, rawApi, registerWithMerchant, signIn } from './support/api';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant, portalScopeOf, settingsMenu } from './support/settings';
import { closeToasts, eventually, expectToast, pathOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const user = person('Giulia', 'Bianchi', run);
const renamed = { firstName: 'Giuliana', username: `giuliana_${run}` };
const other = person('Paolo', 'Verdi', run);
const newPassword = 'Nuova2pass';
const merchantName = `Negozio Bianchi ${run}`;
/** A real 1x1 PNG. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let app: TestApp;
let browser: BrowserSession;
let page: Page;
/** Every response the page received (to see the remote load through the manifest). */
const responses: { url: string; status: number }[] = [];
/** Every `PUT /api/user/password` the page sent (client-side refusals send none). */
let passwordRequests = 0;
/** The user's password now: the page's successful `PUT /api/user/password` changes it. */
let password = user.password;
let merchantId = '';

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  page.on('response', (r) => {
    responses.push({ url: r.url(), status: r.status() });
    if (r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/user/password' && r.status() === 200) {
      password = (r.request().postDataJSON() as { newPassword: string }).newPassword;
    }
  });
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/user/password') passwordRequests += 1;
  });

  // The user and a merchant through the API, with the browser context's cookies (the UI flows are in auth-and-merchants).
  await registerWithMerchant(browser.context, app.baseUrl, user, merchantName);
  const merchants = await api(browser.context, app.baseUrl, 'GET', '/api/merchants');
  expect(merchants.status).toBe(200);
  merchantId = merchants.body[0].id;
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  if (elsewhere.ready) await (await elsewhere.get()).dispose();
  await scenario.stop();
}, STOP_TIMEOUT_MS);

/**
 * Logs the browser in as the user with the merchant selected for the session and stored as the
 * shell keeps it after a choice (spec §3 localStorage keys; written on a same-origin page that runs
 * no app code, the favicon), then opens Profilo Utente and waits for the form to show the user
 * (with `expected` names when given).
 */
async function openProfile(expected?: { firstName: string; username: string }): Promise<void> {
  await signIn(browser.context, app.baseUrl, { email: user.email, password }, merchantId);
  await page.goto('/favicon.svg');
  await page.evaluate(({ id, name }) => {
    localStorage.setItem('selectedMerchant', JSON.stringify({ id, name }));
    localStorage.setItem('currentMerchantId', id);
  }, { id: merchantId, name: merchantName });
  await page.goto('/dashboard/settings/account');
  await page.getByTestId('profile-form').waitFor();
  // The form is filled from the user once loaded: typing before that would be overwritten.
  await eventually(async () =>
    expect(await formValues()).toEqual(
      expected
        ? { firstName: expected.firstName, lastName: user.lastName, email: user.email, username: expected.username }
        : expect.objectContaining({ lastName: user.lastName, email: user.email }),
    ),
  );
}

/** Nome and Username changed to `renamed` (the third step does it on the form). */
const renamedProfile = given('the profile renamed to Giuliana', async () => {
  const ctx = await request.newContext({ baseURL: app.baseUrl });
  try {
    const login = await api(ctx, app.baseUrl, 'POST', '/api/login', { email: user.email, password });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    const changed = await api(ctx, app.baseUrl, 'PUT', '/api/user/profile', { ...renamed, lastName: user.lastName, email: user.email });
    if (changed.status !== 200) throw new Error(`PUT /api/user/profile: ${changed.status} ${JSON.stringify(changed.body)}`);
    return true;
  } finally {
    await ctx.dispose();
  }
});

/** The same user logged in elsewhere (API only), before the password change: the change ends this session. */
const elsewhere = given('a second session of the user', async (): Promise<APIRequestContext> => {
  const ctx = await request.newContext({ baseURL: app.baseUrl });
  const login = await api(ctx, app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password });
  if (login.status !== 200) {
    await ctx.dispose();
    throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  }
  return ctx;
});

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
    await signIn(browser.context, app.baseUrl, { email: user.email, password });
    await enterOnlyMerchant(page, merchantName);
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

  step("the remote's routes: /dashboard/settings shows Gestione Team; an unknown tab is replaced by the team's path", async () => {
    await openProfile(user);
    const menu = settingsMenu(page);
    await menu.link('Gestione Team').click();
    await page.waitForURL('**/dashboard/settings/team');
    await menu.current('Gestione Team').waitFor();

    // The index: the default tab, at its own path.
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { name: 'Gestione Team', exact: true }).waitFor();
    await menu.current('Gestione Team').waitFor();
    expect(pathOf(page)).toBe('/dashboard/settings');

    // From Profilo Utente to a tab that does not exist: the team's path replaces it (no raw name anywhere).
    await menu.link('Profilo Utente').click();
    await page.waitForURL('**/dashboard/settings/account');
    await page.getByTestId('profile-form').waitFor();
    await page.goto('/dashboard/settings/sconosciuta');
    await page.waitForURL('**/dashboard/settings/team');
    await page.getByRole('heading', { name: 'Gestione Team', exact: true }).waitFor();
    await menu.current('Gestione Team').waitFor();
    expect(await page.getByTestId('breadcrumbs').innerText()).toMatch(/Dashboard[\s\S]*Impostazioni[\s\S]*Gestione Team/);
    expect(await page.getByTestId('breadcrumbs').innerText()).not.toContain('sconosciuta');
    // Replaced, not pushed: back goes to the page before it.
    await page.goBack();
    await page.waitForURL('**/dashboard/settings/account');
    await page.getByTestId('profile-form').waitFor();

    // Deeper paths too.
    await page.goto('/dashboard/settings/account/altro');
    await page.waitForURL('**/dashboard/settings/team');
    await page.getByRole('heading', { name: 'Gestione Team', exact: true }).waitFor();

    await menu.link('Profilo Utente').click();
    await page.waitForURL('**/dashboard/settings/account');
    await page.getByTestId('profile-form').waitFor();
    await eventually(async () => expect(await formValues()).toEqual({ firstName: user.firstName, lastName: user.lastName, email: user.email, username: user.username }));
  });

  step('changes Nome and Username: toast, the sidebar after a reload, and the API', async () => {
    await openProfile(user);
    await field('Nome').fill(renamed.firstName);
    await field('Username').fill(renamed.username);
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await expectToast(page, 'Profilo aggiornato', { description: 'Le tue informazioni sono state aggiornate con successo.' });
    renamedProfile.set(true);

    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    const footer = page.getByTestId('sidebar-user');
    await footer.getByText(renamed.firstName, { exact: true }).waitFor();
    expect(await footer.innerText()).toContain(user.email);
    await eventually(async () => expect(await formValues()).toEqual({ firstName: renamed.firstName, lastName: user.lastName, email: user.email, username: renamed.username }));

    expect(await currentUser()).toMatchObject({ firstName: renamed.firstName, lastName: user.lastName, email: user.email, username: renamed.username });
  });

  step('a username taken by another user: error toast, nothing changed', async () => {
    await renamedProfile.get();
    await openProfile(renamed);
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

  step("the Cambia password dialog applies registration's rules with the live checklist and shows the server's refusal", async () => {
    // The same user logged in elsewhere: the change ends that session.
    const other = await elsewhere.get();
    expect((await api(other, app.baseUrl, 'GET', '/api/user')).status).toBe(200);

    await openProfile();
    const sentBefore = passwordRequests;
    await closeToasts(page);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Cambia password' }).waitFor();
    // Portalled to <body>, it still carries the remote's style scope.
    expect(await portalScopeOf(dialog)).toBe('smista-settings');
    const checklist = dialog.getByTestId('password-checklist');
    const met = async () => Object.fromEntries(await checklist.locator('li').evaluateAll((items) => items.map((li) => [li.textContent?.trim(), li.getAttribute('data-met')])));
    const confirmError = dialog.locator('#password-confirm-error');
    const newError = dialog.locator('#password-new-error');
    const submit = dialog.getByRole('button', { name: 'Aggiorna password' });

    // The live checklist, as on registration.
    expect(await met()).toEqual({ 'Almeno 6 caratteri': 'false', 'Una lettera maiuscola': 'false', 'Un numero': 'false' });
    await dialog.getByLabel('Password attuale').fill(user.password);
    await dialog.getByLabel('Nuova password').fill('nuovapass');
    await eventually(async () => expect(await met()).toEqual({ 'Almeno 6 caratteri': 'true', 'Una lettera maiuscola': 'false', 'Un numero': 'false' }));
    // The match indicator, as on registration.
    await dialog.getByLabel('Conferma password').fill('nuovapas');
    await dialog.getByTestId('password-match').and(dialog.locator('[data-match="false"]')).waitFor();
    await dialog.getByLabel('Conferma password').fill('nuovapass');
    await dialog.getByTestId('password-match').and(dialog.locator('[data-match="true"]')).waitFor();

    // Client-side: no uppercase letter, then no digit (no request).
    await submit.click();
    await newError.filter({ hasText: 'La password deve contenere almeno una lettera maiuscola' }).waitFor();
    await dialog.getByLabel('Nuova password').fill('Nuovapass');
    await dialog.getByLabel('Conferma password').fill('Nuovapass');
    await eventually(async () => expect(await met()).toEqual({ 'Almeno 6 caratteri': 'true', 'Una lettera maiuscola': 'true', 'Un numero': 'false' }));
    await submit.click();
    await newError.filter({ hasText: 'La password deve contenere almeno un numero' }).waitFor();

    // Client-side: the confirmation must match (no request).
    await dialog.getByLabel('Nuova password').fill(newPassword);
    await dialog.getByLabel('Conferma password').fill(`${newPassword}x`);
    await eventually(async () => expect(await met()).toEqual({ 'Almeno 6 caratteri': 'true', 'Una lettera maiuscola': 'true', 'Un numero': 'true' }));
    await submit.click();
    await confirmError.filter({ hasText: 'Le password non corrispondono' }).waitFor();
    // Said once: the field's message replaces the indicator.
    expect(await dialog.getByText('Le password non corrispondono').count()).toBe(1);
    expect(await newError.count()).toBe(0);
    expect(passwordRequests - sentBefore).toBe(0);

    // Wrong current password: the server's own message, the dialog stays open, the password is unchanged.
    await dialog.getByLabel('Password attuale').fill('Sbagliata9');
    await dialog.getByLabel('Conferma password').fill(newPassword);
    await submit.click();
    await expectToast(page, 'Errore', { description: 'La password attuale non è corretta', variant: 'destructive' });
    expect(passwordRequests - sentBefore).toBe(1);
    // Closing the toast is not a click outside: the dialog stays open with what was typed.
    await closeToasts(page);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Nuova password').inputValue()).toBe(newPassword);
    expect((await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password })).status).toBe(200);
    expect((await api(other, app.baseUrl, 'GET', '/api/user')).status).toBe(200);
  });

  step('changes the password: success toast, only the new password logs in, the other session is ended and this one kept', async () => {
    await renamedProfile.get();
    const other = await elsewhere.get();
    await openProfile(renamed);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Cambia password' }).waitFor();
    await dialog.getByLabel('Password attuale').fill(user.password);
    await dialog.getByLabel('Nuova password').fill(newPassword);
    await dialog.getByLabel('Conferma password').fill(newPassword);
    await dialog.getByTestId('password-match').and(dialog.locator('[data-match="true"]')).waitFor();
    await dialog.getByRole('button', { name: 'Aggiorna password' }).click();
    await expectToast(page, 'Password aggiornata', {
      description: 'La tua password è stata modificata con successo. Per sicurezza, le sessioni aperte su altri dispositivi e browser sono state chiuse.',
    });
    await dialog.waitFor({ state: 'detached' });

    // Backend: only the new password works; this browser's session is still valid, the other one is not.
    const oldLogin = await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password });
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.body.message).toBe('Email o password non validi');
    const newLogin = await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: newPassword });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.username).toBe(renamed.username);
    expect((await currentUser()).username).toBe(renamed.username);
    expect((await api(other, app.baseUrl, 'GET', '/api/user')).status).toBe(401);

    // Reopened, the dialog is empty again, its checklist unmet.
    await page.getByRole('button', { name: 'Cambia password' }).click();
    expect(await page.getByRole('dialog').getByLabel('Password attuale').inputValue()).toBe('');
    expect(await page.getByRole('dialog').getByTestId('password-checklist').locator('[data-met="true"]').count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  step("the avatar is judged by its bytes: a text file named foto.png is refused, a PNG named foto.txt is saved", async () => {
    await openProfile();
    const input = page.locator('#avatar-upload');
    await closeToasts(page);

    await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from("Questo è un file di testo, non un'immagine.\n") });
    await expectToast(page, 'Formato non supportato', { description: 'Puoi caricare solo file immagine.', variant: 'destructive' });
    expect((await api(browser.context, app.baseUrl, 'GET', '/api/user')).body.avatar).toBeNull();
    // The server refuses it too, whatever type the data URL declares.
    const forged = await api(browser.context, app.baseUrl, 'PUT', '/api/user/avatar', {
      avatar: `data:image/png;base64,${Buffer.from("Questo è un file di testo, non un'immagine.\n").toString('base64')}`,
    });
    expect(forged).toEqual({ status: 400, body: expect.objectContaining({ message: 'Puoi caricare solo file immagine.' }) });

    await closeToasts(page);
    await input.setInputFiles({ name: 'foto.txt', mimeType: 'text/plain', buffer: PNG_1X1 });
    await expectToast(page, 'Avatar aggiornato', { description: 'La tua immagine del profilo è stata aggiornata.' });
    const avatar = (await api(browser.context, app.baseUrl, 'GET', '/api/user')).body.avatar;
    expect(avatar).toBe(`data:image/png;base64,${PNG_1X1.toString('base64')}`);
    await eventually(async () => expect(await page.getByTestId('profile-avatar').locator('img').getAttribute('src')).toBe(avatar));
  });
});
