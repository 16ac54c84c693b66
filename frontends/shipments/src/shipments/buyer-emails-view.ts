/**
 * Issue 26 as the shipment's drawer shows it: each e-mail to the buyer with its kind, what became of
 * it in Italian, the address, when (sent, or queued) and why it was not sent. Pure.
 */
import {
  buyerMailKinds,
  buyerMailKindLabels,
  buyerMailSkipReasons,
  buyerMailStatusLabels,
  buyerMailTexts,
  isBuyerMailKind,
  type ShipmentBuyerEmailJson,
} from '@smista/contracts';
import type { BadgeLook, BadgeTone } from '@smista/ui-kit';

/** Sent green, waiting blue, not sent grey, failed red. */
const STATUS_TONES: Readonly<Record<ShipmentBuyerEmailJson['status'], BadgeTone>> = {
  sent: 'green',
  pending: 'blue',
  skipped: 'grey',
  failed: 'red',
};

/** One row of the drawer's 'E-mail al cliente'. */
export interface BuyerEmailRow {
  key: string;
  kind: string;
  kindLabel: string;
  status: string;
  badge: BadgeLook;
  to: string;
  /** The time shown and its words ('Inviata il 5 mar 2026, 14:05'). */
  at: string;
  when: string;
  /** Why it was not sent, in Italian; null when there is nothing to explain. */
  reason: string | null;
}

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/**
 * The rows in the order a parcel goes (Spedito, In consegna, Consegnato, In giacenza), an unknown
 * kind, status or reason shown as it is rather than dropped. `formatDateTime` is the screens' own.
 *
 * @example buyerEmailRows([{ kind: 'shipped', status: 'sent', to: 'a@b.it', queuedAt, sentAt, reason: null }], fmt)[0].when // 'Inviata il 5 mar 2026, 14:05'
 */
export function buyerEmailRows(list: readonly ShipmentBuyerEmailJson[] | null | undefined, formatDateTime: (value: string) => string): BuyerEmailRow[] {
  const order = (kind: string) => (isBuyerMailKind(kind) ? buyerMailKinds.indexOf(kind) : buyerMailKinds.length);
  return [...(list ?? [])]
    .sort((a, b) => order(a.kind) - order(b.kind) || (a.queuedAt < b.queuedAt ? -1 : a.queuedAt > b.queuedAt ? 1 : 0))
    .map((mail, i) => {
      const status = String(mail.status);
      const at = mail.sentAt ?? mail.queuedAt;
      const when = mail.sentAt
        ? buyerMailTexts.drawerSentAt(formatDateTime(mail.sentAt))
        : status === 'pending'
          ? buyerMailTexts.drawerQueuedAt(formatDateTime(mail.queuedAt))
          : buyerMailTexts.drawerNotedAt(formatDateTime(mail.queuedAt));
      const reason = mail.reason ? (has(buyerMailSkipReasons, mail.reason) ? buyerMailSkipReasons[mail.reason] : mail.reason) : null;
      return {
        key: `${mail.kind}-${mail.queuedAt}-${i}`,
        kind: mail.kind,
        kindLabel: isBuyerMailKind(mail.kind) ? buyerMailKindLabels[mail.kind] : mail.kind,
        status,
        badge: {
          tone: has(STATUS_TONES, status) ? STATUS_TONES[status] : 'grey',
          label: has(buyerMailStatusLabels, status) ? buyerMailStatusLabels[status] : status,
        },
        to: mail.to,
        at,
        when,
        reason,
      };
    });
}
