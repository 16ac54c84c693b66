import type { Logger, Mail, Mailer } from '@smista/service-kit';

/**
 * Sends mail after the request has been answered (so the answer never depends on SMTP, and a
 * slow relay cannot push a call past its deadline), keeping track of sends in flight so that
 * shutdown can wait for them. Failures are logged with the subject only, never the body (which
 * holds the invite link).
 */
export class BackgroundMailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  send(mail: Mail, logFields: Record<string, unknown> = {}): void {
    const p = this.mailer
      .send(mail)
      .catch((err: unknown) =>
        this.logger.error({ ...logFields, subject: mail.subject, err: err instanceof Error ? err.message : String(err) }, 'mail not sent'),
      )
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for the sends in flight (shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
