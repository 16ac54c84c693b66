import { roleToProto } from '@smista/service-kit';
import { checkEmailSchema, loginSchema } from '@smista/contracts';
import { common, type identity } from '@smista/proto';
import { emailExists, login, logout, register, resolveSession, selectMerchant, signInWithSso, endSsoSessions, type SignedIn } from '../app';
import { parseRegistration, toUserView } from '../domain/users';
import type { HandlerDeps } from './deps';
import { toProtoUser } from './mapping';

/** Register, Login, Logout, ResolveSession, SelectMerchant, CheckEmail (app/auth.ts), SignInWithSso (app/sso.ts). */
export function authHandlers(deps: HandlerDeps) {
  const { unary } = deps;

  const sessionResponse = ({ user, session }: SignedIn): identity.SessionResponse => ({
    user: toProtoUser(toUserView(user)),
    sessionToken: session.token,
    expiresAt: session.expiresAt.toISOString(),
  });

  return {
    register: unary<identity.RegisterRequest, identity.SessionResponse>('Register', async (req, ctx) => sessionResponse(await register(deps, parseRegistration(req), ctx.logger))),

    login: unary<identity.LoginRequest, identity.SessionResponse>('Login', async (req, ctx) => sessionResponse(await login(deps, loginSchema.parse(req), ctx.logger))),

    logout: unary<identity.LogoutRequest, common.Empty>('Logout', async (req) => {
      await logout(deps, req.sessionToken);
      return {};
    }),

    resolveSession: unary<identity.ResolveSessionRequest, identity.ResolveSessionResponse>('ResolveSession', async (req) => {
      const { user, merchant, callerToken, signedInWithSso } = await resolveSession(deps, req.sessionToken, req.includeAvatar);
      return {
        user: toProtoUser(toUserView(user)),
        merchantId: merchant?.merchantId,
        role: merchant ? roleToProto(merchant.role) : common.Role.ROLE_UNSPECIFIED,
        callerToken: callerToken.token,
        callerTokenExpiresAt: new Date(callerToken.expiresAtMs).toISOString(),
        signedInWithSso,
      };
    }),

    selectMerchant: unary<identity.SelectMerchantRequest, identity.SelectMerchantResponse>('SelectMerchant', async (req, ctx) => {
      const membership = await selectMerchant(deps, req.sessionToken, req.merchantId, ctx.logger);
      return { merchantId: membership.merchantId, merchantName: membership.merchantName, role: roleToProto(membership.role) };
    }),

    signInWithSso: unary<identity.SignInWithSsoRequest, identity.SessionResponse>('SignInWithSso', async (req, ctx) =>
      sessionResponse(await signInWithSso(deps, { idToken: req.idToken, nonceHash: req.nonceHash, password: req.password }, ctx.logger)),
    ),

    endSsoSessions: unary<identity.EndSsoSessionsRequest, identity.EndSsoSessionsResponse>('EndSsoSessions', async (req, ctx) => ({
      ended: await endSsoSessions(deps, req.logoutToken, ctx.logger),
    })),

    checkEmail: unary<identity.CheckEmailRequest, identity.CheckEmailResponse>('CheckEmail', async (req) => ({ exists: await emailExists(deps, checkEmailSchema.parse(req).email) })),
  };
}
