import { isUuid, type EventHandler, type Logger, type PoolClient } from '@smista/service-kit';
import type { carriersEvents, marketplacesEvents, ordersEvents, shipmentsEvents } from '@smista/proto';
import {
  carriersAssignedActivity,
  codesLowNotification,
  deliveredActivity,
  eventTime,
  InvalidEventError,
  labelCreatedActivity,
  labelFailureGroup,
  labelsFailedNotification,
  localDay,
  ordersImportedActivity,
  ruleChangedActivity,
  syncFailedNotification,
  tokenExpiringNotification,
  tokenRefusedNotification,
  type ActivityDraft,
  type NotificationDraft,
} from '../domain';
import { addLabelFailure, applyIntegrationChange, raiseNotification, recordActivity, recordGlsClosed, recordGlsLabelled, recordShipmentCancelled, upsertGroupedNotification } from '../store';

export interface HandlerDeps {
  logger: Logger;
  now: () => Date;
}

/** Every event names its merchant; without a uuid it is dead-lettered (nothing to key it by). */
function merchantOf(event: { merchantId: string }, subject: string): string {
  if (!isUuid(event.merchantId)) throw new InvalidEventError(`${subject} without a merchant uuid`);
  return event.merchantId.toLowerCase();
}

const positive = (n: number) => Number.isSafeInteger(n) && n > 0;

async function raise(tx: PoolClient, merchantId: string, draft: NotificationDraft | null, at: Date, logger: Logger): Promise<void> {
  if (!draft) return;
  const raised = await raiseNotification(tx, merchantId, draft, at);
  logger.debug({ merchantId, kind: draft.kind, key: draft.dedupKey, raised }, raised ? 'notification raised' : 'notification already raised');
}

async function record(tx: PoolClient, merchantId: string, draft: ActivityDraft | null): Promise<void> {
  if (draft) await recordActivity(tx, merchantId, draft);
}

/** `marketplaces.sync.finished`: a failed sync notifies; the orders it imported are one line of activity. */
export function handleSyncFinished({ logger, now }: HandlerDeps): EventHandler<marketplacesEvents.MarketplaceSyncFinished> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'sync.finished');
    if (!positive(event.jobId)) throw new InvalidEventError('sync.finished without a job id');
    const at = eventTime(event.occurredAt, now());
    await raise(tx, merchantId, syncFailedNotification(event), at, logger);
    await record(tx, merchantId, ordersImportedActivity(event, at));
  };
}

/**
 * `marketplaces.integration.changed`: the projection the hourly token check reads; a refusal
 * (status error) notifies at once, and so does an expiry already within 30 days.
 */
export function handleIntegrationChanged({ logger, now }: HandlerDeps): EventHandler<marketplacesEvents.MarketplaceIntegrationChanged> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'integration.changed');
    if (!positive(event.integrationId)) throw new InvalidEventError('integration.changed without an integration id');
    const changedAt = eventTime(event.occurredAt, now());
    const expires = event.refreshTokenExpiresAt ? eventTime(event.refreshTokenExpiresAt, new Date(NaN)) : null;
    const next = {
      integrationId: event.integrationId,
      provider: event.provider,
      status: event.status,
      active: event.active,
      deleted: event.deleted,
      refreshTokenExpiresAt: expires && !Number.isNaN(expires.getTime()) ? expires : null,
      changedAt,
    };
    const { previous, applied } = await applyIntegrationChange(tx, merchantId, next);
    if (!applied) return;
    await raise(tx, merchantId, tokenRefusedNotification(previous, next), changedAt, logger);
    await raise(tx, merchantId, tokenExpiringNotification(next, now()), now(), logger);
  };
}

/** `carriers.codes.low_stock`: a pool fell under 10 codes. */
export function handleCodesLowStock({ logger, now }: HandlerDeps): EventHandler<carriersEvents.TrackingCodesLowStock> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'codes.low_stock');
    if (!positive(event.integrationId)) throw new InvalidEventError('codes.low_stock without an integration id');
    await raise(tx, merchantId, codesLowNotification(event), eventTime(event.occurredAt, now()), logger);
  };
}

/** `shipments.shipment.failed`: the run's failed labels are one notification that grows. */
export function handleShipmentFailed({ logger, now }: HandlerDeps): EventHandler<shipmentsEvents.ShipmentFailed> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.failed');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.failed without a shipment id');
    const at = eventTime(event.occurredAt, now());
    const group = labelFailureGroup({ runId: event.runId, occurredAt: at });
    const count = await addLabelFailure(tx, merchantId, group, event.shipmentId);
    if (count === null) return;
    await upsertGroupedNotification(tx, merchantId, labelsFailedNotification(group, count, event.errorMessage), at);
    logger.debug({ merchantId, shipmentId: event.shipmentId, group, count }, 'failed label notified');
  };
}

/** `shipments.shipment.labelled`: the run's labels are one line of activity; GLS ones wait for their close. */
export function handleShipmentLabelled({ now }: HandlerDeps): EventHandler<shipmentsEvents.ShipmentLabelled> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.labelled');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.labelled without a shipment id');
    const at = eventTime(event.occurredAt, now());
    await record(tx, merchantId, labelCreatedActivity(event, at));
    if (event.carrierProvider.toLowerCase() === 'gls') {
      await recordGlsLabelled(tx, merchantId, event.shipmentId, localDay(eventTime(event.shippedAt, at)));
    }
  };
}

/** `shipments.shipment.workday_closed`: these GLS shipments need no reminder any more. */
export function handleWorkdayClosed({ now }: HandlerDeps): EventHandler<shipmentsEvents.ShipmentWorkdayClosed> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.workday_closed');
    const ids = event.shipmentIds.filter(positive);
    await recordGlsClosed(tx, merchantId, ids, localDay(eventTime(event.occurredAt, now())));
  };
}

/** `shipments.shipment.cancelled`: a cancelled GLS shipment needs no close. */
export function handleShipmentCancelled(): EventHandler<shipmentsEvents.ShipmentCancelled> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.cancelled');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.cancelled without a shipment id');
    await recordShipmentCancelled(tx, merchantId, event.shipmentId);
  };
}

/** `shipments.shipment.tracking_updated`: a delivery is a line of activity. */
export function handleTrackingUpdated({ now }: HandlerDeps): EventHandler<shipmentsEvents.ShipmentTrackingUpdated> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.tracking_updated');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.tracking_updated without a shipment id');
    await record(tx, merchantId, deliveredActivity(event, eventTime(event.occurredAt, now())));
  };
}

/** `orders.rule.changed`: a shipping rule created, changed or deleted. */
export function handleRuleChanged({ now }: HandlerDeps): EventHandler<ordersEvents.ShippingRuleChanged> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'rule.changed');
    if (!positive(event.ruleId)) throw new InvalidEventError('rule.changed without a rule id');
    await record(tx, merchantId, ruleChangedActivity(event, eventTime(event.occurredAt, now())));
  };
}

/** `orders.carriers.assigned`: 'Assegna Corrieri', or the rules applied to an import. */
export function handleCarriersAssigned({ now }: HandlerDeps): EventHandler<ordersEvents.CarriersAssignedByRules> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'carriers.assigned');
    await record(tx, merchantId, carriersAssignedActivity(event, eventTime(event.occurredAt, now())));
  };
}
