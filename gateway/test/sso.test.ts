/**
 * Single sign-on over HTTP (issue 24) against the real gateway, identity and Keycloak: the test
 * application registered its own client in the realm (its origin); the shell's part is played over
 * HTTP as keycloak-js plays it (nonce bound first, the code flow with PKCE, then the ID token handed
 * to the gateway). Every refusal is a 4xx in Italian with nothing written.
 */
import { Client } from 'pg';
import { messages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { waitFor } from '../../deploy/local/src/machine-load';
import { createRealmUser, keycloakAdmin, keycloakUrl, randomNonce, realmIssuer, signInWithKeycloak, type RealmUser } from '../../e2e/support/keycloak';
import { Browser, newUser } from './support/http';

const e = messages.errors;
let app: TestApp;
let clientId: string;

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false' } } });
  clientId = ((await new Browser(app.baseUrl).get('/api/public-config')).body as { sso: { clientId: string } }).sso.clientId;
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

/** Rows of identity's tables that a sign-in writes. */
async function writes(): Promise<number[]> {
  const db = new Client({ connectionString: app.databases.identity });
  await db.connect();
  try {
    const counts = [];
    for (const t of ['users', 'sessions', 'sso_links', 'sso_used_nonces']) counts.push(Number((await db.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n));
    return counts;
  } finally {
    await db.end();
  }
}

/** The shell's part before Keycloak: bind the nonce, then keycloak-js's code flow (this application's client and redirect URI). */
async function ssoBrowser(user: { username: string; password: string }) {
  const b = new Browser(app.baseUrl);
  const nonce = randomNonce();
  const bound = await b.post('/api/sso/nonce', { nonce });
  expect(bound.status).toBe(204);
  const tokens = await signInWithKeycloak(user, { nonce, clientId, redirectUri: `${app.baseUrl}/auth/sso` });
  return { b, idToken: tokens.id_token };
}

async function refusedWithoutWrites(call: () => Promise<{ status: number; body: unknown }>, status: number, message: string) {
  const before = await writes();
  const res = await call();
  expect(res).toMatchObject({ status, body: { message } });
  expect(await writes()).toEqual(before);
}

it("tells the shell the realm and this application's own client, and the CSP lets keycloak-js reach the realm and nothing else more", async () => {
  const res = await new Browser(app.baseUrl).get('/api/public-config');
  expect(res.body.sso).toEqual({ url: keycloakUrl(), realm: 'smista', clientId: expect.stringMatching(/^smista-shell-[0-9a-f]{10}$/) });
  const csp = res.headers.get('content-security-policy')!;
  expect(csp).toContain(`connect-src 'self' ${new URL(keycloakUrl()).origin};`);
  for (const directive of csp.split(';').filter((d) => !d.trim().startsWith('connect-src'))) expect(directive).not.toContain(new URL(keycloakUrl()).origin);
  expect(realmIssuer()).toBe(`${keycloakUrl()}/realms/smista`);
});

it('signs a new user in: the session cookie as after a password login, the nonce cookie dropped, the user answered like /api/login', async () => {
  const kc = await createRealmUser({ emailVerified: true, firstName: 'Elena', lastName: 'Russo' });
  const { b, idToken } = await ssoBrowser(kc);
  expect(b.ssoNonceCookie).toMatch(/^smista_sso_nonce=[0-9a-f]{64}$/);
  const res = await b.post('/api/sso/session', { idToken });
  expect(res).toMatchObject({ status: 200, body: { email: kc.email, firstName: 'Elena', username: kc.username } });
  const setCookies = res.headers.getSetCookie();
  expect(setCookies.find((c) => c.startsWith('smista_session='))).toMatch(/HttpOnly; SameSite=Lax/);
  expect(setCookies.find((c) => c.startsWith('smista_sso_nonce='))).toMatch(/^smista_sso_nonce=; Max-Age=0; Path=\/api\/sso;/);
  expect(b.ssoNonceCookie).toBeUndefined();
  expect((await b.get('/api/user')).body).toMatchObject({ email: kc.email });
}, 60_000);

it('binds the nonce in an httpOnly, SameSite=Strict cookie of /api/sso for 10 minutes, holding its hash and not the nonce', async () => {
  const b = new Browser(app.baseUrl);
  const nonce = randomNonce();
  const res = await b.post('/api/sso/nonce', { nonce });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('smista_sso_nonce='))!;
  expect(cookie).toMatch(/^smista_sso_nonce=[0-9a-f]{64}; Max-Age=600; Path=\/api\/sso; HttpOnly; SameSite=Strict$/);
  expect(cookie).not.toContain(nonce);
  for (const bad of [{ nonce: 'corto' }, { nonce: '<script>'.repeat(4) }, {}, { nonce, extra: 1 }]) {
    const refused = await b.post('/api/sso/nonce', bad);
    expect(refused.status).toBe(400);
    expect(typeof refused.body.message).toBe('string');
  }
});

describe('refusals: 4xx in Italian, nothing written', () => {
  let kc: RealmUser;
  beforeAll(async () => {
    kc = await createRealmUser({ emailVerified: true });
  });

  it('a replayed token with its nonce cookie, a token without the nonce cookie (another browser), a nonce bound to another sign-in', async () => {
    const { b, idToken } = await ssoBrowser(kc);
    const cookie = b.ssoNonceCookie;
    expect((await b.post('/api/sso/session', { idToken })).status).toBe(200);
    const replay = new Browser(app.baseUrl);
    replay.ssoNonceCookie = cookie;
    await refusedWithoutWrites(() => replay.post('/api/sso/session', { idToken }), 401, e.ssoNonceInvalid);

    const second = await ssoBrowser(kc);
    await refusedWithoutWrites(() => new Browser(app.baseUrl).post('/api/sso/session', { idToken: second.idToken }), 401, e.ssoNonceInvalid);
    const other = new Browser(app.baseUrl);
    await other.post('/api/sso/nonce', { nonce: randomNonce() });
    await refusedWithoutWrites(() => other.post('/api/sso/session', { idToken: second.idToken }), 401, e.ssoNonceInvalid);
  }, 60_000);

  it("a token that is not the realm's, an oversize token and body, unknown fields, another content type", async () => {
    const { b, idToken } = await ssoBrowser(kc);
    const [h, p] = idToken.split('.');
    await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken: `${h}.${p}.AAAA` }), 401, e.ssoTokenInvalid);
    await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken: 'x'.repeat(16_385) }), 400, e.ssoTokenInvalid);
    await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken: 'x'.repeat(40_000) }), 413, e.bodyTooLarge);
    await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken, admin: true }), 400, messages.validation.unknownFields('admin'));
    await refusedWithoutWrites(() => b.post('/api/sso/session', `idToken=${idToken}`, { 'content-type': 'application/x-www-form-urlencoded' }), 415, e.unsupportedContentType);
    // From another origin (CSRF): refused before anything.
    await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken }, { origin: 'https://evil.example' }), 403, e.crossOrigin);
    // The token itself was never used up.
    expect((await b.post('/api/sso/session', { idToken })).status).toBe(200);
  }, 60_000);

  it('an unverified e-mail, saying what to do', async () => {
    const unverified = await createRealmUser({ emailVerified: false });
    const { b, idToken } = await ssoBrowser(unverified);
    await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken }), 403, e.ssoEmailUnverified);
  }, 60_000);
});

it("links a password user's e-mail after their Smista password: 409 first, then the password", async () => {
  const kc = await createRealmUser({ emailVerified: true });
  const fields = newUser({ email: kc.email });
  const registered = await new Browser(app.baseUrl).post('/api/register', fields);
  expect(registered.status).toBe(201);
  const { b, idToken } = await ssoBrowser(kc);
  await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken }), 409, e.ssoLinkPasswordRequired);
  await refusedWithoutWrites(() => b.post('/api/sso/session', { idToken, password: 'Sbagliata9' }), 400, e.ssoLinkPasswordWrong);
  const linked = await b.post('/api/sso/session', { idToken, password: fields.password });
  expect(linked).toMatchObject({ status: 200, body: { email: kc.email, username: fields.username } });
}, 60_000);

describe("Keycloak's back-channel logout", () => {
  it('ends the Smista session when an administrator logs the user out in Keycloak', async () => {
    const kc = await createRealmUser({ emailVerified: true });
    const { b, idToken } = await ssoBrowser(kc);
    expect((await b.post('/api/sso/session', { idToken })).status).toBe(200);
    const password = new Browser(app.baseUrl);
    expect((await password.get('/api/user')).status).toBe(401);
    expect((await b.get('/api/user')).status).toBe(200);
    // Keycloak posts the logout token to this application's gateway (its client's back-channel URL).
    await keycloakAdmin('POST', `/users/${kc.id}/logout`);
    await waitFor('the Smista session to end', async () => (await b.get('/api/user')).status === 401, 10_000, 50);
  }, 60_000);

  it('ends it on every gateway replica within a second, though Keycloak tells only one', async () => {
    const second = await app.startReplica('gateway', 'gateway-b');
    const kc = await createRealmUser({ emailVerified: true });
    const { b, idToken } = await ssoBrowser(kc);
    expect((await b.post('/api/sso/session', { idToken })).status).toBe(200);
    // The same browser behind a balancer: its session looked up (and cached) by both replicas.
    const onSecond = () => fetch(`${second}/api/user`, { headers: { cookie: b.cookie! } });
    expect((await b.get('/api/user')).status).toBe(200);
    expect((await onSecond()).status).toBe(200);
    // Keycloak posts the logout token to the first replica (its client's back-channel URL) only.
    await keycloakAdmin('POST', `/users/${kc.id}/logout`);
    // A second of a quiet machine (waitFor scales it by the load): the invalidation reaches both.
    await waitFor('the session to end on both replicas', async () => (await b.get('/api/user')).status === 401 && (await onSecond()).status === 401, 1_000, 20);
  }, 90_000);

  it('refuses a logout token that is not the realm\'s, a missing one and a JSON body: 400 in Italian, nothing ended', async () => {
    const kc = await createRealmUser({ emailVerified: true });
    const { b, idToken } = await ssoBrowser(kc);
    expect((await b.post('/api/sso/session', { idToken })).status).toBe(200);
    const form = (body: string) => fetch(`${app.baseUrl}/api/sso/backchannel-logout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const cases: [string, number, string][] = [
      // An ID token is no logout token (typ ID, no logout event).
      [`logout_token=${idToken}`, 400, e.ssoLogoutTokenInvalid],
      ['logout_token=non-un-token', 400, e.ssoLogoutTokenInvalid],
      ['', 400, messages.validation.required],
      [`logout_token=${'x'.repeat(40_000)}`, 413, e.bodyTooLarge],
    ];
    for (const [body, status, message] of cases) {
      const res = await form(body);
      expect({ status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({ status, message });
    }
    const json = await new Browser(app.baseUrl).post('/api/sso/backchannel-logout', { logout_token: idToken });
    expect(json).toMatchObject({ status: 400, body: { message: e.ssoLogoutTokenInvalid } });
    expect((await b.get('/api/user')).status).toBe(200);
  }, 60_000);
});
