import { z } from 'zod';
import { isUuid, withTransaction } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import type { identity } from '@smista/proto';
import { identityErrors } from '../domain/errors';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { firstTakenField, parseAvatar, parsePasswordChange, parseProfile, takenError, toUserView, type UserRecord } from '../domain/users';
import * as sessions from '../store/sessions';
import * as users from '../store/users';
import { hashToken, isWellFormedToken } from '../domain/tokens';
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

  return {
    updateProfile: unary<identity.UpdateProfileRequest, identity.User>('UpdateProfile', async (req, ctx) => {
      const { userId } = await ctx.caller();
      const profile = parseProfile(req);
      const clash = firstTakenField(await users.findTakenFields(pool, { ...profile, exceptUserId: userId }));
      if (clash) throw takenError(clash);
      try {
        return userOrUnknown(await users.updateProfile(pool, userId, profile));
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
      const { updated, sessionsRemoved } = await withTransaction(pool, async (tx) => ({
        updated: await users.updatePasswordHash(tx, userId, passwordHash),
        sessionsRemoved: await sessions.deleteUserSessions(tx, userId, { except: keep }),
      }));
      ctx.logger.info({ userId, sessionsRemoved }, 'password changed, other sessions ended');
      return userOrUnknown(updated);
    }),

    updateAvatar: unary<identity.UpdateAvatarRequest, identity.User>('UpdateAvatar', async (req, ctx) => {
      const { userId } = await ctx.caller();
      const avatar = parseAvatar({ avatar: req.avatar });
      return userOrUnknown(await users.updateAvatar(pool, userId, avatar));
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
