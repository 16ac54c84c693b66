import { isUuid, type EventHandler, type Logger, type PoolClient } from '@smista/service-kit';
import type { carriersEvents, marketplacesEvents, merchantsEvents, ordersEvents, shipmentsEvents } from '@smista/proto';
import {
  buyerDataErasedActivity,
  carrierChangedActivity,
  carrierDeletedResolution,
  carriersAssignedActivity,
  codesLowNotification,
  codesRestockedResolution,
  deliveredActivity,
  eventTime,
  integrationResolutions,
  InvalidEventError,
  labelCreatedActivity,
  labelFailureGroup,
  labelsFailedNotification,
  localDay,
  marketplaceChangedActivity,
  ordersCsvImportedActivity,
  ordersImportedActivity,
  parcelNotifications,
  parcelResolution,
  privacyRequestedActivity,
  ruleChangedActivity,
  shipmentCancelledActivity,
  ssoRequiredChangedActivity,
  syncFailedNotification,
  syncSucceededResolution,
  tokenExpiringNotification,
  tokenRefusedNotification,
  trackingPushedActivity,
  workdayClosedActivity,
  workdayClosedResolution,
  type ActivityDraft,
  type NotificationDraft,
  type ParcelTracking,
  type Resolution,
} from '../domain';
import {
  addLabelFailure,
  applyIntegrationChange,
  openGlsShipments,
  openLabelFailures,
  raiseNotification,
  recordActivity,
  recordGlsClosed,
  recordGlsLabelled,
  recordShipmentCancelled,
  resolveNotifications,
  settleShipment,
  shrinkGroupedNotification,
  upsertGroupedNotification,
} from '../store';

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

async function resolve(tx: PoolClient, merchantId: string, resolution: Resolution | null, deps: HandlerDeps): Promise<void> {
  if (!resolution) return;
  const resolved = await resolveNotifications(tx, merchantId, resolution, deps.now());
  if (resolved) deps.logger.debug({ merchantId, kinds: resolution.kinds, subject: resolution.subject, resolved }, 'notifications resolved: their cause is gone');
}

async function record(tx: PoolClient, merchantId: string, draft: ActivityDraft | null): Promise<void> {
  if (draft) await recordActivity(tx, merchantId, draft);
}

/**
 * A shipment labelled or cancelled at `at`: the failed labels it had are no longer problems; each
 * run's notification says what is left, or is resolved when nothing is.
 */
async function settleLabelFailures(tx: PoolClient, merchantId: string, shipmentId: number, at: Date, deps: HandlerDeps): Promise<void> {
  for (const group of await settleShipment(tx, merchantId, shipmentId, at)) {
    const left = await openLabelFailures(tx, merchantId, group);
    await shrinkGroupedNotification(tx, merchantId, group, labelsFailedNotification(group, left), deps.now());
    deps.logger.debug({ merchantId, shipmentId, group, left: left.length }, 'failed label settled');
  }
}

/** The GLS days whose shipments were closed or cancelled: a day with none left open has its reminder answered. */
async function answerWorkdayReminders(tx: PoolClient, merchantId: string, days: readonly string[], deps: HandlerDeps): Promise<void> {
  for (const day of days) {
    const [open] = await openGlsShipments(tx, day, merchantId);
    if (!open || open.open === 0) await resolve(tx, merchantId, workdayClosedResolution(day), deps);
  }
}

/**
 * `marketplaces.sync.finished`: a failed sync notifies; a completed one answers the integration's
 * failed syncs; the orders it imported for the first time are one line of activity.
 */
export function handleSyncFinished(deps: HandlerDeps): EventHandler<marketplacesEvents.MarketplaceSyncFinished> {
  const { logger, now } = deps;
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'sync.finished');
    if (!positive(event.jobId)) throw new InvalidEventError('sync.finished without a job id');
    const at = eventTime(event.occurredAt, now());
    await raise(tx, merchantId, syncFailedNotification(event), at, logger);
    if (positive(event.integrationId)) await resolve(tx, merchantId, syncSucceededResolution(event, at), deps);
    await record(tx, merchantId, ordersImportedActivity(event, at));
  };
}

/**
 * `marketplaces.integration.changed`: the projection the hourly token check reads; connections,
 * switches and deletions are lines of activity; the causes the change took away are resolved (a
 * deletion, a token renewed); a refusal (status error) notifies at once, and so does an expiry
 * already within 30 days.
 */
export function handleIntegrationChanged(deps: HandlerDeps): EventHandler<marketplacesEvents.MarketplaceIntegrationChanged> {
  const { logger, now } = deps;
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
    // What happened is told even when a newer change was applied first.
    await record(tx, merchantId, marketplaceChangedActivity(event, previous === null, changedAt));
    if (!applied) return;
    for (const resolution of integrationResolutions(previous, next, event.change, now())) await resolve(tx, merchantId, resolution, deps);
    await raise(tx, merchantId, tokenRefusedNotification(previous, next, event.change), changedAt, logger);
    await raise(tx, merchantId, tokenExpiringNotification(next, now()), changedAt, logger);
  };
}

/** `marketplaces.tracking.attempted`: the tracking a marketplace took, one line per processing run. */
export function handleTrackingAttempted({ now }: HandlerDeps): EventHandler<marketplacesEvents.MarketplaceTrackingAttempted> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'tracking.attempted');
    if (!positive(event.shipmentId)) throw new InvalidEventError('tracking.attempted without a shipment id');
    await record(tx, merchantId, trackingPushedActivity(event, eventTime(event.attemptedAt, now())));
  };
}

/** `carriers.integration.changed`: connections, switches and deletions; a deleted one's pool warnings are answered. */
export function handleCarrierIntegrationChanged(deps: HandlerDeps): EventHandler<carriersEvents.CarrierIntegrationChanged> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'carriers.integration.changed');
    if (!positive(event.integrationId)) throw new InvalidEventError('carriers.integration.changed without an integration id');
    const at = eventTime(event.occurredAt, deps.now());
    await record(tx, merchantId, carrierChangedActivity(event, at));
    await resolve(tx, merchantId, carrierDeletedResolution(event, at), deps);
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

/** `carriers.codes.restocked`: codes added lifted the pool back: its low-stock warnings are answered. */
export function handleCodesRestocked(deps: HandlerDeps): EventHandler<carriersEvents.TrackingCodesRestocked> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'codes.restocked');
    if (!positive(event.integrationId)) throw new InvalidEventError('codes.restocked without an integration id');
    await resolve(tx, merchantId, codesRestockedResolution(event, eventTime(event.occurredAt, deps.now())), deps);
  };
}

/** `shipments.shipment.failed`: the run's failed labels are one notification that grows. */
export function handleShipmentFailed({ logger, now }: HandlerDeps): EventHandler<shipmentsEvents.ShipmentFailed> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.failed');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.failed without a shipment id');
    const at = eventTime(event.occurredAt, now());
    const group = labelFailureGroup({ runId: event.runId, occurredAt: at });
    const open = await addLabelFailure(tx, merchantId, group, { shipmentId: event.shipmentId, reason: event.errorMessage, externalOrderId: event.externalOrderId, failedAt: at });
    if (open === null) return;
    const draft = labelsFailedNotification(group, open);
    if (draft) await upsertGroupedNotification(tx, merchantId, draft, at);
    logger.debug({ merchantId, shipmentId: event.shipmentId, group, open: open.length }, 'failed label notified');
  };
}

/**
 * `shipments.shipment.labelled`: the run's labels are one line of activity; the shipment's earlier
 * failed labels are settled; GLS ones wait for their close.
 */
export function handleShipmentLabelled(deps: HandlerDeps): EventHandler<shipmentsEvents.ShipmentLabelled> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.labelled');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.labelled without a shipment id');
    const at = eventTime(event.occurredAt, deps.now());
    await record(tx, merchantId, labelCreatedActivity(event, at));
    await settleLabelFailures(tx, merchantId, event.shipmentId, at, deps);
    if (event.carrierProvider.toLowerCase() === 'gls') {
      await recordGlsLabelled(tx, merchantId, event.shipmentId, localDay(eventTime(event.shippedAt, at)), positive(event.carrierIntegrationId) ? event.carrierIntegrationId : null);
    }
  };
}

/**
 * `shipments.shipment.workday_closed`: one line per close; these GLS shipments need no reminder
 * any more, and a day with none left open has its reminder answered.
 */
export function handleWorkdayClosed(deps: HandlerDeps): EventHandler<shipmentsEvents.ShipmentWorkdayClosed> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.workday_closed');
    const ids = event.shipmentIds.filter(positive);
    const at = eventTime(event.occurredAt, deps.now());
    await record(tx, merchantId, workdayClosedActivity({ ...event, shipmentIds: ids }, at));
    const days = await recordGlsClosed(tx, merchantId, ids, localDay(at));
    await answerWorkdayReminders(tx, merchantId, days, deps);
  };
}

/**
 * `shipments.shipment.cancelled`: a line of activity; its failed labels are settled; a cancelled
 * GLS shipment needs no close.
 */
export function handleShipmentCancelled(deps: HandlerDeps): EventHandler<shipmentsEvents.ShipmentCancelled> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.cancelled');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.cancelled without a shipment id');
    const at = eventTime(event.occurredAt, deps.now());
    await record(tx, merchantId, shipmentCancelledActivity(event, at));
    await settleLabelFailures(tx, merchantId, event.shipmentId, at, deps);
    const day = await recordShipmentCancelled(tx, merchantId, event.shipmentId);
    if (day) await answerWorkdayReminders(tx, merchantId, [day], deps);
  };
}

/**
 * `shipments.shipment.tracking_updated`: a delivery is a line of activity; a parcel in giacenza, in
 * trouble, returned, stalled or late is a notification (once per cause), and those it no longer
 * stands in are resolved. An older update arriving late resolves nothing raised after it.
 */
export function handleTrackingUpdated({ now }: HandlerDeps): EventHandler<shipmentsEvents.ShipmentTrackingUpdated> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'shipment.tracking_updated');
    if (!positive(event.shipmentId)) throw new InvalidEventError('shipment.tracking_updated without a shipment id');
    const at = eventTime(event.occurredAt, now());
    await record(tx, merchantId, deliveredActivity(event, at));
    const parcel: ParcelTracking = {
      shipmentId: Number(event.shipmentId),
      externalOrderId: event.externalOrderId,
      carrierProvider: event.carrierProvider,
      trackingNumber: event.trackingNumber,
      description: event.description,
      alerts: event.alerts,
      lastMovementAt: optionalTime(event.lastMovementAt),
      promisedAt: optionalTime(event.promisedDeliveryAt),
    };
    const resolution = parcelResolution(parcel, at);
    if (resolution) await resolveNotifications(tx, merchantId, resolution, now());
    for (const draft of parcelNotifications(parcel)) await raiseNotification(tx, merchantId, draft, at);
  };
}

/** An optional ISO time of an event; null when empty or unreadable. */
function optionalTime(value: string): Date | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

/** `orders.rule.changed`: a shipping rule created, changed or deleted. */
export function handleRuleChanged({ now }: HandlerDeps): EventHandler<ordersEvents.ShippingRuleChanged> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'rule.changed');
    if (!positive(event.ruleId)) throw new InvalidEventError('rule.changed without a rule id');
    await record(tx, merchantId, ruleChangedActivity(event, eventTime(event.occurredAt, now())));
  };
}

/** `merchants.merchant.sso_required_changed`: the team's switch, a line of the merchant's activity. */
export function handleSsoRequiredChanged({ now }: HandlerDeps): EventHandler<merchantsEvents.MerchantSsoRequiredChanged> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'merchant.sso_required_changed');
    await record(tx, merchantId, ssoRequiredChangedActivity(event, eventTime(event.occurredAt, now())));
  };
}

/** `orders.carriers.assigned`: 'Assegna Corrieri', or the rules applied to an import. */
export function handleCarriersAssigned({ now }: HandlerDeps): EventHandler<ordersEvents.CarriersAssignedByRules> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'carriers.assigned');
    await record(tx, merchantId, carriersAssignedActivity(event, eventTime(event.occurredAt, now())));
  };
}

/**
 * `marketplaces.privacy.requested`: the request in the audit trail (orders and shipments erase the
 * data from the same event). Never logs the customer's e-mail, nor keeps it.
 */
export function handlePrivacyRequested(deps: HandlerDeps): EventHandler<marketplacesEvents.MarketplacePrivacyRequested> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'privacy.requested');
    if (!positive(event.integrationId)) throw new InvalidEventError('privacy.requested without an integration id');
    const draft = privacyRequestedActivity(event, eventTime(event.requestedAt, deps.now()));
    await record(tx, merchantId, draft);
    deps.logger.info({ merchantId, integrationId: event.integrationId, request: event.request, recorded: draft !== null }, 'privacy request recorded');
  };
}

/** `orders.buyer.erased`: Amazon's buyers' data erased after delivery, one line per merchant and round. */
export function handleBuyerDataErased({ now }: HandlerDeps): EventHandler<ordersEvents.BuyerDataErased> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'buyer.erased');
    await record(tx, merchantId, buyerDataErasedActivity(event, eventTime(event.occurredAt, now())));
  };
}

/** `orders.import.finished`: a CSV import of orders, one line per job. */
export function handleOrderImportFinished({ now }: HandlerDeps): EventHandler<ordersEvents.OrderImportFinished> {
  return async (event, tx) => {
    const merchantId = merchantOf(event, 'import.finished');
    await record(tx, merchantId, ordersCsvImportedActivity(event, eventTime(event.occurredAt, now())));
  };
}
