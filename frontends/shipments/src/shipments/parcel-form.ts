import { customsMissing, parseDecimalComma, type CustomsContentType, type CustomsDeclaration, type PackagePresetJson, type ShipmentJson } from '@smista/contracts';
import { parcelMessages as p } from '../parcel-messages';

/*
 * Issue 25: the drawer's parcel and customs forms as text fields (Italian decimals: '1,25' kg,
 * '30' cm, '12,50' €) and their conversion to what the routes take (grams, millimetres, cents).
 * Pure, so the conversions and the marks of missing data are unit-tested.
 */

export interface ParcelValues {
  weightKg: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
  packageName: string;
}

export interface CustomsItemValues {
  description: string;
  quantity: string;
  valueEuro: string;
  weightKg: string;
  hsCode: string;
  originCountry: string;
}

export interface CustomsValues {
  contentType: CustomsContentType | '';
  invoiceNumber: string;
  currency: string;
  items: CustomsItemValues[];
}

const decimal = (n: number | null, divisor: number) => (n === null ? '' : String(n / divisor).replace('.', ','));

/** A decimal as typed ('1,25', '1.25', ' 2 '), read by the contracts' rule: the number, NaN when not one, null when empty. */
export function parseDecimal(text: string): number | null {
  const t = text.replace(/\s/g, '');
  return t ? parseDecimalComma(t) : null;
}

export const parcelValuesOf = (s: Pick<ShipmentJson, 'parcel'>): ParcelValues => ({
  weightKg: decimal(s.parcel.weightGrams, 1000),
  lengthCm: decimal(s.parcel.lengthMm, 10),
  widthCm: decimal(s.parcel.widthMm, 10),
  heightCm: decimal(s.parcel.heightMm, 10),
  packageName: s.parcel.packageName,
});

/**
 * The parcel packed in another of the merchant's presets ('' none): its name and inner sizes, and
 * the weight with the old package's tare swapped for the new one's (the weight came from the
 * order's items plus its package). A package typed by hand or gone from the presets has no tare
 * known, so nothing is taken off for it; an unknown weight stays unknown.
 *
 * @example withPreset({ weightKg: '1,2', ..., packageName: 'Busta' }, presets, 'Scatola M') // weight − Busta's tare + Scatola M's
 */
export function withPreset(values: ParcelValues, presets: readonly PackagePresetJson[], presetName: string): ParcelValues {
  const before = presets.find((x) => x.name === values.packageName);
  const after = presets.find((x) => x.name === presetName);
  const kg = parseDecimal(values.weightKg);
  const grams = kg === null || Number.isNaN(kg) ? null : Math.round(kg * 1000) - (before?.tareGrams ?? 0) + (after?.tareGrams ?? 0);
  const sizes = after
    ? { lengthCm: decimal(after.lengthMm, 10), widthCm: decimal(after.widthMm, 10), heightCm: decimal(after.heightMm, 10) }
    : before
      ? { lengthCm: '', widthCm: '', heightCm: '' }
      : {};
  return { ...values, ...sizes, weightKg: grams === null || grams <= 0 ? values.weightKg : decimal(grams, 1000), packageName: after?.name ?? '' };
}

/** The parcel to send, or the Italian reason it cannot be. */
export function parcelBody(v: ParcelValues): { ok: true; body: { weightGrams: number; lengthMm: number | null; widthMm: number | null; heightMm: number | null; packageName: string } } | { ok: false; field: 'weightKg' | 'dimensions'; message: string } {
  const kg = parseDecimal(v.weightKg);
  if (kg === null || !(kg > 0) || kg > 1000) return { ok: false, field: 'weightKg', message: p.weightInvalid };
  const dims = [v.lengthCm, v.widthCm, v.heightCm].map(parseDecimal);
  const none = dims.every((d) => d === null);
  if (!none && !dims.every((d) => d !== null && d > 0 && d <= 1000)) return { ok: false, field: 'dimensions', message: p.dimensionsInvalid };
  const mm = (d: number | null) => (none || d === null ? null : Math.round(d * 10));
  return { ok: true, body: { weightGrams: Math.round(kg * 1000), lengthMm: mm(dims[0]!), widthMm: mm(dims[1]!), heightMm: mm(dims[2]!), packageName: v.packageName.trim() } };
}

export const emptyItem = (): CustomsItemValues => ({ description: '', quantity: '1', valueEuro: '', weightKg: '', hsCode: '', originCountry: '' });

export const customsValuesOf = (s: Pick<ShipmentJson, 'customs'>): CustomsValues => ({
  contentType: s.customs?.contentType ?? '',
  invoiceNumber: s.customs?.invoiceNumber ?? '',
  currency: s.customs?.currency ?? 'EUR',
  items: (s.customs?.items ?? []).map((i) => ({
    description: i.description,
    quantity: String(i.quantity),
    valueEuro: i.valueCents ? (i.valueCents / 100).toFixed(2).replace('.', ',') : '',
    weightKg: decimal(i.weightGrams, 1000),
    hsCode: i.hsCode,
    originCountry: i.originCountry,
  })),
});

/** The declaration to send (empty fields kept empty: the server says what is missing), or the field that is no number. */
export function customsBody(v: CustomsValues): { ok: true; body: CustomsDeclaration } | { ok: false; message: string } {
  const items: CustomsDeclaration['items'] = [];
  for (const [i, item] of v.items.entries()) {
    const quantity = parseDecimal(item.quantity);
    const value = parseDecimal(item.valueEuro);
    const weight = parseDecimal(item.weightKg);
    if (quantity === null || !Number.isInteger(quantity) || quantity < 1) return { ok: false, message: p.numberInvalid(`${p.item(i + 1)}, ${p.quantity}`) };
    if (Number.isNaN(value)) return { ok: false, message: p.numberInvalid(`${p.item(i + 1)}, ${p.valueEuro}`) };
    if (Number.isNaN(weight)) return { ok: false, message: p.numberInvalid(`${p.item(i + 1)}, ${p.itemWeightKg}`) };
    items.push({
      description: item.description.trim(),
      quantity,
      valueCents: value === null ? 0 : Math.round(value * 100),
      weightGrams: weight === null || weight === 0 ? null : Math.round(weight * 1000),
      hsCode: item.hsCode.replace(/[\s.]/g, ''),
      originCountry: item.originCountry.trim().toUpperCase(),
    });
  }
  return { ok: true, body: { contentType: v.contentType, invoiceNumber: v.invoiceNumber.trim(), currency: v.currency || 'EUR', items } };
}

/**
 * Which fields the drawer marks as missing, by the contracts' `customsMissing` (the same rule that
 * refuses 'Processa'): `contentType`, `invoiceNumber`, `items`, and `item.<n>.<field>`.
 */
export function missingFields(v: CustomsValues): Set<string> {
  const body = customsBody(v);
  if (!body.ok) return new Set();
  const d = body.body;
  const marks = new Set<string>();
  const missing = customsMissing(d);
  if (missing.includes('il tipo di contenuto')) marks.add('contentType');
  if (missing.includes('il numero di fattura')) marks.add('invoiceNumber');
  if (missing.includes('almeno un articolo')) marks.add('items');
  d.items.forEach((_item, i) => {
    const n = i + 1;
    const pairs: [string, string][] = [
      [`la descrizione dell'articolo ${n}`, 'description'],
      [`il valore dell'articolo ${n}`, 'valueEuro'],
      [`il peso dell'articolo ${n}`, 'weightKg'],
      [`il codice HS dell'articolo ${n}`, 'hsCode'],
      [`il paese di origine dell'articolo ${n}`, 'originCountry'],
    ];
    for (const [text, field] of pairs) if (missing.includes(text)) marks.add(`item.${i}.${field}`);
  });
  return marks;
}
