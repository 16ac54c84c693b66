import { z } from 'zod';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text';
import { parseDecimalComma } from './catalogue';

/**
 * Shipping rules (spec §2 /shipping-rules, §3 shipping_rules, §5 the rule form, §7
 * /api/shipping-rules): the body of a rule and its conditions, the Italian texts of the form, the
 * service and the screen, the summary of a rule's conditions and the reasons the dry run gives.
 * The same schema checks the form, the gateway and the orders service.
 */

export const SHIPPING_RULE_NAME_MAX = 100;
export const SHIPPING_RULE_PRIORITY_MAX = 999_999;
/** Euro and kilograms a condition may name. */
export const SHIPPING_RULE_PRICE_MAX = 1_000_000;
export const SHIPPING_RULE_WEIGHT_MAX = 10_000;
export const SHIPPING_RULE_COUNTRIES_MAX = 250;
export const SHIPPING_RULE_CATEGORIES_MAX = 100;
/** Orders one preview may name, and the rows a preview answers (its counts cover every order). */
export const SHIPPING_RULE_PREVIEW_IDS_MAX = 1000;
export const SHIPPING_RULE_PREVIEW_ROWS = 200;

/** Spec §3 conditions, as stored and answered (snake_case, as the spec names them). */
export interface ShippingRuleConditions {
  /** Order total in euro, inclusive. */
  price_min?: number;
  price_max?: number;
  /** Order weight in kg, inclusive. */
  weight_max?: number;
  /** ISO 3166-1 alpha-2 codes, upper-case. */
  destinations?: string[];
  exclude_destinations?: string[];
  /** Kept as given; no order carries a category yet, so the engine does not read it (spec: "in the schema only"). */
  product_categories?: string[];
  /** true: only express shipping services; false: only the others. */
  is_express?: boolean;
}

/**
 * The conditions as they travel over gRPC (proto `RuleConditions`: camelCase, lists always present,
 * empty when not a condition). The gateway and the orders service convert with the two functions
 * below, so absent stays absent both ways.
 */
export interface RuleConditionsWire {
  priceMin?: number;
  priceMax?: number;
  weightMax?: number;
  destinations: string[];
  excludeDestinations: string[];
  productCategories: string[];
  isExpress?: boolean;
}

export function conditionsToWire(c: ShippingRuleConditions): RuleConditionsWire {
  return {
    priceMin: c.price_min,
    priceMax: c.price_max,
    weightMax: c.weight_max,
    destinations: c.destinations ?? [],
    excludeDestinations: c.exclude_destinations ?? [],
    productCategories: c.product_categories ?? [],
    isExpress: c.is_express,
  };
}

/** Only the conditions given (an empty list is no condition). */
export function conditionsFromWire(w: RuleConditionsWire | undefined): ShippingRuleConditions {
  const out: ShippingRuleConditions = {};
  if (!w) return out;
  if (w.priceMin !== undefined) out.price_min = w.priceMin;
  if (w.priceMax !== undefined) out.price_max = w.priceMax;
  if (w.weightMax !== undefined) out.weight_max = w.weightMax;
  if (w.destinations.length) out.destinations = w.destinations;
  if (w.excludeDestinations.length) out.exclude_destinations = w.excludeDestinations;
  if (w.productCategories.length) out.product_categories = w.productCategories;
  if (w.isExpress !== undefined) out.is_express = w.isExpress;
  return out;
}

export const shippingRuleMessages = {
  // --- the form (spec §5) ---
  nameRequired: 'Nome richiesto',
  nameTooLong: `Il nome può contenere al massimo ${SHIPPING_RULE_NAME_MAX} caratteri`,
  priorityMin: 'Priorità deve essere almeno 1',
  priorityInteger: 'La priorità deve essere un numero intero',
  priorityMax: `La priorità può essere al massimo ${SHIPPING_RULE_PRIORITY_MAX}`,
  carrierRequired: 'Corriere richiesto',
  carrierInvalid: "Il corriere deve essere l'id di un'integrazione corriere",
  activeInvalid: 'Lo stato deve essere vero o falso',
  conditionsInvalid: 'Le condizioni devono essere un oggetto',
  unknownCondition: (keys: string) => `Condizione sconosciuta: ${keys}`,
  priceInvalid: (field: string) => `${field} deve essere un importo in euro tra 0 e ${SHIPPING_RULE_PRICE_MAX.toLocaleString('it-IT')}, con al massimo 2 decimali`,
  priceRange: 'Il prezzo minimo non può superare il prezzo massimo',
  weightInvalid: `Il peso massimo deve essere un numero di kg maggiore di 0 e fino a ${SHIPPING_RULE_WEIGHT_MAX.toLocaleString('it-IT')}, con al massimo 3 decimali`,
  countriesInvalid: (field: string) => `${field}: scrivi i codici paese separati da virgole (es. IT, SM)`,
  countryInvalid: (field: string, code: string) => `${field}: '${code}' non è un codice paese di due lettere (es. IT)`,
  tooManyCountries: (field: string) => `${field}: al massimo ${SHIPPING_RULE_COUNTRIES_MAX} paesi`,
  countryBoth: (codes: string) => `Paesi sia inclusi sia esclusi: ${codes}`,
  categoriesInvalid: `Le categorie devono essere un elenco di testi (al massimo ${SHIPPING_RULE_CATEGORIES_MAX})`,
  expressInvalid: 'Express deve essere vero o falso',
  nothingToUpdate: 'Nessun campo da aggiornare',
  orderIdsInvalid: 'orderIds deve essere un elenco di id di ordini (numeri interi positivi)',
  tooManyOrderIds: `Puoi chiedere l'anteprima di al massimo ${SHIPPING_RULE_PREVIEW_IDS_MAX} ordini per volta`,
  // --- the service ---
  ruleNotFound: 'Regola non trovata',
  priorityTaken: (priority: number, name: string) => `La priorità ${priority} è già usata dalla regola '${name}': scegline un'altra`,
  carrierNotFound: 'Integrazione corriere non trovata',
  // --- the screen (spec §2) ---
  title: 'Regole di Spedizione',
  assign: 'Assegna Corrieri',
  newRule: 'Nuova Regola',
  created: 'Regola creata',
  updated: 'Regola aggiornata',
  deleted: 'Regola eliminata',
  assigned: 'Corrieri assegnati',
} as const;

const m = shippingRuleMessages;

/** The Italian name of each condition, in messages and in the form. */
export const shippingRuleConditionLabels = {
  price_min: 'Prezzo minimo (€)',
  price_max: 'Prezzo massimo (€)',
  weight_max: 'Peso massimo (kg)',
  destinations: 'Destinazioni',
  exclude_destinations: 'Destinazioni escluse',
  product_categories: 'Categorie prodotto',
  is_express: 'Solo spedizioni express',
} as const;

const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A decimal given as a number or as text with a comma or a dot ("12,50"); NaN when it is not one. The places are checked by the caller. */
function decimalOf(v: unknown): number {
  if (typeof v === 'number') return v;
  return typeof v === 'string' ? parseDecimalComma(v, 20) : Number.NaN;
}

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

function amount(field: string, max: number, places: number, message: string) {
  return z
    .unknown()
    .transform((v, ctx): number | undefined => {
    if (absent(v)) return undefined;
    const n = decimalOf(v);
    if (!Number.isFinite(n) || n < 0 || n > max || decimals(n) > places || (field === 'weight_max' && n === 0)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  })
    .meta({
      type: ['number', 'string', 'null'],
      minimum: 0,
      maximum: max,
      description: `A number, or text with a comma or a dot ("12,50"); at most ${places} decimals${field === 'weight_max' ? ', more than 0' : ''}`,
    })
    .optional();
}

/** Country codes typed comma-separated (or a list): trimmed, upper-cased, empty entries and repeats dropped (spec §5). */
function countries(field: string) {
  const label = shippingRuleConditionLabels[field as keyof typeof shippingRuleConditionLabels];
  return z.unknown().transform((v, ctx): string[] | undefined => {
    if (absent(v)) return undefined;
    const raw = typeof v === 'string' ? v.split(',') : Array.isArray(v) && v.every((c) => typeof c === 'string') ? (v as string[]) : null;
    if (!raw) {
      ctx.addIssue({ code: 'custom', message: m.countriesInvalid(label) });
      return z.NEVER;
    }
    const codes = [...new Set(raw.map((c) => c.trim().toUpperCase()).filter(Boolean))];
    const bad = codes.find((c) => !/^[A-Z]{2}$/.test(c));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: m.countryInvalid(label, bad.slice(0, 20)) });
      return z.NEVER;
    }
    if (codes.length > SHIPPING_RULE_COUNTRIES_MAX) {
      ctx.addIssue({ code: 'custom', message: m.tooManyCountries(label) });
      return z.NEVER;
    }
    return codes.length ? codes : undefined;
  })
    .meta({
      type: ['array', 'string', 'null'],
      items: { type: 'string', pattern: '^\\s*[A-Za-z]{2}\\s*$' },
      maxItems: SHIPPING_RULE_COUNTRIES_MAX,
      description: 'ISO 3166-1 alpha-2 codes: a list, or text separated by commas ("IT, SM")',
    })
    .optional();
}

const conditionFields = {
  price_min: amount('price_min', SHIPPING_RULE_PRICE_MAX, 2, m.priceInvalid('Il prezzo minimo')),
  price_max: amount('price_max', SHIPPING_RULE_PRICE_MAX, 2, m.priceInvalid('Il prezzo massimo')),
  weight_max: amount('weight_max', SHIPPING_RULE_WEIGHT_MAX, 3, m.weightInvalid),
  destinations: countries('destinations'),
  exclude_destinations: countries('exclude_destinations'),
  product_categories: z.unknown().transform((v, ctx): string[] | undefined => {
    if (absent(v)) return undefined;
    const raw = typeof v === 'string' ? v.split(',') : v;
    if (!Array.isArray(raw) || raw.length > SHIPPING_RULE_CATEGORIES_MAX || !raw.every((c) => typeof c === 'string' && c.length <= 100)) {
      ctx.addIssue({ code: 'custom', message: m.categoriesInvalid });
      return z.NEVER;
    }
    const list = [...new Set(raw.map((c: string) => c.replace(/\0/g, '').trim()).filter(Boolean))];
    return list.length ? list : undefined;
  })
    .meta({
      type: ['array', 'string', 'null'],
      items: { type: 'string', maxLength: 100 },
      maxItems: SHIPPING_RULE_CATEGORIES_MAX,
      description: 'Product categories: a list, or text separated by commas',
    })
    .optional(),
  is_express: z.unknown().transform((v, ctx): boolean | undefined => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'boolean') {
      ctx.addIssue({ code: 'custom', message: m.expressInvalid });
      return z.NEVER;
    }
    return v;
  })
    .meta({ type: ['boolean', 'null'], description: 'Only orders with an express shipping service' })
    .optional(),
};

/**
 * Spec §3 conditions: every one optional; none (or an empty object, or null) is the default rule
 * that matches every order. Unknown keys are refused by name, so a typo never becomes a rule that
 * matches everything.
 */
export const shippingRuleConditionsSchema = z
  .unknown()
  .transform((v, ctx): Record<string, unknown> => {
    if (v === undefined || v === null) return {};
    if (typeof v !== 'object' || Array.isArray(v)) {
      ctx.addIssue({ code: 'custom', message: m.conditionsInvalid });
      return z.NEVER;
    }
    const unknown = Object.keys(v).filter((k) => !Object.hasOwn(conditionFields, k));
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: m.unknownCondition(unknown.slice(0, 5).join(', ').slice(0, 200)) });
      return z.NEVER;
    }
    return v as Record<string, unknown>;
  })
  .pipe(z.object(conditionFields))
  .superRefine((c, ctx) => {
    if (c.price_min !== undefined && c.price_max !== undefined && c.price_min > c.price_max) ctx.addIssue({ code: 'custom', message: m.priceRange, path: ['price_max'] });
    const both = (c.destinations ?? []).filter((code) => c.exclude_destinations?.includes(code));
    if (both.length) ctx.addIssue({ code: 'custom', message: m.countryBoth(both.join(', ')), path: ['exclude_destinations'] });
  })
  .transform((c): ShippingRuleConditions => {
    // Only the conditions given, in a stable order (what is stored and answered).
    const out: ShippingRuleConditions = {};
    for (const key of Object.keys(conditionFields) as (keyof ShippingRuleConditions)[]) {
      if (c[key] !== undefined) (out as Record<string, unknown>)[key] = c[key];
    }
    return out;
  });

const nameField = z.unknown().transform((v, ctx): string => {
  const name = typeof v === 'string' ? v.replace(/\0/g, '').trim() : '';
  if (!name) {
    ctx.addIssue({ code: 'custom', message: m.nameRequired });
    return z.NEVER;
  }
  if (name.length > SHIPPING_RULE_NAME_MAX) {
    ctx.addIssue({ code: 'custom', message: m.nameTooLong });
    return z.NEVER;
  }
  if (hasHiddenCharacters(name)) {
    ctx.addIssue({ code: 'custom', message: hiddenCharactersMessage });
    return z.NEVER;
  }
  return name;
});

/** A whole number ≥ 1 (a number, or digits typed in the form); text, 0 and fractions are refused. */
const priorityField = z.unknown().transform((v, ctx): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n)) {
    ctx.addIssue({ code: 'custom', message: typeof v === 'string' || typeof v === 'number' ? m.priorityInteger : m.priorityMin });
    return z.NEVER;
  }
  if (n < 1) {
    ctx.addIssue({ code: 'custom', message: m.priorityMin });
    return z.NEVER;
  }
  if (n > SHIPPING_RULE_PRIORITY_MAX) {
    ctx.addIssue({ code: 'custom', message: m.priorityMax });
    return z.NEVER;
  }
  return n;
});

const carrierField = z.unknown().transform((v, ctx): number => {
  if (v === undefined || v === null || v === '' || v === 0 || v === '0') {
    ctx.addIssue({ code: 'custom', message: m.carrierRequired });
    return z.NEVER;
  }
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
    ctx.addIssue({ code: 'custom', message: m.carrierInvalid });
    return z.NEVER;
  }
  return n;
});

/** The package the rule gives the order (issue 25): a preset id; null, 0 or '' = none. */
const packagePresetField = z.unknown().transform((v, ctx): number | null => {
  if (v === undefined || v === null || v === '' || v === 0 || v === '0') return null;
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
    ctx.addIssue({ code: 'custom', message: "L'imballaggio deve essere l'id di un imballaggio del merchant" });
    return z.NEVER;
  }
  return n;
});

const activeField = z.unknown().transform((v, ctx): boolean => {
  if (typeof v !== 'boolean') {
    ctx.addIssue({ code: 'custom', message: m.activeInvalid });
    return z.NEVER;
  }
  return v;
});

/**
 * What the API document says a client sends for each field (each is parsed by a check of its own,
 * which gives the Italian messages and also accepts what a form sends: "3", "").
 */
const documented = {
  name: { type: 'string', minLength: 1, maxLength: SHIPPING_RULE_NAME_MAX },
  priority: { type: 'integer', minimum: 1, maximum: SHIPPING_RULE_PRIORITY_MAX },
  carrierIntegrationId: { type: 'integer', minimum: 1 },
  active: { type: 'boolean' },
  conditions: { type: ['object', 'null'], description: 'Spec §3 conditions, every one optional; none is the default rule' },
  packagePresetId: { type: ['integer', 'null'], minimum: 1 },
} as const;

/**
 * `POST /api/shipping-rules` (spec §5): name, priority (default: the highest + 1, or 1), carrier
 * (one of the merchant's carrier integrations, checked by orders), active (default true),
 * conditions (optional).
 */
export const shippingRuleCreateSchema = z
  .object({
    name: nameField.meta(documented.name),
    priority: z
      .unknown()
      .transform((v, ctx) => (v === null || v === '' ? undefined : priorityOrIssue(v, ctx)))
      .meta(documented.priority)
      .optional(),
    carrierIntegrationId: carrierField.meta(documented.carrierIntegrationId),
    active: z.unknown().transform(activeOrIssue).meta(documented.active).optional(),
    conditions: shippingRuleConditionsSchema.meta(documented.conditions).optional(),
    packagePresetId: packagePresetField.meta(documented.packagePresetId).optional(),
  })
  .transform((b) => ({ ...b, active: b.active ?? true, conditions: b.conditions ?? {}, packagePresetId: b.packagePresetId ?? null }));
export type ShippingRuleCreate = z.output<typeof shippingRuleCreateSchema>;

function priorityOrIssue(v: unknown, ctx: z.RefinementCtx): number {
  const r = priorityField.safeParse(v);
  if (r.success) return r.data;
  ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? m.priorityMin });
  return z.NEVER;
}
function activeOrIssue(v: unknown, ctx: z.RefinementCtx): boolean {
  const r = activeField.safeParse(v);
  if (r.success) return r.data;
  ctx.addIssue({ code: 'custom', message: m.activeInvalid });
  return z.NEVER;
}

/** `PUT /api/shipping-rules/{id}`: any of the fields, each with the create rules; what is absent stays. */
export const shippingRuleUpdateSchema = z
  .object({
    name: nameField.meta(documented.name).optional(),
    priority: z.unknown().transform(priorityOrIssue).meta(documented.priority).optional(),
    carrierIntegrationId: z
      .unknown()
      .transform((v, ctx) => {
      const r = carrierField.safeParse(v);
      if (r.success) return r.data;
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? m.carrierRequired });
      return z.NEVER;
    })
      .meta(documented.carrierIntegrationId)
      .optional(),
    active: z.unknown().transform(activeOrIssue).meta(documented.active).optional(),
    conditions: shippingRuleConditionsSchema.meta(documented.conditions).optional(),
    packagePresetId: packagePresetField.meta(documented.packagePresetId).optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.values(body).every((v) => v === undefined)) ctx.addIssue({ code: 'custom', message: m.nothingToUpdate });
  });
export type ShippingRuleUpdate = z.output<typeof shippingRuleUpdateSchema>;

/** `POST /api/shipping-rules/preview`: the merchant's TO_SHIP orders, or these (at most 1,000). */
export const shippingRulePreviewSchema = z.object({
  orderIds: z
    .unknown()
    .transform((v, ctx): number[] | undefined => {
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || !v.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
      ctx.addIssue({ code: 'custom', message: m.orderIdsInvalid });
      return z.NEVER;
    }
    if (v.length > SHIPPING_RULE_PREVIEW_IDS_MAX) {
      ctx.addIssue({ code: 'custom', message: m.tooManyOrderIds });
      return z.NEVER;
    }
    return [...new Set(v as number[])];
  })
    .meta({ type: ['array', 'null'], items: { type: 'integer', minimum: 1 }, maxItems: SHIPPING_RULE_PREVIEW_IDS_MAX, description: "Orders to try the rules on; none: the merchant's orders to ship" })
    .optional(),
});

// --- words shared by the screen, the summary and the dry run ---

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const kg = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });
/** 12.5 → '12,50 €' */
export const formatEuro = (value: number): string => euro.format(value).replace(/\u00a0/g, ' ');
/** 2.25 → '2,25 kg' */
export const formatKg = (value: number): string => `${kg.format(value)} kg`;

/** The Italian summary of a rule's conditions (the table's column); no condition: the default rule. */
export function conditionsSummary(c: ShippingRuleConditions): string {
  const parts: string[] = [];
  if (c.price_min !== undefined && c.price_max !== undefined) parts.push(`Totale da ${formatEuro(c.price_min)} a ${formatEuro(c.price_max)}`);
  else if (c.price_min !== undefined) parts.push(`Totale da ${formatEuro(c.price_min)}`);
  else if (c.price_max !== undefined) parts.push(`Totale fino a ${formatEuro(c.price_max)}`);
  if (c.weight_max !== undefined) parts.push(`Peso fino a ${formatKg(c.weight_max)}`);
  if (c.destinations?.length) parts.push(`Destinazioni: ${c.destinations.join(', ')}`);
  if (c.exclude_destinations?.length) parts.push(`Escluse: ${c.exclude_destinations.join(', ')}`);
  if (c.is_express === true) parts.push('Solo express');
  if (c.is_express === false) parts.push('Esclusi express');
  return parts.length ? parts.join(' · ') : 'Tutti gli ordini (regola predefinita)';
}

/**
 * Why a rule did not take an order (the dry run): the first condition that failed, in the order the
 * engine checks them. Each text is prefixed with the rule's name by `ruleReason`.
 */
export const ruleMismatch = {
  inactive: 'regola disattivata',
  carrierInactive: (carrier: string) => `corriere '${carrier}' non attivo`,
  carrierMissing: 'corriere non più configurato',
  noDestination: "destinazione dell'ordine sconosciuta",
  notIncluded: (code: string) => `destinazione ${code} non inclusa`,
  excluded: (code: string) => `destinazione ${code} esclusa`,
  currency: (currency: string) => `totale in ${currency}: i prezzi delle regole sono in euro`,
  belowMin: (total: number, min: number) => `totale ${formatEuro(total)} sotto il minimo di ${formatEuro(min)}`,
  aboveMax: (total: number, max: number) => `totale ${formatEuro(total)} sopra il massimo di ${formatEuro(max)}`,
  weightUnknown: "peso dell'ordine mancante: completa il peso dei prodotti nel Catalogo",
  tooHeavy: (weight: number, max: number) => `peso ${formatKg(weight)} oltre il massimo di ${formatKg(max)}`,
  notExpress: 'spedizione non express',
  express: 'spedizione express',
} as const;

/** "Regola 'Italia express': destinazione DE non inclusa" */
export const ruleReason = (ruleName: string, mismatch: string): string => `Regola '${ruleName}': ${mismatch}`;

/** What assigning would do to an order (the dry run) or did (the assignment's counts). */
export const ruleOutcomes = ['assign', 'unchanged', 'manual', 'no_match', 'has_shipment', 'not_to_ship', 'unpaid'] as const;
export type RuleOutcome = (typeof ruleOutcomes)[number];

export const ruleOutcomeLabels: Record<RuleOutcome, string> = {
  assign: 'Corriere assegnato dalla regola',
  unchanged: 'Già assegnato da questa regola',
  manual: 'Corriere scelto a mano: non cambia',
  no_match: 'Nessuna regola corrisponde',
  has_shipment: 'Spedizione già creata: non cambia',
  not_to_ship: 'Ordine non da spedire: non cambia',
  unpaid: 'Non pagato: nessun corriere finché non è pagato',
};

/**
 * Why the rules pass over an order not paid (issue 19), naming its payment: the dry run's reason
 * for an order in 'Da pagare'.
 *
 * @example unpaidRuleReason('pagamento in attesa') // "Ordine non pagato (pagamento in attesa): …"
 */
export const unpaidRuleReason = (payment: string): string =>
  `Ordine non pagato (${payment}): resta in 'Da pagare' e le regole non gli assegnano un corriere finché non è pagato`;

const orders = (n: number) => (n === 1 ? '1 ordine' : `${n} ordini`);

/**
 * The message of 'Assegna Corrieri' with its counts (spec §7 "response message"); `preview`: the
 * same counts as the dry run says them, before anything is assigned.
 */
export function assignCarriersMessage(
  c: { assigned: number; unchanged: number; manual: number; noMatch: number; hasShipment: number; total: number; unpaid?: number },
  options: { preview?: boolean } = {},
): string {
  const unpaid = c.unpaid ? `${orders(c.unpaid)} non ${c.unpaid === 1 ? 'pagato escluso' : 'pagati esclusi'} (in 'Da pagare')` : '';
  if (c.total === 0) return [`${options.preview ? 'Anteprima: ' : ''}Nessun ordine da spedire a cui assegnare un corriere`, unpaid].filter(Boolean).join('; ');
  const assigned = options.preview ? `Anteprima: Corriere da assegnare a ${orders(c.assigned)}` : `Corriere assegnato a ${orders(c.assigned)}`;
  const parts = [c.assigned === 0 ? `${options.preview ? 'Anteprima: ' : ''}Nessun corriere da cambiare` : assigned];
  if (c.unchanged) parts.push(`${orders(c.unchanged)} già con il corriere della regola`);
  const kept = (n: number) => (n === 1 ? 'lasciato invariato' : 'lasciati invariati');
  if (c.manual) parts.push(`${orders(c.manual)} con corriere scelto a mano ${kept(c.manual)}`);
  if (c.hasShipment) parts.push(`${orders(c.hasShipment)} con spedizione già creata ${kept(c.hasShipment)}`);
  if (c.noMatch) parts.push(`${orders(c.noMatch)} senza regola corrispondente`);
  if (unpaid) parts.push(unpaid);
  return parts.join('; ');
}
