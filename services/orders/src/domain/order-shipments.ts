import { isUuid, NotSupportedError } from '@smista/service-kit';
import { marketplaceCapabilities, marketplaceName, shipmentStatuses, type OrderStatus, type PaymentStatus, type ShipmentStatus } from '@smista/contracts';
import { heldForPayment } from './statuses';
import { InvalidEventError, ordersErrors } from './errors';
import { trackingPushMessages } from '@smista/contracts';

/*
 * The order's shipments as orders knows them from the shipments service's events (a projection),
 * and the rule by which an order's status follows them. Pure: `app/follow-shipments.ts` applies it.
 */

/** The carrier's last word on a shipment (ShipmentTrackingUpdated.tracking_status). */
export type TrackingStatus = 'in_transit' | 'delivered' | 'exception' | 'info';
const trackingStatuses: readonly TrackingStatus[] = ['in_transit', 'delivered', 'exception', 'info'];

/** One shipment of an order (`order_shipments`), newest first in an order's list. */
export interface OrderShipment {
  shipmentId: number;
  orderId: number;
  status: ShipmentStatus;
  trackingNumber: string | null;
  /** Our carrier code (gls, poste_delivery, posta_1...). */
  carrierProvider: string | null;
  carrierIntegrationId: number | null;
  hasLabel: boolean;
  trackingStatus: TrackingStatus | null;
  shippedAt: Date | null;
  /** When the shipments service made the last change applied here (its event's occurred_at): the row's version. */
  updatedAt: Date;
}

/**
 * What one shipments event says about a shipment. Fields it does not carry are undefined and
 * leave the stored value alone.
 */
export interface ShipmentChange {
  shipmentId: number;
  merchantId: string;
  orderId: number;
  status: ShipmentStatus;
  trackingNumber?: string;
  carrierProvider?: string;
  carrierIntegrationId?: number;
  hasLabel?: boolean;
  trackingStatus?: TrackingStatus;
  shippedAt?: Date;
  occurredAt: Date;
}

/** The identifying part every shipments event has; anything missing is dead-lettered after the retries. */
function identity(event: { shipmentId: number; merchantId: string; orderId: number; occurredAt: string }, subject: string) {
  if (!Number.isSafeInteger(event.shipmentId) || event.shipmentId <= 0) throw new InvalidEventError(`${subject}: shipment_id is not a positive integer`);
  if (!isUuid(event.merchantId ?? '')) throw new InvalidEventError(`${subject}: merchant_id is not a uuid`);
  if (!Number.isSafeInteger(event.orderId) || event.orderId <= 0) throw new InvalidEventError(`${subject}: order_id is not a positive integer`);
  const occurredAt = new Date(event.occurredAt ?? '');
  if (!event.occurredAt || Number.isNaN(occurredAt.getTime())) throw new InvalidEventError(`${subject}: occurred_at is not a timestamp`);
  return { shipmentId: event.shipmentId, merchantId: event.merchantId.toLowerCase(), orderId: event.orderId, occurredAt };
}

const text = (v: string | undefined) => (v ?? '').trim() || undefined;
const positive = (v: number | undefined) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : undefined);
const instant = (v: string | undefined) => {
  const at = v ? new Date(v) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
};
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** `shipments.shipment.created`: a pending shipment with its carrier. */
export function changeFromCreated(e: { shipmentId: number; merchantId: string; orderId: number; carrierIntegrationId: number; carrierProvider: string; occurredAt: string }): ShipmentChange {
  return defined({ ...identity(e, 'shipment.created'), status: 'pending' as const, carrierProvider: text(e.carrierProvider), carrierIntegrationId: positive(e.carrierIntegrationId) });
}

/** `shipments.shipment.labelled`: the carrier accepted it; tracking number and label exist. */
export function changeFromLabelled(e: {
  shipmentId: number;
  merchantId: string;
  orderId: number;
  carrierIntegrationId: number;
  carrierProvider: string;
  trackingNumber: string;
  shippedAt: string;
  occurredAt: string;
}): ShipmentChange {
  return defined({
    ...identity(e, 'shipment.labelled'),
    status: 'shipped' as const,
    trackingNumber: text(e.trackingNumber),
    carrierProvider: text(e.carrierProvider),
    carrierIntegrationId: positive(e.carrierIntegrationId),
    hasLabel: true,
    shippedAt: instant(e.shippedAt),
  });
}

/** `shipments.shipment.cancelled`. */
export function changeFromCancelled(e: { shipmentId: number; merchantId: string; orderId: number; occurredAt: string }): ShipmentChange {
  return { ...identity(e, 'shipment.cancelled'), status: 'cancelled' };
}

/**
 * `shipments.shipment.tracking_updated`: the carrier's tracking moved. The shipment's status is the
 * one the event gives (shipped or delivered), or delivered when it says so.
 */
export function changeFromTrackingUpdated(e: {
  shipmentId: number;
  merchantId: string;
  orderId: number;
  trackingNumber: string;
  trackingStatus: string;
  delivered: boolean;
  status: string;
  occurredAt: string;
}): ShipmentChange {
  const given = e.status.trim().toLowerCase();
  const status: ShipmentStatus = (shipmentStatuses as readonly string[]).includes(given) ? (given as ShipmentStatus) : e.delivered ? 'delivered' : 'shipped';
  const tracking = e.trackingStatus.trim().toLowerCase();
  return defined({
    ...identity(e, 'shipment.tracking_updated'),
    status: e.delivered && status === 'shipped' ? ('delivered' as const) : status,
    trackingNumber: text(e.trackingNumber),
    trackingStatus: (trackingStatuses as readonly string[]).includes(tracking) ? (tracking as TrackingStatus) : e.delivered ? ('delivered' as const) : undefined,
  });
}

/** How far along an order is, for "the furthest of the marketplace's word and our shipments'". */
const progress: Record<Exclude<OrderStatus, 'annullato'>, number> = { da_pagare: 0, da_spedire: 0, spedito: 1, in_transito: 2, consegnato: 3 };

/**
 * What the order's live shipments say of it, or null when none of them has left yet (pending,
 * processing, error) or all are cancelled: delivered → consegnato; shipped with the carrier's
 * tracking moving (in transit, or held with an exception) → in_transito; shipped (labelled) →
 * spedito. With several, the furthest along wins.
 */
type ShippedStatus = Exclude<OrderStatus, 'annullato' | 'da_spedire' | 'da_pagare'>;

export function statusFromShipments(shipments: readonly Pick<OrderShipment, 'status' | 'trackingStatus'>[]): ShippedStatus | null {
  let best: ShippedStatus | null = null;
  for (const s of shipments) {
    let said: ShippedStatus | null = null;
    if (s.status === 'delivered' || s.trackingStatus === 'delivered') said = 'consegnato';
    else if (s.status === 'shipped') said = s.trackingStatus === 'in_transit' || s.trackingStatus === 'exception' ? 'in_transito' : 'spedito';
    if (said && (!best || progress[said] > progress[best])) best = said;
  }
  return best;
}

/**
 * An order's status (spec §4) from what its marketplace says (`marketplaceStatus`, the adapter's
 * mapping, kept apart), its shipments (cancelled ones ignored) and its payment:
 * - the marketplace cancelled the order → annullato, whatever the shipments say;
 * - otherwise the furthest along of the marketplace's status and the shipments' (so a later import
 *   of an unchanged NOT_STARTED eBay order does not take a shipped order back to da_spedire, and
 *   an order eBay shows FULFILLED stays spedito without a shipment of ours);
 * - cancelling its only live shipment gives the marketplace's status back;
 * - still to ship but not paid → da_pagare (`heldForPayment`, issue 19).
 *
 * @example orderStatusFollowing('da_spedire', [{ status: 'shipped', trackingStatus: null }], 'pagato') // 'spedito'
 * orderStatusFollowing('annullato', [{ status: 'delivered', trackingStatus: 'delivered' }], 'pagato') // 'annullato'
 * orderStatusFollowing('da_spedire', [{ status: 'cancelled', trackingStatus: null }], 'pagato') // 'da_spedire'
 * orderStatusFollowing('da_spedire', [{ status: 'pending', trackingStatus: null }], 'fallito') // 'da_pagare'
 */
export function orderStatusFollowing(
  marketplaceStatus: OrderStatus,
  shipments: readonly Pick<OrderShipment, 'status' | 'trackingStatus'>[],
  paymentStatus: PaymentStatus,
): OrderStatus {
  if (marketplaceStatus === 'annullato') return 'annullato';
  const fromShipments = statusFromShipments(shipments.filter((s) => s.status !== 'cancelled'));
  const status = fromShipments && progress[fromShipments] > progress[marketplaceStatus] ? fromShipments : marketplaceStatus;
  return heldForPayment(status, paymentStatus);
}

/**
 * The shipment whose tracking `UpdateTracking` tells the marketplace: the newest live (not
 * cancelled) one with a tracking number. None → FAILED_PRECONDITION 'Nessun tracking da aggiornare'.
 *
 * @param shipments newest first, as the order lists them
 */
export function shipmentToTrack<S extends Pick<OrderShipment, 'shipmentId' | 'status' | 'trackingNumber'>>(shipments: readonly S[]): S & { trackingNumber: string } {
  const found = [...shipments].sort((a, b) => b.shipmentId - a.shipmentId).find((s) => s.status !== 'cancelled' && (s.trackingNumber ?? '').trim());
  if (!found) throw ordersErrors.noTrackingToUpdate();
  return found as S & { trackingNumber: string };
}

/**
 * UpdateTracking works only for a marketplace that takes tracking (the catalogue's capability
 * `trackingPush`): another one is the kit's NOT_SUPPORTED, 'Operazione non supportata da Amazon:
 * invio del tracking al marketplace'.
 */
export function assertTrackingSupported(marketplace: string): void {
  if (marketplaceCapabilities(marketplace).trackingPush) return;
  throw new NotSupportedError(trackingPushMessages.operation, marketplaceName(marketplace));
}

/**
 * When an order that is consegnato was delivered: the earliest of its live delivered shipments'
 * last event (the delivering one's time when the status first becomes consegnato); null when its
 * status is not consegnato or no shipment says delivered (the marketplace's word alone gives no time).
 * The retention of Amazon's buyers' data counts from it (`buyer-retention.ts`).
 *
 * @example deliveredAt('consegnato', [{ status: 'delivered', trackingStatus: 'delivered', updatedAt: d }]) // d
 */
export function deliveredAt(status: OrderStatus, shipments: readonly Pick<OrderShipment, 'status' | 'trackingStatus' | 'updatedAt'>[]): Date | null {
  if (status !== 'consegnato') return null;
  const times = shipments
    .filter((s) => s.status !== 'cancelled' && (s.status === 'delivered' || s.trackingStatus === 'delivered'))
    .map((s) => s.updatedAt.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}
