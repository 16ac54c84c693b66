import { setTimeout as sleep } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * The Express app every marketplace sandbox starts from: no `x-powered-by` or ETag, JSON and form
 * bodies up to 1 MB, the control endpoints under `/__sandbox` (never delayed, never counted), then,
 * when `calls` is given, every provider call counted and delayed by its latency. The provider's
 * routes come after.
 */
export function sandboxApp(options: { control: express.Router; extendedQuery?: boolean; calls?: { count: () => void; latencyMs: number } }): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  if (options.extendedQuery) app.set('query parser', 'extended');
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false }));
  app.use('/__sandbox', options.control);
  const calls = options.calls;
  if (calls) {
    app.use(async (_req: Request, _res: Response, next: NextFunction) => {
      calls.count();
      if (calls.latencyMs > 0) await sleep(calls.latencyMs);
      next();
    });
  }
  return app;
}
