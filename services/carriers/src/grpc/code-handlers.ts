import { kitErrors, requireAdmin, requireMerchant, withTransaction } from '@smista/service-kit';
import { common, carriers } from '@smista/proto';
import { carrierMessages as m, trackingCodeStatuses, type TrackingCodeStatus } from '@smista/contracts';
import { poolChanged } from '../app/tracking-code-pool';
import { carriersErrors, isLowStock } from '../domain';
import { describeCodes, expandRange, parseManualCodes } from '../domain/tracking-codes';
import { codeStats, deleteAvailableCode, existingCodes, insertCodes, listCodes, takeNextCode } from '../store';
import type { HandlerDeps } from './deps';
import { ownIntegration } from './own-integration';
import { toCodeMessage } from './mapping';

/** The tracking-code pools of the letter services: any member reads; only an admin adds or deletes. */
export function codeHandlers(deps: HandlerDeps) {
  const { pool, unary, now } = deps;

  const ownPool = (request: { merchantId?: string; id: number }, merchantId: string) => ownIntegration(pool, merchantId, request, { pool: true });

  return {
    getTrackingCodeStats: unary('GetTrackingCodeStats', async (request: carriers.IntegrationRef, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownPool(request, merchantId);
      const stats = await codeStats(pool, integration.id);
      return carriers.TrackingCodeStats.fromPartial({ ...stats, lowStock: isLowStock(stats.available) });
    }),

    listTrackingCodes: unary('ListTrackingCodes', async (request: carriers.ListTrackingCodesRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownPool(request, merchantId);
      const status = request.status ? request.status.trim().toLowerCase() : '';
      if (status && !(trackingCodeStatuses as readonly string[]).includes(status)) throw kitErrors.invalidInput(m.statusFilterInvalid);
      const page = request.page > 0 ? request.page : 1;
      const pageSize = request.pageSize > 0 ? Math.min(request.pageSize, 500) : 20;
      const { codes, total } = await listCodes(pool, integration.id, { status: (status || undefined) as TrackingCodeStatus | undefined, page, pageSize });
      return carriers.ListTrackingCodesResponse.fromPartial({ codes: codes.map(toCodeMessage), page, pageSize, totalItems: total });
    }),

    addTrackingCodes: unary('AddTrackingCodes', async (request: carriers.AddTrackingCodesRequest, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const integration = await ownPool(request, merchantId);
      const carrierCode = integration.carrier.code as Parameters<typeof parseManualCodes>[1];
      let codes: string[];
      if (request.method === 'manual') codes = parseManualCodes(request.trackingCodes, carrierCode);
      else if (request.method === 'range') codes = [...expandRange(request.fromCode, request.toCode, carrierCode)];
      else throw carriersErrors.invalidCodes(m.methodInvalid);
      const at = now();
      const added = await withTransaction(pool, async (tx) => {
        // The pool's row lock: concurrent additions of the same codes run one after the other.
        const locked = await ownIntegration(tx, merchantId, integration, { forUpdate: true });
        const already = await existingCodes(tx, integration.id, codes);
        if (already.length > 0) throw carriersErrors.duplicateCodes(m.duplicateInPool(describeCodes(already)));
        const n = await insertCodes(tx, integration.id, codes, at);
        await poolChanged(tx, locked, n, at);
        return n;
      });
      ctx.logger.info({ merchantId, integrationId: integration.id, added, method: request.method, userId }, 'tracking codes added');
      return carriers.AddTrackingCodesResponse.fromPartial({ added, message: m.codesAdded(added) });
    }),

    deleteTrackingCode: unary('DeleteTrackingCode', async (request: carriers.DeleteTrackingCodeRequest, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const integration = await ownPool(request, merchantId);
      const at = now();
      await withTransaction(pool, async (tx) => {
        const locked = await ownIntegration(tx, merchantId, integration, { forUpdate: true });
        const outcome = await deleteAvailableCode(tx, integration.id, request.codeId);
        if (outcome === 'not-found') throw carriersErrors.codeNotFound();
        if (outcome === 'not-available') throw carriersErrors.codeNotAvailable();
        await poolChanged(tx, locked, -1, at);
      });
      ctx.logger.info({ merchantId, integrationId: integration.id, codeId: request.codeId, userId }, 'tracking code deleted');
      return common.Empty.fromPartial({});
    }),

    takeTrackingCode: unary('TakeTrackingCode', async (request: carriers.TakeTrackingCodeRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownPool({ id: request.integrationId }, merchantId);
      const at = now();
      const taken = await withTransaction(pool, async (tx) => {
        const code = await takeNextCode(tx, integration.id, { orderId: request.orderId || null, reference: null, recipient: null, now: at });
        if (!code) throw carriersErrors.noCodesAvailable();
        await poolChanged(tx, integration, -1, at);
        return code;
      });
      return toCodeMessage(taken);
    }),
  };
}
