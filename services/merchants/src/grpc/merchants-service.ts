import { createHandlerFactory, withTransaction, type GrpcServiceBinding, type Logger, type Pool } from '@smista/service-kit';
import { common, merchants } from '@smista/proto';
import {
  assertMayReadMembershipOf,
  CREATOR_ROLE,
  merchantsErrors,
  normaliseMerchantName,
  parseMerchantId,
  roleToProto,
} from '../domain';
import { findMembership, insertMembership, insertMerchant, listMerchantsOfUser, type MemberMerchant } from '../store';
import { enqueueMemberAdded, enqueueMerchantCreated } from '../events/publishers';
import { errorStatus } from './error-status';
import { actorOf } from './actor';

export interface MerchantsServiceDeps {
  pool: Pool;
  logger: Logger;
  /** CALLER_TOKEN_SECRET: verifies the caller token identity signed. */
  callerSecret: string;
}

function toMerchantMessage(m: MemberMerchant): merchants.Merchant {
  return merchants.Merchant.fromPartial({
    id: m.id,
    name: m.name,
    role: roleToProto(m.role),
    createdAt: m.createdAt.toISOString(),
  });
}

/**
 * The MerchantsService gRPC binding: handlers that verify the caller, let the domain decide and
 * the store carry. main.ts and the integration tests both serve this.
 */
export function createMerchantsService(deps: MerchantsServiceDeps): GrpcServiceBinding {
  const { pool } = deps;
  const unary = createHandlerFactory({ logger: deps.logger, callerSecret: deps.callerSecret, errors: errorStatus });

  const implementation: merchants.MerchantsServiceServer = {
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
        return { ...merchant, role: membership.role };
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

  return { definition: merchants.MerchantsServiceService, implementation };
}
