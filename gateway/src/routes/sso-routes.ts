import { createHash } from 'node:crypto';
import { z } from 'zod';
import { messages } from '@smista/contracts';
import { GrpcStatus, isServiceError, type SsoSettings } from '@smista/service-kit';
import { HttpError } from '../middleware/errors';
import { userJson } from './presenters';
import { backchannelLogoutResponse, ssoSignedInResponse } from './response-schemas/identity';
import { route, type RouteDef } from './route';

/**
 * Where Keycloak posts its back-channel logout (the realm's client names it). Keycloak calls it
 * server to server with a form body, so the CSRF filter lets it through (app.ts): the logout token
 * is its authentication, verified by identity, and all it can do is end sessions.
 */
export const BACKCHANNEL_LOGOUT_PATH = '/api/sso/backchannel-logout';

/** An ID token is a few kilobytes; identity refuses anything over 16 KB too. */
const ID_TOKEN_MAX_CHARS = 16_384;

/**
 * Where a finished SSO sign-in may lead besides where a login leads: the invite pages (spec §2: a
 * logged-in user with an invite token goes to /accept-existing-invite), nothing else, so the
 * cookie cannot send anyone to another site.
 */
export const ssoReturnToSchema = z
  .string()
  .max(1024, messages.validation.fieldTooLong)
  .regex(/^\/accept-(existing-)?invite\?[A-Za-z0-9._~%&=+@-]{1,1000}$/, messages.errors.validation);

/** keycloak-js's nonce is a UUID; any other client's is a random string of the same kind. */
const nonceBodySchema = z
  .object({
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, messages.errors.ssoNonceInvalid),
    returnTo: ssoReturnToSchema.optional(),
  })
  .strict();

const logoutBodySchema = z
  .object({ logout_token: z.string().min(1, messages.errors.ssoLogoutTokenInvalid).max(ID_TOKEN_MAX_CHARS, messages.errors.ssoLogoutTokenInvalid) })
  .strict();

const sessionBodySchema = z
  .object({
    idToken: z.string().min(1, messages.errors.ssoTokenInvalid).max(ID_TOKEN_MAX_CHARS, messages.errors.ssoTokenInvalid),
    /** The Smista password of the account with the token's e-mail, to link the two (once). */
    password: z.string().min(1, messages.validation.passwordRequired).max(200, messages.validation.fieldTooLong).optional(),
  })
  .strict();

/**
 * Single sign-on (issue 24), the HTTP half; identity verifies the tokens and decides who signs in.
 * - `POST /api/sso/nonce` `{nonce}`: before keycloak-js sends the browser to Keycloak, the shell
 *   binds the nonce of its login URL to this browser: the gateway keeps its SHA-256 in a 10-minute
 *   httpOnly cookie (the nonce itself never is stored), with `returnTo` (an invite page) if given.
 * - `POST /api/sso/session` `{idToken, password?}`: the ID token keycloak-js received, verified by
 *   identity against the realm with that cookie's nonce (used once); then the session cookie exactly
 *   as after a password login, and the user as /api/login answers it, with `returnTo` when the
 *   sign-in was started from an invite.
 * - `POST /api/sso/backchannel-logout` (form `logout_token`): Keycloak's back-channel logout;
 *   identity ends every session of that Keycloak session, on every gateway. 200, or 400 in Italian.
 */
export function ssoRoutes(sso: SsoSettings | undefined): RouteDef[] {
  const configured = () => {
    if (!sso) throw new HttpError(400, messages.errors.ssoNotConfigured);
  };
  return [
    route({
      method: 'POST',
      path: '/api/sso/nonce',
      auth: 'public',
      rpc: 'gateway',
      response: { status: 204 },
      body: nonceBodySchema,
      bodyLimit: 1024,
      limiters: ['loginPerIp'],
      handle: async ({ body }) => {
        configured();
        return { status: 204, body: undefined, ssoNonce: { hash: createHash('sha256').update(body.nonce, 'utf8').digest('hex'), returnTo: body.returnTo } };
      },
    }),
    route({
      method: 'POST',
      path: '/api/sso/session',
      auth: 'public',
      rpc: 'identity.SignInWithSso',
      response: {
        schema: ssoSignedInResponse,
        alsoRefuses: [401],
        description: 'The user, signed in (the session cookie is set), with the invite page to go back to when the sign-in started from one; 401 without the nonce cookie or for a token identity refuses',
      },
      body: sessionBodySchema,
      bodyLimit: 32 * 1024,
      limiters: ['loginPerIp'],
      handle: async ({ body, ssoNonceHash, ssoReturnTo, identity }) => {
        configured();
        if (!ssoNonceHash) throw new HttpError(401, messages.errors.ssoNonceInvalid);
        const s = await identity.signInWithSso({ idToken: body.idToken, nonceHash: ssoNonceHash, password: body.password });
        const returnTo = ssoReturnToSchema.safeParse(ssoReturnTo);
        return { body: { ...userJson(s.user), signedInWithSso: true, ...(returnTo.success ? { returnTo: returnTo.data } : {}) }, setSession: s, ssoNonce: null };
      },
    }),
    route({
      method: 'POST',
      path: BACKCHANNEL_LOGOUT_PATH,
      auth: 'public',
      rpc: 'identity.EndSsoSessions',
      response: { schema: backchannelLogoutResponse, description: 'The sessions of that Keycloak session are ended' },
      bodyFormat: 'form',
      body: logoutBodySchema,
      bodyLimit: 32 * 1024,
      handle: async ({ body, identity }) => {
        configured();
        // OIDC Back-Channel Logout: an invalid token is a 400 (identity's 401 says why in Italian).
        await identity.endSsoSessions({ logoutToken: body.logout_token }).catch((err: unknown) => {
          if (isServiceError(err) && err.code === GrpcStatus.UNAUTHENTICATED) throw new HttpError(400, messages.errors.ssoLogoutTokenInvalid);
          throw err;
        });
        return { body: {} };
      },
    }),
  ];
}
