import express, { type NextFunction, type Request, type Response } from 'express';
import { controlCaller } from './control-client';

/*
 * The clock of a carrier sandbox, which the tests move over HTTP: parcels walk their tracking paths
 * on it, so a suite sees a parcel held, delivered on a second attempt or returned without waiting
 * days. The clock is the `now` option (default the system clock) plus an offset that only grows.
 */

/** The most one `POST /__sandbox/clock` moves the clock: 60 days. */
export const MAX_CLOCK_ADVANCE_SECONDS = 60 * 86_400;

export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly base: () => Date = () => new Date()) {}

  /** The sandbox's time: the base clock plus every advance so far. */
  readonly now = (): Date => new Date(this.base().getTime() + this.offsetMs);

  /** Moves the clock forward by `seconds` (validated by the caller: see {@link advanceRefusal}). */
  advance(seconds: number): Date {
    this.offsetMs += Math.round(seconds * 1000);
    return this.now();
  }
}

/** Why `advanceSeconds` cannot move the clock, in Italian; undefined when it can. */
export function advanceRefusal(advanceSeconds: unknown): string | undefined {
  if (typeof advanceSeconds !== 'number' || !Number.isFinite(advanceSeconds) || advanceSeconds <= 0 || advanceSeconds > MAX_CLOCK_ADVANCE_SECONDS) {
    return `advanceSeconds deve essere un numero di secondi maggiore di 0 e al massimo ${MAX_CLOCK_ADVANCE_SECONDS} (60 giorni)`;
  }
  return undefined;
}

/**
 * The clock's control endpoints, for a sandbox's `/__sandbox` router: `GET /clock` → `{ now }`,
 * `POST /clock` `{ advanceSeconds }` → `{ now }` after the move; bad input is a 400 `{ error }`.
 */
export function clockRouter(clock: SandboxClock): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: '16kb' }));
  router.get('/clock', (_req, res) => void res.json({ now: clock.now().toISOString() }));
  router.post('/clock', (req, res) => {
    const body: unknown = req.body;
    const advanceSeconds = body && typeof body === 'object' && !Array.isArray(body) ? (body as { advanceSeconds?: unknown }).advanceSeconds : undefined;
    const refusal = advanceRefusal(advanceSeconds);
    if (refusal) return void res.status(400).json({ error: refusal });
    res.json({ now: clock.advance(advanceSeconds as number).toISOString() });
  });
  router.use((_req, res) => void res.status(404).json({ error: 'Endpoint di controllo sconosciuto' }));
  // A body that is not JSON: the control's own answer, not the provider's error form.
  router.use((err: { status?: number; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status && err.status < 500 ? err.status : 500).json({ error: `Richiesta non leggibile: ${err.message ?? 'errore'}` });
  });
  return router;
}

/** The tests' side of a carrier sandbox's clock. */
export interface SandboxClockControl {
  /** The sandbox's time now. */
  clock(): Promise<Date>;
  /** Moves the sandbox's clock forward by `seconds` (0 < seconds ≤ 60 days) and answers its new time. */
  advanceClock(seconds: number): Promise<Date>;
}

/** A caller of the clock endpoints of the sandbox `name` at `baseUrl`. */
export function sandboxClockControl(name: string, baseUrl: string): SandboxClockControl {
  const call = controlCaller(name, baseUrl);
  return {
    clock: async () => new Date((await call<{ now: string }>('GET', '/clock')).now),
    advanceClock: async (seconds) => new Date((await call<{ now: string }>('POST', '/clock', { advanceSeconds: seconds })).now),
  };
}
