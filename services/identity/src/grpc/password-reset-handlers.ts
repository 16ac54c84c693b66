import { requestPasswordResetSchema } from '@smista/contracts';
import type { common, identity } from '@smista/proto';
import { requestPasswordReset, resetPassword, verifyResetToken } from '../app';
import type { HandlerDeps } from './deps';

type Empty = common.Empty;

/** RequestPasswordReset, VerifyResetToken, ResetPassword: the flows are in app/password-reset.ts. */
export function passwordResetHandlers(deps: HandlerDeps) {
  const { unary } = deps;

  return {
    /** Same empty answer whether or not the address has an account. */
    requestPasswordReset: unary<identity.RequestPasswordResetRequest, Empty>('RequestPasswordReset', async (req, ctx) => {
      await requestPasswordReset(deps, requestPasswordResetSchema.parse(req).email, ctx.logger);
      return {};
    }),

    verifyResetToken: unary<identity.VerifyResetTokenRequest, Empty>('VerifyResetToken', async (req) => {
      await verifyResetToken(deps, req.token);
      return {};
    }),

    resetPassword: unary<identity.ResetPasswordRequest, Empty>('ResetPassword', async (req, ctx) => {
      await resetPassword(deps, { token: req.token, password: req.password }, ctx.logger);
      return {};
    }),
  };
}
