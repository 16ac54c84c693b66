import type { Logger, Pool } from '@smista/service-kit';
import { deleteExpiredSessions } from './sessions';
import { deleteStaleResetTokens } from './reset-tokens';
import { deleteExpiredNonces } from './sso';

/** Hourly removal of long-expired sessions, reset tokens and SSO nonces, so the tables stay the size of what is live. */
export function startHousekeeping(pool: Pool, logger: Logger, intervalMs = 3_600_000): { stop(): void } {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        const [sessions, resetTokens, ssoNonces] = [await deleteExpiredSessions(pool), await deleteStaleResetTokens(pool), await deleteExpiredNonces(pool)];
        if (sessions || resetTokens || ssoNonces) logger.info({ sessions, resetTokens, ssoNonces }, 'expired rows removed');
      } catch (err) {
        logger.warn({ err }, 'housekeeping failed');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
