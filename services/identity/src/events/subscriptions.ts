import { streams, type Logger, type Subscription } from '@smista/service-kit';
import { merchantsEvents } from '@smista/proto';
import { handleMemberAdded } from './member-added';
import { handleMemberRemoved } from './member-removed';

/** Every event identity consumes, in one place. Each entry is a durable pull consumer. */
export function subscriptions(logger: Logger, durableSuffix = ''): Subscription<any>[] {
  return [
    {
      stream: streams.merchants,
      durable: `identity-member-added${durableSuffix}`,
      subject: 'merchants.member.added',
      decode: (bytes) => merchantsEvents.MemberAdded.decode(bytes),
      handle: handleMemberAdded(logger),
    } satisfies Subscription<merchantsEvents.MemberAdded>,
    {
      stream: streams.merchants,
      durable: `identity-member-removed${durableSuffix}`,
      subject: 'merchants.member.removed',
      decode: (bytes) => merchantsEvents.MemberRemoved.decode(bytes),
      handle: handleMemberRemoved(logger),
    } satisfies Subscription<merchantsEvents.MemberRemoved>,
  ];
}
