import { withTransaction, type Queryable } from '@smista/service-kit';
import { requestPasswordResetSchema } from '@smista/contracts';
import type { common, identity } from '@smista/proto';
import { identityErrors } from '../domain/errors';
import { assertPasswordPolicy, hashPassword } from '../domain/passwords';
import { assertResetTokenUsable, resetLink, resetTokenExpiry } from '../domain/password-reset';
import { generateToken, hashToken, isWellFormedToken } from '../domain/tokens';
import { normalizeEmail } from '../domain/users';
import { enqueueSessionsInvalidated, InvalidationReason } from '../events/publishers';
import { resetPasswordEmail } from '../mail/reset-email';
import * as resetTokens from '../store/reset-tokens';
import * as sessions from '../store/sessions';
import * as users from '../store/users';
import type { HandlerDeps } from './deps';

type Empty = common.Empty;

/** RequestPasswordReset, VerifyResetToken, ResetPassword. */
export function passwordResetHandlers(deps: HandlerDeps) {
  const { pool, unary } = deps;

  /** The usable reset token behind a raw token, or RESET_TOKEN_INVALID ('Link non valido'). */
  async function usableToken(token: string, opts: { forUpdate?: boolean; db?: Queryable } = {}) {
    if (!isWellFormedToken(token)) throw identityErrors.resetTokenInvalid();
    const stored = await resetTokens.findResetToken(opts.db ?? pool, hashToken(token), opts);
    assertResetTokenUsable(stored, new Date());
    return stored;
  }

  return {
    /** Same empty answer whether or not the address has an account; the e-mail leaves after commit. */
    requestPasswordReset: unary<identity.RequestPasswordResetRequest, Empty>('RequestPasswordReset', async (req, ctx) => {
      const { email } = requestPasswordResetSchema.parse(req);
      const user = await users.findResetRecipient(pool, normalizeEmail(email));
      if (!user) return {};
      const token = generateToken();
      await resetTokens.insertResetToken(pool, { tokenHash: hashToken(token), userId: user.id, expiresAt: resetTokenExpiry(new Date()) });
      deps.mailer.send(resetPasswordEmail(user, resetLink(deps.publicUrl, token)), { userId: user.id });
      ctx.logger.info({ userId: user.id }, 'password reset requested');
      return {};
    }),

    verifyResetToken: unary<identity.VerifyResetTokenRequest, Empty>('VerifyResetToken', async (req) => {
      await usableToken(req.token);
      return {};
    }),

    /** New password, token spent, every session of the user gone: all or nothing. */
    resetPassword: unary<identity.ResetPasswordRequest, Empty>('ResetPassword', async (req, ctx) => {
      // Checked before hashing, so a bad link never costs an argon2 run.
      await usableToken(req.token);
      const passwordHash = await hashPassword(assertPasswordPolicy(req.password));
      const { userId, sessionsRemoved, invalidated } = await withTransaction(pool, async (tx) => {
        const token = await usableToken(req.token, { forUpdate: true, db: tx });
        await resetTokens.useAllResetTokens(tx, token.userId);
        await users.updatePasswordHash(tx, token.userId, passwordHash);
        const sessionsRemoved = await sessions.deleteUserSessions(tx, token.userId);
        const invalidated =
          sessionsRemoved > 0 ? await enqueueSessionsInvalidated(tx, { userId: token.userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_PASSWORD_RESET }) : undefined;
        return { userId: token.userId, sessionsRemoved, invalidated };
      });
      // Before answering, every gateway has dropped the sessions it cached.
      if (invalidated) await deps.publishNow([invalidated]);
      ctx.logger.info({ userId, sessionsRemoved }, 'password reset');
      return {};
    }),
  };
}
