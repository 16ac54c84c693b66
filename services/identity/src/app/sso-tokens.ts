import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { SsoSettings } from '@smista/service-kit';
import { identityErrors } from '../domain/errors';
import type { SsoIdentity } from '../domain/sso';

/** Clock difference tolerated between Keycloak and us on `exp`, `iat` and `nbf`. */
export const SSO_CLOCK_SKEW_SECONDS = 30;
/** Keycloak signs with RS256 by default; these are the asymmetric algorithms a realm may choose. `none` and HMAC never pass. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Verifies the realm's tokens with its published keys. */
export interface SsoTokenVerifier {
  /**
   * An ID token of the configured realm for the configured client: signature (the realm's JWKS,
   * fetched once and again when a token names an unknown `kid`), `iss`, `aud` and `azp`, `exp` with
   * {@link SSO_CLOCK_SKEW_SECONDS}, `typ` "ID", and a nonce present. Throws SSO_TOKEN_INVALID, or
   * DEPENDENCY_UNAVAILABLE when the keys cannot be fetched.
   */
  verifyIdToken(token: string): Promise<SsoIdentity>;
  /**
   * A back-channel logout token of the realm (OIDC Back-Channel Logout 1.0): verified like an ID
   * token (`typ` "Logout"), with the back-channel logout event in `events`, no `nonce`, and a `sid`
   * or a `sub`. Throws SSO_TOKEN_INVALID.
   */
  verifyLogoutToken(token: string): Promise<SsoLogout>;
  /** Fetches the realm's keys now (at start), so the first sign-in does not wait for them; never throws. */
  warmUp(onError: (err: unknown) => void): Promise<void>;
}

/** Which provider session (or, without `sid`, which account) a logout token ends. */
export interface SsoLogout {
  issuer: string;
  subject?: string;
  sessionId?: string;
}

/** The member of a logout token's `events` that says it is one. */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * The verifier for a realm. `now` is the clock (tests move it past a token's expiry); `onRefused`
 * hears why a token was refused, for the log (never the token itself).
 */
export function createSsoTokenVerifier(settings: SsoSettings, options: { now?: () => Date; jwksUri?: string; /** Keys other than the realm's (tests sign tokens Keycloak never would). */ keys?: JWTVerifyGetKey } = {}): SsoTokenVerifier {
  // Keycloak's keys live at `<issuer>/protocol/openid-connect/certs`; jose caches them and refetches
  // on a `kid` it does not know (at most every 30 s), so a key rotation needs no restart.
  const keys = options.keys ?? createRemoteJWKSet(new URL(options.jwksUri ?? `${settings.issuer}/protocol/openid-connect/certs`), { timeoutDuration: 5_000 });
  const now = options.now ?? (() => new Date());

  const verify = async (token: string, typ: string): Promise<JWTPayload> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ALGORITHMS,
        clockTolerance: SSO_CLOCK_SKEW_SECONDS,
        currentDate: now(),
        requiredClaims: typ === 'ID' ? ['exp', 'iat', 'sub'] : ['exp', 'iat'],
      });
      // A token for another client of the realm that lists ours among its audiences is not ours to use.
      if (payload.azp !== undefined && payload.azp !== settings.clientId) throw new joseErrors.JWTClaimValidationFailed('unexpected "azp" claim value', payload, 'azp', 'check_failed');
      if (payload.typ !== undefined && payload.typ !== typ) throw new joseErrors.JWTClaimValidationFailed('unexpected "typ" claim value', payload, 'typ', 'check_failed');
      return payload;
    } catch (err) {
      if (err instanceof joseErrors.JWKSTimeout) throw identityErrors.dependencyUnavailable();
      if (err instanceof joseErrors.JOSEError) throw Object.assign(identityErrors.ssoTokenInvalid(), { reason: err.code });
      // The keys could not be fetched at all (connection refused, DNS): the realm is down, not the token bad.
      if (err instanceof TypeError) throw identityErrors.dependencyUnavailable();
      throw err;
    }
  };

  return {
    async warmUp(onError) {
      const remote = keys as Partial<ReturnType<typeof createRemoteJWKSet>>;
      await remote.reload?.().catch(onError);
    },

    async verifyIdToken(token) {
      const p = await verify(token, 'ID');
      if (typeof p.nonce !== 'string' || !p.nonce) throw Object.assign(identityErrors.ssoTokenInvalid(), { reason: 'nonce missing' });
      const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
      return {
        issuer: p.iss!,
        subject: p.sub!,
        sessionId: text(p.sid),
        nonce: p.nonce,
        email: text(p.email),
        emailVerified: p.email_verified === true,
        givenName: text(p.given_name),
        familyName: text(p.family_name),
        preferredUsername: text(p.preferred_username),
        expiresAt: new Date(p.exp! * 1000),
      };
    },

    async verifyLogoutToken(token) {
      const p = await verify(token, 'Logout');
      const refuse = (reason: string) => Object.assign(identityErrors.ssoTokenInvalid(), { reason });
      const events = p.events;
      if (!events || typeof events !== 'object' || Array.isArray(events) || !(BACKCHANNEL_LOGOUT_EVENT in events)) throw refuse('logout event missing');
      if (p.nonce !== undefined) throw refuse('nonce in a logout token');
      const sid = typeof p.sid === 'string' && p.sid ? p.sid : undefined;
      if (!sid && !p.sub) throw refuse('neither sid nor sub');
      return { issuer: p.iss!, subject: p.sub, sessionId: sid };
    },
  };
}
