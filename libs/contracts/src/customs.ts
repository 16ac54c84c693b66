import { z } from 'zod';
import { isPoolCarrier } from './carriers';
import { carrierDestinations, type CarrierService } from './carrier-capabilities';

/*
 * Issue 25: parcels as they are and customs for destinations outside the EU customs union. Pure
 * rules every service and screen reads: which destinations need a customs declaration (by country
 * and postal code), what a declaration must hold before a label, which UPU form a letter carries
 * (CN22 or CN23), and each carrier service's parcel limits, refused before any carrier call.
 * Sources in `services/carriers/README.md` ("Parcels and customs").
 */

// --- texts ---

export const customsMessages = {
  sectionTitle: 'Dati doganali',
  contentTypeRequired: 'il tipo di contenuto',
  invoiceRequired: 'il numero di fattura',
  itemsRequired: 'almeno un articolo',
  itemDescription: (n: number) => `la descrizione dell'articolo ${n}`,
  itemQuantity: (n: number) => `la quantità dell'articolo ${n}`,
  itemValue: (n: number) => `il valore dell'articolo ${n}`,
  itemWeight: (n: number) => `il peso dell'articolo ${n}`,
  itemHsCode: (n: number) => `il codice HS dell'articolo ${n}`,
  itemOrigin: (n: number) => `il paese di origine dell'articolo ${n}`,
  /** 'Processa' refuses a shipment whose declaration is incomplete, naming what is missing. */
  missing: (what: readonly string[]) => `Dati doganali mancanti per la destinazione fuori dall'Unione doganale UE: ${what.join(', ')}. Completali nella sezione 'Dati doganali' della spedizione.`,
  weightMissing: 'Peso del pacco mancante: inseriscilo nella spedizione prima di creare l\'etichetta',
  weightTooLarge: (kg: string, service: string) => `Il pacco supera il peso massimo di ${kg} kg per ${service}`,
  sideTooLong: (cm: number, service: string) => `Il pacco supera il lato massimo di ${cm} cm per ${service}`,
  sumTooLarge: (cm: number, service: string) => `Il pacco supera la somma massima dei lati di ${cm} cm per ${service}`,
  girthTooLarge: (cm: number, service: string) => `Il pacco supera il limite di ${cm} cm tra lunghezza e circonferenza per ${service}`,
  weightInvalid: 'Il peso del pacco deve essere un numero di grammi maggiore di zero (al massimo 1000 kg)',
  dimensionInvalid: 'Le dimensioni del pacco devono essere millimetri interi maggiori di zero (al massimo 10 metri), tutte e tre o nessuna',
  contentTypeInvalid: 'Tipo di contenuto non valido',
  itemsTooMany: (max: number) => `Al massimo ${max} articoli nella dichiarazione doganale`,
  hsCodeInvalid: 'Il codice HS deve avere da 6 a 10 cifre',
  originInvalid: 'Il paese di origine deve essere un codice di 2 lettere (es. IT)',
  quantityInvalid: 'La quantità deve essere un numero intero da 1 a 9999',
  valueInvalid: 'Il valore deve essere in centesimi, da 0 a 100.000.000',
  descriptionTooLong: (max: number) => `La descrizione di un articolo può avere al massimo ${max} caratteri`,
  invoiceTooLong: (max: number) => `Il numero di fattura può avere al massimo ${max} caratteri`,
  notNeeded: 'La destinazione è nell\'Unione doganale UE: nessuna dichiarazione doganale richiesta',
  problemWeightMissing: 'Peso del pacco mancante: inseriscilo per poter creare l\'etichetta',
  problemCustomsMissing: (what: readonly string[]) => `Dati doganali mancanti: ${what.join(', ')}`,
} as const;

// --- where a declaration is needed ---

/** The 27 member states (ISO alpha-2; Greece as GR), all in the EU customs union. */
export const EU_MEMBER_STATES = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'] as const;

/**
 * Outside the member states but inside the union's customs territory, or in a customs union with it:
 * Monaco (UCC art. 4(2)), San Marino (customs union agreement, OJ L 84/2002), the Vatican
 * (Poste's domestic tariff area; its customs status for parcels is [open], kept as Italy).
 */
const INSIDE_BEYOND_MEMBERS = ['MC', 'SM', 'VA'] as const;

/** A territory of a member state where a parcel still needs a customs declaration. */
export interface SpecialTerritory {
  country: string;
  /** Postal codes (or their first digits) of the territory. */
  postalPrefixes: readonly string[];
  name: string;
  /** Why: outside the customs territory, or inside it but outside the VAT area (the carriers then ask for the same export data). */
  why: 'customs' | 'vat';
  source: string;
}

/**
 * The special territories of member states, by postal code. Outside the customs territory (UCC,
 * Regulation (EU) 952/2013 art. 4): Livigno, Büsingen, Heligoland, Ceuta, Melilla. Inside it but
 * outside the VAT area (Directive 2006/112/EC art. 6): Campione d'Italia (in the customs territory
 * since 2020, Regulation (EU) 2019/474), the Canary Islands, the French overseas departments,
 * Åland, Mount Athos: goods sent there are an export for VAT and travel with a customs declaration.
 */
export const SPECIAL_TERRITORIES: readonly SpecialTerritory[] = [
  { country: 'IT', postalPrefixes: ['23041'], name: 'Livigno', why: 'customs', source: 'UCC art. 4(1)' },
  { country: 'IT', postalPrefixes: ['22061'], name: "Campione d'Italia", why: 'vat', source: 'Dir. 2006/112/CE art. 6; Reg. (UE) 2019/474' },
  { country: 'DE', postalPrefixes: ['78266'], name: 'Büsingen am Hochrhein', why: 'customs', source: 'UCC art. 4(1)' },
  { country: 'DE', postalPrefixes: ['27498'], name: 'Helgoland', why: 'customs', source: 'UCC art. 4(1)' },
  { country: 'ES', postalPrefixes: ['51'], name: 'Ceuta', why: 'customs', source: 'UCC art. 4(1)' },
  { country: 'ES', postalPrefixes: ['52'], name: 'Melilla', why: 'customs', source: 'UCC art. 4(1)' },
  { country: 'ES', postalPrefixes: ['35', '38'], name: 'Isole Canarie', why: 'vat', source: 'Dir. 2006/112/CE art. 6' },
  { country: 'FR', postalPrefixes: ['971', '972', '973', '974', '975', '976', '977', '978', '984', '986', '987', '988'], name: "Dipartimenti e territori francesi d'oltremare", why: 'vat', source: 'Dir. 2006/112/CE art. 6; UCC art. 4' },
  { country: 'FI', postalPrefixes: ['22'], name: 'Isole Åland', why: 'vat', source: 'Dir. 2006/112/CE art. 6' },
  { country: 'GR', postalPrefixes: ['63086', '63087'], name: 'Monte Athos', why: 'vat', source: 'Dir. 2006/112/CE art. 6' },
];

/** Country codes some systems use for Spain's territories (Canarias IC, Ceuta and Melilla EA) and Åland (AX). */
const TERRITORY_COUNTRY_CODES: Record<string, string> = { IC: 'Isole Canarie', EA: 'Ceuta e Melilla', AX: 'Isole Åland' };

/** Whether a destination needs a customs declaration, and the territory that makes it so. */
export interface CustomsNeed {
  needed: boolean;
  /** The country or special territory outside the union's customs (or VAT) area, in Italian; null inside. */
  territory: string | null;
}

const postalDigits = (postalCode: string) => postalCode.replace(/[\s-]/g, '').toUpperCase();

/**
 * Whether a parcel to this destination needs a customs declaration: every country outside the EU
 * customs union (GB, CH, NO, US, …), and the special territories of member states listed in
 * {@link SPECIAL_TERRITORIES}. Northern Ireland (GB, postcodes `BT`) follows the union's rules for
 * goods (Windsor Framework) and needs none.
 *
 * @example customsNeedOf('GB', 'SW1A 1AA') // { needed: true, territory: 'GB' }
 * @example customsNeedOf('IT', '23041') // { needed: true, territory: 'Livigno' }
 * @example customsNeedOf('IT', '20121') // { needed: false, territory: null }
 */
export function customsNeedOf(countryCode: string, postalCode: string): CustomsNeed {
  const country = countryCode.trim().toUpperCase();
  const postal = postalDigits(postalCode);
  if (TERRITORY_COUNTRY_CODES[country]) return { needed: true, territory: TERRITORY_COUNTRY_CODES[country] };
  if (country === 'GB' && postal.startsWith('BT')) return { needed: false, territory: null };
  if (!(EU_MEMBER_STATES as readonly string[]).includes(country)) {
    if ((INSIDE_BEYOND_MEMBERS as readonly string[]).includes(country) || !/^[A-Z]{2}$/.test(country)) return { needed: false, territory: null };
    return { needed: true, territory: country };
  }
  const special = SPECIAL_TERRITORIES.find((t) => t.country === country && t.postalPrefixes.some((p) => postal.startsWith(p)));
  return special ? { needed: true, territory: special.name } : { needed: false, territory: null };
}

// --- the declaration ---

/** The contents types of the UPU forms (CN22/CN23 box "Category of item"), in Italian. */
export const customsContentTypes = ['merce', 'regalo', 'campione', 'documenti', 'reso', 'altro'] as const;
export type CustomsContentType = (typeof customsContentTypes)[number];
export const customsContentTypeLabels: Record<CustomsContentType, string> = {
  merce: 'Vendita di merce',
  regalo: 'Regalo',
  campione: 'Campione commerciale',
  documenti: 'Documenti',
  reso: 'Merce restituita',
  altro: 'Altro',
};
/** The English words of the UPU forms' boxes. */
export const customsContentTypeUpu: Record<CustomsContentType, string> = {
  merce: 'Sale of goods',
  regalo: 'Gift',
  campione: 'Commercial sample',
  documenti: 'Documents',
  reso: 'Returned goods',
  altro: 'Other',
};

/** Limits of the declaration's fields (the CN23 has room for these; GLS and the invoice take the same). */
export const CUSTOMS_LIMITS = { items: 50, description: 100, invoiceNumber: 35 } as const;

/** One line of a declaration. Values in cents of the declaration's currency; weight of all `quantity` units. */
export interface CustomsItem {
  description: string;
  quantity: number;
  valueCents: number;
  /** Net weight of the line (all units), grams; null: unknown. */
  weightGrams: number | null;
  hsCode: string;
  originCountry: string;
}

export interface CustomsDeclaration {
  contentType: CustomsContentType | '';
  invoiceNumber: string;
  currency: string;
  items: CustomsItem[];
}

const LOOSE_TEXT = (max: number, message: string) => z.string().max(max * 4).transform((v) => v.replace(/\s+/g, ' ').trim()).refine((v) => [...v].length <= max, message).refine((v) => !v.includes('\u0000'), 'Testo non valido');

/** A declaration as the drawer sends it (`PUT /api/shipments/{id}/customs`): incomplete is allowed, wrong is not. */
export const customsDeclarationSchema = z.object({
  contentType: z.union([z.enum(customsContentTypes), z.literal('')], { message: customsMessages.contentTypeInvalid }),
  invoiceNumber: LOOSE_TEXT(CUSTOMS_LIMITS.invoiceNumber, customsMessages.invoiceTooLong(CUSTOMS_LIMITS.invoiceNumber)),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Valuta non valida').default('EUR'),
  items: z
    .array(
      z.object({
        description: LOOSE_TEXT(CUSTOMS_LIMITS.description, customsMessages.descriptionTooLong(CUSTOMS_LIMITS.description)),
        quantity: z.number({ message: customsMessages.quantityInvalid }).int(customsMessages.quantityInvalid).min(1, customsMessages.quantityInvalid).max(9999, customsMessages.quantityInvalid),
        valueCents: z.number({ message: customsMessages.valueInvalid }).int(customsMessages.valueInvalid).min(0, customsMessages.valueInvalid).max(100_000_000, customsMessages.valueInvalid),
        weightGrams: z.number({ message: customsMessages.weightInvalid }).int(customsMessages.weightInvalid).min(1, customsMessages.weightInvalid).max(1_000_000, customsMessages.weightInvalid).nullable(),
        hsCode: z.string().max(20).transform((v) => v.replace(/[\s.]/g, '')).refine((v) => v === '' || /^\d{6,10}$/.test(v), customsMessages.hsCodeInvalid),
        originCountry: z.string().max(4).transform((v) => v.trim().toUpperCase()).refine((v) => v === '' || /^[A-Z]{2}$/.test(v), customsMessages.originInvalid),
      }),
    )
    .max(CUSTOMS_LIMITS.items, customsMessages.itemsTooMany(CUSTOMS_LIMITS.items)),
});
export type CustomsDeclarationInput = z.input<typeof customsDeclarationSchema>;

/** A parcel as the drawer sends it (`PUT /api/shipments/{id}/parcel`): grams and millimetres. */
export const shipmentParcelSchema = z
  .object({
    weightGrams: z.number({ message: customsMessages.weightInvalid }).int(customsMessages.weightInvalid).min(1, customsMessages.weightInvalid).max(1_000_000, customsMessages.weightInvalid),
    lengthMm: z.number({ message: customsMessages.dimensionInvalid }).int(customsMessages.dimensionInvalid).min(1, customsMessages.dimensionInvalid).max(10_000, customsMessages.dimensionInvalid).nullable().default(null),
    widthMm: z.number({ message: customsMessages.dimensionInvalid }).int(customsMessages.dimensionInvalid).min(1, customsMessages.dimensionInvalid).max(10_000, customsMessages.dimensionInvalid).nullable().default(null),
    heightMm: z.number({ message: customsMessages.dimensionInvalid }).int(customsMessages.dimensionInvalid).min(1, customsMessages.dimensionInvalid).max(10_000, customsMessages.dimensionInvalid).nullable().default(null),
    packageName: z.string().max(200).transform((v) => v.trim()).refine((v) => !v.includes('\u0000'), 'Testo non valido').default(''),
  })
  .refine((p) => [p.lengthMm, p.widthMm, p.heightMm].every((d) => d === null) || [p.lengthMm, p.widthMm, p.heightMm].every((d) => d !== null), customsMessages.dimensionInvalid);
export type ShipmentParcelInput = z.input<typeof shipmentParcelSchema>;

/**
 * What a declaration still lacks before a label, as Italian phrases (empty: complete): a contents
 * type, an invoice number for a sale of goods, at least one item, and for each item a description,
 * quantity, value, weight, HS code and origin (the HS code and origin are asked for goods; for
 * documents they may be empty).
 *
 * @example customsMissing({ contentType: '', invoiceNumber: '', currency: 'EUR', items: [] }) // ['il tipo di contenuto', 'almeno un articolo']
 */
export function customsMissing(d: CustomsDeclaration | null): string[] {
  const m = customsMessages;
  if (!d) return [m.contentTypeRequired, m.itemsRequired];
  const out: string[] = [];
  if (!d.contentType) out.push(m.contentTypeRequired);
  if (d.contentType === 'merce' && !d.invoiceNumber.trim()) out.push(m.invoiceRequired);
  if (d.items.length === 0) out.push(m.itemsRequired);
  const goods = d.contentType !== 'documenti';
  d.items.forEach((item, i) => {
    const n = i + 1;
    if (!item.description.trim()) out.push(m.itemDescription(n));
    if (!(item.quantity >= 1)) out.push(m.itemQuantity(n));
    if (goods && !(item.valueCents > 0)) out.push(m.itemValue(n));
    if (!(item.weightGrams && item.weightGrams > 0)) out.push(m.itemWeight(n));
    if (goods && !/^\d{6,10}$/.test(item.hsCode)) out.push(m.itemHsCode(n));
    if (goods && !/^[A-Z]{2}$/.test(item.originCountry)) out.push(m.itemOrigin(n));
  });
  return out;
}

export const customsTotalCents = (d: CustomsDeclaration) => d.items.reduce((sum, i) => sum + i.valueCents, 0);
export const customsNetWeightGrams = (d: CustomsDeclaration) => d.items.reduce((sum, i) => sum + (i.weightGrams ?? 0), 0);

/**
 * The CN22's upper value limit: 300 SDR (UPU Letter Post Regulations). The euro threshold is 300 €,
 * the safe side: an SDR has been worth more than a euro since the euro began (about 1,2 € in 2025),
 * and a CN23 is always allowed where a CN22 is.
 */
export const CN22_MAX_VALUE_CENTS = 30_000;
/** A letter-post item (small packet) weighs at most 2 kg (UPU Letter Post Regulations). */
export const LETTER_POST_MAX_GRAMS = 2000;

/**
 * Which UPU customs form a Poste letter carries: the CN22 up to its value limit, the CN23 above it
 * (or for any currency but the euro, whose value the SDR limit cannot be checked against here).
 *
 * @example customsFormFor({ …, currency: 'EUR', items: [{ valueCents: 2500, … }] }) // 'CN22'
 */
export function customsFormFor(d: CustomsDeclaration): 'CN22' | 'CN23' {
  return d.currency === 'EUR' && customsTotalCents(d) <= CN22_MAX_VALUE_CENTS ? 'CN22' : 'CN23';
}

/** Cents as the forms print them: '1234.50 EUR'. */
export const customsAmount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

// --- parcel limits per carrier service ---

/** A parcel as a carrier gets it: grams and (all three or none) centimetres. */
export interface ParcelSize {
  weightGrams: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
}

/** A carrier service's limits for one parcel; a field absent: no such limit known. */
export interface ParcelLimits {
  maxGrams: number;
  /** The longest side. */
  maxSideCm?: number;
  /** Length + width + height. */
  maxSumCm?: number;
  /** Length + girth (2 × (width + height)). */
  maxGirthCm?: number;
  /** The service as the refusal names it. */
  serviceName: string;
}

/**
 * Each carrier service's parcel limits (sources in the carriers README): GLS Italia 30 kg, longest
 * side 200 cm, length + girth 300 cm ([open]: GLS's contract conditions); Poste Delivery Business
 * 30 kg (providers.md, the waybill's products), longest side 150 cm, sum 300 cm ([open]); the Poste
 * letter services 2 kg (letter post), sum 90 cm, longest side 60 cm (UPU small packet).
 */
export function parcelLimitsOf(service: CarrierService): ParcelLimits | null {
  const code = service.carrierCode.trim().toLowerCase();
  if (isPoolCarrier(code)) return { maxGrams: LETTER_POST_MAX_GRAMS, maxSideCm: 60, maxSumCm: 90, serviceName: carrierDestinations(service).serviceName };
  if (code === 'gls') return { maxGrams: 30_000, maxSideCm: 200, maxGirthCm: 300, serviceName: 'GLS Italia' };
  if (code === 'poste_delivery') return { maxGrams: 30_000, maxSideCm: 150, maxSumCm: 300, serviceName: 'Poste Delivery Business' };
  return null;
}

const kgText = (grams: number) => String(grams / 1000).replace('.', ',');

/**
 * Why a parcel is over its carrier service's limits, in Italian (null: within them), checked before
 * any carrier call.
 *
 * @example parcelLimitRefusal({ carrierCode: 'gls' }, { weightGrams: 31_000 }) // 'Il pacco supera il peso massimo di 30 kg per GLS Italia'
 */
export function parcelLimitRefusal(service: CarrierService, parcel: ParcelSize): string | null {
  const limits = parcelLimitsOf(service);
  if (!limits) return null;
  const m = customsMessages;
  if (parcel.weightGrams > limits.maxGrams) return m.weightTooLarge(kgText(limits.maxGrams), limits.serviceName);
  const sides = [parcel.lengthCm, parcel.widthCm, parcel.heightCm].filter((s): s is number => typeof s === 'number' && s > 0).sort((a, b) => b - a);
  if (sides.length !== 3) return null;
  const [length, width, height] = sides;
  if (limits.maxSideCm && length > limits.maxSideCm) return m.sideTooLong(limits.maxSideCm, limits.serviceName);
  if (limits.maxSumCm && length + width + height > limits.maxSumCm) return m.sumTooLarge(limits.maxSumCm, limits.serviceName);
  if (limits.maxGirthCm && length + 2 * (width + height) > limits.maxGirthCm) return m.girthTooLarge(limits.maxGirthCm, limits.serviceName);
  return null;
}
