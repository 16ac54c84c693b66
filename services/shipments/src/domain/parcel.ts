import { customsMessages, customsMissing, customsNeedOf, CUSTOMS_LIMITS, type CustomsDeclaration } from '@smista/contracts';

/*
 * Issue 25: a shipment's parcel as it is and its customs declaration. Taken from the order when the
 * shipment is made (the catalogue's weights plus the package's tare, the package's inner
 * dimensions; the items' customs data), edited in the drawer, checked before any label: never a
 * silent 1 kg, never a customs form discovered at the counter.
 */

/** The package of a shipment: grams and millimetres; null = unknown. */
export interface ShipmentParcel {
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  /** The preset it came from, as the merchant named it ('' none). */
  packageName: string;
}

/** Whether the destination needs a declaration, and what the declaration still lacks (kept on the shipment for the list's Errori tab). */
export interface CustomsState {
  customsNeeded: boolean;
  customsTerritory: string | null;
  customsMissing: string[];
}

/** The order's weight and package as GetOrders answers them (issue 25's seam). */
export interface SourcePackage {
  weightKg: number | null;
  weightMissing: boolean;
  package: { name: string; lengthMm: number; widthMm: number; heightMm: number } | null;
}

/** An order line's customs data from the catalogue (issue 25's seam), with its price. */
export interface SourceCustomsLine {
  title: string;
  quantity: number;
  unitPrice: string;
  currency: string;
  /** One unit; null unknown. */
  weightGrams: number | null;
  hsCode: string;
  originCountry: string;
  customsDescription: string;
}

const positiveOrNull = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : null);

/**
 * The parcel of a new shipment: the order's weight (its items' catalogue weights plus the package's
 * tare) unless some item's weight is missing, and the package's inner dimensions.
 *
 * @example parcelOfOrder({ weightKg: 1.25, weightMissing: false, package: { name: 'Scatola M', lengthMm: 300, widthMm: 200, heightMm: 150 } })
 * // { weightGrams: 1250, lengthMm: 300, widthMm: 200, heightMm: 150, packageName: 'Scatola M' }
 */
export function parcelOfOrder(o: SourcePackage): ShipmentParcel {
  const p = o.package;
  const dims = p && p.lengthMm > 0 && p.widthMm > 0 && p.heightMm > 0;
  return {
    weightGrams: o.weightMissing || o.weightKg === null ? null : positiveOrNull(o.weightKg * 1000),
    lengthMm: dims ? p.lengthMm : null,
    widthMm: dims ? p.widthMm : null,
    heightMm: dims ? p.heightMm : null,
    packageName: p?.name.trim() ?? '',
  };
}

const cut = (text: string, max: number) => [...text.replace(/\s+/g, ' ').trim()].slice(0, max).join('');
const cents = (price: string) => {
  const value = Number(price.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
};

/**
 * The declaration prefilled from the order (a sale of goods): per line the customs description or
 * the title, the quantity, the value (unit price × quantity), the net weight (catalogue weight ×
 * quantity), HS code and origin, all from the catalogue through the order's lines. The invoice
 * number starts as the marketplace's order number (the document a marketplace sale has, as
 * Sendcloud and ShippyPro prefill it); the merchant changes it in the drawer when their invoices
 * are numbered otherwise. A product filled in the catalogue thus needs no typing at all.
 *
 * @example customsOfOrder([{ title: 'Tazza', quantity: 2, unitPrice: '12.00', currency: 'EUR', weightGrams: 350, hsCode: '691200', originCountry: 'IT', customsDescription: 'Tazze in ceramica' }], '12-34567-89012')
 * // { contentType: 'merce', invoiceNumber: '12-34567-89012', currency: 'EUR', items: [{ description: 'Tazze in ceramica', quantity: 2, valueCents: 2400, weightGrams: 700, … }] }
 */
export function customsOfOrder(lines: readonly SourceCustomsLine[], orderNumber: string): CustomsDeclaration {
  const items = lines.slice(0, CUSTOMS_LIMITS.items).map((l) => {
    const quantity = Math.max(1, Math.min(9999, Math.round(l.quantity)));
    const unitWeight = positiveOrNull(l.weightGrams);
    return {
      description: cut(l.customsDescription || l.title, CUSTOMS_LIMITS.description),
      quantity,
      valueCents: cents(l.unitPrice) * quantity,
      weightGrams: unitWeight === null ? null : unitWeight * quantity,
      hsCode: l.hsCode.replace(/[\s.]/g, ''),
      originCountry: l.originCountry.trim().toUpperCase(),
    };
  });
  const currency = lines.find((l) => /^[A-Z]{3}$/.test(l.currency))?.currency ?? 'EUR';
  return { contentType: 'merce', invoiceNumber: cut(orderNumber, CUSTOMS_LIMITS.invoiceNumber), currency, items };
}

/** Whether the destination needs a declaration and what it lacks. */
export function customsStateOf(countryCode: string, postalCode: string, customs: CustomsDeclaration | null): CustomsState {
  const need = customsNeedOf(countryCode, postalCode);
  return { customsNeeded: need.needed, customsTerritory: need.territory, customsMissing: need.needed ? customsMissing(customs) : [] };
}

/**
 * Why a shipment cannot be labelled yet (checked before the carrier is called): no weight, or a
 * declaration that lacks something, named. Null: it can.
 *
 * @example labelBlocker({ parcel: { weightGrams: null, … }, customsMissing: [] }) // 'Peso del pacco mancante: …'
 */
export function labelBlocker(s: { parcel: ShipmentParcel; customsMissing: readonly string[] }): { code: 'WEIGHT_MISSING' | 'CUSTOMS_INCOMPLETE'; message: string } | null {
  if (s.parcel.weightGrams === null) return { code: 'WEIGHT_MISSING', message: customsMessages.weightMissing };
  if (s.customsMissing.length > 0) return { code: 'CUSTOMS_INCOMPLETE', message: customsMessages.missing(s.customsMissing) };
  return null;
}

/** Millimetres to the whole centimetres a carrier takes, rounded up (declaring less is what carriers charge for). */
export const mmToCm = (mm: number | null): number | undefined => (mm && mm > 0 ? Math.ceil(mm / 10) : undefined);
