/** What the dry-run panel shows of `POST /api/shipping-rules/preview`, as pure functions. */
import { formatEuro, type RuleOutcome, type RulePreviewJson, type RulePreviewOrderJson } from '@smista/contracts';
import type { BadgeTone } from '@smista/ui-kit';
import { t } from '../messages';

type Summary = RulePreviewJson['summary'];

/** The counts in the panel's order: everything considered, then what assigning would do, then the orders not paid it passes over. */
export function summaryItems(summary: Summary): { key: keyof Summary; label: string; value: number }[] {
  const keys: (keyof Summary)[] = ['total', 'assigned', 'unchanged', 'manual', 'noMatch', 'hasShipment', 'unpaid'];
  return keys.map((key) => ({ key, label: t.preview.counts[key], value: summary[key] }));
}

/** '#<marketplace id>' (what the merchant knows the order by), or our id when it has none. */
export function previewOrderLabel(order: Pick<RulePreviewOrderJson, 'externalId' | 'orderId'>): string {
  return `#${order.externalId?.trim() || order.orderId}`;
}

/** The order total: euro in Italian ('45,90 €'), another currency as it came ('12.00 USD'). */
export function previewTotal(order: Pick<RulePreviewOrderJson, 'total' | 'currency'>): string {
  const currency = (order.currency || 'EUR').toUpperCase();
  const n = Number(order.total);
  if (currency === 'EUR' && order.total.trim() !== '' && Number.isFinite(n)) return formatEuro(n);
  return `${order.total} ${currency}`.trim();
}

/** The outcome's colour: green when a carrier would change, amber when a rule is missing, grey otherwise. */
export function outcomeTone(outcome: RuleOutcome): BadgeTone {
  switch (outcome) {
    case 'assign':
      return 'green';
    case 'no_match':
      return 'orange';
    case 'manual':
      return 'blue';
    default:
      return 'grey';
  }
}

/** 'Mostrati i primi 200 ordini di 1.234.' when the answer holds fewer rows than it counted; null otherwise. */
export function shownNote(preview: Pick<RulePreviewJson, 'orders' | 'summary'>): string | null {
  return preview.orders.length < preview.summary.total ? t.preview.shown(preview.orders.length, preview.summary.total) : null;
}
