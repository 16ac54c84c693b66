import { DomainError, KitErrorCode, type Logger } from '@smista/service-kit';
import { marketplaceMessages as m } from '@smista/contracts';
import { MarketplaceError } from '../adapters';
import { MarketplacesErrorCode, type Integration } from '../domain';
import type { AdapterRegistry } from './adapter-registry';
import type { TokenKeeper } from './token-keeper';

export interface TrackingInput {
  externalOrderId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  carrierCode: string;
  trackingNumber: string;
  /** ISO-8601 as sent. */
  shippedDate: string;
}

/** The answer of PushTracking: the marketplace's refusal is data the shipment keeps, not an error. */
export type TrackingRefusal = { ok: false; errorCode: string; errorMessage: string };
export type TrackingOutcome = { ok: true; fulfillmentId: string } | TrackingRefusal;

/**
 * Tells the marketplace that line items of an order shipped (eBay createShippingFulfillment). What
 * retrying the same request cannot fix comes back as data (`ok: false`, a code, the Italian
 * message): the integration switched off or not active, the input the adapter refuses before
 * sending, the marketplace's refusal (eBay 32xxx, 409 already fulfilled), a refused refresh token.
 * A 401 refreshes the token once and tries again. Passing faults (quota, marketplace unreachable)
 * are thrown, for the caller to retry later.
 */
export async function pushTracking(deps: { adapters: AdapterRegistry; tokens: TokenKeeper }, integration: Integration, input: TrackingInput, logger: Logger): Promise<TrackingOutcome> {
  if (!integration.active) return { ok: false, errorCode: MarketplacesErrorCode.IntegrationInactive, errorMessage: m.trackingIntegrationInactive };
  if (integration.status !== 'active') {
    return { ok: false, errorCode: MarketplacesErrorCode.IntegrationInError, errorMessage: integration.statusMessage ?? m.trackingIntegrationNotActive };
  }
  if (!integration.marketplace.supported) {
    return { ok: false, errorCode: MarketplacesErrorCode.MarketplaceNotAvailable, errorMessage: m.marketplaceNotAvailable(integration.marketplace.name) };
  }
  const shippedDate = new Date(input.shippedDate);
  if (!input.shippedDate.trim() || Number.isNaN(shippedDate.getTime())) return { ok: false, errorCode: KitErrorCode.InvalidInput, errorMessage: m.shippedDateInvalid };
  const adapter = deps.adapters.of(integration.marketplace);

  let usedToken = '';
  let refresh = false;
  for (;;) {
    try {
      if (refresh) await deps.tokens.refresh(integration.id, { mode: 'if-unchanged', staleAccessToken: usedToken });
      usedToken = await deps.tokens.accessToken(integration);
      const { fulfillmentId } = await adapter.pushTracking({ accessToken: usedToken, ...input, shippedDate });
      logger.info({ merchantId: integration.merchantId, integrationId: integration.id, orderId: input.externalOrderId, fulfillmentId }, 'tracking pushed');
      return { ok: true, fulfillmentId };
    } catch (err) {
      // A 401: refresh once (unless another caller already did) and try again.
      if (err instanceof MarketplaceError && err.code === 'TOKEN_EXPIRED' && !refresh) {
        refresh = true;
        continue;
      }
      const refusal = asRefusal(err);
      if (!refusal) throw err;
      logger.info({ merchantId: integration.merchantId, integrationId: integration.id, orderId: input.externalOrderId, errorCode: refusal.errorCode }, 'tracking refused');
      return refusal;
    }
  }
}

/** A failure the caller cannot fix by retrying, as data; undefined for the passing ones (thrown). */
function asRefusal(err: unknown): TrackingRefusal | undefined {
  if (err instanceof MarketplaceError) {
    if (err.code === 'QUOTA_EXCEEDED') return undefined;
    // The marketplace's own code for its refusals (eBay 32300, 409); ours for the rest (REFRESH_REFUSED...).
    const errorCode = err.code === 'REQUEST_REFUSED' ? err.details.providerCode || err.code : err.code;
    return { ok: false, errorCode, errorMessage: err.message };
  }
  if (err instanceof DomainError && err.code !== KitErrorCode.ProviderUnavailable) return { ok: false, errorCode: err.code, errorMessage: err.message };
  return undefined;
}
