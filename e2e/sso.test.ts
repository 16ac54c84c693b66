/**
 * 'Accedi con SSO' end to end (issue 24) in headless chromium against the real stack and the real
 * Keycloak: the test application registered its own client in the realm; keycloak-js in the shell
 * does the redirect with PKCE and nonce and the code exchange, the gateway and identity turn the
 * ID token into the Smista session. At 1280 and 390 px; screenshots in /tmp/shots.
 *
 * Each step stands on its own: its own user in the realm, Keycloak's cookies cleared first.
 */
import type { Page } from 'playwright-core';
import { messages } from '@smista/contracts';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { createRealmUser, keycloakUrl, realmIssuer, type RealmUser } from './support/keycloak';
import { createScenario, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, expectNoSidewaysScroll, MOBILE, screenshotWhole } from './support/ui';

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

/** /auth, 'Accedi con SSO', Keycloak's Italian login page filled in as the user: back on Smista's /auth/sso. */
async function signInThroughKeycloak(page: Page, user: RealmUser, name: string) {
  await browser.context.clearCookies();
  await page.goto('/auth');
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
