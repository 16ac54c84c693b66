import type { BackgroundMailer, Pool, SsoSettings, UrgentEvent } from '@smista/service-kit';
import type { SsoTokenVerifier } from './sso-tokens';
import type { CallerTokenCache } from './caller-tokens';
import type { MembershipLookup } from './ports';

/** What the use cases work with; main.ts builds it once and the gRPC handlers pass it on. */
export interface AppDeps {
  pool: Pool;
  /** SESSION_TTL_HOURS: a session's sliding lifetime. */
  sessionTtlHours: number;
  /** Signs the caller tokens ResolveSession hands the gateway (reused for 10 s per caller). */
  callerTokens: CallerTokenCache;
  /** PUBLIC_URL: the reset link's origin. */
  publicUrl: string;
  mailer: BackgroundMailer;
  memberships: MembershipLookup;
  /**
   * Publishes committed `identity.sessions.invalidated` rows at once (awaiting JetStream), so the
   * gateways drop their cached sessions before the call answers; never throws (the relay is the fallback).
   */
  publishNow(events: UrgentEvent[]): Promise<void>;
  /** Single sign-on (SSO_ISSUER_URL, SSO_CLIENT_ID); absent when it is off. */
  sso?: { settings: SsoSettings; verifier: SsoTokenVerifier };
}
