import { DomainError, KitErrorCode, type Logger } from '@smista/service-kit';
import { marketplaceMessages as m } from '@smista/contracts';
import { MarketplaceError, type MarketplaceAdapter, type ShippingFulfillment } from '../adapters';
import { judgeAlreadyFulfilled, MarketplacesErrorCode, type Integration } from '../domain';
import type { AdapterRegistry } from './adapter-registry';
import { withAccessToken, type TokenKeeper } from './token-keeper';

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
/**
 * `alreadyFulfilledCode`: the marketplace answered "already fulfilled" (eBay 32700, a bare 409) and
 * the order's fulfilments showed ours, made by an earlier attempt whose answer was lost.
 */
export type TrackingOutcome = { ok: true; fulfillmentId: string; alreadyFulfilledCode?: string } | TrackingRefusal;

/**
 * Tells the marketplace that line items of an order shipped (eBay createShippingFulfillment). What
 * retrying the same request cannot fix comes back as data (`ok: false`, a code, the Italian
 * message): the integration switched off or not active, the input the adapter refuses before
 * sending, the marketplace's refusal (eBay 32xxx), a refused refresh token. A 401 refreshes the
 * token once and tries again. Passing faults (quota, marketplace unreachable) are thrown, for the
 * caller to retry later.
 *
 * "Already fulfilled" (eBay 32700, a bare 409) is not taken at its word: the order's fulfilments
 * are read, and only one carrying our tracking number (an earlier attempt whose answer was lost)
 * makes it ok, with `alreadyFulfilledCode`; otherwise it is a refusal saying how the items shipped
 * (`judgeAlreadyFulfilled`).
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

  try {
    // A 401 refreshes the token once (unless another caller already did) and the push is made again.
    return await withAccessToken(deps.tokens, integration, async (accessToken): Promise<TrackingOutcome> => {
      let fulfillmentId: string;
      try {
        ({ fulfillmentId } = await adapter.pushTracking({ accessToken, ...input, shippedDate }));
      } catch (err) {
        const code = alreadyFulfilledCode(err);
        if (code === undefined || !(err instanceof MarketplaceError)) throw err;
        return await judgeConflict(adapter, accessToken, integration, input, err, code, logger);
      }
      logger.info({ merchantId: integration.merchantId, integrationId: integration.id, orderId: input.externalOrderId, fulfillmentId }, 'tracking pushed');
      return { ok: true, fulfillmentId };
    });
  } catch (err) {
    const refusal = asRefusal(err);
    if (!refusal) throw err;
    logger.info({ merchantId: integration.merchantId, integrationId: integration.id, orderId: input.externalOrderId, errorCode: refusal.errorCode }, 'tracking refused');
    return refusal;
  }
}

/**
 * The code recorded for a push the adapter refused as `ALREADY_FULFILLED` (the marketplace's own,
 * eBay 32700 or 409, else ours); undefined for any other failure.
 */
function alreadyFulfilledCode(err: unknown): string | undefined {
  if (!(err instanceof MarketplaceError) || err.code !== 'ALREADY_FULFILLED') return undefined;
  return err.details.providerCode || err.code;
}

/**
 * A push refused as "already fulfilled": reads the order's fulfilments with the same token and
 * judges whose they are. Ours → ok (nothing is sent again); otherwise the refusal that says how the
 * items shipped. Failures of the read are thrown like the push's (a 401 refreshes and the push is
 * made again, which eBay refuses the same way; quota and outages are passing faults), except a
 * refusal of the read, which leaves nothing to judge by: the marketplace's own refusal stands.
 */
async function judgeConflict(
  adapter: MarketplaceAdapter,
  accessToken: string,
  integration: Integration,
  input: TrackingInput,
  conflict: MarketplaceError,
  code: string,
  logger: Logger,
): Promise<TrackingOutcome> {
  const log = { merchantId: integration.merchantId, integrationId: integration.id, orderId: input.externalOrderId, errorCode: code };
  let fulfillments: ShippingFulfillment[];
  try {
    fulfillments = await adapter.getShippingFulfillments({ accessToken, externalOrderId: input.externalOrderId });
  } catch (err) {
    if (!(err instanceof MarketplaceError) || err.code !== 'REQUEST_REFUSED') throw err;
    logger.warn({ ...log, readErrorCode: err.details.providerCode ?? err.code }, 'tracking refused as already fulfilled; the fulfilments could not be read');
    return { ok: false, errorCode: code, errorMessage: conflict.message };
  }
  const verdict = judgeAlreadyFulfilled(
    fulfillments,
    { lineItemIds: input.lineItems.map((l) => l.lineItemId), trackingNumber: input.trackingNumber },
    (t) => adapter.trackingNumberAsSent(t),
    { marketplace: integration.marketplace.name, code, message: conflict.message },
  );
  if (verdict.ours) {
    logger.info({ ...log, fulfillmentId: verdict.fulfillmentId }, 'tracking already pushed: our fulfilment was there');
    return { ok: true, fulfillmentId: verdict.fulfillmentId, alreadyFulfilledCode: code };
  }
  logger.info({ ...log, fulfillments: fulfillments.length }, 'tracking refused: the items shipped otherwise');
  return { ok: false, errorCode: code, errorMessage: verdict.message };
}

/** A failure the caller cannot fix by retrying, as data; undefined for the passing ones (thrown). */
function asRefusal(err: unknown): TrackingRefusal | undefined {
  if (err instanceof MarketplaceError) {
    if (err.code === 'QUOTA_EXCEEDED') return undefined;
    // The marketplace's own code for its refusals (eBay 32300, 409); ours for the rest (REFRESH_REFUSED...).
    const errorCode = err.code === 'REQUEST_REFUSED' || err.code === 'ALREADY_FULFILLED' ? err.details.providerCode || err.code : err.code;
    return { ok: false, errorCode, errorMessage: err.message };
  }
  if (err instanceof DomainError && err.code !== KitErrorCode.ProviderUnavailable) return { ok: false, errorCode: err.code, errorMessage: err.message };
  return undefined;
}
