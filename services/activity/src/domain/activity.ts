import { activityMessages as m, type ActivityKind } from '@smista/contracts';

/**
 * One line of the recent activity, or an addition to a line already there. `groupKey` is unique
 * per merchant: the labels of one processing run, or the orders of one sync, are one line whose
 * count grows (`merge: 'add'`) or is set (`merge: 'set'`: a sync finishes once with its total).
 * `text` writes the line for the group's counts after the merge.
 */
export interface ActivityDraft {
  kind: ActivityKind;
  groupKey: string;
  count: number;
  /** A second count some lines show ('a 3 ordini su 5'); 0 otherwise. */
  total: number;
  merge: 'add' | 'set';
  /**
   * For `add`: what this event adds (a shipment id). Each member counts once per group, so the same
   * fact told again under another message id (a relay that published twice) adds nothing.
   */
  member?: string;
  occurredAt: Date;
  text: (count: number, total: number) => string;
}

const minuteOf = (d: Date) => d.toISOString().slice(0, 16);

/**
 * A sync that imported orders: one line per sync with the orders it imported for the first time
 * ('12 ordini importati da eBay'). Orders read again because they changed on the marketplace (a
 * tracking push changes an eBay order) are updates, not imports: a sync of only those says nothing.
 */
export function ordersImportedActivity(event: { jobId: number; provider: string; ordersNew: number }, occurredAt: Date): ActivityDraft | null {
  if (!Number.isSafeInteger(event.ordersNew) || event.ordersNew <= 0) return null;
  return {
    kind: 'orders_imported',
    groupKey: `sync:${event.jobId}`,
    count: event.ordersNew,
    total: 0,
    merge: 'set',
    occurredAt,
    text: (count) => m.ordersImported(count, event.provider),
  };
}

/** A label made: the labels of one processing run are one line (by the minute when no run is named). */
export function labelCreatedActivity(event: { runId: string; shipmentId: number }, occurredAt: Date): ActivityDraft {
  return {
    kind: 'labels_created',
    groupKey: event.runId ? `labels:${event.runId}` : `labels:${minuteOf(occurredAt)}`,
    count: 1,
    total: 0,
    merge: 'add',
    member: String(event.shipmentId),
    occurredAt,
    text: (count) => m.labelsCreated(count, null),
  };
}

/** A shipment delivered: one line per shipment, however often the carrier says it again. */
export function deliveredActivity(
  event: { shipmentId: number; delivered: boolean; externalOrderId?: string; lastMovementAt?: string; promisedDeliveryAt?: string },
  occurredAt: Date,
): ActivityDraft | null {
  if (!event.delivered) return null;
  // Delivered after the date promised to the buyer (issue 26): the line says so.
  const promised = event.promisedDeliveryAt ? Date.parse(event.promisedDeliveryAt) : NaN;
  const deliveredAt = event.lastMovementAt ? Date.parse(event.lastMovementAt) : NaN;
  const late = !Number.isNaN(promised) && !Number.isNaN(deliveredAt) && deliveredAt > promised ? new Date(promised) : null;
  return {
    kind: 'shipment_delivered',
    groupKey: `delivered:${event.shipmentId}`,
    count: 1,
    total: 0,
    merge: 'set',
    occurredAt,
    text: () => m.shipmentDelivered(event.shipmentId, event.externalOrderId ?? '', late),
  };
}

/** Impostazioni > Team: single sign-on required of the members, or no longer; one line per change. */
export function ssoRequiredChangedActivity(event: { required: boolean; changedByUserId: string }, occurredAt: Date): ActivityDraft {
  return {
    kind: 'sso_required_changed',
    groupKey: `sso-required:${event.required ? 'on' : 'off'}:${event.changedByUserId}:${occurredAt.toISOString()}`,
    count: 1,
    total: 0,
    merge: 'set',
    occurredAt,
    text: () => m.ssoRequiredChanged(event.required),
  };
}

/** A shipping rule created, changed or deleted. */
export function ruleChangedActivity(event: { ruleId: number; name: string; change: string }, occurredAt: Date): ActivityDraft {
  return {
    kind: 'rule_changed',
    groupKey: `rule:${event.ruleId}:${event.change}:${occurredAt.toISOString()}`,
    count: 1,
    total: 0,
    merge: 'set',
    occurredAt,
    text: () => m.ruleChanged(event.name, event.change),
  };
}

/**
 * 'Assegna Corrieri' (one line each), or the rules applied to imported orders: those come per
 * import batch, so they are summed per minute, and a batch that assigned nothing says nothing.
 */
export function carriersAssignedActivity(event: { assigned: number; total: number; assignedByUserId: string }, occurredAt: Date): ActivityDraft | null {
  const onImport = event.assignedByUserId === '';
  if (onImport && event.assigned <= 0) return null;
  return {
    kind: 'carriers_assigned',
    groupKey: onImport ? `assign-import:${minuteOf(occurredAt)}` : `assign:${event.assignedByUserId}:${occurredAt.toISOString()}`,
    count: event.assigned,
    total: event.total,
    merge: onImport ? 'add' : 'set',
    occurredAt,
    text: (count, total) => m.carriersAssigned(count, total, onImport),
  };
}

/** The GLS workday closed for one account: one line per close, with the shipments it confirmed. */
export function workdayClosedActivity(
  event: { carrierIntegrationId: number; carrierProvider: string; shipmentIds: readonly number[]; manifestId: number },
  occurredAt: Date,
): ActivityDraft | null {
  const count = new Set(event.shipmentIds).size;
  if (count === 0) return null;
  return {
    kind: 'workday_closed',
    groupKey: `workday-closed:${event.carrierIntegrationId}:${event.manifestId > 0 ? `m${event.manifestId}` : occurredAt.toISOString()}`,
    count,
    total: 0,
    merge: 'set',
    occurredAt,
    text: (n) => m.workdayClosed(event.carrierProvider, n),
  };
}

/** A shipment cancelled: one line per shipment. */
export function shipmentCancelledActivity(event: { shipmentId: number }, occurredAt: Date): ActivityDraft {
  return {
    kind: 'shipment_cancelled',
    groupKey: `cancelled:${event.shipmentId}`,
    count: 1,
    total: 0,
    merge: 'set',
    occurredAt,
    text: () => m.shipmentCancelled(event.shipmentId),
  };
}

/**
 * The tracking a marketplace took (`marketplaces.tracking.attempted` pushed): the pushes of one
 * processing run are one line per marketplace that grows, each shipment counted once; pushes asked
 * for by hand are summed per minute. Retries, refusals and skips say nothing here.
 */
export function trackingPushedActivity(event: { shipmentId: number; marketplace: string; status: string; runId: string; kind?: string }, occurredAt: Date): ActivityDraft | null {
  // A delivery told to the marketplace (issue 26, kind delivery) is not a tracking sent.
  if (event.status !== 'pushed' || (event.kind ?? '') !== '') return null;
  const marketplace = event.marketplace.trim().toLowerCase() || 'marketplace';
  return {
    kind: 'tracking_pushed',
    groupKey: `tracking:${marketplace}:${event.runId ? event.runId : minuteOf(occurredAt)}`,
    count: 1,
    total: 0,
    merge: 'add',
    member: String(event.shipmentId),
    occurredAt,
    text: (n) => m.trackingPushed(n, marketplace),
  };
}

const once = (key: string, occurredAt: Date) => `${key}:${occurredAt.toISOString()}`;

/**
 * A carrier integration connected, switched on or off, or deleted (`carriers.integration.changed`
 * with its `change`); a change of credentials or a credential check says nothing. An event of an
 * older publisher without `change` is told only when it deletes.
 */
export function carrierChangedActivity(
  event: { integrationId: number; provider: string; connectionName: string; active: boolean; deleted: boolean; change: string },
  occurredAt: Date,
): ActivityDraft | null {
  const change = event.deleted || event.change === 'deleted' ? 'disconnected' : event.change === 'created' ? 'connected' : event.change === 'toggled' ? (event.active ? 'on' : 'off') : null;
  if (!change) return null;
  return {
    kind: change === 'connected' ? 'carrier_connected' : change === 'disconnected' ? 'carrier_disconnected' : 'carrier_switched',
    groupKey: once(`carrier:${event.integrationId}:${change}`, occurredAt),
    count: 1,
    total: 0,
    merge: 'set',
    occurredAt,
    text: () => m.carrierChanged(change, event.provider, event.connectionName),
  };
}

/**
 * A marketplace integration connected (or connected again), switched on or off, or deleted
 * (`marketplaces.integration.changed` with its `change`); token refreshes and settings say nothing.
 * An event of an older publisher without `change` is told when it deletes, or connects an
 * integration never seen before.
 */
export function marketplaceChangedActivity(
  event: { integrationId: number; provider: string; account: string; active: boolean; deleted: boolean; change: string },
  firstSeen: boolean,
  occurredAt: Date,
): ActivityDraft | null {
  const change =
    event.deleted || event.change === 'deleted'
      ? 'disconnected'
      : event.change === 'connected' || (event.change === '' && firstSeen)
        ? 'connected'
        : event.change === 'reconnected'
          ? 'reconnected'
          : event.change === 'toggled'
            ? event.active
              ? 'on'
              : 'off'
            : null;
  if (!change) return null;
  return {
    kind: change === 'connected' || change === 'reconnected' ? 'marketplace_connected' : change === 'disconnected' ? 'marketplace_disconnected' : 'marketplace_switched',
    groupKey: once(`marketplace:${event.integrationId}:${change}`, occurredAt),
    count: 1,
    total: 0,
    merge: 'set',
    occurredAt,
    text: () => m.marketplaceChanged(change, event.provider, event.account),
  };
}

/**
 * A marketplace's privacy request (`marketplaces.privacy.requested`, issue 22: Shopify's
 * customers/redact, shop/redact, customers/data_request): one line per request and integration in
 * the audit trail, saying what was asked and what Smista did (orders and shipments erase the data
 * from the same event; a data request erases nothing). The same delivery told again: one line.
 */
export function privacyRequestedActivity(
  event: { integrationId: number; provider: string; request: string; externalOrderIds: readonly string[]; customerEmail: string; dataRequestId: string; webhookId: string },
  occurredAt: Date,
): ActivityDraft | null {
  if (!['redact_customer', 'redact_shop', 'customer_data_request'].includes(event.request)) return null;
  return {
    kind: 'privacy_requested',
    groupKey: `privacy:${event.integrationId}:${event.request}:${event.webhookId.trim() || occurredAt.toISOString()}`,
    count: new Set(event.externalOrderIds).size,
    total: 0,
    merge: 'set',
    occurredAt,
    // Whether the buyer's e-mail named orders too; the e-mail itself is never written.
    text: () => m.privacyRequested(event.request, event.provider, event.externalOrderIds, event.dataRequestId, event.customerEmail.trim() !== ''),
  };
}

/**
 * Buyers' personal data erased by orders a number of days after delivery (`orders.buyer.erased`,
 * issue 22: Amazon's data protection policy): one line per merchant and round, whose count grows
 * with each batch of the round ('Dati personali di 12 ordini Amazon cancellati dopo 30 giorni dalla
 * consegna …'). A batch is counted once (its first order id is its member: batches never share an
 * order), so the same event told again adds nothing. Never a name or an e-mail.
 */
export function buyerDataErasedActivity(
  event: { orderIds: readonly number[]; marketplace: string; retentionDays: number; roundId: string },
  occurredAt: Date,
): ActivityDraft | null {
  const ids = [...new Set(event.orderIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return null;
  return {
    kind: 'buyer_data_erased',
    groupKey: `buyer-erased:${event.roundId.trim() || minuteOf(occurredAt)}`,
    count: ids.length,
    total: 0,
    merge: 'add',
    member: String(Math.min(...ids)),
    occurredAt,
    text: (count) => m.buyerDataErased(count, event.marketplace || 'amazon', event.retentionDays),
  };
}

/** A CSV import of orders finished (issue 25): one line per job, with what it created and found already there. */
export function ordersCsvImportedActivity(
  event: { importId: number; fileName: string; createdOrders: number; skippedOrders: number },
  occurredAt: Date,
): ActivityDraft | null {
  if (!Number.isSafeInteger(event.importId) || event.importId <= 0) return null;
  const created = Math.max(0, event.createdOrders);
  const skipped = Math.max(0, event.skippedOrders);
  return {
    kind: 'orders_csv_imported',
    groupKey: `orders-csv:${event.importId}`,
    count: created,
    total: created + skipped,
    merge: 'set',
    occurredAt,
    text: () => m.ordersCsvImported(event.fileName, created, skipped),
  };
}
