import { roleToProto, withTransaction } from '@smista/service-kit';
import { common, merchants } from '@smista/proto';
import { assertMayReadMembershipOf, CREATOR_ROLE, merchantsErrors, normaliseMerchantName, parseMerchantId } from '../domain';
import { findMembership, insertMembership, insertMerchant, listMerchantsOfUser } from '../store';
import { enqueueMemberAdded, enqueueMerchantCreated } from '../events/publishers';
import { actorOf } from './actor';
import type { HandlerDeps } from './deps';
import { toMerchantMessage } from './mapping';

/** ListMyMerchants, CreateMerchant, GetMembership. */
export function merchantHandlers({ pool, unary }: HandlerDeps) {
  return {
    listMyMerchants: unary('ListMyMerchants', async (_request: common.Empty, ctx) => {
      const actor = await actorOf(ctx);
      const rows = await listMerchantsOfUser(pool, actor.userId);
      return merchants.ListMyMerchantsResponse.fromPartial({ merchants: rows.map(toMerchantMessage) });
    }),

    createMerchant: unary('CreateMerchant', async (request: merchants.CreateMerchantRequest, ctx) => {
      const actor = await actorOf(ctx);
      const name = normaliseMerchantName(request.name);
      const created = await withTransaction(pool, async (tx) => {
        const merchant = await insertMerchant(tx, { name, createdBy: actor.userId });
        const membership = await insertMembership(tx, { userId: actor.userId, merchantId: merchant.id, role: CREATOR_ROLE });
        await enqueueMerchantCreated(tx, {
          merchantId: merchant.id,
          name: merchant.name,
          createdByUserId: actor.userId,
          occurredAt: merchant.createdAt,
        });
        await enqueueMemberAdded(tx, { ...membership, occurredAt: membership.createdAt });
        return { ...merchant, role: membership.role, ssoRequired: false };
      });
      ctx.logger.info({ merchantId: created.id, userId: actor.userId }, 'merchant created');
      return toMerchantMessage(created);
    }),

    getMembership: unary('GetMembership', async (request: merchants.GetMembershipRequest, ctx) => {
      const actor = await actorOf(ctx);
      assertMayReadMembershipOf(actor, request.userId);
      const merchantId = parseMerchantId(request.merchantId);
      const membership = await findMembership(pool, actor.userId, merchantId);
      if (!membership) throw merchantsErrors.merchantNotFound();
      return merchants.Membership.fromPartial({ ...membership, role: roleToProto(membership.role) });
    }),
  };
}
