import { enqueueEvent, enqueueUrgentEvent, type PoolClient, type StreamSpec, type UrgentEvent } from '@smista/service-kit';
import { identityEvents } from '@smista/proto';

/** The stream identity owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'IDENTITY', subjects: ['identity.>'] };

/** Subjects identity publishes on (stream IDENTITY, `identity.>`). */
export const subjects = {
  userRegistered: 'identity.user.registered',
  sessionsInvalidated: 'identity.sessions.invalidated',
} as const;

export const InvalidationReason = identityEvents.SessionsInvalidatedReason;

/** One session (`tokenHash`) or every session of the user, and why. */
export interface SessionsInvalidation {
  userId: string;
  tokenHash?: Buffer;
  reason: identityEvents.SessionsInvalidatedReason;
}

const encodeInvalidation = (i: SessionsInvalidation) =>
  identityEvents.SessionsInvalidated.encode({
    userId: i.userId,
    tokenHash: i.tokenHash,
    reason: i.reason,
    occurredAt: new Date().toISOString(),
  }).finish();

/**
 * Records `identity.sessions.invalidated` inside the transaction of a request's change (logout,
 * merchant selection, password change or reset, profile or avatar change). The handler publishes
 * it itself once committed (`deps.publishNow`), before answering, so every gateway replica has
 * dropped its cached copy of the session when the browser gets the answer; the relay is the fallback.
 */
export function enqueueSessionsInvalidated(tx: PoolClient, invalidation: SessionsInvalidation): Promise<UrgentEvent> {
  return enqueueUrgentEvent(tx, subjects.sessionsInvalidated, encodeInvalidation(invalidation));
}

/**
 * The same inside a consumer's transaction (a membership event changed live sessions): no request
 * waits for it, so the relay publishes it, woken at commit.
 */
export function enqueueSessionsInvalidatedByEvent(tx: PoolClient, invalidation: SessionsInvalidation): Promise<string> {
  return enqueueEvent(tx, subjects.sessionsInvalidated, encodeInvalidation(invalidation));
}

/**
 * Records `identity.user.registered` in the outbox, inside the registration's transaction: the
 * event exists if and only if the user does. The merchants service consumes it (invite token).
 */
export function enqueueUserRegistered(
  tx: PoolClient,
  event: { userId: string; email: string; inviteToken?: string; occurredAt: Date },
): Promise<string> {
  const payload = identityEvents.UserRegistered.encode({
    userId: event.userId,
    email: event.email,
    inviteToken: event.inviteToken,
    occurredAt: event.occurredAt.toISOString(),
  }).finish();
  return enqueueEvent(tx, subjects.userRegistered, payload);
}
