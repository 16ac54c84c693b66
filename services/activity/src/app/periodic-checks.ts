import { TOKEN_WARNING_DAYS } from '@smista/contracts';
import { withTransaction, type Logger, type Pool } from '@smista/service-kit';
import { localDay, tokenExpiringNotification, workdayOpenNotification, workdayReminderDay, type Clock } from '../domain';
import {
  integrationsExpiringBefore,
  openGlsShipments,
  pruneActivity,
  pruneGlsShipments,
  pruneNotifications,
  raiseNotification,
  raiseOrReopenNotification,
} from '../store';

const DAY_MS = 86_400_000;
/** Notifications and activity older than this are forgotten (the dashboard shows the newest few). */
export const RETENTION_DAYS = 90;

export interface PeriodicChecksDeps {
  pool: Pool;
  logger: Logger;
  now: () => Date;
  /** WORKDAY_REMINDER_AT. */
  workdayReminderAt: Clock;
  /** How often the token expiry is checked (an hour). */
  tokenCheckMs?: number;
  /** How often the workday reminder is considered (a minute: it fires within a minute of its time). */
  workdayCheckMs?: number;
}

/**
 * The checks no event triggers: refresh tokens that come within 30 days of their expiry (hourly,
 * and at start), and GLS days left open at the end of the afternoon (every minute from
 * WORKDAY_REMINDER_AT). Every replica runs them; the notifications' unique keys make a second
 * replica's (or the next run's) raise a no-op, so each merchant is notified once.
 */
export class PeriodicChecks {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();

  constructor(private readonly deps: PeriodicChecksDeps) {}

  start(): void {
    const every = (ms: number, check: () => Promise<unknown>, name: string) => {
      const run = () => this.track(check().catch((err: unknown) => this.deps.logger.warn({ err, check: name }, 'periodic check failed')));
      run();
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.deps.tokenCheckMs ?? 3_600_000, () => this.tokensAndHousekeeping(), 'tokens');
    every(this.deps.workdayCheckMs ?? 60_000, () => this.workdayReminder(), 'workday');
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.all(this.running);
  }

  /** Raises 'Autorizzazione in scadenza' for every integration within 30 days of its expiry; answers how many were new. */
  async checkTokens(): Promise<number> {
    const now = this.deps.now();
    const expiring = await integrationsExpiringBefore(this.deps.pool, new Date(now.getTime() + TOKEN_WARNING_DAYS * DAY_MS));
    let raised = 0;
    for (const integration of expiring) {
      const draft = tokenExpiringNotification(integration, now);
      if (draft && (await raiseNotification(this.deps.pool, integration.merchantId, draft, now))) raised++;
    }
    if (raised) this.deps.logger.info({ raised }, 'token expiry notified');
    return raised;
  }

  /**
   * From WORKDAY_REMINDER_AT (Europe/Rome) until midnight: 'Giornata GLS non chiusa' to each merchant
   * with GLS shipments labelled today and still open (again, when the day was closed and more
   * labels were left open after); answers how many were new.
   */
  async workdayReminder(): Promise<number> {
    const now = this.deps.now();
    const day = workdayReminderDay(now, this.deps.workdayReminderAt);
    if (!day) return 0;
    let raised = 0;
    for (const { merchantId, open, carrierIntegrationIds } of await openGlsShipments(this.deps.pool, day)) {
      const draft = workdayOpenNotification(day, open, carrierIntegrationIds);
      if (draft && (await withTransaction(this.deps.pool, (tx) => raiseOrReopenNotification(tx, merchantId, draft, now)))) {
        raised++;
        this.deps.logger.info({ merchantId, day, open }, 'GLS workday left open notified');
      }
    }
    return raised;
  }

  private async tokensAndHousekeeping(): Promise<void> {
    await this.checkTokens();
    const now = this.deps.now();
    const cutoff = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
    await pruneNotifications(this.deps.pool, cutoff);
    await pruneActivity(this.deps.pool, cutoff);
    await pruneGlsShipments(this.deps.pool, localDay(new Date(now.getTime() - 2 * DAY_MS)));
  }

  private track(p: Promise<unknown>): void {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }
}
