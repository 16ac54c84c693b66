import type { RequestHandler } from 'express';
import type { Logger } from '@smista/service-kit';

/**
 * One JSON line per request: method, path, status, duration and the user when known. The path is
 * the route pattern for `/api` routes (`/api/verify-reset-token/:token`), so tokens in URLs never
 * reach the log; query strings, headers, cookies and bodies are never logged.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    let done = false;
    const log = (aborted: boolean) => {
      if (done) return;
      done = true;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = {
        method: req.method,
        path: (res.locals.route as string | undefined) ?? (req.path.startsWith('/api/') ? '/api/(unknown)' : req.path),
        status: aborted ? 499 : res.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId: res.locals.userId as string | undefined,
      };
      if (line.status >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    };
    res.once('finish', () => log(false));
    res.once('close', () => log(!res.writableFinished));
    next();
  };
}
