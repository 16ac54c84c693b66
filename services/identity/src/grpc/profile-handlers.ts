import { z } from 'zod';
import { messages, setPasswordRequestSchema } from '@smista/contracts';
import type { identity } from '@smista/proto';
import { changePassword, setPassword, updateAvatar, updateProfile, usersByIds } from '../app';
import { parseAvatar, parsePasswordChange, parseProfile, toUserView, type UserRecord } from '../domain/users';
import type { HandlerDeps } from './deps';
import { toProtoUser } from './mapping';

/** At most this many ids per GetUsers call (a team page, not a bulk export). */
const GET_USERS_MAX = 500;
const getUsersSchema = z.object({ ids: z.array(z.string()).max(GET_USERS_MAX, messages.errors.validation) });

const protoUser = (user: UserRecord): identity.User => toProtoUser(toUserView(user));

/** UpdateProfile, ChangePassword, UpdateAvatar (on the caller), GetUsers: the flows are in app/profile.ts. */
export function profileHandlers(deps: HandlerDeps) {
  const { unary } = deps;

  return {
    updateProfile: unary<identity.UpdateProfileRequest, identity.User>('UpdateProfile', async (req, ctx) => {
      const { userId } = await ctx.caller();
      return protoUser(await updateProfile(deps, userId, parseProfile(req)));
    }),

    changePassword: unary<identity.ChangePasswordRequest, identity.User>('ChangePassword', async (req, ctx) => {
      const { userId } = await ctx.caller();
      const change = parsePasswordChange(req);
      return protoUser(await changePassword(deps, userId, { ...change, keepSessionToken: req.keepSessionToken }, ctx.logger));
    }),

    setPassword: unary<identity.SetPasswordRequest, identity.User>('SetPassword', async (req, ctx) => {
      const { userId } = await ctx.caller();
      const { newPassword } = setPasswordRequestSchema.parse({ newPassword: req.newPassword });
      return protoUser(await setPassword(deps, userId, newPassword, ctx.logger));
    }),

    updateAvatar: unary<identity.UpdateAvatarRequest, identity.User>('UpdateAvatar', async (req, ctx) => {
      const { userId } = await ctx.caller();
      return protoUser(await updateAvatar(deps, userId, parseAvatar({ avatar: req.avatar })));
    }),

    /** Any signed caller may ask. */
    getUsers: unary<identity.GetUsersRequest, identity.GetUsersResponse>('GetUsers', async (req, ctx) => {
      await ctx.caller();
      const { ids } = getUsersSchema.parse(req);
      return { users: (await usersByIds(deps, ids)).map(protoUser) };
    }),
  };
}
