import crypto from 'node:crypto';
import { CookieJar, KEYCLOAK_CLIENT_ID, KEYCLOAK_REALM, keycloakAdminToken, pkce, signInWithKeycloak as signInWithRealm, type OidcTokens } from '../../deploy/local/src/keycloak';

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
export { CookieJar, pkce, type OidcTokens };

/**
 * Signs a user in to the test realm by the code flow with PKCE as keycloak-js does and answers the
 * tokens (deploy/local's `signInWithKeycloak`, with the realm file's client and redirect by default).
 */
export function signInWithKeycloak(
  user: { username: string; password: string },
  options: { nonce: string; clientId?: string; redirectUri?: string; jar?: CookieJar },
): Promise<OidcTokens> {
  return signInWithRealm(realmIssuer(), user, { ...options, clientId: options.clientId ?? KEYCLOAK_CLIENT_ID, redirectUri: options.redirectUri ?? DEV_REDIRECT_URI });
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
