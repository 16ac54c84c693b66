import type { createHandlerFactory, Logger, Pool } from '@smista/service-kit';
import type { BackgroundMailer } from '@smista/service-kit';
import type { MembershipLookup } from './merchants-client';

/** What the handlers work with; built once in main.ts. */
export interface HandlerDeps {
  pool: Pool;
  logger: Logger;
  unary: ReturnType<typeof createHandlerFactory>;
  callerSecret: string;
  sessionTtlHours: number;
  publicUrl: string;
  mailer: BackgroundMailer;
  memberships: MembershipLookup;
}
