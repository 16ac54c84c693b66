import { customs as customsProto, shipments } from '@smista/proto';
import { postalAddressOfShipment, type CustomsDeclaration, type CustomsDeclarationInput, type ShipmentParcelInput } from '@smista/contracts';
import { problemOf, type AuditEntry, type Shipment } from '../domain';
import type { ProcessRun, StoredTrackingEvent } from '../store';

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
    trackingAlerts: s.trackingAlerts,
    problem: problemOf(s, now) ?? '',
    parcel: {
      weightGrams: s.parcel.weightGrams ?? 0,
      lengthMm: s.parcel.lengthMm ?? 0,
      widthMm: s.parcel.widthMm ?? 0,
      heightMm: s.parcel.heightMm ?? 0,
      packageName: s.parcel.packageName,
    },
    customsNeeded: s.customsNeeded,
    customsTerritory: s.customsTerritory ?? '',
    customs: s.customs ? toCustomsMessage(s.customs) : undefined,
    customsMissing: s.customsMissing,
  });
}

/** A declaration as the proto carries it (0 = unknown weight). */
export function toCustomsMessage(d: CustomsDeclaration): customsProto.CustomsDeclaration {
  return customsProto.CustomsDeclaration.fromPartial({ ...d, items: d.items.map((i) => ({ ...i, weightGrams: i.weightGrams ?? 0 })) });
}

/** UpdateParcel's parcel as the contracts' schema reads it (0 = no dimension). */
export function parcelInputOf(p: customsProto.ParcelSize | undefined): ShipmentParcelInput {
  const dim = (mm: number | undefined) => (mm ? mm : null);
  return { weightGrams: p?.weightGrams ?? 0, lengthMm: dim(p?.lengthMm), widthMm: dim(p?.widthMm), heightMm: dim(p?.heightMm), packageName: p?.packageName ?? '' };
}

/** UpdateCustoms' declaration as the contracts' schema reads it (0 = unknown weight). */
export function customsInputOf(d: customsProto.CustomsDeclaration | undefined): CustomsDeclarationInput {
  return {
    contentType: (d?.contentType ?? '') as CustomsDeclarationInput['contentType'],
    invoiceNumber: d?.invoiceNumber ?? '',
    currency: d?.currency || 'EUR',
    items: (d?.items ?? []).map((i) => ({ ...i, weightGrams: i.weightGrams || null })),
  };
}

/** A shipment's kept tracking events (the store answers them oldest first), newest first. */
export function toTrackingEventMessages(events: readonly StoredTrackingEvent[]): shipments.TrackingEvent[] {
  return [...events].reverse().map((e) => shipments.TrackingEvent.fromPartial({ at: iso(e.at), status: e.status, code: e.code, description: e.description, location: e.location }));
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
