import type { LineFulfilmentStatus, OrderStatus, PaymentStatus } from '@smista/contracts';

/*
 * Amazon's values (Orders v2026-01-01) to Smista's, and Smista's carriers to Amazon's carrier
 * codes. Nothing outside this folder names an Amazon value.
 */

/**
 * The order's `fulfillment.fulfillmentStatus` to ours: CANCELLED, UNFULFILLABLE → `annullato`;
 * SHIPPED → `spedito`; the rest (PENDING, PENDING_AVAILABILITY, UNSHIPPED, PARTIALLY_SHIPPED) →
 * `da_spedire`. Transit and delivery come from our shipments, never from here.
 *
 * @example orderStatusOf('SHIPPED') // 'spedito'
 */
export function orderStatusOf(fulfillmentStatus: string): OrderStatus {
  if (fulfillmentStatus === 'CANCELLED' || fulfillmentStatus === 'UNFULFILLABLE') return 'annullato';
  return fulfillmentStatus === 'SHIPPED' ? 'spedito' : 'da_spedire';
}

/**
 * Amazon charges the buyer before it releases an order to the seller: PENDING and
 * PENDING_AVAILABILITY are not paid yet (`in_attesa`), CANCELLED is `fallito`, the rest `pagato`.
 *
 * @example paymentStatusOf('UNSHIPPED') // 'pagato'
 */
export function paymentStatusOf(fulfillmentStatus: string): PaymentStatus {
  if (fulfillmentStatus === 'PENDING' || fulfillmentStatus === 'PENDING_AVAILABILITY') return 'in_attesa';
  if (fulfillmentStatus === 'CANCELLED') return 'fallito';
  return 'pagato';
}

/**
 * A line's fulfilment from its quantities (`fulfillment.quantityFulfilled` of `quantityOrdered`).
 *
 * @example lineFulfilmentOf(2, 1) // 'parzialmente_spedito'
 */
export function lineFulfilmentOf(quantityOrdered: number, quantityFulfilled: number): LineFulfilmentStatus | '' {
  if (quantityOrdered <= 0) return '';
  if (quantityFulfilled >= quantityOrdered) return 'spedito';
  return quantityFulfilled > 0 ? 'parzialmente_spedito' : 'da_spedire';
}

/** The service levels that promise faster than standard delivery. */
const EXPRESS_LEVELS = new Set(['EXPEDITED', 'NEXT_DAY', 'SECOND_DAY', 'PRIORITY', 'SAME_DAY']);

/**
 * Whether the buyer chose an express service: `fulfillmentServiceLevel` EXPEDITED, NEXT_DAY,
 * SECOND_DAY, PRIORITY or SAME_DAY ([open]: SECOND_DAY counts as express; README).
 *
 * @example isExpressServiceLevel('NEXT_DAY') // true
 */
export function isExpressServiceLevel(serviceLevel: string): boolean {
  return EXPRESS_LEVELS.has(serviceLevel.trim().toUpperCase());
}

/**
 * Our carrier code to Amazon's `carrierCode` (its CarrierCode list: `GLS`, `Poste Italiane`), or
 * `Other` with the carrier's name as `carrierName`.
 *
 * @example amazonCarrierOf('poste_delivery') // { carrierCode: 'Poste Italiane' }
 */
export function amazonCarrierOf(carrierCode: string): { carrierCode: string; carrierName?: string } {
  const code = carrierCode.trim().toLowerCase();
  if (code === 'gls') return { carrierCode: 'GLS' };
  if (code === 'poste_delivery' || code === 'poste' || code.startsWith('posta_')) return { carrierCode: 'Poste Italiane' };
  return { carrierCode: 'Other', carrierName: carrierCode.trim() || 'Altro' };
}

/**
 * A tracking number as the push sends it: without the spaces carriers print, so an earlier push of
 * ours is recognised among the order's packages.
 *
 * @example amazonTrackingNumber(' MI 123 456 789 ') // 'MI123456789'
 */
export function amazonTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/\s+/g, '');
}

/**
 * The `packageReferenceId` of a push: a positive number the seller chooses, unique in the order.
 * Made from the tracking number, so a push retried after a lost answer names the same package and
 * Amazon refuses it instead of shipping twice.
 *
 * @example packageReferenceOf('MI123456789') // the same digits every time
 */
export function packageReferenceOf(trackingNumber: string): string {
  let h = 0x811c9dc5;
  for (const ch of amazonTrackingNumber(trackingNumber)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return String((h % 999_999_999) + 1);
}
