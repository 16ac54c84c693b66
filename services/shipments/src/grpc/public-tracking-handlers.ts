import { shipments } from '@smista/proto';
import { carrierName, isTrackingStatus, trackingPageStatus, trackingStatusText, trackingUrl } from '@smista/contracts';
import { isPublicTokenShape, publicCarrierWords, publicItemsOf, publicPageShown, shipmentsErrors, type PublicItem, type Shipment } from '../domain';
import { findShipmentByPublicToken, trackingEventsOf } from '../store';
import type { HandlerDeps } from './deps';
import { PUBLIC_BRAND_CALLER } from './merchants-client';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/**
 * The buyer's public tracking page (issue 26). No caller token is read: the unguessable token is
 * the only key, and the answer carries only what the page shows (no ids, no recipient, no street,
 * no prices). Every refusal is the same NOT_FOUND, so a token tells nothing about what it is not.
 */
export function publicTrackingHandlers(deps: HandlerDeps) {
  const { pool, unary, now, orders, brands, logger } = deps;

  return {
    getPublicTracking: unary('GetPublicTracking', async (request: shipments.PublicTrackingRequest) => {
      const s = isPublicTokenShape(request.token) ? await findShipmentByPublicToken(pool, request.token) : null;
      if (!s || !publicPageShown(s, now())) throw shipmentsErrors.shipmentNotFound();
      // Everything below is read for this one shipment and its own merchant.
      const [events, brand, items] = await Promise.all([
        trackingEventsOf(pool, s.merchantId, s.id),
        brands ? brands.brandOf(s.merchantId, request.includeLogo) : Promise.resolve(null),
        itemsOf(s),
      ]);
      const provider = s.carrierProvider ?? '';
      const { status, label } = currentStatusOf(s);
      return shipments.PublicTracking.fromPartial({
        merchantName: brand?.merchantName ?? '',
        merchantHasLogo: brand?.hasLogo ?? false,
        carrier: provider,
        carrierName: provider ? carrierName(provider) : '',
        carrierTrackingUrl: trackingUrl(provider, s.trackingNumber ?? '') ?? '',
        trackingNumber: s.trackingNumber ?? '',
        status,
        statusLabel: label,
        steps: [...events].reverse().map((e) => ({ at: iso(e.at), status: e.status, label: trackingStatusText(e.status), description: publicCarrierWords(e.description), location: e.location })),
        city: s.city,
        countryCode: s.countryCode,
        items,
        promisedDate: iso(s.estimatedDeliveryDate),
        deliveredAt: iso(s.deliveredAt),
        ...(brand?.logo ? { logoContentType: brand.logo.contentType, logoData: Buffer.from(brand.logo.data) } : {}),
      });
    }),
  };

  /** The parcel's items from the order (GetOrders for the shipment's merchant); none when orders cannot answer. */
  async function itemsOf(s: Shipment): Promise<PublicItem[]> {
    try {
      const found = await orders.ordersOf({ userId: PUBLIC_BRAND_CALLER, merchantId: s.merchantId, role: 'user' }, [s.orderId]);
      const order = found.get(s.orderId);
      return order ? publicItemsOf(s.lineItems, order.items) : [];
    } catch {
      logger.warn({ shipmentId: s.id, merchantId: s.merchantId }, 'public tracking page without its items: orders unavailable');
      return [];
    }
  }
}

/** Delivered, else the carrier's last word (in transit, held...), else just shipped. */
function currentStatusOf(s: Shipment): { status: string; label: string } {
  const t = (s.trackingStatus ?? '').trim().toLowerCase();
  const status = s.status === 'delivered' ? 'delivered' : isTrackingStatus(t) && t !== 'info' ? t : 'shipped';
  return { status, label: trackingPageStatus(status, 'it') };
}
