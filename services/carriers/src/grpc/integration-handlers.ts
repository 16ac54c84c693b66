import { requireAdmin, requireMerchant, withTransaction } from '@smista/service-kit';
import { common, carriers } from '@smista/proto';
import { carrierCredentialsSchema, carrierMessages as m } from '@smista/contracts';
import { z } from 'zod';
import { checkCredentials } from '../app/check-credentials';
import {
  assertSelectedMerchant,
  carrierByCode,
  carriersErrors,
  decideIntegrationUpdate,
  decideNewIntegration,
  needsCredentialCheck,
} from '../domain';
import {
  deleteIntegration,
  insertIntegration,
  listCarriers,
  listIntegrations,
  setIntegrationActive,
  updateIntegrationCredentials,
} from '../store';
import { enqueueIntegrationChanged } from '../events/publishers';
import type { HandlerDeps } from './deps';
import { credentialsInput, toCarrierMessage, toIntegrationMessage } from './mapping';
import { ownIntegration } from './own-integration';

const connectionName = z.string().trim().min(1, m.connectionNameRequired).max(100, m.tooLong);

/** The catalogue and the merchant's integrations: any member reads; only an admin changes. */
export function integrationHandlers(deps: HandlerDeps) {
  const { pool, unary, now, keyring } = deps;

  return {
    listCarriers: unary('ListCarriers', async () => {
      const all = await listCarriers(pool);
      return carriers.ListCarriersResponse.fromPartial({ carriers: all.map(toCarrierMessage) });
    }),

    listIntegrations: unary('ListIntegrations', async (request: carriers.ListIntegrationsRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      assertSelectedMerchant(request.merchantId, merchantId);
      const rows = await listIntegrations(pool, merchantId);
      return carriers.ListIntegrationsResponse.fromPartial({ integrations: rows.map(toIntegrationMessage) });
    }),

    getIntegration: unary('GetIntegration', async (request: carriers.IntegrationRef, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      return toIntegrationMessage(await ownIntegration(pool, merchantId, request));
    }),

    createIntegration: unary('CreateIntegration', async (request: carriers.CreateIntegrationRequest, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      assertSelectedMerchant(request.merchantId, merchantId);
      const carrier = carrierByCode(await listCarriers(pool), request.provider);
      const draft = decideNewIntegration(carrier, {
        connectionName: connectionName.parse(request.connectionName),
        credentials: carrierCredentialsSchema.parse(credentialsInput(request.credentials)),
        active: request.active,
      });
      const at = now();
      const created = await withTransaction(pool, async (tx) => {
        const row = await insertIntegration(tx, keyring, {
          merchantId,
          carrierId: carrier.id,
          connectionName: draft.connectionName,
          plain: draft.plain,
          secrets: draft.secrets,
          status: draft.status,
          active: draft.active,
          now: at,
        });
        await enqueueIntegrationChanged(tx, row, { change: 'created', changedByUserId: userId, occurredAt: at });
        return row;
      });
      ctx.logger.info({ merchantId, integrationId: created.id, carrier: carrier.code, userId }, 'carrier integration created');
      const checked = needsCredentialCheck(carrier) ? await checkCredentials(deps, created, { userId }, ctx.logger) : created;
      return toIntegrationMessage(checked);
    }),

    updateIntegration: unary('UpdateIntegration', async (request: carriers.UpdateIntegrationRequest, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const current = await ownIntegration(pool, merchantId, request);
      const decision = decideIntegrationUpdate(current, {
        connectionName: request.connectionName === undefined ? undefined : connectionName.parse(request.connectionName),
        credentials: carrierCredentialsSchema.parse(credentialsInput(request.credentials)),
      });
      const recheck = decision.credentialsChanged && needsCredentialCheck(current.carrier);
      const at = now();
      const updated = await withTransaction(pool, async (tx) => {
        const locked = await ownIntegration(tx, merchantId, request, { forUpdate: true });
        const row = await updateIntegrationCredentials(tx, keyring, locked, {
          connectionName: decision.connectionName,
          plain: decision.plain,
          secrets: decision.secrets,
          resetStatus: recheck,
          now: at,
        });
        await enqueueIntegrationChanged(tx, row, { change: 'updated', changedByUserId: userId, occurredAt: at });
        return row;
      });
      deps.adapters.drop(current.id);
      ctx.logger.info({ merchantId, integrationId: current.id, carrier: current.carrier.code, userId, recheck }, 'carrier integration updated');
      return toIntegrationMessage(recheck ? await checkCredentials(deps, updated, { userId }, ctx.logger) : updated);
    }),

    toggleIntegration: unary('ToggleIntegration', async (request: carriers.ToggleIntegrationRequest, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const at = now();
      const updated = await withTransaction(pool, async (tx) => {
        const locked = await ownIntegration(tx, merchantId, request, { forUpdate: true });
        if (locked.active === request.active) return locked;
        const row = await setIntegrationActive(tx, locked, request.active, at);
        await enqueueIntegrationChanged(tx, row, { change: 'toggled', changedByUserId: userId, occurredAt: at });
        return row;
      });
      ctx.logger.info({ merchantId, integrationId: updated.id, active: updated.active, userId }, 'carrier integration toggled');
      return toIntegrationMessage(updated);
    }),

    deleteIntegration: unary('DeleteIntegration', async (request: carriers.IntegrationRef, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const current = await ownIntegration(pool, merchantId, request);
      const at = now();
      await withTransaction(pool, async (tx) => {
        if (!(await deleteIntegration(tx, merchantId, current.id))) throw carriersErrors.integrationNotFound();
        await enqueueIntegrationChanged(tx, current, { change: 'deleted', changedByUserId: userId, occurredAt: at });
      });
      deps.adapters.drop(current.id);
      ctx.logger.info({ merchantId, integrationId: current.id, carrier: current.carrier.code, userId }, 'carrier integration deleted');
      return common.Empty.fromPartial({});
    }),

    validateCredentials: unary('ValidateCredentials', async (request: carriers.IntegrationRef, ctx) => {
      const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
      const current = await ownIntegration(pool, merchantId, request);
      if (!needsCredentialCheck(current.carrier)) return toIntegrationMessage(current);
      return toIntegrationMessage(await checkCredentials(deps, current, { userId }, ctx.logger));
    }),
  };
}
