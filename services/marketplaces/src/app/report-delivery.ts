import { DomainError, KitErrorCode, type Logger } from '@smista/service-kit';
import { marketplaceMessages as m } from '@smista/contracts';
import { MarketplaceError } from '../adapters';
import { MarketplacesErrorCode, type AttemptResult, type Integration } from '../domain';
import type { AdapterRegistry } from './adapter-registry';
import type { TokenKeeper } from './token-keeper';

/**
 * Tells the marketplace that a shipment was delivered, on the fulfilment its tracking push made
 * (the adapter's reportDelivery: Shopify's fulfillmentEventCreate DELIVERED). The tracking push's
 * rules: the integration switched off or not active is a refusal; a 401 refreshes the token once
 * and tries again; the marketplace's refusal (Italian) fails; quota and outages are passing faults.
 * Answers the attempt's result; `no-call` when the marketplace has no delivery call.
 */
export async function reportDelivery(
  deps: { adapters: AdapterRegistry; tokens: TokenKeeper },
  integration: Integration,
  delivery: { fulfillmentId: string; happenedAt: Date },
  logger: Logger,
): Promise<AttemptResult | { kind: 'no-call' }> {
  if (!integration.marketplace.supported || !deps.adapters.hasDeliveryCall(integration.marketplace.identifier)) return { kind: 'no-call' };
  if (!integration.active) return { kind: 'refused', errorCode: MarketplacesErrorCode.IntegrationInactive, message: m.trackingIntegrationInactive };
  if (integration.status !== 'active') return { kind: 'refused', errorCode: MarketplacesErrorCode.IntegrationInError, message: integration.statusMessage ?? m.trackingIntegrationNotActive };
  const adapter = deps.adapters.of(integration.marketplace);
  const log = { merchantId: integration.merchantId, integrationId: integration.id, fulfillmentId: delivery.fulfillmentId };
  let usedToken = '';
  let refresh = false;
  for (;;) {
    try {
      if (refresh) await deps.tokens.refresh(integration.id, { mode: 'if-unchanged', staleAccessToken: usedToken });
      usedToken = await deps.tokens.accessToken(integration);
      const { eventId } = await adapter.reportDelivery!({ accessToken: usedToken, ...delivery });
      logger.info({ ...log, eventId }, 'delivery reported');
      // The event's id rides where a tracking push keeps its fulfilment's.
      return { kind: 'pushed', fulfillmentId: eventId };
    } catch (err) {
      if (err instanceof MarketplaceError && err.code === 'TOKEN_EXPIRED' && !refresh) {
        refresh = true;
        continue;
      }
      if (err instanceof MarketplaceError) {
        if (err.code === 'QUOTA_EXCEEDED') return { kind: 'passing', errorCode: err.code, message: err.message, ...(err.details.retryAfterMs !== undefined ? { retryAfterMs: err.details.retryAfterMs } : {}) };
        const errorCode = err.code === 'REQUEST_REFUSED' ? err.details.providerCode || err.code : err.code;
        logger.info({ ...log, errorCode }, 'delivery refused');
        return { kind: 'refused', errorCode, message: err.message };
      }
      if (err instanceof DomainError && err.code !== KitErrorCode.ProviderUnavailable) return { kind: 'refused', errorCode: err.code, message: err.message };
      throw err;
    }
  }
}
