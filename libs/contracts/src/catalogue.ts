import { z } from 'zod';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text';

/**
 * The product catalogue and the package presets (issue 25): what the merchant fills once per
 * product (weight, dimensions, customs data), the presets' fields, their Italian texts, and the
 * checks shared by the screens, the gateway, the orders service and the catalogue's CSV. Units on
 * the API: grams and millimetres (whole numbers); the screens and the CSV show centimetres with a
 * decimal comma.
 */

/** A unit or a box heavier than 1,000 kg, or longer than 10 m, is a typing mistake. */
export const PRODUCT_WEIGHT_MAX_GRAMS = 1_000_000;
export const DIMENSION_MAX_MM = 10_000;
export const CUSTOMS_DESCRIPTION_MAX = 200;
export const PRESET_NAME_MAX = 60;
export const PRODUCTS_PAGE_SIZE_MAX = 100;
/** Rows one catalogue CSV may hold (a bigger catalogue is uploaded in parts). */
export const PRODUCTS_CSV_ROWS_MAX = 20_000;
export const PRODUCTS_CSV_BYTES_MAX = 5 * 1024 * 1024;

export const catalogueMessages = {
  // --- the product's fields ---
  weightInvalid: `Il peso deve essere un numero intero di grammi tra 1 e ${PRODUCT_WEIGHT_MAX_GRAMS.toLocaleString('it-IT')}`,
  dimensionInvalid: (field: string) => `${field} deve essere un numero intero di millimetri tra 1 e ${DIMENSION_MAX_MM.toLocaleString('it-IT')}`,
  dimensionCmInvalid: (field: string) => `${field} deve essere un numero di centimetri maggiore di 0 e fino a ${(DIMENSION_MAX_MM / 10).toLocaleString('it-IT')}, con al massimo un decimale`,
  hsCodeInvalid: 'Il codice HS deve avere da 6 a 10 cifre',
  originInvalid: 'Il paese di origine deve essere un codice di due lettere (es. IT)',
  descriptionTooLong: `La descrizione doganale può contenere al massimo ${CUSTOMS_DESCRIPTION_MAX} caratteri`,
  descriptionInvalid: 'La descrizione doganale deve essere un testo',
  ownBoxInvalid: "'Spedisce nella propria scatola' deve essere vero o falso",
  productNotFound: 'Prodotto non trovato',
  nothingToUpdate: 'Nessun campo da aggiornare',
  // --- the list ---
  searchTooLong: 'La ricerca può contenere al massimo 100 caratteri',
  pageInvalid: 'La pagina deve essere un numero intero da 1 in su',
  pageSizeInvalid: `Il numero di prodotti per pagina deve essere tra 1 e ${PRODUCTS_PAGE_SIZE_MAX}`,
  filterInvalid: 'Filtro non valido',
  // --- presets ---
  presetNameRequired: 'Nome richiesto',
  presetNameTooLong: `Il nome può contenere al massimo ${PRESET_NAME_MAX} caratteri`,
  tareInvalid: `La tara deve essere un numero intero di grammi tra 0 e ${PRODUCT_WEIGHT_MAX_GRAMS.toLocaleString('it-IT')}`,
  maxWeightInvalid: `Il peso massimo deve essere un numero intero di grammi tra 0 (nessun limite) e ${PRODUCT_WEIGHT_MAX_GRAMS.toLocaleString('it-IT')}`,
  tareOverMax: 'La tara non può superare il peso massimo',
  defaultInvalid: "'Predefinito' deve essere vero o falso",
  presetNotFound: 'Imballaggio non trovato',
  presetDeleted: 'Imballaggio eliminato',
  presetNameTaken: (name: string) => `Esiste già un imballaggio chiamato '${name}'`,
  presetInvalid: "L'imballaggio deve essere l'id di un imballaggio del merchant",
  // --- the CSV ---
  csvEmpty: 'Il file è vuoto',
  csvTooLarge: `Il file può pesare al massimo ${PRODUCTS_CSV_BYTES_MAX / 1024 / 1024} MB`,
  csvTooManyRows: `Il file può contenere al massimo ${PRODUCTS_CSV_ROWS_MAX.toLocaleString('it-IT')} righe`,
  csvUnreadable: (detail: string) => `Il file non è un CSV leggibile: ${detail}`,
  csvMissingColumns: (columns: string) => `Mancano le colonne: ${columns}`,
  csvUnknownSku: 'SKU non presente nel catalogo',
  csvDuplicateSku: (row: number) => `SKU ripetuto (già alla riga ${row})`,
  csvRefused: (rows: number) => `${rows === 1 ? '1 riga rifiutata' : `${rows} righe rifiutate`}: nessuna modifica applicata`,
  csvApplied: (rows: number) => (rows === 1 ? '1 prodotto aggiornato' : `${rows} prodotti aggiornati`),
  // --- the order ---
  weightMissing: 'Peso mancante',
} as const;

const m = catalogueMessages;

/** One field's check: the value, or the Italian reason. */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): FieldCheck<T> => ({ ok: true, value });
const refused = (message: string): FieldCheck<never> => ({ ok: false, message });
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A whole number of grams (number, or digits as text); blank is null (unknown). */
export function checkWeightGrams(v: unknown): FieldCheck<number | null> {
  if (blank(v)) return ok(null);
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= PRODUCT_WEIGHT_MAX_GRAMS ? ok(n) : refused(m.weightInvalid);
}

/** A whole number of millimetres; blank is null. */
export function checkDimensionMm(v: unknown, label: string): FieldCheck<number | null> {
  if (blank(v)) return ok(null);
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= DIMENSION_MAX_MM ? ok(n) : refused(m.dimensionInvalid(label));
}

/**
 * A decimal as people in Italy type it: a comma (or a dot) before at most `places` decimals, no
 * thousands separator; NaN when it is not one (the CSV uploads and the forms read numbers so).
 *
 * @example parseDecimalComma('12,5') // 12.5
 * @example parseDecimalComma('1.234,5') // NaN (ambiguous: refused)
 */
export function parseDecimalComma(text: string, places = 3): number {
  const t = text.trim();
  if (!new RegExp(`^\\d{1,12}([.,]\\d{1,${places}})?$`).test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}

/** Centimetres as typed ("12,5" or "12.5"), to millimetres; blank is null. */
export function checkDimensionCm(v: unknown, label: string): FieldCheck<number | null> {
  if (blank(v)) return ok(null);
  const cm = typeof v === 'number' ? v : typeof v === 'string' ? parseDecimalComma(v, 1) : Number.NaN;
  const mm = Math.round(cm * 10);
  return Number.isFinite(cm) && Math.abs(cm * 10 - mm) < 1e-9 && mm >= 1 && mm <= DIMENSION_MAX_MM ? ok(mm) : refused(m.dimensionCmInvalid(label));
}

/** Millimetres shown as centimetres with a decimal comma ("12,5"); '' for none. */
export function formatCm(mm: number | null | undefined): string {
  if (mm === null || mm === undefined) return '';
  return (mm / 10).toLocaleString('it-IT', { maximumFractionDigits: 1, useGrouping: false });
}

/** 6 to 10 digits (dots and spaces as people write them are dropped: "6109.10" → "610910"); blank is ''. */
export function checkHsCode(v: unknown): FieldCheck<string> {
  if (blank(v)) return ok('');
  if (typeof v !== 'string' && typeof v !== 'number') return refused(m.hsCodeInvalid);
  const digits = String(v).replace(/[.\s]/g, '');
  return /^\d{6,10}$/.test(digits) ? ok(digits) : refused(m.hsCodeInvalid);
}

/** ISO 3166-1 alpha-2, upper-cased; blank is ''. */
export function checkOriginCountry(v: unknown): FieldCheck<string> {
  if (blank(v)) return ok('');
  if (typeof v !== 'string') return refused(m.originInvalid);
  const code = v.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? ok(code) : refused(m.originInvalid);
}

export function checkCustomsDescription(v: unknown): FieldCheck<string> {
  if (blank(v)) return ok('');
  if (typeof v !== 'string') return refused(m.descriptionInvalid);
  const text = v.replace(/\0/g, '').trim();
  if (text.length > CUSTOMS_DESCRIPTION_MAX) return refused(m.descriptionTooLong);
  if (hasHiddenCharacters(text)) return refused(hiddenCharactersMessage);
  return ok(text);
}

/** true/false, or in the CSV sì/si/no/vero/falso/1/0/x; blank is false. */
export function checkOwnBox(v: unknown): FieldCheck<boolean> {
  if (typeof v === 'boolean') return ok(v);
  if (blank(v)) return ok(false);
  const t = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (['sì', 'si', 'vero', 'true', '1', 'x'].includes(t)) return ok(true);
  if (['no', 'falso', 'false', '0'].includes(t)) return ok(false);
  return refused(m.ownBoxInvalid);
}

/** A field checked by one of the checks above; an absent key reaches the check as undefined (its Italian message, never zod's). */
const fromCheck = <T>(check: (v: unknown) => FieldCheck<T>, documented?: JsonSchemaOf) => {
  const parsed = z
    .unknown()
    .optional()
    .transform((v, ctx): T => {
      const r = check(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      }
      return r.value;
    });
  // The API's fields say what a client sends; the dialogs' (cm as typed) need not.
  return documented ? parsed.meta(documented) : parsed;
};

/**
 * What the API document says a client sends for a field parsed by a check of its own (the check
 * gives the Italian messages and accepts the spreadsheet's spellings too: "12", "sì").
 */
type JsonSchemaOf = Record<string, unknown>;
const integerIn = (minimum: number, maximum: number, nullable = true): JsonSchemaOf => ({ type: nullable ? ['integer', 'null'] : 'integer', minimum, maximum });
const textUpTo = (maxLength: number): JsonSchemaOf => ({ type: 'string', maxLength });

/** What the merchant fills for a product; every field given (the dialog sends the whole product). */
export interface ProductFields {
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  hsCode: string;
  originCountry: string;
  customsDescription: string;
  shipsInOwnBox: boolean;
}

export const productDimensionLabels = { lengthMm: 'La lunghezza', widthMm: 'La larghezza', heightMm: 'L\'altezza' } as const;

const PRODUCT_FIELD_KEYS = ['weightGrams', 'lengthMm', 'widthMm', 'heightMm', 'hsCode', 'originCountry', 'customsDescription', 'shipsInOwnBox'];

/** `PUT /api/products/:id`: the whole of what the merchant fills (blank = unknown); a body naming none of the fields changes nothing (400). */
export const productUpdateSchema = z
  .unknown()
  .superRefine((v, ctx) => {
    if (!v || typeof v !== 'object' || Array.isArray(v) || !PRODUCT_FIELD_KEYS.some((k) => Object.hasOwn(v, k))) ctx.addIssue({ code: 'custom', message: m.nothingToUpdate });
  })
  .pipe(z.object({
  weightGrams: fromCheck(checkWeightGrams, integerIn(1, PRODUCT_WEIGHT_MAX_GRAMS)),
  lengthMm: fromCheck((v) => checkDimensionMm(v, productDimensionLabels.lengthMm), integerIn(1, DIMENSION_MAX_MM)),
  widthMm: fromCheck((v) => checkDimensionMm(v, productDimensionLabels.widthMm), integerIn(1, DIMENSION_MAX_MM)),
  heightMm: fromCheck((v) => checkDimensionMm(v, productDimensionLabels.heightMm), integerIn(1, DIMENSION_MAX_MM)),
  hsCode: fromCheck(checkHsCode, { type: 'string', pattern: '^(\\d{6,10})?$' }),
  originCountry: fromCheck(checkOriginCountry, { type: 'string', pattern: '^([A-Za-z]{2})?$' }),
  customsDescription: fromCheck(checkCustomsDescription, textUpTo(CUSTOMS_DESCRIPTION_MAX)),
  shipsInOwnBox: fromCheck(checkOwnBox, { type: 'boolean' }),
})) satisfies z.ZodType<ProductFields>;

const flag = z
  .string()
  .optional()
  .transform((v, ctx): boolean => {
    if (v === undefined || v === '' || v === 'false' || v === '0') return false;
    if (v === 'true' || v === '1') return true;
    ctx.addIssue({ code: 'custom', message: m.filterInvalid });
    return z.NEVER;
  });

const pageNumber = (message: string, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx): number => {
      if (v === undefined || v === '') return fallback;
      const n = /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= 1 && n <= max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** `GET /api/products?search&missingWeight&missingCustoms&marketplace&page&pageSize`. */
export const productListQuerySchema = z.object({
  search: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? '').replace(/\0/g, '').trim();
      if (s.length > 100) {
        ctx.addIssue({ code: 'custom', message: m.searchTooLong });
        return z.NEVER;
      }
      return s;
    }),
  missingWeight: flag,
  missingCustoms: flag,
  marketplace: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? '').trim();
      if (s && !/^[a-z]{2,20}$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: m.filterInvalid });
        return z.NEVER;
      }
      return s;
    }),
  page: pageNumber(m.pageInvalid, 1_000_000, 1),
  pageSize: pageNumber(m.pageSizeInvalid, PRODUCTS_PAGE_SIZE_MAX, 20),
});

/** A package preset's fields (API units: mm and grams). */
export interface PackagePresetFields {
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  tareGrams: number;
  maxWeightGrams: number;
  isDefault: boolean;
}

const presetName = z.unknown().optional().transform((v, ctx): string => {
  const name = typeof v === 'string' ? v.replace(/\0/g, '').trim() : '';
  if (!name) {
    ctx.addIssue({ code: 'custom', message: m.presetNameRequired });
    return z.NEVER;
  }
  if (name.length > PRESET_NAME_MAX) {
    ctx.addIssue({ code: 'custom', message: m.presetNameTooLong });
    return z.NEVER;
  }
  if (hasHiddenCharacters(name)) {
    ctx.addIssue({ code: 'custom', message: hiddenCharactersMessage });
    return z.NEVER;
  }
  return name;
}).meta({ type: 'string', minLength: 1, maxLength: PRESET_NAME_MAX });

const requiredDimension = (label: string) =>
  z.unknown().optional().transform((v, ctx): number => {
    const r = checkDimensionMm(v, label);
    if (!r.ok || r.value === null) {
      ctx.addIssue({ code: 'custom', message: r.ok ? m.dimensionInvalid(label) : r.message });
      return z.NEVER;
    }
    return r.value;
  }).meta(integerIn(1, DIMENSION_MAX_MM, false));

const grams = (message: string) =>
  z.unknown().optional().transform((v, ctx): number => {
    if (blank(v)) return 0;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!(Number.isSafeInteger(n) && n >= 0 && n <= PRODUCT_WEIGHT_MAX_GRAMS)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  }).meta(integerIn(0, PRODUCT_WEIGHT_MAX_GRAMS));

/** `POST /api/package-presets` and `PUT /api/package-presets/:id`: the whole preset. */
export const packagePresetSchema = z
  .object({
    name: presetName,
    lengthMm: requiredDimension(productDimensionLabels.lengthMm),
    widthMm: requiredDimension(productDimensionLabels.widthMm),
    heightMm: requiredDimension(productDimensionLabels.heightMm),
    tareGrams: grams(m.tareInvalid),
    maxWeightGrams: grams(m.maxWeightInvalid),
    isDefault: z.unknown().optional().transform((v, ctx): boolean => {
      if (v === undefined || v === null) return false;
      if (typeof v !== 'boolean') {
        ctx.addIssue({ code: 'custom', message: m.defaultInvalid });
        return z.NEVER;
      }
      return v;
    }).meta({ type: ['boolean', 'null'] }),
  })
  .superRefine((p, ctx) => {
    if (p.maxWeightGrams > 0 && p.tareGrams > p.maxWeightGrams) ctx.addIssue({ code: 'custom', message: m.tareOverMax, path: ['tareGrams'] });
  }) satisfies z.ZodType<PackagePresetFields>;

/** `PUT /api/orders/:id/package` {presetId}: null or 0 = the merchant's default. */
export const orderPackageSchema = z.object({
  presetId: z.unknown().optional().transform((v, ctx): number => {
    if (v === undefined || v === null || v === 0) return 0;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) {
      ctx.addIssue({ code: 'custom', message: m.presetInvalid });
      return z.NEVER;
    }
    return v;
  }).meta({ type: ['integer', 'null'], minimum: 0, description: "null or 0: the merchant's default preset" }),
});

/**
 * The catalogue's CSV (download, fill, upload): its columns in order, Italian headers. SKU names the
 * product; Titolo and Marketplace are for reading and ignored on upload.
 */
export const PRODUCT_CSV_COLUMNS = {
  sku: 'SKU',
  title: 'Titolo',
  marketplaces: 'Marketplace',
  weightGrams: 'Peso (g)',
  lengthCm: 'Lunghezza (cm)',
  widthCm: 'Larghezza (cm)',
  heightCm: 'Altezza (cm)',
  hsCode: 'Codice HS',
  originCountry: 'Paese di origine',
  customsDescription: 'Descrizione doganale',
  shipsInOwnBox: 'Spedisce nella propria scatola',
} as const;

/** One refused row of an uploaded CSV: the row as the merchant's spreadsheet numbers it (the header is 1). */
export interface CsvRowProblem {
  row: number;
  column: string;
  message: string;
}

/**
 * One CSV row (a record keyed by the Italian headers) as the product's fields, or its problems.
 *
 * @example checkProductCsvRow({ SKU: 'A-1', 'Peso (g)': '350', 'Lunghezza (cm)': '12,5', … }, 2)
 */
export function checkProductCsvRow(record: Readonly<Record<string, string | undefined>>, row: number): { sku: string; fields: ProductFields } | { problems: CsvRowProblem[] } {
  const c = PRODUCT_CSV_COLUMNS;
  const problems: CsvRowProblem[] = [];
  const take = <T>(column: string, r: FieldCheck<T>, fallback: T): T => {
    if (r.ok) return r.value;
    problems.push({ row, column, message: r.message });
    return fallback;
  };
  const sku = (record[c.sku] ?? '').trim();
  if (!sku) problems.push({ row, column: c.sku, message: 'SKU mancante' });
  const fields: ProductFields = {
    weightGrams: take(c.weightGrams, checkWeightGrams(record[c.weightGrams]), null),
    lengthMm: take(c.lengthCm, checkDimensionCm(record[c.lengthCm], productDimensionLabels.lengthMm), null),
    widthMm: take(c.widthCm, checkDimensionCm(record[c.widthCm], productDimensionLabels.widthMm), null),
    heightMm: take(c.heightCm, checkDimensionCm(record[c.heightCm], productDimensionLabels.heightMm), null),
    hsCode: take(c.hsCode, checkHsCode(record[c.hsCode]), ''),
    originCountry: take(c.originCountry, checkOriginCountry(record[c.originCountry]), ''),
    customsDescription: take(c.customsDescription, checkCustomsDescription(record[c.customsDescription]), ''),
    shipsInOwnBox: take(c.shipsInOwnBox, checkOwnBox(record[c.shipsInOwnBox]), false),
  };
  return problems.length ? { problems } : { sku, fields };
}

/** A product as the API answers it. */
export interface ProductJson extends ProductFields {
  id: number;
  sku: string;
  title: string;
  imageUrl: string | null;
  marketplaceRefs: { marketplace: string; integrationId: number; itemId: string }[];
  updatedAt: string;
}

export interface ProductListJson {
  data: ProductJson[];
  meta: { page: number; pageSize: number; totalItems: number; totalPages: number; hasNextPage: boolean; hasPrevPage: boolean };
}

export interface PackagePresetJson extends PackagePresetFields {
  id: number;
}

/** The upload's answer: applied (how many), or refused with every problem. */
export interface ProductCsvResultJson {
  applied: boolean;
  updated: number;
  message: string;
  problems: CsvRowProblem[];
}

// --- the screens' forms: centimetres and grams as typed, to the API's fields ---

const requiredCm = (label: string) =>
  z.string().transform((v, ctx): number => {
    const r = checkDimensionCm(v, label);
    if (!r.ok || r.value === null) {
      ctx.addIssue({ code: 'custom', message: r.ok ? m.dimensionCmInvalid(label) : r.message });
      return z.NEVER;
    }
    return r.value;
  });
const optionalCm = (label: string) => fromCheck((v) => checkDimensionCm(v, label));

/** The preset dialog (Impostazioni › Imballaggi): dimensions in cm as typed ("30" or "12,5"), weights in grams. */
export const packagePresetFormSchema = z
  .object({
    name: presetName,
    lengthCm: requiredCm(productDimensionLabels.lengthMm),
    widthCm: requiredCm(productDimensionLabels.widthMm),
    heightCm: requiredCm(productDimensionLabels.heightMm),
    tareGrams: grams(m.tareInvalid),
    maxWeightGrams: grams(m.maxWeightInvalid),
    isDefault: z.boolean(),
  })
  .superRefine((p, ctx) => {
    if (p.maxWeightGrams > 0 && p.tareGrams > p.maxWeightGrams) ctx.addIssue({ code: 'custom', message: m.tareOverMax, path: ['tareGrams'] });
  })
  .transform(
    (p): PackagePresetFields => ({ name: p.name, lengthMm: p.lengthCm, widthMm: p.widthCm, heightMm: p.heightCm, tareGrams: p.tareGrams, maxWeightGrams: p.maxWeightGrams, isDefault: p.isDefault }),
  );
export type PackagePresetFormValues = z.input<typeof packagePresetFormSchema>;

/** The product dialog (Catalogo): weight in grams, dimensions in cm as typed. */
export const productFormSchema = z
  .object({
    weightGrams: fromCheck(checkWeightGrams),
    lengthCm: optionalCm(productDimensionLabels.lengthMm),
    widthCm: optionalCm(productDimensionLabels.widthMm),
    heightCm: optionalCm(productDimensionLabels.heightMm),
    hsCode: fromCheck(checkHsCode),
    originCountry: fromCheck(checkOriginCountry),
    customsDescription: fromCheck(checkCustomsDescription),
    shipsInOwnBox: fromCheck(checkOwnBox),
  })
  .transform(
    (p): ProductFields => ({
      weightGrams: p.weightGrams,
      lengthMm: p.lengthCm,
      widthMm: p.widthCm,
      heightMm: p.heightCm,
      hsCode: p.hsCode,
      originCountry: p.originCountry,
      customsDescription: p.customsDescription,
      shipsInOwnBox: p.shipsInOwnBox,
    }),
  );
export interface ProductFormValues {
  weightGrams: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
  hsCode: string;
  originCountry: string;
  customsDescription: string;
  shipsInOwnBox: boolean;
}

/** A product's fields as the dialog shows them. */
export function productFormValues(p: ProductFields): ProductFormValues {
  return {
    weightGrams: p.weightGrams === null ? '' : String(p.weightGrams),
    lengthCm: formatCm(p.lengthMm),
    widthCm: formatCm(p.widthMm),
    heightCm: formatCm(p.heightMm),
    hsCode: p.hsCode,
    originCountry: p.originCountry,
    customsDescription: p.customsDescription,
    shipsInOwnBox: p.shipsInOwnBox,
  };
}

/** Texts of the catalogue screen and the presets tab (Italian, shared by the two remotes and the e2e). */
export const catalogueTexts = {
  title: 'Catalogo',
  subtitle: 'I prodotti dei tuoi ordini: completa una volta peso, misure e dati doganali.',
  searchPlaceholder: 'Cerca per SKU o titolo...',
  filterMissingWeight: 'Senza peso',
  filterMissingCustoms: 'Senza dati doganali',
  allMarketplaces: 'Tutti i marketplace',
  emptyTitle: 'Nessun prodotto nel catalogo',
  emptyText: 'I prodotti compaiono qui da soli quando importi gli ordini dai marketplace: sincronizza i tuoi ordini per iniziare.',
  noMatch: 'Nessun prodotto corrisponde ai filtri',
  columns: { product: 'Prodotto', sku: 'SKU', weight: 'Peso', dimensions: 'Misure (cm)', customs: 'Dati doganali', actions: 'Azioni' },
  missing: 'Mancante',
  complete: 'Completi',
  incomplete: 'Da completare',
  edit: 'Modifica',
  editTitle: (sku: string) => `Modifica prodotto ${sku}`,
  editDescription: 'Questi dati valgono per tutti gli ordini con questo SKU.',
  fields: {
    weightGrams: 'Peso (g)',
    lengthCm: 'Lunghezza (cm)',
    widthCm: 'Larghezza (cm)',
    heightCm: 'Altezza (cm)',
    hsCode: 'Codice HS',
    originCountry: 'Paese di origine',
    customsDescription: 'Descrizione doganale',
    shipsInOwnBox: 'Spedisce nella propria scatola',
  },
  save: 'Salva',
  saving: 'Salvataggio...',
  cancel: 'Annulla',
  saved: 'Prodotto aggiornato',
  saveFailed: 'Impossibile aggiornare il prodotto',
  loadFailed: 'Impossibile caricare il catalogo.',
  csvDownload: 'Scarica CSV',
  csvUpload: 'Carica CSV',
  csvUploading: 'Caricamento...',
  csvApplied: 'Catalogo aggiornato',
  csvRefusedTitle: 'File rifiutato',
  csvReportColumns: { row: 'Riga', column: 'Colonna', reason: 'Motivo' },
  csvFailed: 'Impossibile caricare il file',
  pageOf: (from: number, to: number, total: number) => `Mostrando ${from} - ${to} di ${total} prodotti`,
  previous: 'Precedente',
  next: 'Successiva',
  presets: {
    title: 'Imballaggi',
    description: "Le scatole e le buste in cui spedisci: la tara si aggiunge al peso dell'ordine.",
    add: 'Aggiungi imballaggio',
    createFirst: 'Crea il primo imballaggio',
    emptyTitle: 'Nessun imballaggio configurato',
    emptyText: "Aggiungi le scatole che usi: quella predefinita si applica a ogni ordine, le regole possono sceglierne un'altra.",
    columns: { name: 'Nome', dimensions: 'Misure interne (cm)', tare: 'Tara', maxWeight: 'Peso massimo', actions: 'Azioni' },
    defaultBadge: 'Predefinito',
    noLimit: 'Nessun limite',
    createTitle: 'Nuovo imballaggio',
    editTitle: 'Modifica imballaggio',
    dialogDescription: 'Misure interne in centimetri, pesi in grammi.',
    fields: { name: 'Nome', lengthCm: 'Lunghezza (cm)', widthCm: 'Larghezza (cm)', heightCm: 'Altezza (cm)', tareGrams: 'Tara (g)', maxWeightGrams: 'Peso massimo (g, 0 = nessun limite)', isDefault: 'Predefinito' },
    namePlaceholder: 'es. Scatola M',
    create: 'Crea imballaggio',
    update: 'Aggiorna imballaggio',
    created: 'Imballaggio creato',
    updated: 'Imballaggio aggiornato',
    deleted: 'Imballaggio eliminato',
    saveFailed: "Impossibile salvare l'imballaggio",
    deleteTitle: 'Elimina imballaggio',
    deleteConfirm: (name: string) => `Sei sicuro di voler eliminare l'imballaggio "${name}"? Gli ordini che lo usano passano a quello predefinito.`,
    remove: 'Elimina',
    removing: 'Eliminazione...',
    loadFailed: 'Impossibile caricare gli imballaggi.',
    adminOnly: 'Solo gli amministratori possono modificare gli imballaggi.',
  },
  orderPackage: 'Imballaggio',
  orderPackageDefault: 'Predefinito del merchant',
  orderPackageNone: 'Nessun imballaggio',
  orderPackageSaved: 'Imballaggio aggiornato',
  orderPackageFailed: "Impossibile cambiare l'imballaggio",
  weight: 'Peso',
  weightUnknown: 'Peso mancante',
} as const;
