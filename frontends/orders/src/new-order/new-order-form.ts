/**
 * 'Nuovo ordine' (issue 25): the form's values, its check with the contracts' `manualOrderSchema`
 * (the server's own: the shipment address's rules, the lines, EUR) with each field's first Italian
 * text by its path (`address.city`, `items.1.quantity`), and the total shown as the merchant types.
 */
import { manualOrderSchema, parseEuroAmount, parseUnitWeightKg, type ManualOrderData, type PackagePresetJson } from '@smista/contracts';

/** The recipient's fields in the order the form shows them. */
export const ADDRESS_FIELDS = ['recipientName', 'recipientEmail', 'phoneNumber', 'addressLine1', 'addressLine2', 'postalCode', 'city', 'state', 'countryCode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export const OPTIONAL_ADDRESS_FIELDS: ReadonlySet<AddressField> = new Set(['recipientEmail', 'phoneNumber', 'addressLine2', 'state']);

/**
 * One line as the form holds it. `productId` is set when the line was picked from the catalogue
 * (the row's picker fills SKU and title, and `catalogueWeightGrams` with the product's weight,
 * null when the catalogue has none); typed lines have none. `weightKg` is one unit's weight as
 * typed ("0,25"), used when the catalogue has no weight for the line.
 */
export interface ItemDraft {
  key: number;
  productId?: number;
  catalogueWeightGrams?: number | null;
  sku: string;
  title: string;
  quantity: string;
  unitPrice: string;
  weightKg: string;
}

export interface NewOrderValues {
  address: Record<AddressField, string>;
  items: ItemDraft[];
  notes: string;
  /** A package preset of the merchant's (the catalogue's presets), or null. */
  packagePresetId: number | null;
}

/** Errors by path: `address.city`, `items.0.title`, `items`, `notes`. */
export type NewOrderErrors = Record<string, string>;

let nextKey = 1;
/** An empty line (quantity 1). */
export function emptyItem(): ItemDraft {
  return { key: nextKey++, sku: '', title: '', quantity: '1', unitPrice: '', weightKg: '' };
}

export function emptyValues(): NewOrderValues {
  return {
    address: { recipientName: '', recipientEmail: '', phoneNumber: '', addressLine1: '', addressLine2: '', postalCode: '', city: '', state: '', countryCode: 'IT' },
    items: [emptyItem()],
    notes: '',
    packagePresetId: null,
  };
}

/** The Italian name of a country code ('' when unknown), as the address's `country`. */
export function countryNameOf(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return '';
  try {
    return new Intl.DisplayNames(['it'], { type: 'region' }).of(upper) ?? '';
  } catch {
    return '';
  }
}

/** The countries offered: Italy first, the rest of the EU, then the usual destinations outside it. */
export const COUNTRY_CODES = [
  'IT', 'SM', 'VA', 'AT', 'BE', 'BG', 'CY', 'HR', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'CZ', 'RO', 'SK', 'SI', 'ES', 'SE', 'HU',
  'GB', 'CH', 'NO', 'US',
] as const;

/** The body of `POST /api/orders` the form sends (before the schema's own normalising). */
export function requestBodyOf(values: NewOrderValues): Record<string, unknown> {
  const a = values.address;
  return {
    address: { ...a, country: countryNameOf(a.countryCode) },
    items: values.items.map((i) => ({
      sku: i.sku,
      title: i.title,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      ...(i.productId ? { productId: i.productId } : {}),
      ...(i.weightKg.trim() ? { weightKg: i.weightKg } : {}),
    })),
    notes: values.notes,
    currency: 'EUR',
    ...(values.packagePresetId ? { packagePresetId: values.packagePresetId } : {}),
  };
}

/**
 * The form checked as the server will check it: the data to send, or the first text of each path.
 *
 * @example validateNewOrder({ ...values, items: [] }) // { ok: false, errors: { items: 'Aggiungi almeno un articolo' } }
 */
export function validateNewOrder(values: NewOrderValues): { ok: true; data: ManualOrderData; body: Record<string, unknown> } | { ok: false; errors: NewOrderErrors } {
  const body = requestBodyOf(values);
  const parsed = manualOrderSchema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data, body };
  const errors: NewOrderErrors = {};
  for (const issue of parsed.error.issues) {
    let path = issue.path.join('.');
    // The country's name comes from the code: its message belongs under the country's select.
    if (path === 'address.country') path = 'address.countryCode';
    if (!errors[path]) errors[path] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The order's total so far in euro ("28.90"), counting the lines whose quantity and price read;
 * null when none does.
 *
 * @example orderTotal([{ quantity: '2', unitPrice: '12,50' }]) // '25.00'
 */
export function orderTotal(items: readonly Pick<ItemDraft, 'quantity' | 'unitPrice'>[]): string | null {
  let cents = 0;
  let any = false;
  for (const i of items) {
    const price = parseEuroAmount(i.unitPrice);
    const quantity = /^\s*\d{1,6}\s*$/.test(i.quantity) ? Number(i.quantity) : NaN;
    if (price === null || !Number.isSafeInteger(quantity)) continue;
    cents += Math.round(Number(price) * 100) * quantity;
    any = true;
  }
  return any ? (cents / 100).toFixed(2) : null;
}

/** A line picked from the catalogue: its SKU and title, linked to the product, its weight the catalogue's. */
export function pickedItem(row: ItemDraft, product: { id: number; sku: string; title: string; weightGrams: number | null }): ItemDraft {
  return { ...row, productId: product.id, catalogueWeightGrams: product.weightGrams, sku: product.sku, title: product.title || row.title };
}

/** A typed SKU is another product: the line is no longer the picked one. */
export function withTypedSku(row: ItemDraft, sku: string): ItemDraft {
  if (row.productId === undefined || sku === row.sku) return { ...row, sku };
  const { productId: _unlinked, catalogueWeightGrams: _weight, ...typed } = row;
  return { ...typed, sku };
}

/** One unit's weight of a line in grams: the catalogue's, else the one typed; null when neither. */
export function unitWeightGrams(row: Pick<ItemDraft, 'catalogueWeightGrams' | 'weightKg'>): number | null {
  if (row.catalogueWeightGrams) return row.catalogueWeightGrams;
  return parseUnitWeightKg(row.weightKg) ?? null;
}

/**
 * The order's weight as the orders service will compute it: Σ quantity × unit weight (the
 * catalogue's, else the typed one) + the package's tare; `missing` the lines (1, 2, ...) with no
 * weight, and then no total. Lines not begun (no title, SKU or product) are left out, and so are
 * those whose quantity does not read, as in the total; with no line begun there is no weight yet.
 *
 * @example orderWeight([{ title: 'Tazza', sku: '', quantity: '2', weightKg: '0,25' }], 150) // { grams: 650, itemsGrams: 500, tareGrams: 150, missing: [] }
 */
export function orderWeight(
  items: readonly Pick<ItemDraft, 'title' | 'sku' | 'productId' | 'quantity' | 'weightKg' | 'catalogueWeightGrams'>[],
  tareGrams: number,
): { grams: number | null; itemsGrams: number; tareGrams: number; missing: number[] } {
  let itemsGrams = 0;
  let begun = 0;
  const missing: number[] = [];
  items.forEach((row, index) => {
    if (!row.title.trim() && !row.sku.trim() && !row.productId) return;
    begun++;
    const unit = unitWeightGrams(row);
    if (unit === null) {
      missing.push(index + 1);
      return;
    }
    const quantity = /^\s*\d{1,6}\s*$/.test(row.quantity) ? Number(row.quantity) : 0;
    itemsGrams += unit * quantity;
  });
  return { grams: missing.length || begun === 0 ? null : itemsGrams + tareGrams, itemsGrams, tareGrams, missing };
}

/**
 * The tare the chosen package adds: the preset's; with none chosen the orders service takes the
 * merchant's default, else nothing.
 */
export function tareOf(presets: readonly Pick<PackagePresetJson, 'id' | 'isDefault' | 'tareGrams'>[], presetId: number | null): number {
  const chosen = presets.find((p) => p.id === presetId) ?? presets.find((p) => p.isDefault);
  return chosen?.tareGrams ?? 0;
}

/** Grams as kg with a decimal comma: 1250 → "1,25 kg". */
export function formatKg(grams: number): string {
  return `${(grams / 1000).toLocaleString('it-IT', { maximumFractionDigits: 3, useGrouping: false })} kg`;
}
