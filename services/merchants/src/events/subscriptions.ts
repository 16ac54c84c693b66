import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { identityEvents } from '@smista/proto';
import { handleUserRegistered } from './user-registered';

/**
 * Every event this service consumes, in one place; main.ts starts one durable, inbox-idempotent
 * consumer for each and stops them on shutdown. `durableSuffix` is NATS_CONSUMER_SUFFIX.
 */
export function subscriptions(logger: Logger, durableSuffix = ''): AnySubscription[] {
  return [
    {
      durable: `merchants-user-registered${durableSuffix}`,
      subject: 'identity.user.registered',
      decode: (bytes) => identityEvents.UserRegistered.decode(bytes),
      handle: handleUserRegistered(logger.child({ consumer: 'user-registered' })),
    } satisfies Subscription<identityEvents.UserRegistered>,
  ];
}
