import type { Logger, Pool } from '@smista/service-kit';
import { deleteExpiredSessions } from './sessions';
import { deleteStaleResetTokens } from './reset-tokens';

/** Hourly removal of long-expired sessions and reset tokens, so the tables stay the size of what is live. */
export function startHousekeeping(pool: Pool, logger: Logger, intervalMs = 3_600_000): { stop(): void } {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        const [sessions, resetTokens] = [await deleteExpiredSessions(pool), await deleteStaleResetTokens(pool)];
        if (sessions || resetTokens) logger.info({ sessions, resetTokens }, 'expired rows removed');
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
