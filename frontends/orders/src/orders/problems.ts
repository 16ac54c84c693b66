/**
 * An order's problems, as the screen shows them beside its status: what keeps it from shipping
 * that the merchant should know. Today one: the marketplace withheld the delivery address (Amazon
 * without the restricted role), so the order came in without it instead of failing the sync.
 * Pure.
 */
import { marketplaceName, orderProblemTexts, type OrderJson } from '@smista/contracts';

/** An order to ship whose address has no street line: the marketplace did not give it. */
export function addressWithheld(order: Pick<OrderJson, 'status' | 'shippingAddressDetails'>): boolean {
  if (order.status !== 'da_spedire') return false;
  return !order.shippingAddressDetails?.addressLine1?.trim();
}

/**
 * The problems' texts (Italian, from the contracts), empty for an order without any.
 *
 * @example orderProblems({ marketplace: 'amazon', status: 'da_spedire', shippingAddressDetails: { addressLine1: '', … } }) // ['Indirizzo non disponibile da Amazon']
 */
export function orderProblems(order: Pick<OrderJson, 'marketplace' | 'status' | 'shippingAddressDetails'>): string[] {
  return addressWithheld(order) ? [orderProblemTexts.addressWithheld(marketplaceName(order.marketplace))] : [];
}
