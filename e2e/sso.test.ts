/**
 * 'Accedi con SSO' end to end (issue 24) in headless chromium against the real stack and the real
 * Keycloak: the test application registered its own client in the realm; keycloak-js in the shell
 * does the redirect with PKCE and nonce and the code exchange, the gateway and identity turn the
 * ID token into the Smista session. At 1280 and 390 px; screenshots in /tmp/shots.
 *
 * Each step stands on its own: its own user in the realm, Keycloak's cookies cleared first.
 */
import type { Page } from 'playwright-core';
import { activityMessages, messages, ssoProfileTexts, ssoRequirementTexts } from '@smista/contracts';
import { api, rawApi } from './support/api';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { createRealmUser, keycloakUrl, realmIssuer, type RealmUser } from './support/keycloak';
import { createScenario, newRunId, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant } from './support/settings';
import { inviteLinkFor, inviteTokenOf, team } from './support/team';
import { DESKTOP, eventually, expectNoSidewaysScroll, expectToast, login, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;
const SHOTS = '/tmp/shots';

let app: TestApp;
let browser: BrowserSession;

beforeAll(async () => {
  ({ app, browser } = await scenario.start());
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/sso-${name}.png`);

/**
 * /auth (or `from`, a page that leads there), 'Accedi con SSO', Keycloak's Italian login page filled
 * in as the user: back on Smista's /auth/sso. Keycloak's and Smista's cookies of the page's browser are cleared first.
 */
async function signInThroughKeycloak(page: Page, user: RealmUser, name: string, from = '/auth') {
  await page.context().clearCookies();
  await page.goto(from);
  const button = page.getByRole('button', { name: 'Accedi con SSO' });
  await button.waitFor();
  await shot(page, `${name}-auth`);
  await button.click();
  await page.waitForURL((url) => url.origin === new URL(keycloakUrl()).origin);
  await page.locator('#username').waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('it');
  await shot(page, `${name}-keycloak`);
  await page.locator('#username').fill(user.username);
  await page.locator('#password').fill(user.password);
  await page.locator('#kc-login').click();
  await page.waitForURL((url) => url.origin === new URL(app.baseUrl).origin);
}

/** No token of keycloak-js in the browser's storage: only its short-lived callback state (state, nonce, PKCE verifier). */
async function expectNoTokensStored(page: Page) {
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
  expect(stored).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
}

step("first sign-in with SSO creates the user and leads to merchant selection (1280 px), no token stored", async () => {
  const { page } = browser;
  await page.setViewportSize(DESKTOP);
  const user = await createRealmUser({ emailVerified: true, firstName: 'Chiara', lastName: 'Galli' });
  await signInThroughKeycloak(page, user, 'first-desktop');
  await page.waitForURL((url) => url.pathname === '/merchant-selection');
  const me = await page.evaluate(async () => (await fetch('/api/user')).json());
  expect(me).toMatchObject({ email: user.email, firstName: 'Chiara', username: user.username });
  await expectNoTokensStored(page);
  await shot(page, 'first-desktop-merchants');
});

step('an unverified e-mail is refused in Italian, saying what to do (390 px)', async () => {
  const { page } = browser;
  await page.setViewportSize(MOBILE);
  const user = await createRealmUser({ emailVerified: false });
  await signInThroughKeycloak(page, user, 'unverified-mobile');
  await page.waitForURL((url) => url.pathname === '/auth/sso');
  await eventually(async () => expect(await page.getByTestId('sso-error').textContent()).toBe(messages.errors.ssoEmailUnverified));
  expect((await page.evaluate(async () => (await fetch('/api/user')).status))).toBe(401);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await shot(page, 'unverified-mobile');
  await page.getByRole('link', { name: 'Torna al login' }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
});

step("an e-mail of a password account is linked with that account's password (390 px)", async () => {
  const { page } = browser;
  await page.setViewportSize(MOBILE);
  const user = await createRealmUser({ emailVerified: true });
  const password = 'Segreta1';
  const registered = await fetch(`${app.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ firstName: 'Paolo', lastName: 'Fontana', email: user.email, username: `pw_${user.username.replace(/\W/g, '_')}`, password, confirmPassword: password, terms: true }),
  });
  expect(registered.status).toBe(201);
  await signInThroughKeycloak(page, user, 'link-mobile');
  await page.getByTestId('sso-link-form').waitFor();
  expect(await page.getByTestId('sso-link-message').textContent()).toBe(messages.errors.ssoLinkPasswordRequired);
  await shot(page, 'link-mobile-form');
  await page.locator('#sso-link-password').fill('Sbagliata9');
  await page.getByRole('button', { name: 'Collega e accedi' }).click();
  await page.getByText(messages.errors.ssoLinkPasswordWrong).waitFor();
  await expectNoSidewaysScroll(page, MOBILE.width);
  await shot(page, 'link-mobile-wrong');
  await page.locator('#sso-link-password').fill(password);
  await page.getByRole('button', { name: 'Collega e accedi' }).click();
  await page.waitForURL((url) => url.pathname === '/merchant-selection');
  const me = await page.evaluate(async () => (await fetch('/api/user')).json());
  expect(me).toMatchObject({ email: user.email, firstName: 'Paolo' });
  await expectNoTokensStored(page);
});

step("'Sign out' after an SSO sign-in ends Keycloak's session too: the next 'Accedi con SSO' asks for the credentials again", async () => {
  const { page } = browser;
  await page.setViewportSize(DESKTOP);
  const user = await createRealmUser({ emailVerified: true });
  await signInThroughKeycloak(page, user, 'logout-desktop');
  await page.waitForURL((url) => url.pathname === '/merchant-selection');
  // RP-initiated logout: Keycloak's end-session endpoint with the ID token as hint and the registered address.
  const toKeycloak = page.waitForRequest((r) => r.url().startsWith(`${realmIssuer()}/protocol/openid-connect/logout`));
  await page.getByRole('button', { name: 'Sign out' }).click();
  const endSession = new URL((await toKeycloak).url());
  expect(endSession.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
  expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${app.baseUrl}/auth`);
  await page.waitForURL((url) => url.origin === new URL(app.baseUrl).origin && url.pathname === '/auth');
  await page.getByRole('button', { name: 'Accedi con SSO' }).waitFor();
  expect(await page.evaluate(async () => (await fetch('/api/user')).status)).toBe(401);
  // Keycloak's cookies are kept: only a session that really ended makes it ask again.
  await page.getByRole('button', { name: 'Accedi con SSO' }).click();
  await page.waitForURL((url) => url.origin === new URL(keycloakUrl()).origin);
  await page.locator('#username').waitFor();
  await shot(page, 'logout-desktop-asks-again');
});

/** Signs the page in with SSO as a new realm user (created with Smista on the way) who has a merchant of their own, entered. */
async function ssoAdminWithMerchant(page: Page, name: string) {
  const user = await createRealmUser({ emailVerified: true, firstName: 'Irene', lastName: 'Marchi' });
  await signInThroughKeycloak(page, user, name);
  await page.waitForURL((url) => url.pathname === '/merchant-selection');
  const merchantName = `Bottega SSO ${newRunId()}`;
  const created = await api(page.context(), app.baseUrl, 'POST', '/api/merchants', { name: merchantName });
  expect(created.status).toBe(201);
  await enterOnlyMerchant(page, merchantName);
  return { user, merchantName, merchantId: String(created.body.id) };
}

step("the profile of a user created by SSO says 'Accesso tramite SSO' and sets a password; then both ways sign in (1280 px)", async () => {
  const { page } = browser;
  await page.setViewportSize(DESKTOP);
  const { user } = await ssoAdminWithMerchant(page, 'profile-desktop');
  await page.goto('/dashboard/settings/account');
  const card = page.getByTestId('sso-account');
  await card.getByText(ssoProfileTexts.title, { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Cambia password' }).count()).toBe(0);
  await shot(page, 'profile-desktop-sso');
  // No password yet: none logs in, not even the provider's.
  expect((await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password })).status).toBe(401);

  await card.getByRole('button', { name: ssoProfileTexts.open }).click();
  const form = page.getByTestId('set-password-form');
  await page.locator('#set-password-new').fill('debole');
  await page.locator('#set-password-confirm').fill('debole');
  await form.getByRole('button', { name: ssoProfileTexts.submit }).click();
  await form.getByText(messages.validation.passwordUppercase).first().waitFor();
  await page.locator('#set-password-new').fill('Nuova-Pass1');
  await page.locator('#set-password-confirm').fill('Nuova-Pass1');
  await shot(page, 'profile-desktop-set-password');
  await form.getByRole('button', { name: ssoProfileTexts.submit }).click();
  await expectToast(page, ssoProfileTexts.done, { description: ssoProfileTexts.doneDescription });
  // The card gives way to 'Cambia password'; the password signs in, and so does SSO.
  await page.getByRole('button', { name: 'Cambia password' }).waitFor();
  expect(await card.count()).toBe(0);
  const login = await rawApi(app.baseUrl, 'POST', '/api/login', { email: user.email, password: 'Nuova-Pass1' });
  expect(login).toMatchObject({ status: 200, body: { email: user.email, hasPassword: true, signedInWithSso: false } });
  expect(await page.evaluate(async () => (await fetch('/api/user')).json())).toMatchObject({ hasPassword: true, signedInWithSso: true });
  await shot(page, 'profile-desktop-done');
});

step("an invite to an SSO user's e-mail is accepted after 'Accedi con SSO', which comes back to the invite; another SSO user cannot accept it (390 px)", async () => {
  const { page } = browser;
  await page.setViewportSize(MOBILE);
  // The merchant that invites: a password admin, through the API.
  const run = newRunId();
  const admin = { firstName: 'Marta', lastName: 'Serra', email: `marta.${run}@esempio.it`, username: `marta_${run}`, password: 'Segreta1', confirmPassword: 'Segreta1', terms: true };
  const adminBrowser = await scenario.openBrowser();
  expect((await api(adminBrowser.context, app.baseUrl, 'POST', '/api/register', admin)).status).toBe(201);
  const merchantName = `Negozio Invito ${run}`;
  const merchant = await api(adminBrowser.context, app.baseUrl, 'POST', '/api/merchants', { name: merchantName });
  expect((await api(adminBrowser.context, app.baseUrl, 'POST', '/api/merchants/set-current', { merchantId: merchant.body.id })).status).toBe(200);
  const invited = await createRealmUser({ emailVerified: true, firstName: 'Nadia', lastName: 'Villa' });
  const since = new Date(Date.now() - 1000);
  expect((await api(adminBrowser.context, app.baseUrl, 'POST', `/api/merchants/${merchant.body.id}/invites`, { email: invited.email, role: 'user' })).status).toBe(201);
  const { link } = await inviteLinkFor(app.baseUrl, invited.email, since);

  // Someone else signed in with SSO sees the e-mail mismatch, and the API refuses too.
  const stranger = await createRealmUser({ emailVerified: true });
  await signInThroughKeycloak(page, stranger, 'invite-mobile-stranger');
  await page.waitForURL((url) => url.pathname === '/merchant-selection');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.locator('[data-testid="invite-page"][data-state="email-mismatch"]').waitFor();
  expect((await api(page.context(), app.baseUrl, 'POST', `/api/invites/${encodeURIComponent(inviteTokenOf(link))}/accept`, {})).status).toBe(403);
  await shot(page, 'invite-mobile-mismatch');

  // The invited person: the link, /auth with the invite, 'Accedi con SSO' (a first sign-in), back to the invite.
  await signInThroughKeycloak(page, invited, 'invite-mobile', new URL(link).pathname + new URL(link).search);
  await page.waitForURL((url) => url.pathname === '/accept-existing-invite');
  expect(new URL(page.url()).searchParams.get('token')).toBe(inviteTokenOf(link));
  const card = page.locator('[data-testid="invite-page"][data-state="ready"]');
  await card.waitFor();
  expect(await textOf(card.getByTestId('invite-merchant'))).toBe(merchantName);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await shot(page, 'invite-mobile-ready');
  await card.getByTestId('invite-accept').click();
  await expectToast(page, 'Invito accettato', { description: `Ora fai parte di ${merchantName}.` });
  await page.waitForURL('**/dashboard');
  expect((await api(page.context(), app.baseUrl, 'GET', '/api/merchants')).body).toEqual([expect.objectContaining({ id: merchant.body.id, role: 'user' })]);
  // The invite cookie went with the sign-in: nothing of the invite in the browser's storage.
  expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }))).not.toContain(inviteTokenOf(link));
  await shot(page, 'invite-mobile-accepted');
});

step('a merchant that requires SSO: turned on from an SSO session, then refused to a password session and allowed to the SSO one (1280 and 390 px)', async () => {
  const { page } = browser;
  await page.setViewportSize(DESKTOP);
  const { user, merchantName, merchantId } = await ssoAdminWithMerchant(page, 'required-desktop');
  expect((await api(page.context(), app.baseUrl, 'POST', '/api/user/password', { newPassword: 'Nuova-Pass1' })).status).toBe(201);

  // The same admin with a password, in another browser: the switch is locked there, saying why.
  const other = await scenario.openBrowser();
  await other.page.setViewportSize(DESKTOP);
  await other.page.goto('/auth');
  await login(other.page, user.email, 'Nuova-Pass1');
  // Signed in before moving on: a navigation now would cut the login's answer and its cookie.
  await other.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await enterOnlyMerchant(other.page, merchantName);
  await other.page.goto('/dashboard/settings/team');
  await other.page.getByTestId('sso-required-locked').filter({ hasText: ssoRequirementTexts.needsSsoSession }).waitFor();
  expect(await other.page.getByRole('switch', { name: ssoRequirementTexts.label }).isDisabled()).toBe(true);
  await shot(other.page, 'required-desktop-locked');

  // The SSO session turns it on.
  await page.goto('/dashboard/settings/team');
  await team(page).tab.waitFor();
  const toggle = page.getByRole('switch', { name: ssoRequirementTexts.label });
  expect(await toggle.getAttribute('aria-checked')).toBe('false');
  await toggle.click();
  await expectToast(page, ssoRequirementTexts.turnedOn);
  await eventually(async () => expect(await toggle.getAttribute('aria-checked')).toBe('true'));
  await shot(page, 'required-desktop-on');

  // The password session: every merchant-scoped call refused, the selection says to use 'Accedi con SSO'.
  await eventually(async () => expect((await api(other.context, app.baseUrl, 'GET', '/api/merchant-addresses')).status).toBe(400));
  expect(await api(other.context, app.baseUrl, 'GET', `/api/merchants/${merchantId}/users`)).toMatchObject({ status: 403, body: { message: messages.errors.ssoRequiredByMerchant } });
  await other.page.setViewportSize(MOBILE);
  await other.page.goto('/merchant-selection');
  const option = other.page.getByTestId('merchant-option').filter({ hasText: merchantName });
  await option.getByTestId('merchant-sso-required').filter({ hasText: ssoRequirementTexts.selectionHint }).waitFor();
  expect(await option.isDisabled()).toBe(true);
  // It was this session's merchant: no longer shown as the current one.
  expect(await option.getByText('Attuale', { exact: true }).count()).toBe(0);
  expect(await api(other.context, app.baseUrl, 'POST', '/api/merchants/select', { merchantId })).toMatchObject({ status: 403, body: { message: messages.errors.ssoRequiredByMerchant } });
  await expectNoSidewaysScroll(other.page, MOBILE.width);
  await shot(other.page, 'required-mobile-refused');

  // The SSO session works on, and the change is a line of the merchant's activity.
  expect((await api(page.context(), app.baseUrl, 'GET', '/api/merchant-addresses')).status).toBe(200);
  await eventually(async () =>
    expect(((await api(page.context(), app.baseUrl, 'GET', '/api/activity')).body as { text: string }[]).map((a) => a.text)).toContain(activityMessages.ssoRequiredChanged(true)),
  );
  await page.setViewportSize(MOBILE);
  await page.goto('/merchant-selection');
  const allowed = page.getByTestId('merchant-option').filter({ hasText: merchantName });
  await allowed.waitFor();
  expect(await allowed.getByTestId('merchant-sso-required').count()).toBe(0);
  await allowed.click();
  await page.waitForURL('**/dashboard');
  await shot(page, 'required-mobile-allowed');
});
