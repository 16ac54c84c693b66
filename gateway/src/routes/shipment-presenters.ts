import type { shipments } from '@smista/proto';
import { pageMeta, publicTrackingPath, shipmentStatusFilters, trackingStatusText, trackingUrl, type CustomsContentType } from '@smista/contracts';
import type {
  BulkCreateJson,
  CloseWorkdayJson,
  ProcessResultJson,
  ProcessRunJson,
  ShipmentActionJson,
  ShipmentAuditJson,
  ShipmentDetailsJson,
  ShipmentJson,
  ShipmentPageJson,
  ShipmentStatusCountsJson,
  ShipmentTrackingEventJson, ShipmentBuyerEmailJson,
} from '@smista/contracts';

/** The shipments service's answers → the JSON the screens read (`libs/contracts/src/api-types/`). */

const orNull = (v: string | undefined) => (v ? v : null);
const idOrNull = (v: number) => (v > 0 ? v : null);

/** A shipment (spec §3). The label itself is never in a list: `labelData` is where to fetch it. */
export function shipmentJson(s: shipments.Shipment): ShipmentJson {
  const a = s.address;
  return {
    id: s.id,
    orderId: s.orderId,
    merchantId: s.merchantId,
    carrierIntegrationId: idOrNull(s.carrierIntegrationId),
    carrierProvider: orNull(s.carrierProvider),
    shippingAddressId: idOrNull(s.shippingAddressId),
    recipientName: orNull(a?.name),
    addressLine1: a?.addressLine1 ?? '',
    addressLine2: orNull(a?.addressLine2),
    city: a?.city ?? '',
    state: orNull(a?.province),
    postalCode: a?.postalCode ?? '',
    country: a?.country ?? '',
    countryCode: a?.countryCode || 'IT',
    phoneNumber: orNull(a?.phone),
    recipientEmail: orNull(a?.email),
    trackingNumber: orNull(s.trackingNumber),
    carrierShipmentNumber: orNull(s.carrierShipmentNumber),
    status: s.status,
    // A label voided in Smista only is not to be used: no address to print it from.
    labelData: s.hasLabel && !s.labelVoidReason ? `/api/shipments/${s.id}/label` : null,
    hasLabel: s.hasLabel,
    errorMessage: orNull(s.errorMessage),
    errorCode: orNull(s.errorCode),
    retryCount: s.retryCount,
    lastAttemptAt: orNull(s.lastAttemptAt),
    shippedAt: orNull(s.shippedAt),
    estimatedDeliveryDate: orNull(s.estimatedDeliveryDate),
    deliveredAt: orNull(s.deliveredAt),
    labelPrintedAt: orNull(s.labelPrintedAt),
    labelVoidReason: orNull(s.labelVoidReason),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    closeWorkdayStatus: orNull(s.closeWorkdayStatus),
    closeWorkdayMessage: orNull(s.closeWorkdayMessage),
    closeWorkdayAt: orNull(s.closeWorkdayAt),
    manifestId: idOrNull(s.manifestId),
    marketplaceTrackingStatus: orNull(s.marketplaceTrackingStatus),
    marketplaceTrackingError: orNull(s.marketplaceTrackingError),
    marketplaceTrackingAttempts: s.marketplaceTrackingAttempts,
    marketplaceTrackingLastAttempt: orNull(s.marketplaceTrackingLastAttempt),
    marketplaceTrackingUpdatedAt: orNull(s.marketplaceTrackingUpdatedAt),
    orderExternalId: s.orderExternalId,
    marketplace: s.marketplace,
    marketplaceIntegrationId: idOrNull(s.marketplaceIntegrationId),
    trackingStatus: orNull(s.trackingStatus),
    trackingDescription: orNull(s.trackingDescription),
    trackingUpdatedAt: orNull(s.trackingUpdatedAt),
    trackingUrl: s.trackingNumber ? trackingUrl(s.carrierProvider, s.trackingNumber) : null,
    trackingAlerts: s.trackingAlerts,
    problem: orNull(s.problem),
    ...parcelAndCustomsJson(s),
  };
}

const gramsOrNull = (v: number | undefined) => (v && v > 0 ? v : null);

/** Issue 25: the parcel and the customs declaration of a shipment (0 = unknown in the proto). */
function parcelAndCustomsJson(s: shipments.Shipment): Pick<ShipmentJson, 'parcel' | 'customsNeeded' | 'customsTerritory' | 'customs' | 'customsMissing'> {
  const p = s.parcel;
  return {
    parcel: { weightGrams: gramsOrNull(p?.weightGrams), lengthMm: gramsOrNull(p?.lengthMm), widthMm: gramsOrNull(p?.widthMm), heightMm: gramsOrNull(p?.heightMm), packageName: p?.packageName ?? '' },
    customsNeeded: s.customsNeeded,
    customsTerritory: orNull(s.customsTerritory),
    customs: s.customs
      ? {
          contentType: s.customs.contentType as CustomsContentType | '',
          invoiceNumber: s.customs.invoiceNumber,
          currency: s.customs.currency || 'EUR',
          items: s.customs.items.map((i) => ({ ...i, weightGrams: gramsOrNull(i.weightGrams) })),
        }
      : null,
    customsMissing: s.customsMissing,
  };
}

function auditJson(e: shipments.AuditEntry): ShipmentAuditJson {
  return {
    id: e.id,
    operation: e.operation,
    target: e.target,
    startedAt: e.startedAt,
    durationMs: e.outcome === 'started' ? null : e.durationMs,
    outcome: e.outcome,
    message: orNull(e.message),
    attempt: e.attempt,
  };
}

/** One tracking step (issue 26), its status also in Italian: the screens never read a code. */
export function trackingEventJson(e: shipments.TrackingEvent): ShipmentTrackingEventJson {
  return { at: e.at, status: e.status, statusLabel: trackingStatusText(e.status), code: e.code, description: e.description, location: e.location };
}

export function shipmentDetailsJson(d: shipments.ShipmentDetails): ShipmentDetailsJson {
  if (!d.shipment) throw new Error('GetShipment answered no shipment');
  return {
    ...shipmentJson(d.shipment),
    audit: d.audit.map(auditJson),
    trackingEvents: d.trackingEvents.map(trackingEventJson),
    publicTrackingUrl: d.publicToken ? publicTrackingPath(d.publicToken) : null,
    buyerEmails: d.buyerMails.map(buyerEmailJson),
  };
}

/** One e-mail to the buyer (issue 26). */
function buyerEmailJson(m: shipments.BuyerMail): ShipmentBuyerEmailJson {
  return {
    kind: m.kind as ShipmentBuyerEmailJson['kind'],
    status: m.status as ShipmentBuyerEmailJson['status'],
    to: m.to,
    queuedAt: m.queuedAt,
    sentAt: orNull(m.sentAt),
    reason: orNull(m.reason),
  };
}

/** The tabs' counts; a status the service did not count is 0. */
export function shipmentCountsJson(counts: shipments.StatusCount[]): ShipmentStatusCountsJson {
  const out = { all: 0 } as ShipmentStatusCountsJson;
  for (const status of shipmentStatusFilters) out[status] = 0;
  for (const c of counts) if (c.status in out) out[c.status as keyof ShipmentStatusCountsJson] = c.count;
  return out;
}

export function shipmentPageJson(res: shipments.ListShipmentsResponse): ShipmentPageJson {
  const meta = res.meta ? { ...res.meta } : pageMeta(1, 20, 0);
  return { data: res.shipments.map(shipmentJson), meta: { ...meta, statusCounts: shipmentCountsJson(res.statusCounts) } };
}

export function bulkCreateJson(r: shipments.BulkCreateResponse): BulkCreateJson {
  return {
    message: r.message,
    created: r.created,
    skipped: r.skipped,
    outcomes: r.outcomes.map((o) => ({ orderId: o.orderId, shipmentId: idOrNull(o.shipmentId), created: o.created, message: orNull(o.message) })),
  };
}

export function processResultJson(r: shipments.ProcessShipmentsResponse): ProcessResultJson {
  return {
    success: r.success,
    failed: r.failed,
    skipped: r.skipped,
    message: r.message,
    errors: r.errors.map((e) => ({ shipmentId: e.shipmentId, orderExternalId: e.orderExternalId, code: e.code, message: e.message })),
    runId: orNull(r.runId),
  };
}

export function processRunJson(r: shipments.ProcessRun): ProcessRunJson {
  return {
    id: r.id,
    status: r.status === 'running' ? 'running' : 'finished',
    total: r.total,
    done: r.done,
    succeeded: r.succeeded,
    failed: r.failed,
    startedAt: r.startedAt,
    finishedAt: orNull(r.finishedAt),
  };
}

export function shipmentActionJson(r: shipments.ActionResponse): ShipmentActionJson {
  return { message: r.message, success: r.success, shipment: r.shipment ? shipmentJson(r.shipment) : null };
}

export function closeWorkdayJson(r: shipments.CloseWorkdayResponse): CloseWorkdayJson {
  return {
    message: r.message,
    processed: r.processed,
    failed: r.failed,
    outcomes: r.outcomes.map((o) => ({ shipmentId: o.shipmentId, ok: o.ok, message: orNull(o.message) })),
    manifestIds: r.manifestIds,
  };
}
