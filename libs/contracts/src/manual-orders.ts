import { z } from 'zod';
import { parseDecimalComma, PRODUCT_WEIGHT_MAX_GRAMS } from './catalogue';
import { shipmentAddressSchema } from './shipments';
import { visibleText } from './text';

/**
 * Orders from anywhere (issue 25): an order typed by the merchant ('Nuovo ordine' on the orders
 * screen, 'Nuova' on the shipments screen), with no marketplace behind it. It is stored as any
 * imported order (rules, shipments, labels), under the marketplace `manual` and no integration (0),
 * so nothing is ever pushed back or synced; its number is the merchant's own, `M-000123`.
 */

export { MANUAL_MARKETPLACE, MANUAL_MARKETPLACE_NAME } from './manual-marketplace';

/** Lines of one manual order at most (a form, not a catalogue). */
export const MANUAL_ORDER_MAX_ITEMS = 100;
/** Units of one line at most. */
export const MANUAL_ORDER_MAX_QUANTITY = 10_000;
/** The highest unit price taken, in euro (a typo guard well below numeric(12,2)'s limit). */
export const MANUAL_ORDER_MAX_UNIT_PRICE = 1_000_000;

/**
 * The merchant's manual order number: `M-` and six digits at least.
 *
 * @example manualOrderNumber(123) // 'M-000123'
 */
export function manualOrderNumber(n: number): string {
  return `M-${String(n).padStart(6, '0')}`;
}

export const manualOrderMessages = {
  itemsRequired: 'Aggiungi almeno un articolo',
  tooManyItems: `Un ordine può avere al massimo ${MANUAL_ORDER_MAX_ITEMS} articoli`,
  titleRequired: "Il titolo dell'articolo è obbligatorio",
  titleTooLong: "Il titolo dell'articolo può contenere al massimo 200 caratteri",
  skuTooLong: 'Lo SKU può contenere al massimo 100 caratteri',
  quantityInvalid: `La quantità deve essere un numero intero da 1 a ${MANUAL_ORDER_MAX_QUANTITY}`,
  unitPriceInvalid: 'Il prezzo unitario deve essere un importo valido (es. 12,50)',
  unitPriceTooHigh: `Il prezzo unitario può essere al massimo ${MANUAL_ORDER_MAX_UNIT_PRICE.toLocaleString('it-IT')} €`,
  currencyInvalid: 'La valuta deve essere EUR',
  notesTooLong: 'Le note possono contenere al massimo 1000 caratteri',
  packagePresetInvalid: 'Il pacco scelto non è valido',
  productInvalid: 'Il prodotto scelto non è valido',
  weightInvalid: `Il peso deve essere in kg, da 0,001 a ${(PRODUCT_WEIGHT_MAX_GRAMS / 1000).toLocaleString('it-IT')}, con al massimo tre decimali (es. 0,25)`,
  addressRequired: "L'indirizzo del destinatario è obbligatorio",
  itemsInvalid: 'Gli articoli devono essere un elenco',
  created: (number: string) => `Ordine ${number} creato`,
} as const;
const m = manualOrderMessages;

/**
 * An amount as the merchant types it: `12,50`, `12.50`, `1.234,50`, or a JSON number; answered as
 * "12.50". Null when it is not one (negative, more than two decimals, letters).
 *
 * @example parseEuroAmount('1.234,5') // '1234.50'
 * @example parseEuroAmount('12.50') // '12.50'
 */
export function parseEuroAmount(value: unknown): string | null {
  if (typeof value === 'number') {
    const whole = Number.isFinite(value) && value >= 0 && value < 1e12 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
    return whole ? value.toFixed(2) : null;
  }
  if (typeof value !== 'string') return null;
  let v = value.trim().replace(/\s|€/g, '');
  if (!v) return null;
  // Italian thousands (1.234,50) or English (1,234.50): the last separator is the decimal one.
  const lastComma = v.lastIndexOf(',');
  const lastDot = v.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) v = lastComma > lastDot ? v.replace(/\./g, '').replace(',', '.') : v.replace(/,/g, '');
  else if (lastComma >= 0) v = /^\d{1,3}(,\d{3})+$/.test(v) && v.split(',').length > 2 ? v.replace(/,/g, '') : v.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3}){2,}$/.test(v)) v = v.replace(/\./g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(v);
  if (!match) return null;
  return `${BigInt(match[1]!)}.${(match[2] ?? '').padEnd(2, '0')}`;
}

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine(...visibleText)
    .nullish()
    .transform((v) => v ?? '');

/**
 * One unit's weight as the merchant types it, in kg with a decimal comma or point ("0,25"), or a
 * JSON number; answered in grams. Blank is null (none: the catalogue's weight of the SKU, if any).
 *
 * @example parseUnitWeightKg('0,25') // 250
 */
export function parseUnitWeightKg(value: unknown): number | null | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const kg = typeof value === 'number' ? value : typeof value === 'string' ? parseDecimalComma(value, 3) : Number.NaN;
  const grams = Math.round(kg * 1000);
  // undefined: not a weight (more than three decimals, negative, zero, over the limit)
  if (!Number.isFinite(kg) || Math.abs(kg * 1000 - grams) > 1e-6 || grams < 1 || grams > PRODUCT_WEIGHT_MAX_GRAMS) return undefined;
  return grams;
}

/**
 * One line of a manual order: typed, or picked from the catalogue (`productId`: the line takes the
 * product's SKU, so its weight is the catalogue's as on import). `weightKg` is one unit's weight
 * typed by the merchant, stored as a marketplace's own item weight: the catalogue's wins when the
 * product has one.
 */
export const manualOrderItemSchema = z.object({
  sku: optionalText(100, m.skuTooLong),
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200, m.titleTooLong).refine(...visibleText),
  quantity: z.unknown().optional().transform((v, ctx) => {
    const n = typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MANUAL_ORDER_MAX_QUANTITY) {
      ctx.addIssue({ code: 'custom', message: m.quantityInvalid });
      return z.NEVER;
    }
    return n;
  }).meta({ type: 'integer', minimum: 1, maximum: MANUAL_ORDER_MAX_QUANTITY }),
  unitPrice: z.unknown().optional().transform((v, ctx) => {
    const amount = parseEuroAmount(v);
    if (amount === null) {
      ctx.addIssue({ code: 'custom', message: m.unitPriceInvalid });
      return z.NEVER;
    }
    if (Number(amount) > MANUAL_ORDER_MAX_UNIT_PRICE) {
      ctx.addIssue({ code: 'custom', message: m.unitPriceTooHigh });
      return z.NEVER;
    }
    return amount;
  }).meta({ type: ['string', 'number'], description: "Euros, '12,50' or 12.5" }),
  productId: z.unknown().optional().transform((v, ctx): number | null => {
    if (v === undefined || v === null || v === '' || v === 0) return null;
    const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message: m.productInvalid });
      return z.NEVER;
    }
    return n;
  }).meta({ type: ['integer', 'null'], minimum: 1, description: 'A product of the catalogue' }),
  weightKg: z.unknown().optional().transform((v, ctx): number | null => {
    const grams = parseUnitWeightKg(v);
    if (grams === undefined) {
      ctx.addIssue({ code: 'custom', message: m.weightInvalid });
      return z.NEVER;
    }
    return grams;
  }).meta({ type: ['string', 'number', 'null'], description: "One unit's weight in kg, '0,25' or 0.25" }),
}).transform(({ weightKg, ...item }) => ({ ...item, weightGrams: weightKg }));
export type ManualOrderItemInput = z.input<typeof manualOrderItemSchema>;

/**
 * `POST /api/orders`: the recipient's address with the shipment address's rules (spec §5, the same
 * fields and Italian texts as 'Modifica indirizzo'), the lines, EUR only, an optional package
 * preset (issue 25's presets) and notes. The gateway and the orders service both check it.
 *
 * @example manualOrderSchema.parse({ address: { recipientName: 'Mario Rossi', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country: 'Italia', countryCode: 'IT' }, items: [{ title: 'Tazza', quantity: 2, unitPrice: '12,50' }] })
 */
export const manualOrderSchema = z.object({
  address: shipmentAddressSchema.nullish().transform((a, ctx) => {
    if (!a) {
      ctx.addIssue({ code: 'custom', message: m.addressRequired });
      return z.NEVER;
    }
    return a;
  }),
  items: z.array(manualOrderItemSchema, { error: m.itemsInvalid }).min(1, m.itemsRequired).max(MANUAL_ORDER_MAX_ITEMS, m.tooManyItems),
  currency: z
    .string({ error: m.currencyInvalid })
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => v || 'EUR')
    .refine((v) => v === 'EUR', m.currencyInvalid),
  packagePresetId: z.unknown().optional().transform((v, ctx) => {
    if (v === undefined || v === null || v === '' || v === 0) return null;
    const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message: m.packagePresetInvalid });
      return z.NEVER;
    }
    return n;
  }).meta({ type: ['integer', 'null'], minimum: 1 }),
  notes: optionalText(1000, m.notesTooLong),
});
export type ManualOrderInput = z.input<typeof manualOrderSchema>;
export type ManualOrderData = z.output<typeof manualOrderSchema>;
