/**
 * The colours and texts of the order and payment badges (spec §4, case-insensitive), in the kit's
 * tones: completed or delivered green; to ship, pending or not started orange 'da spedire' (and
 * held for the payment orange 'da pagare', issue 19); shipped
 * and processing blue; cancelled, canceled or failed red; anything else grey with its own text.
 * Our stored statuses (`da_spedire`, `spedito`, ...) and the marketplaces' words (`NOT_STARTED`,
 * `FULFILLED`) go through the same table, so the external statuses of the panel read alike. A
 * shipment's badge is the kit's (`shipmentStatusBadge`), the same as in the shipments list.
 */
import { uiText, type BadgeLook, type BadgeTone } from '@smista/ui-kit';
import { t } from '../messages';

const ORDER_BADGES: Readonly<Record<string, BadgeLook>> = {
  completed: { tone: 'green', label: t.statusBadges.completed },
  delivered: { tone: 'green', label: t.statusBadges.delivered },
  consegnato: { tone: 'green', label: t.statusBadges.delivered },
  fulfilled: { tone: 'green', label: t.statusBadges.completed },
  da_pagare: { tone: 'orange', label: t.statusBadges.toPay },
  to_pay: { tone: 'orange', label: t.statusBadges.toPay },
  to_ship: { tone: 'orange', label: t.statusBadges.toShip },
  da_spedire: { tone: 'orange', label: t.statusBadges.toShip },
  pending: { tone: 'orange', label: t.statusBadges.toShip },
  not_started: { tone: 'orange', label: t.statusBadges.toShip },
  shipped: { tone: 'blue', label: t.statusBadges.shipped },
  spedito: { tone: 'blue', label: t.statusBadges.shipped },
  in_transit: { tone: 'blue', label: t.statusBadges.inTransit },
  in_transito: { tone: 'blue', label: t.statusBadges.inTransit },
  processing: { tone: 'blue', label: t.statusBadges.processing },
  in_progress: { tone: 'blue', label: t.statusBadges.processing },
  cancelled: { tone: 'red', label: t.statusBadges.cancelled },
  canceled: { tone: 'red', label: t.statusBadges.cancelled },
  annullato: { tone: 'red', label: t.statusBadges.cancelled },
  failed: { tone: 'red', label: t.statusBadges.failed },
};

/** `TO_SHIP`, `To Ship`, ` to-ship ` → `to_ship`. */
const normalise = (status: string) => status.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** A table's own entry only: a status named `constructor` is not a badge. */
const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/**
 * An order status's badge (spec §4).
 *
 * @example orderStatusBadge('DA_SPEDIRE') // { tone: 'orange', label: 'da spedire' }
 * @example orderStatusBadge('on_hold') // { tone: 'grey', label: 'on_hold' }
 */
export function orderStatusBadge(status: string | null | undefined): BadgeLook {
  const raw = (status ?? '').trim();
  return own(ORDER_BADGES, normalise(raw)) ?? { tone: 'grey', label: raw || uiText.notAvailable };
}

const PAYMENT_TONES: Readonly<Record<string, BadgeTone>> = {
  pagato: 'green',
  paid: 'green',
  fully_paid: 'green',
  completed: 'green',
  in_attesa: 'orange',
  pending: 'orange',
  fallito: 'red',
  failed: 'red',
  rimborsato: 'grey',
  parzialmente_rimborsato: 'grey',
};

/**
 * A payment status's badge: paid green, waiting orange, failed red, refunds grey; the Italian
 * label of our stored values, else the value as it came.
 *
 * @example paymentStatusBadge('pagato') // { tone: 'green', label: 'Pagato' }
 */
export function paymentStatusBadge(status: string | null | undefined): BadgeLook {
  const raw = (status ?? '').trim();
  const key = normalise(raw);
  return { tone: own(PAYMENT_TONES, key) ?? 'grey', label: own(t.paymentBadges, key) ?? (raw || uiText.notAvailable) };
}
