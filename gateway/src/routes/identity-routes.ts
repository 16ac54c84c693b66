import { z } from 'zod';
import {
  avatarSchema,
  changePasswordRequestSchema,
  checkEmailSchema,
  loginSchema,
  messages,
  profileSchema,
  registerFormSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  setPasswordRequestSchema,
} from '@smista/contracts';
import { GrpcStatus, isServiceError } from '@smista/service-kit';
import { HttpError } from '../middleware/errors';
import { userJson } from './presenters';
import { checkEmailResponse, messageResponse } from './response-schemas/common';
import { loggedOutResponse, passwordChangedResponse, resetTokenValidResponse, signedInUserResponse, userUpdatedResponse } from './response-schemas/identity';
import { route, type RouteDef } from './route';

/** True when the error is a gRPC error with one of the given codes. */
const hasCode = (err: unknown, ...codes: GrpcStatus[]): boolean => isServiceError(err) && codes.includes(err.code);

/** Avatars are data URLs of images up to 1 MB: 4/3 of that in base64 plus the JSON around it. */
const AVATAR_BODY_LIMIT = 1.5 * 1024 * 1024;

/** Spec §7 "Authentication and user": identity's routes. */
export const identityRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/user',
    auth: 'session',
    sessionWithAvatar: true,
    rpc: 'identity.ResolveSession',
    response: { schema: signedInUserResponse },
    // One identity call: the session lookup brings the avatar for this route only.
    handle: async ({ session }) => ({ body: { ...userJson(session.user), signedInWithSso: session.signedInWithSso } }),
  }),
  route({
    method: 'POST',
    path: '/api/login',
    auth: 'public',
    rpc: 'identity.Login',
    body: loginSchema,
    limiters: ['loginPerIp', 'loginPerEmail'],
    response: { schema: signedInUserResponse, alsoRefuses: [401], description: 'The user, signed in (the session cookie is set); 401 for a wrong e-mail or password' },
    handle: async ({ body, identity }) => {
      const s = await identity.login({ email: body.email, password: body.password });
      return { body: { ...userJson(s.user), signedInWithSso: false }, setSession: s };
    },
  }),
  route({
    method: 'POST',
    path: '/api/register',
    auth: 'public',
    rpc: 'identity.Register',
    response: { status: 201, schema: signedInUserResponse, description: 'The new user, signed in (the session cookie is set)' },
    // The whole form: confirmation and terms are refused here with the §5 messages, nothing written.
    body: registerFormSchema,
    limiters: ['registerPerIp'],
    handle: async ({ body, identity }) => {
      const s = await identity.register({
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        username: body.username,
        password: body.password,
        inviteToken: body.inviteToken,
      });
      return { status: 201, body: { ...userJson(s.user), signedInWithSso: false }, setSession: s };
    },
  }),
  route({
    method: 'POST',
    path: '/api/logout',
    auth: 'public',
    rpc: 'identity.Logout',
    response: { schema: loggedOutResponse, description: 'Logged out (the session cookie is removed), with or without a session' },
    invalidatesSession: 'session',
    handle: async ({ sessionToken, identity }) => {
      if (sessionToken) {
        // A session identity no longer knows is already logged out.
        await identity.logout({ sessionToken }).catch((err: unknown) => {
          if (!hasCode(err, GrpcStatus.UNAUTHENTICATED, GrpcStatus.NOT_FOUND)) throw err;
        });
      }
      return { body: { success: true, message: messages.success.loggedOut }, clearSession: true };
    },
  }),
  route({
    method: 'POST',
    path: '/api/check-email',
    auth: 'public',
    rpc: 'identity.CheckEmail',
    response: { schema: checkEmailResponse },
    body: checkEmailSchema,
    limiters: ['checkEmailPerIp'],
    handle: async ({ body, identity }) => ({ body: { exists: (await identity.checkEmail({ email: body.email })).exists } }),
  }),
  route({
    method: 'POST',
    path: '/api/request-password-reset',
    auth: 'public',
    rpc: 'identity.RequestPasswordReset',
    response: { schema: messageResponse, description: 'The same answer whether or not the address has an account' },
    body: requestPasswordResetSchema,
    limiters: ['resetPerIp', 'resetPerEmail'],
    handle: async ({ body, identity }) => {
      // Same answer whether or not the address has an account.
      await identity.requestPasswordReset({ email: body.email }).catch((err: unknown) => {
        if (!hasCode(err, GrpcStatus.NOT_FOUND)) throw err;
      });
      return { body: { message: messages.success.resetRequested } };
    },
  }),
  route({
    method: 'GET',
    path: '/api/verify-reset-token/:token',
    auth: 'public',
    rpc: 'identity.VerifyResetToken',
    response: { schema: resetTokenValidResponse, description: 'The link is valid (400 when it is not)' },
    params: z.object({ token: z.string() }),
    handle: async ({ params, identity }) => {
      const token = params.token.trim();
      const invalid = () => new HttpError(400, messages.errors.resetTokenInvalid);
      if (!token || token.length > 200) throw invalid();
      await identity.verifyResetToken({ token }).catch((err: unknown) => {
        const refused = [GrpcStatus.INVALID_ARGUMENT, GrpcStatus.NOT_FOUND, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.OUT_OF_RANGE];
        throw hasCode(err, ...refused) ? invalid() : err;
      });
      return { body: { valid: true } };
    },
  }),
  route({
    method: 'POST',
    path: '/api/reset-password',
    auth: 'public',
    rpc: 'identity.ResetPassword',
    response: { schema: messageResponse },
    body: resetPasswordSchema,
    handle: async ({ body, identity }) => {
      await identity.resetPassword({ token: body.token, password: body.password });
      return { body: { message: messages.success.passwordReset } };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/user/profile',
    auth: 'session',
    rpc: 'identity.UpdateProfile',
    response: { schema: userUpdatedResponse },
    invalidatesSession: 'user',
    body: profileSchema,
    handle: async ({ body, identity }) => ({ body: { success: true, user: userJson(await identity.updateProfile(body)) } }),
  }),
  route({
    method: 'PUT',
    path: '/api/user/password',
    auth: 'session',
    rpc: 'identity.ChangePassword',
    response: { schema: passwordChangedResponse },
    invalidatesSession: 'user',
    body: changePasswordRequestSchema,
    handle: async ({ body, sessionToken, identity }) => {
      // Every other session of the user ends; this one stays.
      const user = await identity.changePassword({
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        keepSessionToken: sessionToken,
      });
      return { body: { success: true, user: userJson(user), message: messages.success.passwordUpdated } };
    },
  }),
  route({
    method: 'POST',
    path: '/api/user/password',
    auth: 'session',
    rpc: 'identity.SetPassword',
    response: { status: 201, schema: passwordChangedResponse },
    invalidatesSession: 'user',
    body: setPasswordRequestSchema.strict(),
    handle: async ({ body, identity }) => {
      // The first password of a user created by SSO ('Accesso tramite SSO'); no session ends.
      const user = await identity.setPassword({ newPassword: body.newPassword });
      return { status: 201, body: { success: true, user: userJson(user), message: messages.success.passwordSet } };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/user/avatar',
    auth: 'session',
    rpc: 'identity.UpdateAvatar',
    response: { schema: userUpdatedResponse },
    invalidatesSession: 'user',
    body: avatarSchema,
    bodyLimit: AVATAR_BODY_LIMIT,
    handle: async ({ body, identity }) => ({ body: { success: true, user: userJson(await identity.updateAvatar({ avatar: body.avatar })) } }),
  }),
];
