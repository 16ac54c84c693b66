import { shipments } from '@smista/proto';
import { postalAddressOfShipment } from '@smista/contracts';
import { problemOf, type AuditEntry, type Shipment } from '../domain';
import type { ProcessRun } from '../store';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

/** A shipment as answered: empty strings and 0 for "none" (proto3); the Errori tab's reason at `now`. */
export function toShipmentMessage(s: Shipment, now: Date): shipments.Shipment {
  return shipments.Shipment.fromPartial({
    id: s.id,
    orderId: s.orderId,
    merchantId: s.merchantId,
    carrierIntegrationId: s.carrierIntegrationId ?? 0,
    carrierProvider: s.carrierProvider ?? '',
    shippingAddressId: s.shippingAddressId ?? 0,
    address: postalAddressOfShipment(s),
    trackingNumber: s.trackingNumber ?? '',
    carrierShipmentNumber: s.carrierShipmentNumber ?? '',
    status: s.status,
    hasLabel: s.hasLabel,
    errorMessage: s.errorMessage ?? '',
    errorCode: s.errorCode ?? '',
    retryCount: s.retryCount,
    lastAttemptAt: iso(s.lastAttemptAt),
    shippedAt: iso(s.shippedAt),
    estimatedDeliveryDate: iso(s.estimatedDeliveryDate),
    deliveredAt: iso(s.deliveredAt),
    labelPrintedAt: iso(s.labelPrintedAt),
    labelVoidReason: s.labelVoidReason ?? '',
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    closeWorkdayStatus: s.closeWorkdayStatus ?? '',
    closeWorkdayMessage: s.closeWorkdayMessage ?? '',
    closeWorkdayAt: iso(s.closeWorkdayAt),
    manifestId: s.manifestId ?? 0,
    marketplaceTrackingStatus: s.marketplaceTrackingStatus ?? '',
    marketplaceTrackingError: s.marketplaceTrackingError ?? '',
    marketplaceTrackingAttempts: s.marketplaceTrackingAttempts,
    marketplaceTrackingLastAttempt: iso(s.marketplaceTrackingLastAttempt),
    marketplaceTrackingUpdatedAt: iso(s.marketplaceTrackingUpdatedAt),
    orderExternalId: s.orderExternalId,
    marketplace: s.marketplace,
    marketplaceIntegrationId: s.marketplaceIntegrationId ?? 0,
    trackingStatus: s.trackingStatus ?? '',
    trackingDescription: s.trackingDescription ?? '',
    trackingUpdatedAt: iso(s.trackingUpdatedAt),
    problem: problemOf(s, now) ?? '',
  });
}

export function toAuditMessage(a: AuditEntry): shipments.AuditEntry {
  return shipments.AuditEntry.fromPartial({
    id: a.id,
    operation: a.operation,
    target: a.target,
    startedAt: iso(a.startedAt),
    durationMs: a.durationMs ?? 0,
    outcome: a.outcome,
    message: a.message ?? '',
    attempt: a.attempt,
  });
}

export function toRunMessage(r: ProcessRun): shipments.ProcessRun {
  return shipments.ProcessRun.fromPartial({
    id: r.id,
    status: r.status,
    total: r.total,
    done: r.done,
    succeeded: r.succeeded,
    failed: r.failed,
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
  });
}

export const toDocument = (d: { filename: string; contentType: string; data: Uint8Array }) =>
  shipments.Document.fromPartial({ filename: d.filename, contentType: d.contentType, data: Buffer.from(d.data) });
