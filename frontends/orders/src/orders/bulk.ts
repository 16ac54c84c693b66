/**
 * The bulk actions of the orders list (spec §2) decided from the selected orders and their
 * shipments (`OrderJson.shipments`): which labels 'Stampa etichette' merges, which orders 'Aggiorna
 * tracking' asks about (the row action too), which orders 'Crea spedizioni' must ask about (not
 * paid), and the §8 toasts of their outcomes. Pure.
 */
import { isUnpaidPayment, marketplaceCapabilities, type BulkCreateJson, type OrderJson, type OrderShipmentJson } from '@smista/contracts';
import type { ToastInput } from '@smista/ui-kit';
import { t } from '../messages';

/** A shipment that still counts (a cancelled one has nothing left to print or track). */
const live = (s: OrderShipmentJson) => s.status.trim().toLowerCase() !== 'cancelled';

/**
 * The shipments whose labels 'Stampa etichette' merges: every live shipment with a label of the
 * selected orders, in the orders' order (spec §2: needs selected orders with shipments with label
 * data).
 *
 * @example labelShipmentIds([{ shipments: [{ id: 4, hasLabel: true, status: 'shipped' }] }]) // [4]
 */
export function labelShipmentIds(orders: readonly Pick<OrderJson, 'shipments'>[]): number[] {
  const ids = orders.flatMap((o) => (o.shipments ?? []).filter((s) => live(s) && s.hasLabel).map((s) => s.id));
  return [...new Set(ids)];
}

/**
 * Whether 'Aggiorna tracking' is offered for an order, as a row action and in the selection (spec
 * §2: eBay orders, with a shipment that has a tracking number; issue 19): its marketplace takes
 * tracking (the catalogue's capability `trackingPush`) and a live shipment of it carries a
 * tracking number.
 *
 * @example canUpdateTracking({ marketplace: 'ebay', shipments: [{ status: 'shipped', trackingNumber: 'MI1' }] }) // true
 */
export function canUpdateTracking(order: Pick<OrderJson, 'marketplace' | 'shipments'>): boolean {
  return marketplaceCapabilities(String(order.marketplace)).trackingPush && (order.shipments ?? []).some((s) => live(s) && Boolean(s.trackingNumber?.trim()));
}

/** The orders 'Aggiorna tracking' of the selection asks about: those {@link canUpdateTracking} offers it for. */
export function trackingOrderIds(orders: readonly Pick<OrderJson, 'id' | 'marketplace' | 'shipments'>[]): number[] {
  return orders.filter(canUpdateTracking).map((o) => o.id);
}

/** The orders of a selection not paid (payment in attesa or non riuscito): 'Crea spedizioni' asks before shipping them. */
export function unpaidOrders<O extends Pick<OrderJson, 'paymentStatus'>>(orders: readonly O[]): O[] {
  return orders.filter((o) => isUnpaidPayment(o.paymentStatus));
}

/**
 * The toast of 'Crea spedizioni': 'Spedizioni create' with the server's summary when one was made;
 * when none was (every order already had one), the summary itself.
 */
export function createdToast(answer: BulkCreateJson): ToastInput {
  if ((answer.created ?? 0) > 0) return { title: t.bulk.created, description: answer.message || undefined };
  return { title: answer.message || t.bulk.created };
}

/**
 * The toast of the bulk tracking update: 'Tracking aggiornato' when every order went through,
 * 'Aggiornamento parziale (ok/total)' when some failed, 'Errore aggiornamento tracking' with the
 * first reason when all failed.
 */
export function trackingToast(ok: number, total: number, firstError: string | undefined): ToastInput {
  if (ok === total) return { title: t.bulk.trackingUpdated, description: t.bulk.trackingCount(ok) };
  if (ok > 0) return { title: t.bulk.partial(ok, total), description: firstError, variant: 'destructive' };
  return { title: t.bulk.trackingFailed, description: firstError, variant: 'destructive' };
}

/**
 * Runs `work` over `items` with at most `limit` at once, and says how each ended (in order).
 * Bulk tracking asks the marketplace once per order; a few at a time keeps the gateway's rate
 * limit and the marketplace's quota in mind.
 */
export async function settleInPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index]) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner));
  return results;
}
