import type { LineFulfilmentStatus, OrderStatus, PaymentStatus } from '@smista/contracts';

/*
 * Shopify's values to Smista's, and Smista's carriers to Shopify's tracking companies. Nothing
 * outside this folder names a Shopify value.
 */

/**
 * The order's status: cancelled (`cancelledAt`) or refunded → `annullato`; `FULFILLED` → `spedito`;
 * anything else (UNFULFILLED, PARTIALLY_FULFILLED, IN_PROGRESS, ON_HOLD…) → `da_spedire`. Transit
 * and delivery come from our shipments, never from here.
 *
 * @example orderStatusOf('FULFILLED', null, 'PAID') // 'spedito'
 */
export function orderStatusOf(displayFulfillmentStatus: string, cancelledAt: string | null, financialStatus: string): OrderStatus {
  if (cancelledAt) return 'annullato';
  if (financialStatus === 'REFUNDED' || financialStatus === 'VOIDED') return 'annullato';
  return displayFulfillmentStatus === 'FULFILLED' ? 'spedito' : 'da_spedire';
}

/**
 * `displayFinancialStatus` to ours.
 *
 * | Shopify | ours |
 * |---|---|
 * | PAID | pagato |
 * | PARTIALLY_REFUNDED | parzialmente_rimborsato |
 * | REFUNDED | rimborsato |
 * | VOIDED, EXPIRED | fallito |
 * | PENDING, AUTHORIZED, PARTIALLY_PAID, none | in_attesa |
 */
export function paymentStatusOf(financialStatus: string | null): PaymentStatus {
  switch (financialStatus ?? '') {
    case 'PAID':
      return 'pagato';
    case 'PARTIALLY_REFUNDED':
      return 'parzialmente_rimborsato';
    case 'REFUNDED':
      return 'rimborsato';
    case 'VOIDED':
    case 'EXPIRED':
      return 'fallito';
    default:
      return 'in_attesa';
  }
}

/**
 * A line's fulfilment from what is left to fulfil of it (`unfulfilledQuantity` of `quantity`).
 *
 * @example lineFulfilmentOf(2, 0) // 'spedito'
 */
export function lineFulfilmentOf(quantity: number, unfulfilledQuantity: number): LineFulfilmentStatus | '' {
  if (quantity <= 0) return '';
  if (unfulfilledQuantity <= 0) return 'spedito';
  return unfulfilledQuantity < quantity ? 'parzialmente_spedito' : 'da_spedire';
}

/**
 * Whether the buyer chose an express service: the shipping line's title or code names it
 * (espress, express, 24h, priorit, urgent, next day, overnight, rapid), in any language the shop
 * writes its rates in ([open]: Shopify's rates are the shop's own names; README).
 *
 * @example isExpressShipping('Spedizione espressa 24h', '') // true
 */
export function isExpressShipping(title: string, code: string): boolean {
  return /espress|express|\b24\s?h\b|priorit|urgent|next[\s-]?day|overnight|rapid/i.test(`${title} ${code}`);
}

/**
 * Our carrier code to Shopify's tracking company, written as in Shopify's list of supported
 * carriers (case matters); any other carrier is sent by name with the URL.
 *
 * @example trackingCompanyOf('poste_delivery') // 'Poste Italiane'
 */
export function trackingCompanyOf(carrierCode: string): string {
  const code = carrierCode.trim().toLowerCase();
  if (code === 'gls') return 'GLS';
  if (code === 'poste_delivery' || code.startsWith('posta_') || code === 'poste') return 'Poste Italiane';
  return carrierCode.trim();
}

/**
 * The public tracking page of a shipment, always sent with the number so that the buyer gets a link
 * whatever Shopify knows of the company ([open]: the pages' addresses; README); '' for a carrier
 * that is not Smista's.
 *
 * @example trackingUrlOf('gls', 'MI123456789') // 'https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni?match=MI123456789'
 */
export function trackingUrlOf(carrierCode: string, trackingNumber: string): string {
  const number = encodeURIComponent(trackingNumber);
  const company = trackingCompanyOf(carrierCode);
  if (company === 'GLS') return `https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni?match=${number}`;
  if (company === 'Poste Italiane') return `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${number}`;
  // Smista's carriers (carrierCodes of the contracts) are GLS and Poste: no other has a page here.
  return '';
}

/**
 * A tracking number as the push sends it: without the spaces carriers print, so an earlier push of
 * ours is recognised among the order's fulfilments.
 *
 * @example shopifyTrackingNumber(' MI 123 456 789 ') // 'MI123456789'
 */
export function shopifyTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/\s+/g, '');
}

/**
 * The grams of one unit of each line from the order's `totalWeight`: shared by units (Shopify
 * gives the order's weight, not the lines'), rounded so that the lines add up to the total.
 *
 * @example unitWeights(900, [1, 2]) // [300, 300]
 */
export function unitWeights(totalGrams: number, quantities: readonly number[]): number[] {
  const units = quantities.reduce((n, q) => n + Math.max(0, q), 0);
  if (!(totalGrams > 0) || units === 0) return quantities.map(() => 0);
  const perUnit = Math.round(totalGrams / units);
  return quantities.map(() => perUnit);
}

/** The numeric id of a GID (`gid://shopify/Order/123` → '123'); '' for anything else. */
export function legacyIdOf(gid: string | null | undefined): string {
  return /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)$/.exec(gid ?? '')?.[1] ?? '';
}

export const gidOf = (type: string, id: string) => `gid://shopify/${type}/${id}`;
