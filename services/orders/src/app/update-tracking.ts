import type { MerchantScope, Pool } from '@smista/service-kit';
import { marketplaceName } from '@smista/contracts';
import { trackingPushMessages as t } from '@smista/contracts';
import { linesToShip } from '@smista/contracts';
import { assertTrackingSupported, ordersErrors, shipmentToTrack } from '../domain';
import { findOrder } from '../store';
import type { MarketplaceTracking } from './ports';

/** UpdateTracking's answer: the marketplace's refusal is data (ok false, its Italian message). */
export interface TrackingUpdate {
  ok: boolean;
  message: string;
  alreadyPushed: boolean;
}

/**
 * Spec §7 POST /api/orders/{id}/update-tracking: tells the order's marketplace the tracking of its
 * newest live shipment with a tracking number (none: 'Nessun tracking da aggiornare'), through
 * marketplaces' PushTracking with the shipment's id, so it is recorded per shipment and never sent
 * twice: a shipment pushed before (automatically or on demand) answers 'Tracking già inviato a
 * eBay'. The lines the marketplace does not show as shipped yet (all of them when it shows every
 * one shipped: see `linesToShip`) go with their marketplace item id and quantity, and our carrier
 * code, which the marketplace's adapter maps. Only eBay takes tracking today (NOT_SUPPORTED else).
 *
 * @example await updateTracking(deps, scope, 42) // { ok: true, message: 'Tracking inviato a eBay', alreadyPushed: false }
 */
export async function updateTracking(deps: { pool: Pool; marketplaceTracking: MarketplaceTracking }, scope: MerchantScope, orderId: number): Promise<TrackingUpdate> {
  const order = await findOrder(deps.pool, scope.merchantId, orderId);
  if (!order) throw ordersErrors.orderNotFound();
  assertTrackingSupported(order.marketplace);
  const shipment = shipmentToTrack(order.shipments);
  const answer = await deps.marketplaceTracking.push(scope, {
    integrationId: order.integrationId,
    externalOrderId: order.externalId,
    lineItems: linesToShip(order.items).map((item) => ({ lineItemId: item.externalItemId, quantity: item.quantity })),
    carrierCode: shipment.carrierProvider ?? '',
    trackingNumber: shipment.trackingNumber,
    shippedDate: (shipment.shippedAt ?? shipment.updatedAt).toISOString(),
    shipmentId: shipment.shipmentId,
    orderId: order.id,
  });
  const name = marketplaceName(order.marketplace);
  if (!answer.ok) return { ok: false, message: answer.errorMessage, alreadyPushed: false };
  return { ok: true, message: answer.alreadyPushed ? t.alreadyPushed(name) : t.pushed(name), alreadyPushed: answer.alreadyPushed };
}
