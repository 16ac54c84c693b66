import type Keycloak from 'keycloak-js';
import type { SsoSignedInJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';
import type { PublicConfig } from './public-config';

/** The realm and client `/api/public-config` names when SSO is on. */
export type SsoConfig = NonNullable<PublicConfig['sso']>;

/** Where Keycloak sends the browser back (the client's one registered redirect URI). */
export const SSO_CALLBACK_PATH = '/auth/sso';

/**
 * keycloak-js as the shell uses it: the code flow with PKCE S256 and a nonce (its defaults, made
 * explicit), the answer in the fragment, and no session iframe (the CSP lets it reach the realm's
 * token endpoint and nothing more). Its tokens stay in this object, in memory only.
 */
async function createKeycloak(sso: SsoConfig): Promise<Keycloak> {
  const { default: KeycloakClient } = await import(/* webpackChunkName: "keycloak" */ 'keycloak-js');
  const keycloak = new KeycloakClient({ url: sso.url, realm: sso.realm, clientId: sso.clientId });
  await keycloak.init({ pkceMethod: 'S256', flow: 'standard', responseMode: 'fragment', checkLoginIframe: false, useNonce: true });
  return keycloak;
}

const redirectUri = () => `${window.location.origin}${SSO_CALLBACK_PATH}`;

/**
 * 'Accedi con SSO': binds the login URL's nonce to this browser at the gateway (an httpOnly
 * cookie with its hash), then sends the browser to Keycloak's login page.
 */
export async function startSsoLogin(sso: SsoConfig, returnTo?: string): Promise<void> {
  const keycloak = await createKeycloak(sso);
  const loginUrl = await keycloak.createLoginUrl({ redirectUri: redirectUri() });
  const nonce = new URL(loginUrl).searchParams.get('nonce');
  // `returnTo` (an invite page) rides in the gateway's httpOnly cookie, never in this page's storage.
  await apiFetch('/api/sso/nonce', { method: 'POST', body: returnTo ? { nonce, returnTo } : { nonce } });
  window.location.assign(loginUrl);
}

let finishing: { href: string; idToken: Promise<string> } | undefined;
/** The keycloak-js of this page's SSO sign-in, with its ID token in memory: 'Logout' ends Keycloak's session with it. */
let signedIn: Keycloak | undefined;

/**
 * On /auth/sso: keycloak-js reads the code from the fragment and exchanges it (with the PKCE
 * verifier, checking the nonce); the ID token it got, for `POST /api/sso/session`. Once per
 * address: React may mount the page twice, and a code works once.
 */
export function finishSsoLogin(sso: SsoConfig): Promise<string> {
  if (finishing?.href !== window.location.href) {
    const href = window.location.href;
    const idToken = createKeycloak(sso).then((keycloak) => {
      if (!keycloak.authenticated || !keycloak.idToken) throw new Error('sso-not-authenticated');
      signedIn = keycloak;
      return keycloak.idToken;
    });
    finishing = { href, idToken };
  }
  return finishing.idToken;
}

/**
 * `POST /api/sso/session`: the session cookie as after a password login; the password links an
 * existing account once. `returnTo`: the invite page the sign-in was started from, if any.
 */
export function createSsoSession(idToken: string, password?: string): Promise<SsoSignedInJson> {
  return apiFetch<SsoSignedInJson>('/api/sso/session', { method: 'POST', body: password === undefined ? { idToken } : { idToken, password } });
}

/**
 * After Smista's logout: when this page signed in with SSO, ends Keycloak's session too
 * (RP-initiated logout with the ID token as hint), and Keycloak sends the browser back to /auth.
 * False when there is nothing to end (a password login, or the page was reloaded since: the token
 * lived in memory only).
 */
export function endKeycloakSession(): boolean {
  const keycloak = signedIn;
  if (!keycloak?.idToken) return false;
  signedIn = undefined;
  void keycloak.logout({ redirectUri: `${window.location.origin}/auth` });
  return true;
}
