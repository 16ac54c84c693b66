import { randomUUID } from 'node:crypto';
import { DomainError, KitErrorCode, PollLoop, withTransaction, type Logger, type Pool } from '@smista/service-kit';
import { MarketplaceError, type ImportedOrder } from '../adapters';
import { enqueueOrdersImported, enqueuePrivacyRequested } from '../events/publishers';
import { activeSellerIntegrations, claimPendingDeliveries, finishDelivery, forgetDeliveryEmail, recordImportedOrders, retryDeliveryLater, sellerIntegrations, type WebhookDelivery } from '../store';
import type { Integration } from '../domain';
import type { AdapterRegistry } from './adapter-registry';
import type { TokenKeeper } from './token-keeper';

export interface WebhookImporterDeps {
  pool: Pool;
  logger: Logger;
  adapters: AdapterRegistry;
  tokens: TokenKeeper;
  now: () => Date;
  /** How often an idle importer looks for pending deliveries (another replica's, a retry come due). Default 1 s. */
  pollMs?: number | undefined;
}

/** Rows taken per round; a claim's lease, longer than a token refresh and a read (each ≤ 30 s). */
const ROUND_SIZE = 8;
const LEASE_SECONDS = 120;
/** A passing fault (quota, unreachable) is tried again after 5 s, 30 s, 2 min, 10 min; the 5th fails the delivery. */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000];
/** The sync jobs' jobId for an order a webhook imported (no job). */
const NO_JOB = 0;

/**
 * Works the deliveries of `webhook_deliveries` (issue 22). Privacy deliveries are passed on as
 * `marketplaces.privacy.requested` (`passOnPrivacy`). Order deliveries: the webhook was answered when its
 * row was committed; here the order it names is read again through the adapter (`fetchOrder`, the
 * same normalisation as a sync page) and published as `marketplaces.order.imported` through the
 * outbox for each switched-on, connected integration of that seller, with `imported_orders`, in
 * one transaction that also marks the delivery done. Orders consumes it exactly like a sync's.
 *
 * Every replica runs a round (`SKIP LOCKED` under a lease, like the tracking pusher's); a replica
 * that dies leaves the row to the next round once the lease runs out. A seller with no such
 * integration: `ignored`. A refusal (the order is not the shop's, a refused token): `failed` with
 * the Italian reason. A passing fault: tried again later, then `failed`. The scheduled sync still
 * reads every change, so a delivery lost or failed costs at most one schedule interval.
 */
export class WebhookImporter {
  private readonly loop: PollLoop;

  constructor(private readonly deps: WebhookImporterDeps) {
    this.loop = new PollLoop({ name: 'webhook', logger: deps.logger.child({ component: 'webhook-importer' }), pollMs: deps.pollMs ?? 1_000, round: () => this.round() });
  }

  start(): void {
    this.loop.start();
  }

  /** Stops taking rows; a delivery in flight finishes and is recorded. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A delivery was just committed here: look at once instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** One round: claims pending order deliveries and imports them; answers how many were taken. */
  async round(): Promise<number> {
    const owner = randomUUID();
    const due = await claimPendingDeliveries(this.deps.pool, owner, ['import_order', 'redact_customer', 'redact_shop', 'customer_data_request'], LEASE_SECONDS, ROUND_SIZE);
    await Promise.all(due.map((delivery) => (delivery.action.kind === 'import_order' ? this.importClaimed(delivery, owner) : this.passOnPrivacy(delivery, owner))));
    return due.length;
  }

  private async importClaimed(delivery: WebhookDelivery, owner: string): Promise<void> {
    const logger = this.deps.logger.child({ webhookId: delivery.webhookId, topic: delivery.topic, seller: delivery.seller });
    const { action } = delivery;
    if (action.kind !== 'import_order') return;
    try {
      const integrations = await activeSellerIntegrations(this.deps.pool, delivery.marketplaceId, delivery.seller);
      if (integrations.length === 0) {
        await finishDelivery(this.deps.pool, delivery, owner, 'ignored', null);
        logger.info('webhook ignored: no connected integration of the seller');
        return;
      }
      const read: { integration: Integration; order: ImportedOrder }[] = [];
      for (const integration of integrations) read.push({ integration, order: await this.fetchOrder(integration, action.externalOrderId) });
      const syncedAt = this.deps.now();
      const recorded = await withTransaction(this.deps.pool, async (tx) => {
        if (!(await finishDelivery(tx, delivery, owner, 'done', null))) return false;
        for (const { integration, order } of read) {
          await enqueueOrdersImported(tx, { merchantId: integration.merchantId, integrationId: integration.id, jobId: NO_JOB, orders: [order], syncedAt });
          await recordImportedOrders(tx, integration.id, NO_JOB, [order.externalId]);
        }
        return true;
      });
      logger.info({ orderId: action.externalOrderId, integrations: read.length, recorded }, 'webhook order imported');
    } catch (err) {
      await this.failed(delivery, owner, err, logger);
    }
  }

  /**
   * A privacy delivery: one `marketplaces.privacy.requested` per integration of the seller (switched
   * off or in error too: the data is Smista's either way), in the transaction that marks it done;
   * then the e-mail is forgotten here. No integration: ignored (Smista holds nothing of that shop).
   */
  private async passOnPrivacy(delivery: WebhookDelivery, owner: string): Promise<void> {
    const logger = this.deps.logger.child({ webhookId: delivery.webhookId, topic: delivery.topic, seller: delivery.seller });
    const { action } = delivery;
    if (action.kind === 'import_order') return;
    try {
      const integrations = await sellerIntegrations(this.deps.pool, delivery.marketplaceId, delivery.seller);
      const requestedAt = this.deps.now();
      const recorded = await withTransaction(this.deps.pool, async (tx) => {
        if (!(await finishDelivery(tx, delivery, owner, integrations.length > 0 ? 'done' : 'ignored', null))) return false;
        for (const integration of integrations) {
          await enqueuePrivacyRequested(tx, {
            merchantId: integration.merchantId,
            integrationId: integration.id,
            provider: integration.marketplace.identifier,
            request: action.kind,
            externalOrderIds: action.kind === 'redact_shop' ? [] : action.externalOrderIds,
            customerId: action.kind === 'redact_shop' ? '' : action.customerId,
            customerEmail: action.kind === 'redact_shop' ? '' : action.email,
            dataRequestId: action.kind === 'customer_data_request' ? action.dataRequestId : '',
            webhookId: delivery.webhookId,
            requestedAt,
          });
        }
        await forgetDeliveryEmail(tx, delivery);
        return true;
      });
      logger.info({ request: action.kind, integrations: integrations.length, recorded }, 'privacy request passed on');
    } catch (err) {
      await this.failed(delivery, owner, err, logger);
    }
  }

  /** The order as it stands now, with the integration's token (refreshed once after a 401). */
  private async fetchOrder(integration: Integration, externalOrderId: string): Promise<ImportedOrder> {
    const adapter = this.deps.adapters.of(integration.marketplace);
    const accessToken = await this.deps.tokens.accessToken(integration);
    try {
      return await adapter.fetchOrder({ accessToken, externalOrderId });
    } catch (err) {
      if (!(err instanceof MarketplaceError) || err.code !== 'TOKEN_EXPIRED') throw err;
      await this.deps.tokens.refresh(integration.id, { mode: 'if-unchanged', staleAccessToken: accessToken });
      return adapter.fetchOrder({ accessToken: await this.deps.tokens.accessToken(integration), externalOrderId });
    }
  }

  private async failed(delivery: WebhookDelivery, owner: string, err: unknown, logger: Logger): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    // Our own hiccup, a quota or the marketplace unreachable pass; its refusals do not.
    const passing = !(err instanceof DomainError) || err.code === 'QUOTA_EXCEEDED' || err.code === KitErrorCode.ProviderUnavailable;
    const delay = RETRY_DELAYS_MS[delivery.attempts - 1];
    if (passing && delay !== undefined) {
      const wait = err instanceof MarketplaceError && err.details.retryAfterMs !== undefined ? Math.max(delay, err.details.retryAfterMs) : delay;
      await retryDeliveryLater(this.deps.pool, delivery, owner, wait, message);
      logger.warn({ err: message, attempts: delivery.attempts, retryInMs: wait }, 'webhook order not imported yet');
      return;
    }
    await finishDelivery(this.deps.pool, delivery, owner, 'failed', message);
    logger.warn({ err: message, attempts: delivery.attempts }, 'webhook order not imported');
  }
}

