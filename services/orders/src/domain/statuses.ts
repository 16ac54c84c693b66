import { isUnpaidPayment, parseOrderStatus, type OrderStatus, type PaymentStatus } from '@smista/contracts';

/** Spec §3: an order's status when the marketplace's mapped value is missing or unknown. */
export const DEFAULT_ORDER_STATUS: OrderStatus = 'da_spedire';
/** Spec §3: the payment status when the marketplace's mapped value is missing or unknown. */
export const DEFAULT_PAYMENT_STATUS: PaymentStatus = 'in_attesa';

export const paymentStatuses: readonly PaymentStatus[] = ['in_attesa', 'pagato', 'fallito', 'rimborsato', 'parzialmente_rimborsato'];

/** A status read from an event, and whether the value was one we know (else the default was used). */
export interface MappedStatus<S> {
  value: S;
  known: boolean;
}

/**
 * The order status an import carries (the adapter already mapped the marketplace's own value, spec
 * §4): our stored value or its filter name (`TO_SHIP`), any case. Missing or unknown → `da_spedire`,
 * so one odd value never stops an import; `known` says whether to warn.
 *
 * @example mapOrderStatus('SHIPPED') // { value: 'spedito', known: true }
 */
export function mapOrderStatus(raw: string): MappedStatus<OrderStatus> {
  const parsed = parseOrderStatus(raw);
  // Holding an order for its payment is ours to decide (heldForPayment), never the marketplace's word.
  if (parsed === 'da_pagare') return { value: DEFAULT_ORDER_STATUS, known: true };
  return parsed ? { value: parsed, known: true } : { value: DEFAULT_ORDER_STATUS, known: false };
}

/**
 * Issue 19: an order that would be to ship (`da_spedire`) but is not paid (payment in_attesa or
 * fallito) is held back as `da_pagare` (the 'Da pagare' tab): the rules and bulk creation pass it
 * over until an import says it is paid. Any other status is what it is: an order already shipped,
 * delivered or cancelled shows that, whatever its payment.
 *
 * @example heldForPayment('da_spedire', 'fallito') // 'da_pagare'
 * heldForPayment('da_spedire', 'pagato') // 'da_spedire'
 * heldForPayment('spedito', 'in_attesa') // 'spedito'
 */
export function heldForPayment(status: OrderStatus, paymentStatus: PaymentStatus): OrderStatus {
  if (status !== 'da_spedire' && status !== 'da_pagare') return status;
  return isUnpaidPayment(paymentStatus) ? 'da_pagare' : 'da_spedire';
}

/** The payment status an import carries; missing or unknown → `in_attesa`. */
export function mapPaymentStatus(raw: string): MappedStatus<PaymentStatus> {
  const value = raw.trim().toLowerCase();
  return (paymentStatuses as string[]).includes(value)
    ? { value: value as PaymentStatus, known: true }
    : { value: DEFAULT_PAYMENT_STATUS, known: false };
}
