import { enqueueEvent, roleToProto, type PoolClient, type StreamSpec } from '@smista/service-kit';
import { merchantsEvents } from '@smista/proto';
import type { Role } from '../domain';

/** The stream merchants owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'MERCHANTS', subjects: ['merchants.>'] };

/** Subjects this service publishes, all in the MERCHANTS stream (`merchants.>`). */
export const subjects = {
  merchantCreated: 'merchants.merchant.created',
  memberAdded: 'merchants.member.added',
  memberRemoved: 'merchants.member.removed',
  inviteCreated: 'merchants.invite.created',
  ssoRequiredChanged: 'merchants.merchant.sso_required_changed',
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
 * Writes MemberAdded to the outbox, in the transaction that inserts the membership or changes its
 * role: a role change is published as MemberAdded with the new role. Identity listens to refresh
 * the role of the member's live sessions.
 */
export async function enqueueMemberAdded(
  tx: PoolClient,
  event: { merchantId: string; userId: string; role: Role; occurredAt: Date },
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

/** Writes MemberRemoved to the outbox, in the transaction that deletes the membership. */
export async function enqueueMemberRemoved(
  tx: PoolClient,
  event: { merchantId: string; userId: string; removedByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = merchantsEvents.MemberRemoved.encode(
    merchantsEvents.MemberRemoved.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.memberRemoved, payload);
}

/** Writes InviteCreated to the outbox, in the transaction that stores the invite. No token in it. */
export async function enqueueInviteCreated(
  tx: PoolClient,
  event: {
    inviteId: string;
    merchantId: string;
    email: string;
    role: Role;
    invitedByUserId: string;
    expiresAt: Date;
    occurredAt: Date;
  },
): Promise<void> {
  const payload = merchantsEvents.InviteCreated.encode(
    merchantsEvents.InviteCreated.fromPartial({
      ...event,
      role: roleToProto(event.role),
      expiresAt: event.expiresAt.toISOString(),
      occurredAt: event.occurredAt.toISOString(),
    }),
  ).finish();
  await enqueueEvent(tx, subjects.inviteCreated, payload);
}

/**
 * Writes MerchantSsoRequiredChanged to the outbox, in the transaction that changes the merchant:
 * identity makes password sessions leave it, activity writes the merchant's line.
 */
export async function enqueueSsoRequiredChanged(
  tx: PoolClient,
  event: { merchantId: string; required: boolean; changedByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = merchantsEvents.MerchantSsoRequiredChanged.encode(
    merchantsEvents.MerchantSsoRequiredChanged.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.ssoRequiredChanged, payload);
}
