import type { Logger } from './logger';

export type ShutdownStep = [name: string, run: () => Promise<unknown>];

/**
 * On SIGTERM or SIGINT runs the steps in order (stop accepting, drain, flush, close), each
 * bounded in time, then exits. A second signal exits at once.
 */
export function onShutdown(logger: Logger, steps: ShutdownStep[], stepTimeoutMs = 10_000): void {
  let stopping = false;
  const handler = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const [name, run] of steps) {
      try {
        await Promise.race([
          run(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), stepTimeoutMs).unref()),
        ]);
      } catch (err) {
        logger.warn({ err, step: name }, 'shutdown step failed');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
