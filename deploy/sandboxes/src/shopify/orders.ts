import { ITALY } from '../ebay/places';
import { createRandom, type Random } from '../ebay/random';

/*
 * A Shopify shop's orders as the sandbox holds them, and the generator of plausible Italian ones:
 * real cities with their CAP and province, a small catalogue of the shop, one fulfillment order per
 * order at the shop's one location (merchant-managed), the shipping line the buyer chose.
 */

export type FinancialStatus = 'PENDING' | 'AUTHORIZED' | 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED';

export interface ShopifyAddress {
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  provinceCode: string;
  zip: string;
  country: string;
  countryCodeV2: string;
  phone: string | null;
}

export interface ShopifyLineItem {
  /** Numeric id; the GID is `gid://shopify/LineItem/<id>`. */
  id: number;
  sku: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** Decimal text, e.g. "24.90". */
  unitPrice: string;
  /** Grams of one unit. */
  grams: number;
}

export interface ShopifyShippingLine {
  title: string;
  code: string;
  source: string;
  carrierIdentifier: string | null;
  /** Decimal text. */
  price: string;
}

export interface ShopifyFulfillmentOrderLine {
  id: number;
  lineItemId: number;
  totalQuantity: number;
  remainingQuantity: number;
}

export interface ShopifyTrackingInfo {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface ShopifyFulfillment {
  id: number;
  status: 'SUCCESS' | 'CANCELLED';
  createdAt: Date;
  trackingInfo: ShopifyTrackingInfo[];
  /** Fulfillment-order line id → quantity fulfilled. */
  lines: { fulfillmentOrderLineId: number; lineItemId: number; quantity: number }[];
  /** Made through fulfillmentCreate (not seeded). */
  viaApi: boolean;
  /** When a DELIVERED fulfillment event said it was delivered. */
  deliveredAt?: Date;
}

export interface ShopifyOrder {
  id: number;
  /** "#1001". */
  name: string;
  createdAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  email: string | null;
  phone: string | null;
  financialStatus: FinancialStatus;
  currencyCode: string;
  shippingAddress: ShopifyAddress | null;
  lineItems: ShopifyLineItem[];
  shippingLine: ShopifyShippingLine | null;
  /** The one fulfillment order at the shop's location. */
  fulfillmentOrderId: number;
  fulfillmentOrderLines: ShopifyFulfillmentOrderLine[];
  fulfillments: ShopifyFulfillment[];
}

export const gid = (type: string, id: number): string => `gid://shopify/${type}/${id}`;

/** The numeric id of a GID of `type` (`gid://shopify/Order/123` → 123); undefined for anything else. */
export function idOfGid(type: string, value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = new RegExp(`^gid://shopify/${type}/(\\d{1,15})$`).exec(value);
  return match ? Number(match[1]) : undefined;
}

export const totalQuantity = (order: ShopifyOrder) => order.fulfillmentOrderLines.reduce((n, l) => n + l.totalQuantity, 0);
export const remainingQuantity = (order: ShopifyOrder) => order.fulfillmentOrderLines.reduce((n, l) => n + l.remainingQuantity, 0);

/** UNFULFILLED | PARTIALLY_FULFILLED | FULFILLED, from what is left to fulfil. */
export function displayFulfillmentStatus(order: ShopifyOrder): 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED' {
  const remaining = remainingQuantity(order);
  if (remaining === 0) return 'FULFILLED';
  return remaining < totalQuantity(order) ? 'PARTIALLY_FULFILLED' : 'UNFULFILLED';
}

/** The fulfillment order's status: OPEN, IN_PROGRESS (partly fulfilled), CLOSED (all fulfilled or cancelled). */
export function fulfillmentOrderStatus(order: ShopifyOrder): 'OPEN' | 'IN_PROGRESS' | 'CLOSED' {
  if (order.cancelledAt) return 'CLOSED';
  const status = displayFulfillmentStatus(order);
  return status === 'FULFILLED' ? 'CLOSED' : status === 'PARTIALLY_FULFILLED' ? 'IN_PROGRESS' : 'OPEN';
}

const cents = (text: string) => Math.round(Number(text) * 100);
const decimal = (value: number) => (value / 100).toFixed(2);

export const subtotalOf = (order: ShopifyOrder) => decimal(order.lineItems.reduce((sum, l) => sum + cents(l.unitPrice) * l.quantity, 0));
export const totalPriceOf = (order: ShopifyOrder) => decimal(cents(subtotalOf(order)) + (order.shippingLine ? cents(order.shippingLine.price) : 0));
export const totalWeightOf = (order: ShopifyOrder) => order.lineItems.reduce((sum, l) => sum + l.grams * l.quantity, 0);

const PRODUCTS: readonly { sku: string; title: string; variants: readonly (string | null)[]; price: string; grams: number }[] = [
  { sku: 'TAZ-CER-01', title: 'Tazza in ceramica dipinta a mano', variants: ['Blu', 'Verde', null], price: '18.50', grams: 380 },
  { sku: 'OLI-EVO-05', title: 'Olio extravergine di oliva 500 ml', variants: [null], price: '12.90', grams: 820 },
  { sku: 'SAP-ALV-03', title: "Sapone naturale all'olio d'oliva", variants: ['Lavanda', 'Limone'], price: '6.00', grams: 120 },
  { sku: 'BOR-PEL-02', title: 'Borsa in pelle artigianale', variants: ['Marrone', 'Nero'], price: '89.00', grams: 950 },
  { sku: 'CAF-MIS-10', title: 'Caffè macinato miscela 250 g', variants: [null], price: '7.40', grams: 270 },
  { sku: 'TOV-LIN-07', title: 'Tovaglia in lino 150x250', variants: ['Naturale', 'Bianco'], price: '54.00', grams: 1100 },
  { sku: 'CAN-SOI-04', title: 'Candela profumata alla cera di soia', variants: ['Fico', 'Vaniglia'], price: '15.00', grams: 300 },
  { sku: 'PAS-ART-12', title: 'Pasta di Gragnano 1 kg', variants: [null], price: '4.20', grams: 1020 },
];

const SHIPPING_LINES: readonly (readonly [ShopifyShippingLine, number])[] = [
  [{ title: 'Spedizione standard', code: 'Spedizione standard', source: 'shopify', carrierIdentifier: null, price: '5.90' }, 6],
  [{ title: 'Spedizione gratuita', code: 'Spedizione gratuita', source: 'shopify', carrierIdentifier: null, price: '0.00' }, 2],
  [{ title: 'Spedizione espressa 24h', code: 'Spedizione espressa 24h', source: 'shopify', carrierIdentifier: null, price: '12.90' }, 2],
];

const FINANCIAL: readonly (readonly [FinancialStatus, number])[] = [
  ['PAID', 16],
  ['PENDING', 2],
  ['PARTIALLY_REFUNDED', 1],
  ['REFUNDED', 1],
];

const slug = (text: string) => text.normalize('NFD').replace(/[^a-zA-Z]/g, '').toLowerCase();

export interface GenerateShopifyOrdersOptions {
  count: number;
  seed: string | number;
  /** Ids already used in the sandbox (kept unique; filled with the new ones). */
  nextId: () => number;
  /** The order names continue from this number ("#1001"). */
  firstNumber: number;
  /** The newest order is created at `now` minus a little; the oldest within `historyDays`. */
  now: Date;
  historyDays?: number;
}

/**
 * `count` orders of one shop, oldest first, deterministic for a seed: most paid and still to ship,
 * some shipped (a seeded fulfillment with a GLS tracking), some partly shipped, a few cancelled.
 */
export function generateShopifyOrders(options: GenerateShopifyOrdersOptions): ShopifyOrder[] {
  const random = createRandom(`shopify:${options.seed}`);
  const historyMs = (options.historyDays ?? 50) * 86_400_000;
  const orders: ShopifyOrder[] = [];
  const start = options.now.getTime() - historyMs;
  for (let i = 0; i < options.count; i++) {
    const createdAt = new Date(start + Math.floor(((i + random.next()) / Math.max(1, options.count)) * (historyMs - 3_600_000)));
    orders.push(generateOrder(random, options, options.firstNumber + i, createdAt));
  }
  return orders;
}

function generateOrder(random: Random, options: GenerateShopifyOrdersOptions, number: number, createdAt: Date): ShopifyOrder {
  const firstName = random.pick(ITALY.firstNames);
  const lastName = random.pick(ITALY.lastNames);
  const place = random.pick(ITALY.places);
  const phone = `+39${random.pick(ITALY.mobilePrefixes)}${random.digits(7)}`;
  const lines: ShopifyLineItem[] = [];
  const lineCount = random.weighted([[1, 6], [2, 3], [3, 1]] as const);
  const used = new Set<string>();
  while (lines.length < lineCount) {
    const product = random.pick(PRODUCTS);
    if (used.has(product.sku)) continue;
    used.add(product.sku);
    lines.push({ id: options.nextId(), sku: product.sku, title: product.title, variantTitle: random.pick(product.variants), quantity: random.weighted([[1, 7], [2, 2], [3, 1]] as const), unitPrice: product.price, grams: product.grams });
  }
  const financialStatus = random.weighted(FINANCIAL);
  const cancelled = financialStatus === 'REFUNDED' || random.chance(0.03);
  const order: ShopifyOrder = {
    id: options.nextId(),
    name: `#${number}`,
    createdAt,
    updatedAt: createdAt,
    cancelledAt: cancelled ? new Date(createdAt.getTime() + 3_600_000) : null,
    email: `${slug(firstName)}.${slug(lastName)}${random.int(1, 99)}@${random.pick(ITALY.mailDomains)}`,
    phone: random.chance(0.5) ? phone : null,
    financialStatus,
    currencyCode: 'EUR',
    shippingAddress: {
      firstName,
      lastName,
      company: random.chance(0.1) ? `${lastName} S.r.l.` : null,
      address1: `${random.pick(ITALY.streets)} ${random.int(1, 180)}`,
      address2: random.chance(0.2) ? random.pick(ITALY.secondLines) : null,
      city: place.city,
      province: place.stateOrProvince,
      provinceCode: place.stateOrProvince,
      zip: place.postalCode,
      country: 'Italy',
      countryCodeV2: 'IT',
      phone,
    },
    lineItems: lines,
    shippingLine: random.weighted(SHIPPING_LINES),
    fulfillmentOrderId: options.nextId(),
    fulfillmentOrderLines: lines.map((l) => ({ id: options.nextId(), lineItemId: l.id, totalQuantity: l.quantity, remainingQuantity: l.quantity })),
    fulfillments: [],
  };
  // Older paid orders are mostly shipped already; a few only in part.
  const age = options.now.getTime() - createdAt.getTime();
  if (!cancelled && financialStatus === 'PAID' && age > 10 * 86_400_000 && random.chance(0.6)) {
    const partly = order.fulfillmentOrderLines.length > 1 && random.chance(0.2);
    const shipped = partly ? order.fulfillmentOrderLines.slice(0, 1) : order.fulfillmentOrderLines;
    order.fulfillments.push({
      id: options.nextId(),
      status: 'SUCCESS',
      createdAt: new Date(createdAt.getTime() + 86_400_000),
      trackingInfo: [{ company: 'GLS', number: `MI${random.digits(9)}`, url: null }],
      lines: shipped.map((l) => ({ fulfillmentOrderLineId: l.id, lineItemId: l.lineItemId, quantity: l.remainingQuantity })),
      viaApi: false,
    });
    for (const l of shipped) l.remainingQuantity = 0;
    order.updatedAt = new Date(createdAt.getTime() + 86_400_000);
  }
  return order;
}
