import type { createHandlerFactory, Logger, Pool, UrgentEvent } from '@smista/service-kit';
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
  /**
   * Publishes committed `identity.sessions.invalidated` rows at once (awaiting JetStream), so the
   * gateways drop their cached sessions before the call answers; never throws (the relay is the fallback).
   */
  publishNow(events: UrgentEvent[]): Promise<void>;
}
