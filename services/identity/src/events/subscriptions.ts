import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { merchantsEvents } from '@smista/proto';
import { handleMemberAdded } from './member-added';
import { handleMemberRemoved } from './member-removed';
import { handleSsoRequiredChanged } from './sso-required-changed';

/** Every event identity consumes, in one place. Each entry is a durable pull consumer. */
export function subscriptions(logger: Logger, durableSuffix = ''): AnySubscription[] {
  return [
    {
      durable: `identity-member-added${durableSuffix}`,
      subject: 'merchants.member.added',
      decode: (bytes) => merchantsEvents.MemberAdded.decode(bytes),
      handle: handleMemberAdded(logger),
    } satisfies Subscription<merchantsEvents.MemberAdded>,
    {
      durable: `identity-member-removed${durableSuffix}`,
      subject: 'merchants.member.removed',
      decode: (bytes) => merchantsEvents.MemberRemoved.decode(bytes),
      handle: handleMemberRemoved(logger),
    } satisfies Subscription<merchantsEvents.MemberRemoved>,
    {
      durable: `identity-sso-required-changed${durableSuffix}`,
      subject: 'merchants.merchant.sso_required_changed',
      decode: (bytes) => merchantsEvents.MerchantSsoRequiredChanged.decode(bytes),
      handle: handleSsoRequiredChanged(logger),
    } satisfies Subscription<merchantsEvents.MerchantSsoRequiredChanged>,
  ];
}
