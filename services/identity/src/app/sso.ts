import { z } from 'zod';
import { withTransaction, type Logger } from '@smista/service-kit';
import { identityErrors } from '../domain/errors';
import { verifyPassword } from '../domain/passwords';
import { sessionExpiry } from '../domain/sessions';
import { decideFirstSignIn, namesOf, nonceMatches, usernameCandidates, type SsoIdentity } from '../domain/sso';
import { generateToken, hashToken } from '../domain/tokens';
import { normalizeEmail, type UserRecord } from '../domain/users';
import { enqueueSessionsInvalidated, enqueueUserRegistered, InvalidationReason } from '../events/publishers';
import * as sessions from '../store/sessions';
import * as sso from '../store/sso';
import * as users from '../store/users';
import type { SignedIn } from './auth';
import type { AppDeps } from './deps';

/** An ID token is a few kilobytes; anything larger is not one (the gateway caps the body too). */
export const ID_TOKEN_MAX_CHARS = 16_384;

const requestSchema = z.object({
  idToken: z.string().min(1).max(ID_TOKEN_MAX_CHARS),
  nonceHash: z.string(),
  password: z.string().max(200).optional(),
});

/**
 * `POST /api/sso/session` behind the gateway: the ID token verified against the realm, its nonce
 * the one the browser bound to itself and never used before, then a known (issuer, sub) signs its
 * user in, or the first sign-in rules (domain/sso.ts) create or link one. The nonce, the user, the
 * link and the session are written in one transaction; a refusal writes nothing.
 */
export async function signInWithSso(deps: AppDeps, input: { idToken: string; nonceHash: string; password?: string }, logger: Logger): Promise<SignedIn> {
  if (!deps.sso) throw identityErrors.ssoNotConfigured();
  const parsed = requestSchema.safeParse(input);
  if (!parsed.success) throw identityErrors.ssoTokenInvalid();
  const { idToken, nonceHash, password } = parsed.data;
  let claims: SsoIdentity;
  try {
    claims = await deps.sso.verifier.verifyIdToken(idToken);
  } catch (err) {
    logger.info({ reason: (err as { reason?: string }).reason ?? (err as Error).message }, 'sso id token refused');
    throw err;
  }
  if (!nonceMatches(claims.nonce, nonceHash)) throw identityErrors.ssoNonceInvalid();
  const nonceKey = Buffer.from(nonceHash, 'hex');
  if (await sso.isNonceUsed(deps.pool, nonceKey)) throw identityErrors.ssoNonceInvalid();

  const linked = await sso.findLinkedUserId(deps.pool, claims.issuer, claims.subject);
  // The first sign-in is decided before the transaction: a password check costs ~30 ms of argon2.
  const plan = linked ? undefined : await planFirstSignIn(deps, claims, password);

  const token = generateToken();
  const expiresAt = sessionExpiry(new Date(), deps.sessionTtlHours);
  const user = await withTransaction(deps.pool, async (tx) => {
    if (!(await sso.useNonce(tx, nonceKey, claims.expiresAt))) throw identityErrors.ssoNonceInvalid();
    let signedIn: UserRecord;
    if (linked) {
      const found = await users.findUserById(tx, linked);
      if (!found) throw identityErrors.userUnknown();
      signedIn = found;
    } else if (plan!.kind === 'link') {
      signedIn = plan!.user;
      await sso.insertLink(tx, { issuer: claims.issuer, subject: claims.subject, userId: signedIn.id });
    } else {
      signedIn = await users.insertUser(tx, { ...plan!.newUser, passwordHash: null });
      await sso.insertLink(tx, { issuer: claims.issuer, subject: claims.subject, userId: signedIn.id });
      await enqueueUserRegistered(tx, { userId: signedIn.id, email: signedIn.email, occurredAt: signedIn.createdAt });
    }
    await sessions.insertSession(tx, {
      tokenHash: hashToken(token),
      userId: signedIn.id,
      expiresAt,
      sso: { issuer: claims.issuer, sessionId: claims.sessionId || undefined },
    });
    return signedIn;
  }).catch((err: unknown) => {
    // A concurrent first sign-in of the same account or a username taken in between: the user tries again.
    if (sso.isLinkTaken(err) || users.takenFieldOf(err)) throw identityErrors.ssoNonceInvalid();
    throw err;
  });
  const { passwordHash: _omit, ...record } = user as UserRecord & { passwordHash?: unknown };
  logger.info({ userId: user.id, first: plan?.kind }, 'user signed in with sso');
  return { user: record, session: { token, expiresAt } };
}

type Plan =
  | { kind: 'link'; user: UserRecord }
  | { kind: 'create'; newUser: { email: string; username: string; firstName: string; lastName: string } };

async function planFirstSignIn(deps: AppDeps, claims: SsoIdentity, password: string | undefined): Promise<Plan> {
  const existing = claims.email ? await users.findUserByEmail(deps.pool, normalizeEmail(claims.email)) : undefined;
  // The password is checked only when the e-mail is verified and taken (decideFirstSignIn refuses the rest first).
  const confirm = existing && claims.emailVerified && password !== undefined ? await verifyPassword(existing.passwordHash, password) : undefined;
  const decision = decideFirstSignIn(claims, existing ? { userId: existing.id } : undefined, confirm);
  if (decision.kind === 'link') return { kind: 'link', user: existing! };
  const candidates = usernameCandidates(claims.preferredUsername, decision.email);
  const taken = await sso.takenUsernames(deps.pool, candidates);
  const username = candidates.find((c) => !taken.has(c.toLowerCase())) ?? `${candidates[0]!.slice(0, 40)}-${generateToken().slice(0, 6)}`;
  return { kind: 'create', newUser: { email: decision.email, username, ...namesOf(claims, username) } };
}

/**
 * `POST /api/sso/backchannel-logout` behind the gateway: Keycloak says a session of the realm
 * ended (logout there, an administrator's, a disabled user). Every Smista session it opened ends,
 * and every gateway has dropped its cached copy before this answers. Answers how many ended.
 */
export async function endSsoSessions(deps: AppDeps, logoutToken: string, logger: Logger): Promise<number> {
  if (!deps.sso) throw identityErrors.ssoNotConfigured();
  if (typeof logoutToken !== 'string' || !logoutToken || logoutToken.length > ID_TOKEN_MAX_CHARS) throw identityErrors.ssoTokenInvalid();
  const logout = await deps.sso.verifier.verifyLogoutToken(logoutToken).catch((err: unknown) => {
    logger.info({ reason: (err as { reason?: string }).reason ?? (err as Error).message }, 'sso logout token refused');
    throw err;
  });
  const invalidations = await withTransaction(deps.pool, async (tx) => {
    const ended = await sessions.deleteSsoSessions(tx, logout);
    return Promise.all(ended.map((s) => enqueueSessionsInvalidated(tx, { userId: s.userId, tokenHash: s.tokenHash, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_LOGOUT })));
  });
  if (invalidations.length) await deps.publishNow(invalidations);
  logger.info({ ended: invalidations.length }, 'sso sessions ended by back-channel logout');
  return invalidations.length;
}
