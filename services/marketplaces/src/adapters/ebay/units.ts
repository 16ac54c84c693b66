import type { LineFulfilmentStatus, OrderStatus, PaymentStatus } from '@smista/contracts';

/*
 * eBay's codes and units to ours: the order's fulfilment and cancel states to our order status
 * (spec §4), its payment status to ours, amounts as decimal text, instants as ISO-8601 UTC.
 */

/**
 * `orderFulfillmentStatus` and `cancelStatus.cancelState` to our order status.
 *
 * | eBay                                                   | ours        | why |
 * |--------------------------------------------------------|-------------|-----|
 * | cancelState `CANCELED` (whatever the fulfilment)       | annullato   | eBay cancelled the order: nothing more ships |
 * | `NOT_STARTED`                                          | da_spedire  | |
 * | `IN_PROGRESS`                                          | da_spedire  | some line items shipped, others still to ship |
 * | `FULFILLED`                                            | spedito     | every line item has a shipping fulfillment |
 * | cancelState `IN_PROGRESS` (a cancel request pending)   | as the fulfilment says | the seller may still refuse the request; until eBay says `CANCELED` the order stays where it is (the request shows in `externalOrderStatus`) |
 * | payment `FULLY_REFUNDED`, nothing shipped yet          | annullato   | the buyer has the money back: shipping it would give the goods away |
 * | anything else (a value eBay adds later, or none)       | da_spedire  | an order we cannot place stays in sight in the queue to ship, rather than vanishing as shipped |
 *
 * eBay knows nothing of transit or delivery for a seller's own shipment: `in_transito` and
 * `consegnato` come from our shipments, never from here.
 *
 * @example orderStatusOf('FULFILLED', 'NONE_REQUESTED') // 'spedito'
 * orderStatusOf('NOT_STARTED', 'CANCELED') // 'annullato'
 * orderStatusOf('NOT_STARTED', 'NONE_REQUESTED', 'FULLY_REFUNDED') // 'annullato'
 */
export function orderStatusOf(fulfillmentStatus: string, cancelState: string, paymentStatus = ''): OrderStatus {
  if (cancelState.trim().toUpperCase() === 'CANCELED') return 'annullato';
  switch (fulfillmentStatus.trim().toUpperCase()) {
    case 'FULFILLED':
      return 'spedito';
    case 'NOT_STARTED':
      return paymentStatus.trim().toUpperCase() === 'FULLY_REFUNDED' ? 'annullato' : 'da_spedire';
    case 'IN_PROGRESS':
    default:
      return 'da_spedire';
  }
}

/**
 * A line's `lineItemFulfillmentStatus` to ours (`LineFulfilmentStatus`): orders and shipments
 * leave a shipped line out of a new shipment, since eBay refuses a fulfilment naming a line that
 * already has one (32700).
 *
 * | eBay          | ours                  |
 * |---------------|-----------------------|
 * | `NOT_STARTED` | `da_spedire`          |
 * | `IN_PROGRESS` | `parzialmente_spedito` (some units of the line shipped) |
 * | `FULFILLED`   | `spedito`             |
 * | none, or a value eBay adds later | '' (unknown: the line stays to ship) |
 *
 * @example lineFulfilmentOf('FULFILLED') // 'spedito'
 */
export function lineFulfilmentOf(lineItemFulfillmentStatus: string): LineFulfilmentStatus | '' {
  switch (lineItemFulfillmentStatus.trim().toUpperCase()) {
    case 'NOT_STARTED':
      return 'da_spedire';
    case 'IN_PROGRESS':
      return 'parzialmente_spedito';
    case 'FULFILLED':
      return 'spedito';
    default:
      return '';
  }
}

/**
 * Express services by eBay's `shippingServiceCode` (`IT_ExpressCourier`,
 * `IT_ExpressCourierInternational`, `ExpeditedShippingFromOutsideUS`, `UK_OneDay`, …); anything
 * else, or no service, is not express.
 */
const EXPRESS = /express|expedited|overnight|next[\s_-]?day|one[\s_-]?day|same[\s_-]?day|priority|espresso|24\s?h/i;

/**
 * Whether the buyer chose an express service (the shipping rules' "Solo spedizioni express").
 *
 * @example isExpressService('IT_ExpressCourier') // true; isExpressService('IT_Gls') // false
 */
export function isExpressService(shippingServiceCode: string): boolean {
  return EXPRESS.test(shippingServiceCode);
}

/**
 * `orderPaymentStatus` to ours. Unknown values (or none) are `in_attesa`: an order is never shown
 * as paid, or refunded, on a guess.
 *
 * @example paymentStatusOf('PARTIALLY_REFUNDED') // 'parzialmente_rimborsato'
 */
export function paymentStatusOf(paymentStatus: string): PaymentStatus {
  switch (paymentStatus.trim().toUpperCase()) {
    case 'PAID':
      return 'pagato';
    case 'FAILED':
      return 'fallito';
    case 'FULLY_REFUNDED':
      return 'rimborsato';
    case 'PARTIALLY_REFUNDED':
      return 'parzialmente_rimborsato';
    case 'PENDING':
    default:
      return 'in_attesa';
  }
}

/**
 * The eBay status kept beside ours (`externalOrderStatus`): the fulfilment status, and the cancel
 * state when a cancellation was requested or made, so a pending request stays visible.
 *
 * @example externalOrderStatus('NOT_STARTED', 'IN_PROGRESS') // 'NOT_STARTED/CANCEL_IN_PROGRESS'
 */
export function externalOrderStatus(fulfillmentStatus: string, cancelState: string): string {
  const fulfilment = fulfillmentStatus.trim().toUpperCase();
  const cancel = cancelState.trim().toUpperCase();
  if (!cancel || cancel === 'NONE_REQUESTED') return fulfilment;
  return fulfilment ? `${fulfilment}/CANCEL_${cancel}` : `CANCEL_${cancel}`;
}

/**
 * An eBay amount (`"12.34"`, `"12.3"`, `"1200"`, `"-5.00"`) as whole cents; undefined when it is
 * not a decimal number. Parsed from the text, so no binary rounding creeps in; digits past the
 * second decimal are rounded half away from zero.
 *
 * @example toCents('12.345') // 1235
 */
export function toCents(value: string): number | undefined {
  const m = /^\s*([+-]?)(\d+)(?:\.(\d*))?\s*$/.exec(value);
  if (!m) return undefined;
  const decimals = (m[3] ?? '').padEnd(3, '0');
  let cents = Number(m[2]) * 100 + Number(decimals.slice(0, 2));
  if (Number(decimals[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return undefined;
  return m[1] === '-' ? -cents : cents;
}

/** Cents as decimal text with two decimals. @example fromCents(1230) // '12.30' */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount normalised to two decimals (`"12.3"` → `"12.30"`); empty when eBay gave none or an
 * unreadable one (never a made-up zero).
 */
export function amountText(value: string): string {
  const cents = toCents(value);
  return cents === undefined ? '' : fromCents(cents);
}

/**
 * The price of one unit of a line item: `lineItemCost` (the price of the whole line) divided by the
 * quantity, rounded half up to the cent; empty when either is unreadable.
 *
 * @example unitPrice('30.00', 3) // '10.00'; unitPrice('10.00', 3) // '3.33'
 */
export function unitPrice(lineItemCost: string, quantity: number): string {
  const cents = toCents(lineItemCost);
  if (cents === undefined || !Number.isInteger(quantity) || quantity < 1) return '';
  return fromCents(Math.round(cents / quantity));
}

/** An eBay instant (`2026-03-05T09:00:00.000Z`) as ISO-8601 UTC; empty when absent or unreadable. */
export function isoInstant(value: string): string {
  if (!value.trim()) return '';
  const at = new Date(value.trim());
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/**
 * An instant as eBay's filters and `shippedDate` take it: ISO-8601 UTC with milliseconds
 * (`2016-02-21T08:25:43.511Z`).
 */
export function ebayInstant(at: Date): string {
  return at.toISOString();
}

/**
 * Our carrier codes (the carriers service's, `carrierCodes` of the contracts) to eBay's
 * `shippingCarrierCode` of createShippingFulfillment.
 *
 * Source: eBay's ShippingCarrierCodeType (Trading API reference,
 * https://developer.ebay.com/DevZone/xML/docs/reference/eBay/types/ShippingCarrierCodeType.html,
 * the list GeteBayDetails' ShippingCarrierDetails answers), which the Sell Fulfillment API's
 * `shippingCarrierCode` takes: `GLS` (General Logistics Systems) and `PosteItaliane` (Poste
 * Italiane, available in IT); `Other` for a carrier that list does not name.
 *
 * | ours                                              | eBay            |
 * |---------------------------------------------------|-----------------|
 * | `gls`                                             | `GLS`           |
 * | `poste_delivery`                                  | `PosteItaliane` |
 * | `posta_1`, `posta_rc`, `posta_pr_intl`, `posta_rc_intl` (any `posta_*`) | `PosteItaliane` |
 * | anything else                                     | `Other`         |
 *
 * Case and surrounding spaces are ignored (`' GLS '` is `gls`); empty stays empty, so the builder
 * refuses a push without a carrier instead of sending `Other`.
 *
 * @example shippingCarrierCodeOf('posta_rc') // 'PosteItaliane'
 */
export function shippingCarrierCodeOf(carrierCode: string): string {
  const code = carrierCode.trim().toLowerCase();
  if (!code) return '';
  if (code === 'gls') return 'GLS';
  if (code === 'poste_delivery' || code.startsWith('posta_')) return 'PosteItaliane';
  return 'Other';
}

/**
 * A tracking number as eBay takes it: letters and digits only, so the spaces carriers print in
 * their numbers (`MI 123 456 789`) are removed. Anything else left (a dash, a slash) is refused
 * before sending by the builder, rather than altered into another number.
 *
 * @example ebayTrackingNumber(' MI 123 456 789 ') // 'MI123456789'
 */
export function ebayTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/\s+/g, '');
}
