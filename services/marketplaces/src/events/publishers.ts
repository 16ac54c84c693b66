import { enqueueEvent, enqueueEvents, type PoolClient, type StreamSpec } from '@smista/service-kit';
import { marketplacesEvents } from '@smista/proto';
import type { ImportedOrder } from '../adapters';
import { shownStatus, type DeliveryReport, type Integration, type Job, type TrackingPush } from '../domain';

/** The stream marketplaces owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'MARKETPLACES', subjects: ['marketplaces.>'] };

/** Subjects this service publishes, all in the MARKETPLACES stream (`marketplaces.>`). */
export const subjects = {
  integrationChanged: 'marketplaces.integration.changed',
  orderImported: 'marketplaces.order.imported',
  trackingAttempted: 'marketplaces.tracking.attempted',
  syncFinished: 'marketplaces.sync.finished',
  privacyRequested: 'marketplaces.privacy.requested',
} as const;

/** What changed a marketplace integration (the event's `change`). */
export type IntegrationChange = 'connected' | 'reconnected' | 'toggled' | 'settings' | 'token_refreshed' | 'token_refused' | 'deleted';

/**
 * Writes MarketplaceIntegrationChanged to the outbox, in the transaction of the change (connect,
 * toggle, token refresh, status change, delete), saying which it was. `status` is the one shown
 * ('inactive' while switched off). No token is ever in it. Orders deletes the orders of a `deleted`
 * integration; activity tells connections and disconnections.
 */
export async function enqueueIntegrationChanged(
  tx: PoolClient,
  integration: Integration,
  event: { change: IntegrationChange; changedByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = marketplacesEvents.MarketplaceIntegrationChanged.encode(
    marketplacesEvents.MarketplaceIntegrationChanged.fromPartial({
      integrationId: integration.id,
      merchantId: integration.merchantId,
      provider: integration.marketplace.identifier,
      status: shownStatus(integration),
      active: integration.active,
      deleted: event.change === 'deleted',
      changedByUserId: event.changedByUserId,
      occurredAt: event.occurredAt.toISOString(),
      refreshTokenExpiresAt: integration.refreshTokenExpiresAt ? integration.refreshTokenExpiresAt.toISOString() : '',
      change: event.change,
      account: integration.username ?? '',
    }),
  ).finish();
  await enqueueEvent(tx, subjects.integrationChanged, payload);
}

/**
 * Writes MarketplaceSyncFinished, in the transaction that ended the job: completed (with the last
 * page) or failed (with its Italian reason). Activity notifies the failures and shows the imports.
 */
export async function enqueueSyncFinished(
  tx: PoolClient,
  job: Pick<Job, 'id' | 'merchantId' | 'integrationId' | 'provider'>,
  end: { status: 'completed' | 'failed'; ordersFound: number; ordersSynced: number; ordersNew: number; errorMessage: string; occurredAt: Date },
): Promise<void> {
  const payload = marketplacesEvents.MarketplaceSyncFinished.encode(
    marketplacesEvents.MarketplaceSyncFinished.fromPartial({
      jobId: job.id,
      integrationId: job.integrationId,
      merchantId: job.merchantId,
      provider: job.provider,
      status: end.status,
      ordersFound: end.ordersFound,
      ordersSynced: end.ordersSynced,
      ordersNew: end.ordersNew,
      errorMessage: end.errorMessage,
      occurredAt: end.occurredAt.toISOString(),
    }),
  ).finish();
  await enqueueEvent(tx, subjects.syncFinished, payload);
}

/**
 * Writes one MarketplaceOrderImported per order of a page read by a sync job (one statement for
 * the page), in the transaction that records the page's progress: a page is either wholly
 * published and counted, or not at all.
 */
export async function enqueueOrdersImported(
  tx: PoolClient,
  page: { merchantId: string; integrationId: number; jobId: number; orders: readonly ImportedOrder[]; syncedAt: Date },
): Promise<void> {
  const syncedAt = page.syncedAt.toISOString();
  await enqueueEvents(
    tx,
    page.orders.map((order) => ({
      subject: subjects.orderImported,
      payload: marketplacesEvents.MarketplaceOrderImported.encode(
        marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId: page.merchantId, integrationId: page.integrationId, jobId: page.jobId, order, syncedAt }),
      ).finish(),
    })),
  );
}

/**
 * Writes MarketplaceTrackingAttempted, in the transaction that records the attempt on the
 * shipment's push (or records it skipped, with `durationMs` 0): one event per attempt, so
 * shipments shows the status, the error, the attempts and their times.
 */
export async function enqueueTrackingAttempted(
  tx: PoolClient,
  push: TrackingPush,
  attempt: { marketplace: string; attemptedAt: Date; durationMs: number },
): Promise<void> {
  const payload = marketplacesEvents.MarketplaceTrackingAttempted.encode(
    marketplacesEvents.MarketplaceTrackingAttempted.fromPartial({
      shipmentId: push.shipmentId,
      merchantId: push.merchantId,
      orderId: push.orderId,
      integrationId: push.integrationId,
      marketplace: attempt.marketplace,
      status: push.status,
      attempts: push.attempts,
      errorCode: push.lastErrorCode ?? '',
      errorMessage: push.lastError ?? '',
      attemptedAt: attempt.attemptedAt.toISOString(),
      durationMs: Math.max(0, Math.round(attempt.durationMs)),
      nextAttemptAt: push.status === 'retrying' && push.nextAttemptAt ? push.nextAttemptAt.toISOString() : '',
      fulfillmentId: push.fulfillmentId ?? '',
      runId: push.runId,
    }),
  ).finish();
  await enqueueEvent(tx, subjects.trackingAttempted, payload);
}

/**
 * Writes MarketplaceTrackingAttempted with `kind` delivery, in the transaction that records an
 * attempt to tell the marketplace a delivery, each one: shipments keeps it in the shipment's audit
 * trail (not as its tracking push's status). `fulfillment_id` is the tracking push's fulfilment.
 */
export async function enqueueDeliveryAttempted(
  tx: PoolClient,
  report: DeliveryReport,
  attempt: Pick<TrackingPush, 'integrationId' | 'fulfillmentId' | 'orderId' | 'runId'> & { marketplace: string; attemptedAt: Date; durationMs: number },
): Promise<void> {
  const status = report.status === 'reported' ? 'pushed' : report.status;
  const payload = marketplacesEvents.MarketplaceTrackingAttempted.encode(
    marketplacesEvents.MarketplaceTrackingAttempted.fromPartial({
      shipmentId: report.shipmentId,
      merchantId: report.merchantId,
      orderId: report.orderId > 0 ? report.orderId : attempt.orderId,
      integrationId: attempt.integrationId,
      marketplace: attempt.marketplace,
      status,
      attempts: report.attempts,
      errorCode: report.lastErrorCode ?? '',
      errorMessage: report.lastError ?? '',
      attemptedAt: attempt.attemptedAt.toISOString(),
      durationMs: Math.max(0, Math.round(attempt.durationMs)),
      nextAttemptAt: report.status === 'retrying' && report.nextAttemptAt ? report.nextAttemptAt.toISOString() : '',
      fulfillmentId: attempt.fulfillmentId ?? '',
      runId: attempt.runId,
      kind: 'delivery',
    }),
  ).finish();
  await enqueueEvent(tx, subjects.trackingAttempted, payload);
}

/**
 * Writes MarketplacePrivacyRequested for one integration of the seller a privacy webhook names, in
 * the transaction that marks the delivery done: orders and shipments erase the buyer's personal
 * data, activity records the request.
 */
export async function enqueuePrivacyRequested(tx: PoolClient, event: Omit<marketplacesEvents.MarketplacePrivacyRequested, 'requestedAt'> & { requestedAt: Date }): Promise<void> {
  const payload = marketplacesEvents.MarketplacePrivacyRequested.encode(
    marketplacesEvents.MarketplacePrivacyRequested.fromPartial({ ...event, requestedAt: event.requestedAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.privacyRequested, payload);
}
