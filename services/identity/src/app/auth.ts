import { withTransaction, type Logger, type Role } from '@smista/service-kit';
import { selectMerchantSchema } from '@smista/contracts';
import { identityErrors } from '../domain/errors';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '../domain/passwords';
import { selectedMerchant, sessionExpiry, shouldExtendSession } from '../domain/sessions';
import { generateToken, hashToken, isWellFormedToken } from '../domain/tokens';
import { firstTakenField, normalizeEmail, takenError, type Registration, type UserRecord } from '../domain/users';
import { enqueueSessionsInvalidated, enqueueUserRegistered, InvalidationReason } from '../events/publishers';
import * as sessions from '../store/sessions';
import * as users from '../store/users';
import type { IssuedCallerToken } from './caller-tokens';
import type { AppDeps } from './deps';
import type { Membership } from './ports';

/** A user signed in: the raw session token (only its hash is stored) and when it ends. */
export interface SignedIn {
  user: UserRecord;
  session: { token: string; expiresAt: Date };
}

/** A live session as the gateway needs it: its user, selected merchant and a signed caller token. */
export interface ResolvedSession {
  user: UserRecord;
  merchant?: { merchantId: string; role: Role };
  callerToken: IssuedCallerToken;
  /** Opened by single sign-on: the caller token says so too (merchants that require SSO). */
  signedInWithSso: boolean;
}

function newSession(deps: Pick<AppDeps, 'sessionTtlHours'>, now = new Date()) {
  const token = generateToken();
  return { token, tokenHash: hashToken(token), expiresAt: sessionExpiry(now, deps.sessionTtlHours) };
}

/** The live session behind a raw token, or SESSION_INVALID. */
async function liveSession(deps: Pick<AppDeps, 'pool'>, token: string, includeAvatar = false) {
  if (!isWellFormedToken(token)) throw identityErrors.sessionInvalid();
  const tokenHash = hashToken(token);
  const session = await sessions.findActiveSession(deps.pool, tokenHash, includeAvatar);
  if (!session) throw identityErrors.sessionInvalid();
  return { tokenHash, session };
}

/**
 * Register: the user, their first session and `identity.user.registered` (with the invite token
 * they came with, which merchants accepts) in one transaction. A taken e-mail or username is
 * refused with its field, before hashing and again when the unique indexes settle a race.
 *
 * @example const { user, session } = await register(deps, parseRegistration(req), logger)
 */
export async function register(deps: AppDeps, r: Registration, logger: Logger): Promise<SignedIn> {
  const { pool } = deps;
  // Pre-check for the friendly message without paying for a hash; the unique indexes settle races.
  const clash = firstTakenField(await users.findTakenFields(pool, r));
  if (clash) throw takenError(clash);
  const passwordHash = await hashPassword(r.password);
  const session = newSession(deps);
  let user: UserRecord;
  try {
    user = await withTransaction(pool, async (tx) => {
      const created = await users.insertUser(tx, { ...r, passwordHash });
      await sessions.insertSession(tx, { tokenHash: session.tokenHash, userId: created.id, expiresAt: session.expiresAt });
      await enqueueUserRegistered(tx, { userId: created.id, email: created.email, inviteToken: r.inviteToken, occurredAt: created.createdAt });
      return created;
    });
  } catch (err) {
    const field = users.takenFieldOf(err);
    if (field) throw takenError(field);
    throw err;
  }
  logger.info({ userId: user.id, invited: !!r.inviteToken }, 'user registered');
  return { user, session };
}

/**
 * Login: a new session when the password matches (an unknown e-mail costs the same time as a wrong
 * password); a hash made with older parameters is replaced on the way.
 */
export async function login(deps: AppDeps, input: { email: string; password: string }, logger: Logger): Promise<SignedIn> {
  const { pool } = deps;
  const user = await users.findUserByEmail(pool, normalizeEmail(input.email));
  if (!user) {
    await burnVerification(input.password);
    throw identityErrors.invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw identityErrors.invalidCredentials();
  if (needsRehash(user.passwordHash)) {
    await users.updatePasswordHash(pool, user.id, await hashPassword(input.password));
  }
  const session = newSession(deps);
  await sessions.insertSession(pool, { tokenHash: session.tokenHash, userId: user.id, expiresAt: session.expiresAt });
  logger.info({ userId: user.id }, 'user logged in');
  return { user, session };
}

/** The session ends, and every gateway has dropped its cached copy before this returns. */
export async function logout(deps: AppDeps, sessionToken: string): Promise<void> {
  if (!isWellFormedToken(sessionToken)) return;
  const tokenHash = hashToken(sessionToken);
  const invalidated = await withTransaction(deps.pool, async (tx) => {
    const userId = await sessions.deleteSession(tx, tokenHash);
    return userId ? enqueueSessionsInvalidated(tx, { userId, tokenHash, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_LOGOUT }) : undefined;
  });
  if (invalidated) await deps.publishNow([invalidated]);
}

/**
 * Hot path (every authenticated gateway request the gateway's session cache does not answer):
 * one indexed query, no write except the hourly sliding-expiry bump, then a signed caller token
 * (reused for 10 s per caller) with its expiry. The avatar (up to 1.4 MB) comes only with
 * `includeAvatar`, for the current-user read.
 */
export async function resolveSession(deps: AppDeps, sessionToken: string, includeAvatar = false): Promise<ResolvedSession> {
  const { tokenHash, session } = await liveSession(deps, sessionToken, includeAvatar);
  const now = new Date();
  if (shouldExtendSession(session.expiresAt, now, deps.sessionTtlHours)) {
    await sessions.extendSession(deps.pool, tokenHash, sessionExpiry(now, deps.sessionTtlHours));
  }
  const merchant = selectedMerchant(session.merchantId, session.role);
  const callerToken = await deps.callerTokens.issue({ userId: session.userId, merchantId: merchant?.merchantId, role: merchant?.role, sso: session.sso });
  return { user: session.user, merchant, callerToken, signedInWithSso: session.sso };
}

/**
 * The session works in a merchant the user is a member of (asked of merchants), with their role
 * there (a malformed id: INVALID_ARGUMENT, once the session is known live); the gateways' cached copies of the session are dropped before this returns.
 */
export async function selectMerchant(deps: AppDeps, sessionToken: string, rawMerchantId: string, logger: Logger): Promise<Membership> {
  const { tokenHash, session } = await liveSession(deps, sessionToken);
  // After the session: a stranger learns nothing from the id's shape.
  const { merchantId } = selectMerchantSchema.parse({ merchantId: rawMerchantId });
  const membership = await deps.memberships.getMembership(session.userId, merchantId);
  if (!membership) throw identityErrors.merchantNotFound();
  if (membership.ssoRequired && !session.sso) throw identityErrors.ssoRequiredByMerchant();
  // The gateways' cached lookups of this session still name the merchant it worked in before.
  const invalidated = await withTransaction(deps.pool, async (tx) => {
    if (!(await sessions.setSessionMerchant(tx, tokenHash, { merchantId, role: membership.role }))) return undefined;
    return enqueueSessionsInvalidated(tx, { userId: session.userId, tokenHash, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_MERCHANT_SELECTED });
  });
  if (!invalidated) {
    // Still live: then the merchant's requirement of SSO (identity's copy) refused this password session.
    if (await sessions.findActiveSession(deps.pool, tokenHash)) throw identityErrors.ssoRequiredByMerchant();
    throw identityErrors.sessionInvalid();
  }
  await deps.publishNow([invalidated]);
  logger.info({ userId: session.userId, merchantId, role: membership.role }, 'merchant selected');
  return { merchantId, merchantName: membership.merchantName, role: membership.role, ssoRequired: membership.ssoRequired };
}

/** Whether an account has this e-mail (any letter case). */
export async function emailExists(deps: Pick<AppDeps, 'pool'>, email: string): Promise<boolean> {
  return (await users.findUserIdByEmail(deps.pool, normalizeEmail(email))) !== undefined;
}
