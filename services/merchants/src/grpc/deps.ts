import type { createHandlerFactory, Logger, Mail, Pool } from '@smista/service-kit';
import type { UserDirectory } from './identity-client';

/** What the handlers are built from; main.ts (startMerchants) wires the real ones. */
export interface MerchantsServiceDeps {
  pool: Pool;
  logger: Logger;
  /** CALLER_TOKEN_SECRET: verifies the caller token identity signed. */
  callerSecret: string;
  /** identity.GetUsers: members' names and e-mails. */
  users: UserDirectory;
  /** Sends after the answer (BackgroundMailer). */
  mailer: { send(mail: Mail, logFields?: Record<string, unknown>): void };
  /** PUBLIC_URL: base of the invite link. */
  publicUrl: string;
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export type Unary = ReturnType<typeof createHandlerFactory>;

export interface HandlerDeps extends MerchantsServiceDeps {
  unary: Unary;
  now: () => Date;
}
