/**
 * The badge colours of spec §4, one set for every screen: done green, waiting orange, moving blue,
 * failed or cancelled red, anything else grey. A screen decides which tone and text a value of its
 * own gets; the shipment status, which the orders' panel and the shipments list both show, is
 * decided here once.
 */
import { shipmentStatusLabel } from '@smista/contracts';
import { uiText } from './ui-text';

export type BadgeTone = 'green' | 'orange' | 'blue' | 'red' | 'grey';

/** A badge's tone and text. */
export interface BadgeLook {
  tone: BadgeTone;
  label: string;
}

/** Tailwind classes of each tone (the kit's Badge variants have no blue, so every tone is spelled here). */
export const TONE_CLASSES: Readonly<Record<BadgeTone, string>> = {
  green: 'border-transparent bg-emerald-100 text-emerald-800',
  orange: 'border-transparent bg-orange-100 text-orange-800',
  blue: 'border-transparent bg-blue-100 text-blue-800',
  red: 'border-transparent bg-red-100 text-red-800',
  grey: 'border-transparent bg-slate-100 text-slate-700',
};

const SHIPMENT_TONES: Readonly<Record<string, BadgeTone>> = {
  pending: 'orange',
  processing: 'blue',
  shipped: 'blue',
  completed: 'green',
  delivered: 'green',
  error: 'red',
  failed: 'red',
  cancelled: 'red',
  canceled: 'red',
};

/**
 * A shipment status's badge: the §4 label (`shipmentStatusLabel`, case-insensitive; an unknown
 * status raw, none '—') in the tone of its meaning.
 *
 * @example shipmentStatusBadge('SHIPPED') // { tone: 'blue', label: 'Spedito' }
 */
export function shipmentStatusBadge(status: string | null | undefined): BadgeLook {
  const raw = (status ?? '').trim();
  const key = raw.toLowerCase();
  const label = raw ? shipmentStatusLabel(raw) : uiText.notAvailable;
  return { tone: Object.hasOwn(SHIPMENT_TONES, key) ? SHIPMENT_TONES[key] : 'grey', label };
}
