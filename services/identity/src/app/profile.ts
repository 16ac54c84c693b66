import { isUuid, withTransaction, type Logger, type PoolClient } from '@smista/service-kit';
import { identityErrors } from '../domain/errors';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { hashToken, isWellFormedToken } from '../domain/tokens';
import type { ProfileInput } from '@smista/contracts';
import { firstTakenField, takenError, type UserRecord } from '../domain/users';
import { enqueueSessionsInvalidated, InvalidationReason } from '../events/publishers';
import * as sessions from '../store/sessions';
import * as users from '../store/users';
import type { AppDeps } from './deps';

/** The user after a change, or USER_UNKNOWN (the account is gone). */
function updatedOrUnknown(user: UserRecord | undefined): UserRecord {
  if (!user) throw identityErrors.userUnknown();
  return user;
}

/**
 * A change of the user's own data, with `identity.sessions.invalidated` for all their sessions in
 * the same transaction (the gateways' cached lookups carry the old name, e-mail or avatar),
 * published before this returns.
 */
async function changeUser(deps: AppDeps, userId: string, change: (tx: PoolClient) => Promise<UserRecord | undefined>): Promise<UserRecord> {
  const { updated, invalidated } = await withTransaction(deps.pool, async (tx) => {
    const updated = await change(tx);
    if (!updated) return { updated };
    return { updated, invalidated: await enqueueSessionsInvalidated(tx, { userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_PROFILE_CHANGED }) };
  });
  if (invalidated) await deps.publishNow([invalidated]);
  return updatedOrUnknown(updated);
}

/** The user's name, username and e-mail; a taken e-mail or username is refused with its field. */
export async function updateProfile(deps: AppDeps, userId: string, profile: ProfileInput): Promise<UserRecord> {
  const clash = firstTakenField(await users.findTakenFields(deps.pool, { ...profile, exceptUserId: userId }));
  if (clash) throw takenError(clash);
  try {
    return await changeUser(deps, userId, (tx) => users.updateProfile(tx, userId, profile));
  } catch (err) {
    const field = users.takenFieldOf(err);
    if (field) throw takenError(field);
    throw err;
  }
}

/**
 * A new password once the current one matches; every other session of the user ends (the one
 * named by `keepSessionToken` stays) and the gateways drop them before this returns.
 */
export async function changePassword(
  deps: AppDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string; keepSessionToken?: string },
  logger: Logger,
): Promise<UserRecord> {
  const user = await users.findUserById(deps.pool, userId);
  if (!user) throw identityErrors.userUnknown();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw identityErrors.wrongCurrentPassword();
  const passwordHash = await hashPassword(input.newPassword);
  const keep = input.keepSessionToken && isWellFormedToken(input.keepSessionToken) ? hashToken(input.keepSessionToken) : undefined;
  const { updated, sessionsRemoved, invalidated } = await withTransaction(deps.pool, async (tx) => {
    const updated = await users.updatePasswordHash(tx, userId, passwordHash);
    const sessionsRemoved = await sessions.deleteUserSessions(tx, userId, { except: keep });
    // Every session of the user in the gateways' caches goes; the kept one is looked up again.
    const invalidated = sessionsRemoved > 0 ? await enqueueSessionsInvalidated(tx, { userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_PASSWORD_CHANGED }) : undefined;
    return { updated, sessionsRemoved, invalidated };
  });
  if (invalidated) await deps.publishNow([invalidated]);
  logger.info({ userId, sessionsRemoved }, 'password changed, other sessions ended');
  return updatedOrUnknown(updated);
}

/**
 * The first Smista password of a user created by single sign-on, who then signs in either way.
 * Refused (PASSWORD_ALREADY_SET) once the user has one: changing it needs the current one.
 * No session ends: nothing a session was opened with has changed.
 */
export async function setPassword(deps: AppDeps, userId: string, newPassword: string, logger: Logger): Promise<UserRecord> {
  const user = await users.findUserById(deps.pool, userId);
  if (!user) throw identityErrors.userUnknown();
  if (user.hasPassword) throw identityErrors.passwordAlreadySet();
  const passwordHash = await hashPassword(newPassword);
  const updated = await changeUser(deps, userId, async (tx) => {
    const set = await users.setFirstPasswordHash(tx, userId, passwordHash);
    // Set in between (another tab, a password reset): that one stays.
    if (!set) throw (await users.findUserById(tx, userId)) ? identityErrors.passwordAlreadySet() : identityErrors.userUnknown();
    return set;
  });
  logger.info({ userId }, 'first password set');
  return updated;
}

/** The user's avatar (a data URL already checked by `parseAvatar`; empty removes it). */
export async function updateAvatar(deps: AppDeps, userId: string, avatar: string): Promise<UserRecord> {
  return changeUser(deps, userId, (tx) => users.updateAvatar(tx, userId, avatar));
}

/** Users in the order asked; unknown or malformed ids are left out, repeated ones answered once. */
export async function usersByIds(deps: Pick<AppDeps, 'pool'>, ids: readonly string[]): Promise<UserRecord[]> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  const byId = new Map((await users.findUsersByIds(deps.pool, wanted)).map((u) => [u.id, u]));
  return wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
