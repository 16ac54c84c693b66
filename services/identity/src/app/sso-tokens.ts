import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
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
}

/**
 * The verifier for a realm. `now` is the clock (tests move it past a token's expiry); `onRefused`
 * hears why a token was refused, for the log (never the token itself).
 */
export function createSsoTokenVerifier(settings: SsoSettings, options: { now?: () => Date; jwksUri?: string } = {}): SsoTokenVerifier {
  // Keycloak's keys live at `<issuer>/protocol/openid-connect/certs`; jose caches them and refetches
  // on a `kid` it does not know (at most every 30 s), so a key rotation needs no restart.
  const keys = createRemoteJWKSet(new URL(options.jwksUri ?? `${settings.issuer}/protocol/openid-connect/certs`), { timeoutDuration: 5_000 });
  const now = options.now ?? (() => new Date());

  const verify = async (token: string, typ: string): Promise<JWTPayload> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ALGORITHMS,
        clockTolerance: SSO_CLOCK_SKEW_SECONDS,
        currentDate: now(),
        requiredClaims: ['exp', 'iat', 'sub'],
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
  };
}
