import { z } from 'zod';
import type { OrderStatus, PaymentStatus } from './api-types';
import { marketplaceIds, type MarketplaceId } from './marketplace-catalogue';
import { MANUAL_MARKETPLACE } from './manual-marketplace';
import type { PostalAddress } from './postal-address';

/**
 * Orders (spec §2 orders screen, §3 orders, §4 order statuses, §7 Orders, §9): the list's query
 * parameters, the status filter values and the Italian texts the orders service and the gateway
 * answer. The gateway validates with {@link ordersQuerySchema}; the orders screen reads its URL with
 * {@link readOrdersUrlQuery}, which falls back to the defaults instead of refusing.
 */

/**
 * Spec §4 filter values → stored statuses, in the order of the screen's tabs. `TO_PAY` (da_pagare,
 * issue 19) is ours: an order the marketplace says is to ship whose payment is not in yet
 * ({@link isUnpaidPayment}) waits there instead of in 'Da spedire', out of the shipping rules and of
 * bulk shipment creation, until an import says it is paid.
 */
export const orderStatusFilters = {
  TO_PAY: 'da_pagare',
  TO_SHIP: 'da_spedire',
  IN_TRANSIT: 'in_transito',
  SHIPPED: 'spedito',
  DELIVERED: 'consegnato',
  CANCELLED: 'annullato',
} as const satisfies Record<string, OrderStatus>;
export type OrderStatusFilter = keyof typeof orderStatusFilters;
export const orderStatuses = Object.values(orderStatusFilters) as OrderStatus[];

/** Payment statuses that hold an order back (issue 19): waiting for the money, or the payment failed. */
export const UNPAID_PAYMENT_STATUSES = ['in_attesa', 'fallito'] as const satisfies readonly PaymentStatus[];

/**
 * Whether an order with this payment status is not paid (in_attesa, fallito): it waits in
 * 'Da pagare', the rules and bulk creation pass it over, and a shipment for it needs a confirmation.
 *
 * @example isUnpaidPayment('fallito') // true
 */
export function isUnpaidPayment(paymentStatus: string | null | undefined): boolean {
  return (UNPAID_PAYMENT_STATUSES as readonly string[]).includes((paymentStatus ?? '').trim().toLowerCase());
}

/** The Italian name of each payment status (the payment badges, and the texts that name the payment). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  in_attesa: 'In attesa',
  pagato: 'Pagato',
  fallito: 'Non riuscito',
  rimborsato: 'Rimborsato',
  parzialmente_rimborsato: 'Parzialmente rimborsato',
};

/** 'pagamento in attesa', 'pagamento non riuscito': the payment named inside a sentence. */
export function paymentPhrase(paymentStatus: string): string {
  const label = (paymentStatusLabels as Record<string, string>)[paymentStatus] ?? paymentStatus;
  return `pagamento ${label.toLowerCase()}`;
}


/**
 * A line's fulfilment at its marketplace, in Smista's words: each adapter maps its marketplace's
 * own states onto these (eBay NOT_STARTED, IN_PROGRESS, FULFILLED), so orders and shipments never
 * compare a marketplace's raw value. '' (stored null) when the marketplace gave none.
 */
export const lineFulfilmentStatuses = ['da_spedire', 'parzialmente_spedito', 'spedito'] as const;
export type LineFulfilmentStatus = (typeof lineFulfilmentStatuses)[number];

/**
 * Whether the marketplace already shows every unit of the line as shipped: a tracking push naming it
 * would be refused ("already fulfilled"), so a new shipment leaves it out.
 *
 * @example isLineShipped('spedito') // true; isLineShipped('parzialmente_spedito') // false
 */
export function isLineShipped(status: string | null | undefined): boolean {
  return (status ?? '').trim().toLowerCase() === 'spedito';
}

/**
 * The lines a shipment tells the marketplace it carries: those the marketplace does not show as
 * shipped yet, since a marketplace refuses a fulfilment naming a line it already has one for
 * (eBay 32700), however the others stand. When every line is shipped there, all of them: the
 * merchant ships again on purpose, and the marketplace's refusal says why it cannot take this
 * tracking. Orders (UpdateTracking) and shipments (a new shipment's lines) both pick by it.
 *
 * @example linesToShip([{ externalItemId: 'A', fulfillmentStatus: 'spedito' }, { externalItemId: 'B', fulfillmentStatus: 'da_spedire' }]) // [B]
 */
export function linesToShip<I extends { fulfillmentStatus: string | null }>(items: readonly I[]): I[] {
  const open = items.filter((i) => !isLineShipped(i.fulfillmentStatus));
  return open.length > 0 ? open : [...items];
}

/** The list's marketplace filter: the catalogue's marketplaces and `manual` (orders typed or from a CSV file, issue 25). */
export const orderMarketplaceFilters = [...marketplaceIds, MANUAL_MARKETPLACE] as [MarketplaceId | typeof MANUAL_MARKETPLACE, ...(MarketplaceId | typeof MANUAL_MARKETPLACE)[]];
export type OrderMarketplaceFilter = (typeof orderMarketplaceFilters)[number];

/** Columns the list sorts by (`sortBy`), default orderDate. */
export const orderSortFields = ['orderDate', 'total', 'buyerName', 'status', 'externalId', 'createdAt', 'shipByDate', 'itemsCount'] as const;
export type OrderSortField = (typeof orderSortFields)[number];

/** Spec §9: default page size 20; larger requests are clamped to this (documented, not refused). */
export const ORDER_PAGE_SIZE_DEFAULT = 20;
export const ORDER_PAGE_SIZE_MAX = 100;
export const ORDER_SEARCH_MAX = 200;

export const orderMessages = {
  pageInvalid: 'Il numero di pagina deve essere un intero maggiore o uguale a 1',
  pageSizeInvalid: 'La dimensione della pagina deve essere un intero maggiore o uguale a 1',
  sortByInvalid: `Ordinamento non valido: usa uno tra ${orderSortFields.join(', ')}`,
  sortOrderInvalid: "Il verso dell'ordinamento deve essere asc o desc",
  statusInvalid: `Stato ordine non valido: usa uno tra ${Object.keys(orderStatusFilters).join(', ')}`,
  marketplaceInvalid: `Marketplace non valido: usa uno tra ${[...marketplaceIds, MANUAL_MARKETPLACE].join(', ')}`,
  weightMissingInvalid: "Il filtro 'Peso mancante' deve essere true o false",
  startDateInvalid: 'Data di inizio non valida: usa il formato ISO (es. 2026-11-01)',
  endDateInvalid: 'Data di fine non valida: usa il formato ISO (es. 2026-11-30)',
  dateRangeInvalid: 'La data di inizio deve precedere la data di fine',
  searchTooLong: `La ricerca può contenere al massimo ${ORDER_SEARCH_MAX} caratteri`,
  orderNotFound: 'Ordine non trovato',
  integrationNotFound: 'Integrazione non trovata',
  carrierIntegrationRequired: "Seleziona un'integrazione corriere",
  carrierIntegrationInvalid: "L'integrazione corriere deve essere un numero intero positivo",
  carrierIntegrationNotFound: 'Integrazione corriere non trovata',
  carrierIntegrationInactive: "L'integrazione corriere non è attiva: attivala prima di assegnarla",
  carrierAssigned: 'Corriere assegnato',
  carrierRemoved: 'Corriere rimosso',
  /** `POST /api/orders/{id}/update-tracking` of an order with no shipment carrying a tracking number (spec §8). */
  noTrackingToUpdate: 'Nessun tracking da aggiornare',
  /** GetOrders with more ids than it answers at once. */
  tooManyIds: (max: number) => `Puoi chiedere al massimo ${max} ordini per volta`,
} as const;

/** `TO_SHIP`, `to_ship`, `da_spedire` → `da_spedire`; `all` / empty → undefined; else null (unknown). */
export function parseOrderStatus(raw: string | undefined): OrderStatus | undefined | null {
  const value = (raw ?? '').trim();
  if (!value || value.toLowerCase() === 'all') return undefined;
  const upper = value.toUpperCase() as OrderStatusFilter;
  if (upper in orderStatusFilters) return orderStatusFilters[upper];
  const lower = value.toLowerCase();
  return (orderStatuses as string[]).includes(lower) ? (lower as OrderStatus) : null;
}

/** True when the YYYY-MM-DD at the start of `v` is a day of the calendar (Date.parse turns 2026-02-30 into March 2). */
const isCalendarDay = (v: string) => {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

const isoDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)) && isCalendarDay(v), { message })
    .transform((v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00.000Z` : v).toISOString());

/** A whole number ≥ 1 written in decimal digits (at most 9 of them). */
const positiveInt = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1, message);

const optionalText = z.string().optional().transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * `GET /api/orders` query (spec §2/§7). Unknown parameters (`_t`, `integration` of the screen) are
 * ignored; `pageSize` above 100 is clamped to 100. A date-only `endDate` covers that whole day.
 */
export const ordersQuerySchema = z
  .object({
    page: optionalText.pipe(positiveInt(orderMessages.pageInvalid).optional()).transform((v) => v ?? 1),
    pageSize: optionalText.pipe(positiveInt(orderMessages.pageSizeInvalid).optional()).transform((v) => Math.min(v ?? ORDER_PAGE_SIZE_DEFAULT, ORDER_PAGE_SIZE_MAX)),
    sortBy: optionalText.pipe(z.enum(orderSortFields, { message: orderMessages.sortByInvalid }).optional()).transform((v) => v ?? 'orderDate'),
    sortOrder: optionalText
      .transform((v) => v?.toLowerCase())
      .pipe(z.enum(['asc', 'desc'], { message: orderMessages.sortOrderInvalid }).optional())
      .transform((v) => v ?? 'desc'),
    search: optionalText.pipe(z.string().max(ORDER_SEARCH_MAX, orderMessages.searchTooLong).optional()),
    status: optionalText.transform((v, ctx) => {
      const parsed = parseOrderStatus(v);
      if (parsed === null) ctx.addIssue({ code: 'custom', message: orderMessages.statusInvalid });
      return parsed ?? undefined;
    }),
    marketplace: optionalText.transform((v) => v?.toLowerCase()).pipe(z.enum(orderMarketplaceFilters, { message: orderMessages.marketplaceInvalid }).optional()),
    startDate: optionalText.pipe(isoDate(orderMessages.startDateInvalid).optional()),
    endDate: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
      .pipe(isoDate(orderMessages.endDateInvalid).optional()),
    /** `true`: only the orders with 'Peso mancante' (issue 25). */
    weightMissing: optionalText.transform((v, ctx) => {
      if (v === undefined || v === 'false') return undefined;
      if (v === 'true') return true;
      ctx.addIssue({ code: 'custom', message: orderMessages.weightMissingInvalid });
      return undefined;
    }),
  })
  .transform((q, ctx) => {
    // A date-only end date means "up to the end of that day".
    if (q.endDate && q.endDate.endsWith('T00:00:00.000Z')) q.endDate = new Date(Date.parse(q.endDate) + 86_400_000 - 1).toISOString();
    if (q.startDate && q.endDate && q.startDate > q.endDate) ctx.addIssue({ code: 'custom', message: orderMessages.dateRangeInvalid, path: ['startDate'] });
    return q;
  });
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

/** The orders screen's URL (spec §2): like the API query plus `integration`; a bad value falls back to its default. */
export function readOrdersUrlQuery(params: URLSearchParams): OrdersQuery & { integration?: number } {
  const out: Record<string, unknown> = {};
  const fallback = ordersQuerySchema.parse({});
  for (const key of ['page', 'pageSize', 'sortBy', 'sortOrder', 'search', 'status', 'marketplace', 'startDate', 'endDate', 'weightMissing'] as const) {
    const raw = params.get(key);
    if (raw === null) continue;
    const one = ordersQuerySchema.safeParse({ [key]: raw });
    out[key] = one.success ? one.data[key] : undefined;
  }
  const merged = { ...fallback, ...Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) } as OrdersQuery;
  const integration = Number(params.get('integration'));
  return Number.isInteger(integration) && integration > 0 ? { ...merged, integration } : merged;
}

/** `PATCH /api/orders/{id}/carrier` (spec §7): `carrierIntegrationId` a number; null removes the assignment. */
export const assignCarrierSchema = z.object({
  carrierIntegrationId: z.unknown().transform((v, ctx) => {
    if (v === null) return null;
    if (v === undefined) {
      ctx.addIssue({ code: 'custom', message: orderMessages.carrierIntegrationRequired });
      return z.NEVER;
    }
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) {
      ctx.addIssue({ code: 'custom', message: orderMessages.carrierIntegrationInvalid });
      return z.NEVER;
    }
    return v;
  }).meta({ type: ['integer', 'null'], minimum: 1, description: 'null removes the assignment' }),
});

/** An order's shipping address under the spec's names (§3), absent parts null or empty, as the domain and the API have it. */
export interface OrderAddressFields {
  fullName: string;
  companyName?: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state?: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber?: string | null;
  email?: string | null;
}

/**
 * An order's shipping address as the one postal address on the wire (every field, the absent ones
 * empty): fullName → name, state → province, phoneNumber → phone. The inverse of {@link orderAddressOfPostal}.
 *
 * @example postalAddressOfOrder({ fullName: 'Giulia Bianchi', addressLine1: 'Via Garibaldi 5', city: 'Torino', postalCode: '10121', country: 'Italia', countryCode: 'IT' }).name // 'Giulia Bianchi'
 */
export function postalAddressOfOrder(a: OrderAddressFields): Required<PostalAddress> {
  return {
    name: a.fullName,
    companyName: a.companyName ?? '',
    contactName: '',
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    city: a.city,
    province: a.state ?? '',
    postalCode: a.postalCode,
    country: a.country,
    countryCode: a.countryCode,
    phone: a.phoneNumber ?? '',
    email: a.email ?? '',
  };
}

/** A postal address from the wire under an order's names (spec §3), absent parts empty strings. The inverse of {@link postalAddressOfOrder}. */
export function orderAddressOfPostal(a: Partial<PostalAddress> | undefined): Required<{ [K in keyof OrderAddressFields]: string }> {
  return {
    fullName: a?.name ?? '',
    companyName: a?.companyName ?? '',
    addressLine1: a?.addressLine1 ?? '',
    addressLine2: a?.addressLine2 ?? '',
    city: a?.city ?? '',
    state: a?.province ?? '',
    postalCode: a?.postalCode ?? '',
    country: a?.country ?? '',
    countryCode: a?.countryCode ?? '',
    phoneNumber: a?.phone ?? '',
    email: a?.email ?? '',
  };
}
