import { identityErrors } from './errors';

/** A reset link is good for one hour (spec §4: request, e-mail sent, token verified, new password set). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function resetTokenExpiry(now: Date): Date {
  return new Date(now.getTime() + RESET_TOKEN_TTL_MS);
}

export interface ResetTokenState {
  used: boolean;
  expiresAt: Date;
}

/** Whether a stored reset token may still be used. */
export function isResetTokenUsable(token: ResetTokenState | undefined, now: Date): token is ResetTokenState {
  return !!token && !token.used && token.expiresAt.getTime() > now.getTime();
}

/** Unknown, used and expired tokens all get the same 'Link non valido'. */
export function assertResetTokenUsable(token: ResetTokenState | undefined, now: Date): asserts token is ResetTokenState {
  if (!isResetTokenUsable(token, now)) throw identityErrors.resetTokenInvalid();
}

/** The link in the reset e-mail, on the shell's public /reset-password route. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}
