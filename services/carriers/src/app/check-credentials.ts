import { DomainError, KitErrorCode, withTransaction, type Logger } from '@smista/service-kit';
import { carrierMessages } from '@smista/contracts';
import { statusAfterCheck, type CredentialCheck, type Integration } from '../domain';
import { CarrierError } from '../adapters';
import { setIntegrationStatus } from '../store';
import { enqueueIntegrationChanged } from '../events/publishers';
import type { AppDeps } from './deps';

/**
 * Asks the carrier whether it accepts the integration's credentials and records the answer:
 * accepted → active; refused → pending with the carrier's words in Italian; carrier unreachable →
 * the status stays, with the reason. A status change is published in the same transaction.
 * Never throws for the carrier's answer: the merchant reads it on the integration.
 */
export async function checkCredentials(deps: AppDeps, integration: Integration, actor: { userId: string }, logger: Logger): Promise<Integration> {
  const check = await askCarrier(deps, integration, logger);
  const now = deps.now();
  return withTransaction(deps.pool, async (tx) => {
    const next = statusAfterCheck(integration, check, now);
    const updated = await setIntegrationStatus(tx, integration, { ...next, now });
    if (updated.status !== integration.status) {
      await enqueueIntegrationChanged(tx, updated, { change: 'status', changedByUserId: actor.userId, occurredAt: now });
    }
    logger.info({ merchantId: integration.merchantId, integrationId: integration.id, carrier: integration.carrier.code, outcome: check.outcome }, 'credentials checked');
    return updated;
  });
}

async function askCarrier(deps: AppDeps, integration: Integration, logger: Logger): Promise<CredentialCheck> {
  try {
    const adapter = await deps.adapters.get(integration);
    await adapter.validateCredentials();
    return { outcome: 'accepted' };
  } catch (err) {
    if (err instanceof CarrierError) return { outcome: 'refused', message: err.message };
    if (err instanceof DomainError && err.code === KitErrorCode.ProviderRefused) return { outcome: 'refused', message: err.message };
    if (err instanceof DomainError) return { outcome: 'unreachable', message: err.message };
    logger.error({ err, integrationId: integration.id }, 'credential check failed');
    return { outcome: 'unreachable', message: carrierMessages.credentialCheckFailed };
  }
}
