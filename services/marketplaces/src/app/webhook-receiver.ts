import { NotSupportedError, type Logger, type Pool } from '@smista/service-kit';
import type { WebhookHeaders, WebhookVerdict } from '../adapters';
import { marketplaceByIdentifier, marketplacesErrors, MarketplacesError, MarketplacesErrorCode } from '../domain';
import { listMarketplaces, recordWebhookDelivery } from '../store';
import type { AdapterRegistry } from './adapter-registry';

export interface WebhookReceipt {
  /** The delivery id was recorded before: nothing was written. */
  duplicate: boolean;
  topic: string;
}

/**
 * A marketplace's webhook delivery, as the gateway's public route received it: the adapter checks
 * the signature over the raw bytes before anything is parsed, then the delivery is recorded once
 * per delivery id (`webhook_deliveries`, pending) and answered at once; what it asks is worked off
 * the request. A refusal writes nothing: a wrong signature is WEBHOOK_SIGNATURE_INVALID
 * (UNAUTHENTICATED), anything else malformed WEBHOOK_INVALID; a marketplace without webhooks (or
 * without an adapter) is not found.
 */
export async function receiveWebhook(
  deps: { pool: Pool; adapters: AdapterRegistry; logger: Logger },
  marketplaceIdentifier: string,
  headers: WebhookHeaders,
  rawBody: Buffer,
): Promise<WebhookReceipt> {
  const marketplace = marketplaceByIdentifier(await listMarketplaces(deps.pool), marketplaceIdentifier);
  let verdict: WebhookVerdict;
  try {
    verdict = deps.adapters.of(marketplace).readWebhook(headers, rawBody);
  } catch (err) {
    const withoutAdapter = err instanceof MarketplacesError && err.code === MarketplacesErrorCode.MarketplaceNotAvailable;
    if (err instanceof NotSupportedError || withoutAdapter) throw marketplacesErrors.marketplaceNotFound();
    throw err;
  }
  if (!verdict.ok) {
    // Never the body nor the signature: only why.
    deps.logger.warn({ marketplace: marketplace.identifier, reason: verdict.refusal.reason, bytes: rawBody.length }, 'webhook refused');
    throw verdict.refusal.reason === 'signature' ? marketplacesErrors.webhookSignatureInvalid(verdict.refusal.message) : marketplacesErrors.webhookInvalid(verdict.refusal.message);
  }
  const { webhook } = verdict;
  const recorded = await recordWebhookDelivery(deps.pool, marketplace.id, webhook);
  deps.logger.info({ marketplace: marketplace.identifier, topic: webhook.topic, seller: webhook.seller, webhookId: webhook.webhookId, duplicate: !recorded }, 'webhook received');
  return { duplicate: !recorded, topic: webhook.topic };
}
