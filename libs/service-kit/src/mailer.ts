import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Overrides MAIL_FROM (buyer e-mails: the merchant's name on the deployment's address). */
  from?: { name: string; address: string };
  replyTo?: string;
  headers?: Record<string, string>;
  /** A stable Message-ID (`<…@…>`): a message sent again after a crash is the same message to the mailbox. */
  messageId?: string;
  /** Inline images referenced as `cid:<cid>` in the HTML. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP mailer: the local mail catcher in development and tests, a real relay in production. */
export function createMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, from: mail.from ?? from });
      logger.info({ subject: mail.subject }, 'mail sent');
    },
  };
}

/**
 * Sends mail after the request has been answered (so the answer never depends on SMTP, and a
 * slow relay cannot push a call past its deadline), keeping track of sends in flight so that
 * shutdown can wait for them. Failures are logged with the subject only, never the body (which
 * holds reset and invite links).
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
