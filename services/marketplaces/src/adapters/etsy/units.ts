import type { LineFulfilmentStatus, OrderStatus, PaymentStatus } from '@smista/contracts';

/*
 * Etsy's values to Smista's, and Smista's carriers to Etsy's `carrier_name`. Nothing outside this
 * folder names an Etsy value.
 */

/**
 * Etsy's Money (`amount / divisor`, integers) as a decimal text, exactly: no floating point, as
 * many decimals as the divisor has zeros (at least two), a divisor that is not a power of ten
 * rounded half up to cents with integer arithmetic. '' when it is not Money.
 *
 * @example moneyText({ amount: 2490, divisor: 100 }) // '24.90'
 * @example moneyText({ amount: 1999, divisor: 1000 }) // '1.999'
 * @example moneyText({ amount: -150, divisor: 100 }) // '-1.50'
 */
export function moneyText(money: { amount?: unknown; divisor?: unknown } | undefined): string {
  if (!money) return '';
  const amount = toBigInt(money.amount);
  const divisor = toBigInt(money.divisor ?? 100);
  if (amount === undefined || divisor === undefined || divisor <= 0n) return '';
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const digits = divisor.toString();
  let whole: bigint;
  let fraction: string;
  if (/^10*$/.test(digits)) {
    const places = digits.length - 1;
    whole = abs / divisor;
    fraction = (abs % divisor).toString().padStart(places, '0');
    if (places < 2) fraction = fraction.padEnd(2, '0');
  } else {
    const cents = (abs * 100n * 2n + divisor) / (divisor * 2n);
    whole = cents / 100n;
    fraction = (cents % 100n).toString().padStart(2, '0');
  }
  const text = `${whole}.${fraction}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** The same Money in its smallest unit times `quantity`: exact, for a line's total. */
export function moneyTimes(money: { amount?: unknown; divisor?: unknown } | undefined, quantity: number): string {
  if (!money || !Number.isInteger(quantity)) return '';
  const amount = toBigInt(money.amount);
  return amount === undefined ? '' : moneyText({ amount: amount * BigInt(quantity), divisor: money.divisor ?? 100 });
}

function toBigInt(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d{1,30}$/.test(v.trim())) return BigInt(v.trim());
  return undefined;
}

/** Etsy's receipt status, lower-cased (its answers write `Paid`, its spec `paid`). */
const norm = (status: string) => status.trim().toLowerCase();

/**
 * The receipt's status: canceled or fully refunded → `annullato`; shipped (`is_shipped`, or
 * `completed`) → `spedito`; anything else (paid, open, payment processing, partially refunded) →
 * `da_spedire`. Transit and delivery come from our shipments, never from here.
 *
 * @example orderStatusOf('Paid', false) // 'da_spedire'
 */
export function orderStatusOf(status: string, isShipped: boolean): OrderStatus {
  const s = norm(status);
  if (s === 'canceled' || s === 'fully refunded') return 'annullato';
  return isShipped || s === 'completed' ? 'spedito' : 'da_spedire';
}

/**
 * | Etsy | ours |
 * |---|---|
 * | fully refunded | rimborsato |
 * | partially refunded | parzialmente_rimborsato |
 * | canceled (unpaid) | fallito |
 * | payment processing, open, unpaid | in_attesa |
 * | paid, completed (is_paid) | pagato |
 */
export function paymentStatusOf(status: string, isPaid: boolean): PaymentStatus {
  const s = norm(status);
  if (s === 'fully refunded') return 'rimborsato';
  if (s === 'partially refunded') return 'parzialmente_rimborsato';
  if (s === 'canceled' && !isPaid) return 'fallito';
  if (s === 'payment processing' || s === 'open' || !isPaid) return 'in_attesa';
  return 'pagato';
}

/** Etsy ships a receipt as a whole: each line is shipped when the receipt is. */
export function lineFulfilmentOf(status: string, isShipped: boolean): LineFulfilmentStatus | '' {
  const s = norm(status);
  if (s === 'canceled' || s === 'fully refunded') return '';
  return isShipped || s === 'completed' ? 'spedito' : 'da_spedire';
}

/**
 * The express marker: the buyer paid a shipping upgrade (`shipping_upgrade` of a transaction, the
 * upgrade's name as the shop wrote it); any non-empty upgrade is express ([open]: Etsy's upgrades
 * are the seller's own, README).
 *
 * @example isExpressUpgrade('Spedizione espressa 24/48h') // true
 */
export function isExpressUpgrade(shippingUpgrade: string | null | undefined): boolean {
  return Boolean(shippingUpgrade && shippingUpgrade.trim());
}

/**
 * Our carrier code to Etsy's `carrier_name` through the configured mapping; any other carrier is
 * `other` (Etsy takes the tracking code with it).
 *
 * @example carrierNameOf('gls', { gls: 'GLS' }) // 'GLS'
 * @example carrierNameOf('brt', { gls: 'GLS' }) // 'other'
 */
export function carrierNameOf(carrierCode: string, names: Readonly<Record<string, string>>): string {
  return names[carrierCode.trim().toLowerCase()] ?? 'other';
}

/**
 * A tracking number as Etsy takes it: without the spaces carriers print.
 *
 * @example etsyTrackingCode('MI 123 456 789') // 'MI123456789'
 */
export function etsyTrackingCode(trackingNumber: string): string {
  return trackingNumber.replace(/\s+/g, '');
}
