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
  occurredAt: Date;
  text: (count: number, total: number) => string;
}

const minuteOf = (d: Date) => d.toISOString().slice(0, 16);

/** A sync that imported orders: one line per sync with its count ('12 ordini importati da eBay'). */
export function ordersImportedActivity(event: { jobId: number; provider: string; ordersSynced: number }, occurredAt: Date): ActivityDraft | null {
  if (event.ordersSynced <= 0) return null;
  return {
    kind: 'orders_imported',
    groupKey: `sync:${event.jobId}`,
    count: event.ordersSynced,
    total: 0,
    merge: 'set',
    occurredAt,
    text: (count) => m.ordersImported(count, event.provider),
  };
}

/** A label made: the labels of one processing run are one line (by the minute when no run is named). */
export function labelCreatedActivity(event: { runId: string }, occurredAt: Date): ActivityDraft {
  return {
    kind: 'labels_created',
    groupKey: event.runId ? `labels:${event.runId}` : `labels:${minuteOf(occurredAt)}`,
    count: 1,
    total: 0,
    merge: 'add',
    occurredAt,
    text: (count) => m.labelsCreated(count, null),
  };
}

/** A shipment delivered: one line per shipment, however often the carrier says it again. */
export function deliveredActivity(event: { shipmentId: number; delivered: boolean }, occurredAt: Date): ActivityDraft | null {
  if (!event.delivered) return null;
  return {
    kind: 'shipment_delivered',
    groupKey: `delivered:${event.shipmentId}`,
    count: 1,
    total: 0,
    merge: 'set',
    occurredAt,
    text: () => m.shipmentDelivered(event.shipmentId),
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
