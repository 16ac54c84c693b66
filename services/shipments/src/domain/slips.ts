import type { SourceOrder } from './bulk-create';

/*
 * Issue 25: what a pick list and a packing slip say, decided without any PDF. The renderer in
 * `documents/` only draws what these functions answer.
 */

/** A line of the pick list: one SKU (or, for lines without SKU, one title) over the whole selection. */
export interface PickLine {
  /** '' for lines without SKU, grouped by title. */
  sku: string;
  title: string;
  quantity: number;
  /** How many of the selected orders have it. */
  orders: number;
}

/** A line of a packing slip. */
export interface SlipLine {
  sku: string;
  title: string;
  quantity: number;
}

const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

/**
 * The pick list of the orders: quantities summed per SKU (trimmed; the first title seen names it),
 * lines without SKU summed per title (case and spaces ignored) after them; sorted by SKU, then
 * title, in Italian order with numbers as numbers (SKU-2 before SKU-10).
 *
 * @example pickListLines([{ items: [{ sku: 'B', title: 'Tazza', quantity: 1 }] }, { items: [{ sku: 'B', title: 'Tazza', quantity: 2 }] }])
 *   // [{ sku: 'B', title: 'Tazza', quantity: 3, orders: 2 }]
 */
export function pickListLines(orders: readonly Pick<SourceOrder, 'items'>[]): PickLine[] {
  const lines = new Map<string, PickLine & { seenIn: number }>();
  orders.forEach((order, index) => {
    for (const item of order.items) {
      if (!(item.quantity > 0)) continue;
      const sku = (item.sku ?? '').trim();
      const title = item.title.trim();
      const key = sku ? `sku:${sku}` : `title:${title.toLocaleLowerCase('it').replace(/\s+/g, ' ')}`;
      const line = lines.get(key);
      if (!line) {
        lines.set(key, { sku, title, quantity: item.quantity, orders: 1, seenIn: index });
        continue;
      }
      line.quantity += item.quantity;
      if (!line.title) line.title = title;
      if (line.seenIn !== index) {
        line.orders += 1;
        line.seenIn = index;
      }
    }
  });
  return [...lines.values()]
    .map(({ seenIn: _seenIn, ...line }) => line)
    .sort((a, b) => {
      if (!a.sku !== !b.sku) return a.sku ? -1 : 1;
      return collator.compare(a.sku, b.sku) || collator.compare(a.title, b.title);
    });
}

/** The lines of an order's packing slip, in the order's own order (empty quantities left out). */
export function slipLines(order: Pick<SourceOrder, 'items'>): SlipLine[] {
  return order.items.filter((i) => i.quantity > 0).map((i) => ({ sku: (i.sku ?? '').trim(), title: i.title.trim(), quantity: i.quantity }));
}

/** The number printed (and encoded in the barcode) for an order: the marketplace's id, else Smista's. */
export function orderNumberOf(order: Pick<SourceOrder, 'id' | 'externalId'>): string {
  return order.externalId.trim() || String(order.id);
}

/**
 * Rows split into pages: `first` rows fit on the first page (below its header), `next` on each
 * following one. Always at least one page, so an order without items still gets its slip.
 *
 * @example paginate([1, 2, 3, 4, 5], 2, 3) // [[1, 2], [3, 4, 5]]
 */
export function paginate<T>(rows: readonly T[], first: number, next: number): T[][] {
  if (first < 1 || next < 1) throw new RangeError('a page holds at least one row');
  const pages: T[][] = [rows.slice(0, first)];
  for (let at = first; at < rows.length; at += next) pages.push(rows.slice(at, at + next));
  return pages;
}

/** Total pieces of some lines. */
export function unitsOf(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** An address as printed on a slip: name (and company), street, 'CAP Città (PR)', country. */
export function addressLines(a: { name: string; company?: string; line1: string; line2?: string | null; postalCode: string; city: string; province?: string | null; country?: string | null }): string[] {
  const place = [a.postalCode.trim(), a.city.trim()].filter(Boolean).join(' ') + (a.province?.trim() ? ` (${a.province.trim()})` : '');
  const lines = [a.name.trim(), a.company && a.company.trim() !== a.name.trim() ? a.company.trim() : '', a.line1.trim(), a.line2?.trim() ?? '', place.trim(), a.country?.trim() ?? ''];
  return lines.filter(Boolean);
}

/** '28/11/2026' from an ISO-8601 date, in Italy's time; null when absent or unreadable. */
export function italianDate(iso: string | undefined): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
}
