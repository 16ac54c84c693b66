import { requireAdmin, requireMerchant, withTransaction } from '@smista/service-kit';
import { common, marketplaces } from '@smista/proto';
import { createMarketplaceIntegrationSchema } from '@smista/contracts';
import { assertSelectedMerchant, assertSettingsConnect, marketplaceByIdentifier, marketplacesErrors } from '../domain';
import { enqueueIntegrationChanged } from '../events/publishers';
import { deleteIntegration, jobsOfIntegrations, listIntegrations, listMarketplaces, setAutoUpdateTracking, setIntegrationActive } from '../store';
import type { HandlerDeps } from './deps';
import { toIntegrationMessage } from './mapping';
import { ownIntegration } from './own-integration';

/** The merchant's integrations: any member reads; only an admin creates, switches, changes settings, deletes or refreshes. */
export function integrationHandlers(deps: HandlerDeps) {
  const { pool, unary, now, tokens } = deps;

  /** An integration with its current and last job, as answered. */
  const answer = async (merchantId: string, integration: Parameters<typeof toIntegrationMessage>[0]) => {
    const jobs = await jobsOfIntegrations(pool, merchantId, [integration.id]);
    return toIntegrationMessage(integration, jobs.get(integration.id), now());
  };

  return {
    listIntegrations: unary('ListIntegrations', async (request: marketplaces.ListIntegrationsRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      assertSelectedMerchant(request.merchantId, merchantId);
      const rows = await listIntegrations(pool, merchantId);
      const jobs = await jobsOfIntegrations(pool, merchantId, rows.map((r) => r.id));
      const at = now();
      return marketplaces.ListIntegrationsResponse.fromPartial({ integrations: rows.map((r) => toIntegrationMessage(r, jobs.get(r.id), at)) });
    }),

    getIntegration: unary('GetIntegration', async (request: marketplaces.IntegrationRef, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      return answer(merchantId, await ownIntegration(pool, merchantId, request));
    }),

    createIntegration: unary('CreateIntegration', async (request: marketplaces.CreateIntegrationRequest, ctx) => {
      const { merchantId } = requireAdmin(await requireMerchant(ctx));
      assertSelectedMerchant(request.merchantId, merchantId);
      const input = createMarketplaceIntegrationSchema.parse({ type: request.type, provider: request.provider, config: request.configJson, active: request.active });
      const marketplace = marketplaceByIdentifier(await listMarketplaces(pool), input.provider);
      // Every refusal of spec §5 and of marketplaces without an adapter; nothing is stored.
      return assertSettingsConnect(marketplace, input.config);
    }),

    toggleIntegration: unary('ToggleIntegration', async (request: marketplaces.ToggleIntegrationRequest, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const at = now();
      const updated = await withTransaction(pool, async (tx) => {
        const locked = await ownIntegration(tx, merchantId, request, { forUpdate: true });
        if (locked.active === request.active) return locked;
        const row = await setIntegrationActive(tx, locked.id, request.active, at);
        await enqueueIntegrationChanged(tx, row, { change: 'toggled', changedByUserId: userId, occurredAt: at });
        return row;
      });
      ctx.logger.info({ merchantId, integrationId: updated.id, active: updated.active, userId }, 'marketplace integration toggled');
      return answer(merchantId, updated);
    }),

    updateIntegrationSettings: unary('UpdateIntegrationSettings', async (request: marketplaces.UpdateIntegrationSettingsRequest, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const at = now();
      const updated = await withTransaction(pool, async (tx) => {
        const locked = await ownIntegration(tx, merchantId, request, { forUpdate: true });
        // Only the settings the request names change; the same value again changes nothing.
        if (request.autoUpdateTracking === undefined || locked.autoUpdateTracking === request.autoUpdateTracking) return locked;
        const row = await setAutoUpdateTracking(tx, locked.id, request.autoUpdateTracking, at);
        await enqueueIntegrationChanged(tx, row, { change: 'settings', changedByUserId: userId, occurredAt: at });
        return row;
      });
      ctx.logger.info({ merchantId, integrationId: updated.id, autoUpdateTracking: updated.autoUpdateTracking, userId }, 'marketplace integration settings updated');
      return answer(merchantId, updated);
    }),

    deleteIntegration: unary('DeleteIntegration', async (request: marketplaces.IntegrationRef, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const at = now();
      const deleted = await withTransaction(pool, async (tx) => {
        const locked = await ownIntegration(tx, merchantId, request, { forUpdate: true });
        if (!(await deleteIntegration(tx, merchantId, locked.id))) throw marketplacesErrors.integrationNotFound();
        // Orders deletes this integration's orders when it reads the event.
        await enqueueIntegrationChanged(tx, locked, { change: 'deleted', changedByUserId: userId, occurredAt: at });
        return locked;
      });
      ctx.logger.info({ merchantId, integrationId: deleted.id, marketplace: deleted.marketplace.identifier, userId }, 'marketplace integration deleted');
      return common.Empty.fromPartial({});
    }),

    refreshToken: unary('RefreshToken', async (request: marketplaces.IntegrationRef, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const current = await ownIntegration(pool, merchantId, request);
      // Spec §5: a refresh needs the marketplace's OAuth.
      if (!current.marketplace.oauth) throw marketplacesErrors.refreshNotSupported();
      const { integration } = await tokens.refresh(current.id, { mode: 'force' }, userId);
      return answer(merchantId, integration);
    }),
  };
}
