import { enqueueEvent, type PoolClient, type StreamSpec } from '@smista/service-kit';
import { identityEvents } from '@smista/proto';

/** The stream identity owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'IDENTITY', subjects: ['identity.>'] };

/** Subjects identity publishes on (stream IDENTITY, `identity.>`). */
export const subjects = {
  userRegistered: 'identity.user.registered',
} as const;

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
