/**
 * An order's problems, as the screen shows them beside its status: what keeps it from shipping
 * that the merchant should know. The marketplace withheld the delivery address (Amazon without the
 * restricted role), so the order came in without it instead of failing the sync; and a line whose
 * product has no weight ('Peso mancante', issue 25: the catalogue fills it). Pure.
 */
import { catalogueMessages, marketplaceName, orderProblemTexts, type OrderJson } from '@smista/contracts';

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
export function orderProblems(order: Pick<OrderJson, 'marketplace' | 'status' | 'shippingAddressDetails'> & Partial<Pick<OrderJson, 'weightMissing'>>): string[] {
  const problems = addressWithheld(order) ? [orderProblemTexts.addressWithheld(marketplaceName(order.marketplace))] : [];
  if (weightMissing(order)) problems.push(catalogueMessages.weightMissing);
  return problems;
}

/** An order still to ship (or to pay) a line of which has no weight: its label would carry a made-up one. */
export function weightMissing(order: Pick<OrderJson, 'status'> & Partial<Pick<OrderJson, 'weightMissing'>>): boolean {
  return order.weightMissing === true && (order.status === 'da_spedire' || order.status === 'da_pagare');
}
