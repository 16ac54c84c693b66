import crypto from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { CookieJar, KEYCLOAK_CLIENT_ID, KEYCLOAK_REALM, KEYCLOAK_SAMPLE_USERS, loginFormAction, pkce, realmRepresentation } from './keycloak';

/*
 * The shared test Keycloak that jest's globalSetup started (the real server, deploy/install.sh's
 * build): the realm `smista` as deploy/keycloak/smista-realm.json says, and the authorization-code
 * flow with PKCE that keycloak-js runs, driven here over HTTP as a browser would (its cookies, the
 * login form), ending with an ID token verified against the realm's keys.
 */

const keycloakUrl = process.env.TEST_KEYCLOAK_URL!;
const realmUrl = `${keycloakUrl}/realms/${KEYCLOAK_REALM}`;
/** The realm file's client sends the browser back to `make dev`'s shell (nothing listens there in a test: the Location is read). */
const redirectUri = 'http://127.0.0.1:8080/auth/sso';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  code_challenge_methods_supported: string[];
  backchannel_logout_supported: boolean;
  backchannel_logout_session_supported: boolean;
}
const discovery = async (): Promise<Discovery> => (await (await fetch(`${realmUrl}/.well-known/openid-configuration`)).json()) as Discovery;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Opens the authorization endpoint as keycloak-js does; answers the response (a login page, or a redirect with an error). */
async function authorize(jar: CookieJar, params: Record<string, string>): Promise<Response> {
  const { authorization_endpoint } = await discovery();
  const url = `${authorization_endpoint}?${new URLSearchParams(params)}`;
  const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(), 'accept-language': 'it-IT,it;q=0.9' } });
  jar.take(res);
  return res;
}

/** The whole sign-in as a user: login page, credentials, the redirect with the code, the code exchanged with the verifier. */
async function signIn(user: (typeof KEYCLOAK_SAMPLE_USERS)[number], nonce: string) {
  const jar = new CookieJar();
  const { verifier, challenge } = pkce();
  const state = base64url(crypto.randomBytes(16));
  const page = await authorize(jar, { client_id: KEYCLOAK_CLIENT_ID, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', state, nonce, code_challenge: challenge, code_challenge_method: 'S256' });
  expect(page.status).toBe(200);
  const posted = await fetch(loginFormAction(await page.text()), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({ username: user.username, password: user.password }),
  });
  expect(posted.status).toBe(302);
  const back = new URL(posted.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code')!;
  const { token_endpoint } = await discovery();
  /** The code for tokens, as keycloak-js sends it (a public client: no secret, the verifier instead). */
  const exchange = (codeVerifier: string) =>
    fetch(token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: KEYCLOAK_CLIENT_ID, code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
    });
  return { verifier, exchange };
}

it("serves the realm 'smista' as the file says: issuer, PKCE S256, back-channel logout with the session", async () => {
  const d = await discovery();
  expect(d.issuer).toBe(realmUrl);
  expect(d.code_challenge_methods_supported).toContain('S256');
  expect(d).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
  // The client as imported: public, code flow only, PKCE required, exact redirect URI and web origin, logout to the gateway.
  const client = (realmRepresentation({ shell: 'http://127.0.0.1:8080', gateway: 'http://127.0.0.1:8080' }).clients as Record<string, unknown>[])[0]!;
  expect(client).toMatchObject({
    clientId: KEYCLOAK_CLIENT_ID,
    publicClient: true,
    standardFlowEnabled: true,
    implicitFlowEnabled: false,
    directAccessGrantsEnabled: false,
    redirectUris: [redirectUri],
    webOrigins: ['http://127.0.0.1:8080'],
    attributes: expect.objectContaining({ 'pkce.code.challenge.method': 'S256', 'backchannel.logout.url': 'http://127.0.0.1:8080/api/sso/backchannel-logout', 'backchannel.logout.session.required': 'true' }),
  });
});

it('shows its login page in Italian; refuses a redirect URI it does not know exactly, and a request without PKCE', async () => {
  const page = await authorize(new CookieJar(), { client_id: KEYCLOAK_CLIENT_ID, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', code_challenge: pkce().challenge, code_challenge_method: 'S256' });
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('lang="it"');
  expect(html).toMatch(/Accedi/);

  const foreign = await authorize(new CookieJar(), { client_id: KEYCLOAK_CLIENT_ID, redirect_uri: 'http://127.0.0.1:8080/auth/sso/altro', response_type: 'code', scope: 'openid', code_challenge: pkce().challenge, code_challenge_method: 'S256' });
  expect(foreign.status).toBe(400);
  expect(foreign.headers.get('location')).toBeNull();

  const withoutPkce = await authorize(new CookieJar(), { client_id: KEYCLOAK_CLIENT_ID, redirect_uri: redirectUri, response_type: 'code', scope: 'openid' });
  expect(withoutPkce.status).toBe(302);
  const error = new URL(withoutPkce.headers.get('location')!);
  expect(error.searchParams.get('error')).toBe('invalid_request');
  expect(error.searchParams.get('error_description')).toMatch(/code_challenge_method/);
});

it("signs a user in by the code flow with PKCE: the ID token is signed by the realm's keys, for the shell, with the nonce and the e-mail's verification", async () => {
  const { jwks_uri } = await discovery();
  const keys = createRemoteJWKSet(new URL(jwks_uri));
  for (const user of KEYCLOAK_SAMPLE_USERS) {
    const nonce = base64url(crypto.randomBytes(16));
    // A code is bound to its verifier: another one is refused.
    const stolen = await signIn(user, nonce);
    const wrong = await stolen.exchange(pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_grant');
    const own = await signIn(user, nonce);
    const answered = await own.exchange(own.verifier);
    expect(answered.status).toBe(200);
    const tokens = (await answered.json()) as { id_token: string; access_token: string; refresh_token: string };
    const { payload } = await jwtVerify(tokens.id_token, keys, { issuer: realmUrl, audience: KEYCLOAK_CLIENT_ID });
    expect(payload).toMatchObject({ azp: KEYCLOAK_CLIENT_ID, nonce, email: user.email, email_verified: user.emailVerified, preferred_username: user.username });
    expect(typeof payload.sub).toBe('string');
    expect(typeof payload.sid).toBe('string');
  }
});

it('refuses the password grant: the shell may only use the code flow', async () => {
  const { token_endpoint } = await discovery();
  const [user] = KEYCLOAK_SAMPLE_USERS;
  const res = await fetch(token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: KEYCLOAK_CLIENT_ID, username: user.username, password: user.password, scope: 'openid' }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toBe('unauthorized_client');
});
