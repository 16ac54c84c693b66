import crypto from 'node:crypto';
import { CookieJar, KEYCLOAK_CLIENT_ID, KEYCLOAK_REALM, keycloakAdminToken, pkce } from '../../deploy/local/src/keycloak';

/*
 * The shared test Keycloak (jest's globalSetup, TEST_KEYCLOAK_URL) driven over HTTP as a browser
 * and keycloak-js drive it: the authorization-code flow with PKCE S256 and a nonce, ending with the
 * tokens. And the admin API, for users and clients of a test's own.
 */

export const keycloakUrl = (): string => {
  const url = process.env.TEST_KEYCLOAK_URL;
  if (!url) throw new Error('TEST_KEYCLOAK_URL non impostato: la globalSetup di jest avvia Keycloak');
  return url;
};
export const realmIssuer = (): string => `${keycloakUrl()}/realms/${KEYCLOAK_REALM}`;
/** The realm file's redirect URI (make dev's shell): nothing listens there in a test, the Location is read. */
export const DEV_REDIRECT_URI = 'http://127.0.0.1:8080/auth/sso';

const base64url = (bytes: Buffer) => bytes.toString('base64url');
export const randomNonce = (): string => base64url(crypto.randomBytes(24));
export { CookieJar, pkce };

export interface OidcTokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
}

/**
 * Signs a user in by the code flow with PKCE as keycloak-js does and answers the tokens: the login
 * page, the credentials, the redirect with the code, the code exchanged with the verifier.
 */
export async function signInWithKeycloak(
  user: { username: string; password: string },
  options: { nonce: string; clientId?: string; redirectUri?: string; jar?: CookieJar },
): Promise<OidcTokens> {
  const realm = `${realmIssuer()}/protocol/openid-connect`;
  const clientId = options.clientId ?? KEYCLOAK_CLIENT_ID;
  const redirectUri = options.redirectUri ?? DEV_REDIRECT_URI;
  const jar = options.jar ?? new CookieJar();
  const { verifier, challenge } = pkce();
  const state = base64url(crypto.randomBytes(16));
  const params = { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', state, nonce: options.nonce, code_challenge: challenge, code_challenge_method: 'S256' };
  const page = await fetch(`${realm}/auth?${new URLSearchParams(params)}`, { redirect: 'manual', headers: { cookie: jar.header(), 'accept-language': 'it-IT,it;q=0.9' } });
  jar.take(page);
  let back: URL;
  if (page.status === 302) {
    // Keycloak already knows this browser (its SSO cookie): straight back with a code.
    back = new URL(page.headers.get('location')!);
  } else {
    const html = await page.text();
    const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`nessun modulo di accesso nella pagina di Keycloak (${page.status}):\n${html.slice(0, 300)}`);
    const posted = await fetch(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: new URLSearchParams({ username: user.username, password: user.password }),
    });
    jar.take(posted);
    if (posted.status !== 302) throw new Error(`Keycloak non ha accettato le credenziali di ${user.username} (${posted.status})`);
    back = new URL(posted.headers.get('location')!);
  }
  const code = back.searchParams.get('code');
  if (!code || back.searchParams.get('state') !== state) throw new Error(`ritorno da Keycloak inatteso: ${back}`);
  const res = await fetch(`${realm}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  if (!res.ok) throw new Error(`scambio del codice rifiutato (${res.status} ${await res.text()})`);
  return (await res.json()) as OidcTokens;
}

/** One call of the realm's admin API (`path` after `/admin/realms/smista`). */
export async function keycloakAdmin(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${keycloakUrl()}/admin/realms/${KEYCLOAK_REALM}${path}`, {
    method,
    headers: { authorization: `Bearer ${await keycloakAdminToken(keycloakUrl())}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Keycloak admin ${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

export interface RealmUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

/** A user of the realm of this test's own (a unique username and e-mail unless given). */
export async function createRealmUser(fields: { emailVerified: boolean; email?: string; username?: string; firstName?: string; lastName?: string }): Promise<RealmUser> {
  const tag = crypto.randomUUID().slice(0, 8);
  const username = fields.username ?? `sso.${tag}`;
  const email = fields.email ?? `${username}@sso.esempio.it`;
  const password = 'Smista-SSO-1';
  const res = await keycloakAdmin('POST', '/users', {
    username,
    email,
    emailVerified: fields.emailVerified,
    firstName: fields.firstName ?? 'Sara',
    lastName: fields.lastName ?? 'Conti',
    enabled: true,
    credentials: [{ type: 'password', value: password, temporary: false }],
  });
  const id = res.headers.get('location')!.split('/').pop()!;
  return { id, username, email, password };
}
