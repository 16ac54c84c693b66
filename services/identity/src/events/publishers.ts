import { enqueueEvent, type PoolClient } from '@smista/service-kit';
import { identityEvents } from '@smista/proto';

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
