import { withTransaction, type Logger, type Queryable } from '@smista/service-kit';
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
import type { AppDeps } from './deps';

/** The usable reset token behind a raw token, or RESET_TOKEN_INVALID ('Link non valido'). */
async function usableToken(db: Queryable, token: string, opts: { forUpdate?: boolean } = {}) {
  if (!isWellFormedToken(token)) throw identityErrors.resetTokenInvalid();
  const stored = await resetTokens.findResetToken(db, hashToken(token), opts);
  assertResetTokenUsable(stored, new Date());
  return stored;
}

/**
 * A reset link by e-mail when the address has an account; nothing otherwise, and the caller cannot
 * tell the two apart. The e-mail leaves after the token is stored.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, logger: Logger): Promise<void> {
  const user = await users.findResetRecipient(deps.pool, normalizeEmail(email));
  if (!user) return;
  const token = generateToken();
  await resetTokens.insertResetToken(deps.pool, { tokenHash: hashToken(token), userId: user.id, expiresAt: resetTokenExpiry(new Date()) });
  deps.mailer.send(resetPasswordEmail(user, resetLink(deps.publicUrl, token)), { userId: user.id });
  logger.info({ userId: user.id }, 'password reset requested');
}

/** Refuses a reset token that is unknown, used or expired ('Link non valido'). */
export async function verifyResetToken(deps: AppDeps, token: string): Promise<void> {
  await usableToken(deps.pool, token);
}

/**
 * New password, token spent, every session of the user gone: all or nothing; every gateway has
 * dropped the sessions it cached before this returns.
 */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }, logger: Logger): Promise<void> {
  // Checked before hashing, so a bad link never costs an argon2 run.
  await usableToken(deps.pool, input.token);
  const passwordHash = await hashPassword(assertPasswordPolicy(input.password));
  const { userId, sessionsRemoved, invalidated } = await withTransaction(deps.pool, async (tx) => {
    const token = await usableToken(tx, input.token, { forUpdate: true });
    await resetTokens.useAllResetTokens(tx, token.userId);
    await users.updatePasswordHash(tx, token.userId, passwordHash);
    const sessionsRemoved = await sessions.deleteUserSessions(tx, token.userId);
    const invalidated =
      sessionsRemoved > 0 ? await enqueueSessionsInvalidated(tx, { userId: token.userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_PASSWORD_RESET }) : undefined;
    return { userId: token.userId, sessionsRemoved, invalidated };
  });
  if (invalidated) await deps.publishNow([invalidated]);
  logger.info({ userId, sessionsRemoved }, 'password reset');
}
