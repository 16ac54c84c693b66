import { z } from 'zod';
import { isUuid, withTransaction, type PoolClient } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import type { identity } from '@smista/proto';
import { identityErrors } from '../domain/errors';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { firstTakenField, parseAvatar, parsePasswordChange, parseProfile, takenError, toUserView, type UserRecord } from '../domain/users';
import * as sessions from '../store/sessions';
import * as users from '../store/users';
import { hashToken, isWellFormedToken } from '../domain/tokens';
import { enqueueSessionsInvalidated, InvalidationReason } from '../events/publishers';
import type { HandlerDeps } from './deps';
import { toProtoUser } from './mapping';

/** At most this many ids per GetUsers call (a team page, not a bulk export). */
const GET_USERS_MAX = 500;
const getUsersSchema = z.object({ ids: z.array(z.string()).max(GET_USERS_MAX, messages.errors.validation) });

/** UpdateProfile, ChangePassword, UpdateAvatar (on the caller), GetUsers. */
export function profileHandlers(deps: HandlerDeps) {
  const { pool, unary } = deps;

  function userOrUnknown(user: UserRecord | undefined): identity.User {
    if (!user) throw identityErrors.userUnknown();
    return toProtoUser(toUserView(user));
  }

  /**
   * A change of the user's own data, with `identity.sessions.invalidated` for all their sessions in
   * the same transaction (the gateways' cached lookups carry the old name, e-mail or avatar),
   * published before the call answers.
   */
  async function changeUser(userId: string, change: (tx: PoolClient) => Promise<UserRecord | undefined>): Promise<UserRecord | undefined> {
    const { updated, invalidated } = await withTransaction(pool, async (tx) => {
      const updated = await change(tx);
      if (!updated) return { updated };
      return { updated, invalidated: await enqueueSessionsInvalidated(tx, { userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_PROFILE_CHANGED }) };
    });
    if (invalidated) await deps.publishNow([invalidated]);
    return updated;
  }

  return {
    updateProfile: unary<identity.UpdateProfileRequest, identity.User>('UpdateProfile', async (req, ctx) => {
      const { userId } = await ctx.caller();
      const profile = parseProfile(req);
      const clash = firstTakenField(await users.findTakenFields(pool, { ...profile, exceptUserId: userId }));
      if (clash) throw takenError(clash);
      try {
        return userOrUnknown(await changeUser(userId, (tx) => users.updateProfile(tx, userId, profile)));
      } catch (err) {
        const field = users.takenFieldOf(err);
        if (field) throw takenError(field);
        throw err;
      }
    }),

    changePassword: unary<identity.ChangePasswordRequest, identity.User>('ChangePassword', async (req, ctx) => {
      const { userId } = await ctx.caller();
      const { currentPassword, newPassword } = parsePasswordChange(req);
      const user = await users.findUserById(pool, userId);
      if (!user) throw identityErrors.userUnknown();
      if (!(await verifyPassword(user.passwordHash, currentPassword))) throw identityErrors.wrongCurrentPassword();
      const passwordHash = await hashPassword(newPassword);
      const keep = req.keepSessionToken && isWellFormedToken(req.keepSessionToken) ? hashToken(req.keepSessionToken) : undefined;
      const { updated, sessionsRemoved, invalidated } = await withTransaction(pool, async (tx) => {
        const updated = await users.updatePasswordHash(tx, userId, passwordHash);
        const sessionsRemoved = await sessions.deleteUserSessions(tx, userId, { except: keep });
        // Every session of the user in the gateways' caches goes; the kept one is looked up again.
        const invalidated = sessionsRemoved > 0 ? await enqueueSessionsInvalidated(tx, { userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_PASSWORD_CHANGED }) : undefined;
        return { updated, sessionsRemoved, invalidated };
      });
      if (invalidated) await deps.publishNow([invalidated]);
      ctx.logger.info({ userId, sessionsRemoved }, 'password changed, other sessions ended');
      return userOrUnknown(updated);
    }),

    updateAvatar: unary<identity.UpdateAvatarRequest, identity.User>('UpdateAvatar', async (req, ctx) => {
      const { userId } = await ctx.caller();
      const avatar = parseAvatar({ avatar: req.avatar });
      return userOrUnknown(await changeUser(userId, (tx) => users.updateAvatar(tx, userId, avatar)));
    }),

    /** Users in the order asked; unknown or malformed ids are left out. Any signed caller may ask. */
    getUsers: unary<identity.GetUsersRequest, identity.GetUsersResponse>('GetUsers', async (req, ctx) => {
      await ctx.caller();
      const { ids } = getUsersSchema.parse(req);
      const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
      const byId = new Map((await users.findUsersByIds(pool, wanted)).map((u) => [u.id, u]));
      return { users: wanted.flatMap((id) => (byId.has(id) ? [toProtoUser(toUserView(byId.get(id)!))] : [])) };
    }),
  };
}
