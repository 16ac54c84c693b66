import { enqueueEvent, type PoolClient } from '@smista/service-kit';
import { merchantsEvents } from '@smista/proto';
import { roleToProto, type MemberRole } from '../domain';

/** Subjects this service publishes, all in the MERCHANTS stream (`merchants.>`). */
export const subjects = {
  merchantCreated: 'merchants.merchant.created',
  memberAdded: 'merchants.member.added',
} as const;

/**
 * Writes MerchantCreated to the outbox. Call inside the transaction that inserts the merchant, so
 * the event is published if and only if the merchant exists.
 */
export async function enqueueMerchantCreated(
  tx: PoolClient,
  event: { merchantId: string; name: string; createdByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = merchantsEvents.MerchantCreated.encode(
    merchantsEvents.MerchantCreated.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.merchantCreated, payload);
}

/**
 * Writes MemberAdded to the outbox, in the transaction that inserts the membership. Identity
 * listens to refresh the role of the member's sessions.
 */
export async function enqueueMemberAdded(
  tx: PoolClient,
  event: { merchantId: string; userId: string; role: MemberRole; occurredAt: Date },
): Promise<void> {
  const payload = merchantsEvents.MemberAdded.encode(
    merchantsEvents.MemberAdded.fromPartial({
      merchantId: event.merchantId,
      userId: event.userId,
      role: roleToProto(event.role),
      occurredAt: event.occurredAt.toISOString(),
    }),
  ).finish();
  await enqueueEvent(tx, subjects.memberAdded, payload);
}
