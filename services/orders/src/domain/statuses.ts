import { parseOrderStatus, type OrderStatus, type PaymentStatus } from '@smista/contracts';

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
  return parsed ? { value: parsed, known: true } : { value: DEFAULT_ORDER_STATUS, known: false };
}

/** The payment status an import carries; missing or unknown → `in_attesa`. */
export function mapPaymentStatus(raw: string): MappedStatus<PaymentStatus> {
  const value = raw.trim().toLowerCase();
  return (paymentStatuses as string[]).includes(value)
    ? { value: value as PaymentStatus, known: true }
    : { value: DEFAULT_PAYMENT_STATUS, known: false };
}
