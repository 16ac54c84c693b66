import type { Logger, Pool, Subscription } from '@smista/service-kit';

/** What the consumers of this service may use. */
export interface SubscriptionDeps {
  pool: Pool;
  logger: Logger;
}

/**
 * Every event this service consumes, in one place; main.ts starts one durable, inbox-idempotent
 * consumer for each and stops them on shutdown.
 *
 * None yet. Invites add the first one: `identity.user.registered` (stream `streams.identity`),
 * which accepts the invite named by the event's token for the newly registered user.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has its own event type
export function subscriptions(_deps: SubscriptionDeps): Subscription<any>[] {
  return [];
}
