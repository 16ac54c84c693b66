import { ITALY } from '../ebay/places';
import { createRandom, type Random } from '../ebay/random';

/*
 * An Amazon seller's orders as the sandbox holds them (Orders API v2026-01-01 shapes), and the
 * generator of plausible Italian ones on amazon.it: real cities with CAP and province, 1–3 items of
 * a small catalogue with ASIN and SKU, the shipping service level the buyer chose, mostly merchant
 * fulfilled (a few by Amazon), older ones mostly shipped with a GLS package.
 */

export const ITALY_MARKETPLACE = { marketplaceId: 'APJ6JRA9NG5V4', marketplaceName: 'Amazon.it', channelName: 'AMAZON' } as const;

export type FulfillmentStatus = 'PENDING' | 'UNSHIPPED' | 'PARTIALLY_SHIPPED' | 'SHIPPED' | 'CANCELLED';
export type ServiceLevel = 'STANDARD' | 'EXPEDITED' | 'FREE_ECONOMY' | 'NEXT_DAY' | 'SECOND_DAY' | 'PRIORITY' | 'SAME_DAY' | 'SCHEDULED';

export interface AmazonOrderItem {
  orderItemId: string;
  asin: string;
  sellerSku: string;
  title: string;
  quantityOrdered: number;
  /** Decimal text, e.g. "24.90". */
  unitPrice: string;
}

export interface AmazonPackage {
  packageReferenceId: string;
  carrierCode: string;
  carrierName: string | null;
  shippingMethod: string | null;
  trackingNumber: string;
  shipTime: Date;
  items: { orderItemId: string; quantity: number }[];
  /** Made through shipmentConfirmation (not seeded). */
  viaApi: boolean;
}

export interface AmazonOrder {
  orderId: string;
  createdTime: Date;
  lastUpdatedTime: Date;
  marketplaceId: string;
  fulfilledBy: 'MERCHANT' | 'AMAZON';
  cancelled: boolean;
  /** PENDING: not paid yet (Amazon shows no address for it either). */
  pending: boolean;
  serviceLevel: ServiceLevel;
  programs: string[];
  buyer: { buyerName: string; buyerEmail: string; buyerCompanyName: string | null };
  recipient: {
    name: string;
    companyName: string | null;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    stateOrRegion: string;
    postalCode: string;
    countryCode: string;
    phone: string | null;
  };
  items: AmazonOrderItem[];
  /** Decimal text: the items plus shipping. */
  shippingPrice: string;
  packages: AmazonPackage[];
}

const PRODUCTS = [
  { asin: 'B0CT4K8Q1M', sku: 'CAFFE-MOKA-3', title: 'Caffettiera moka 3 tazze in alluminio', price: '24.90' },
  { asin: 'B0B7ZX2L9P', sku: 'OLIO-EVO-1L', title: "Olio extravergine d'oliva pugliese 1 litro", price: '13.50' },
  { asin: 'B09N3RWQ4T', sku: 'TAZZE-CER-6', title: 'Set 6 tazzine da caffè in ceramica di Vietri', price: '39.00' },
  { asin: 'B0C1HJ7V2D', sku: 'PASTA-GRAG-5', title: 'Pasta di Gragnano IGP, 5 confezioni da 500 g', price: '17.80' },
  { asin: 'B08Q6M5T3K', sku: 'TAGLIERE-OLI', title: "Tagliere in legno d'ulivo 40 cm", price: '29.90' },
  { asin: 'B0D2F9K7XW', sku: 'SAPONE-MARS', title: 'Sapone naturale all’olio d’oliva, 4 pezzi', price: '11.90' },
  { asin: 'B07YHT5N8R', sku: 'BORSA-PELLE', title: 'Borsa in pelle fatta a mano, Firenze', price: '89.00' },
  { asin: 'B0BKD3P6QJ', sku: 'CANDELA-LIM', title: 'Candela profumata al limone di Amalfi', price: '15.50' },
] as const;

const SERVICE_LEVELS: readonly (readonly [ServiceLevel, number])[] = [['STANDARD', 6], ['FREE_ECONOMY', 2], ['EXPEDITED', 1.5], ['NEXT_DAY', 0.5]];
const SHIPPING_PRICE: Record<ServiceLevel, string> = { STANDARD: '4.90', FREE_ECONOMY: '0.00', EXPEDITED: '7.90', NEXT_DAY: '9.90', SECOND_DAY: '6.90', PRIORITY: '9.90', SAME_DAY: '12.90', SCHEDULED: '6.90' };

export interface GenerateAmazonOrdersOptions {
  count: number;
  seed: string | number;
  now: Date;
  /** The oldest order is created within this many days; default 50. */
  historyDays?: number;
  /** Share of orders fulfilled by Amazon (FBA); default 0.1. */
  fbaShare?: number;
}

/** `count` orders of one seller, oldest first, deterministic for a seed. */
export function generateAmazonOrders(options: GenerateAmazonOrdersOptions): AmazonOrder[] {
  const random = createRandom(`amazon:${options.seed}`);
  const historyMs = (options.historyDays ?? 50) * 86_400_000;
  const start = options.now.getTime() - historyMs;
  const orders: AmazonOrder[] = [];
  for (let i = 0; i < options.count; i++) {
    // The newest is at least 5 minutes old: searchOrders never shows the last 2 minutes.
    const createdTime = new Date(start + Math.floor(((i + random.next()) / Math.max(1, options.count)) * Math.max(0, historyMs - 300_000)));
    orders.push(generateOrder(random, options, createdTime));
  }
  return orders;
}

function generateOrder(random: Random, options: GenerateAmazonOrdersOptions, createdTime: Date): AmazonOrder {
  const firstName = random.pick(ITALY.firstNames);
  const lastName = random.pick(ITALY.lastNames);
  const place = random.pick(ITALY.places);
  const orderId = `40${random.int(2, 8)}-${random.digits(7)}-${random.digits(7)}`;
  const items: AmazonOrderItem[] = [];
  const used = new Set<string>();
  const count = random.weighted([[1, 6], [2, 3], [3, 1]] as const);
  while (items.length < count) {
    const product = random.pick(PRODUCTS);
    if (used.has(product.sku)) continue;
    used.add(product.sku);
    items.push({ orderItemId: random.digits(14), asin: product.asin, sellerSku: product.sku, title: product.title, quantityOrdered: random.weighted([[1, 7], [2, 2], [3, 1]] as const), unitPrice: product.price });
  }
  const fba = random.chance(options.fbaShare ?? 0.1);
  const serviceLevel = random.weighted(SERVICE_LEVELS);
  const company = random.chance(0.1) ? `${lastName} S.r.l.` : null;
  const order: AmazonOrder = {
    orderId,
    createdTime,
    lastUpdatedTime: createdTime,
    marketplaceId: ITALY_MARKETPLACE.marketplaceId,
    fulfilledBy: fba ? 'AMAZON' : 'MERCHANT',
    cancelled: random.chance(0.04),
    pending: false,
    serviceLevel,
    programs: random.chance(0.3) ? ['PRIME'] : company ? ['AMAZON_BUSINESS'] : [],
    buyer: { buyerName: `${firstName} ${lastName}`, buyerEmail: `${random.chars(16, 'abcdefghijklmnopqrstuvwxyz0123456789')}@marketplace.amazon.it`, buyerCompanyName: company },
    recipient: {
      name: `${firstName} ${lastName}`,
      companyName: company,
      addressLine1: `${random.pick(ITALY.streets)} ${random.int(1, 180)}`,
      addressLine2: random.chance(0.2) ? random.pick(ITALY.secondLines) : null,
      city: place.city,
      stateOrRegion: place.stateOrProvince,
      postalCode: place.postalCode,
      countryCode: 'IT',
      phone: `+39 ${random.pick(ITALY.mobilePrefixes)} ${random.digits(7)}`,
    },
    items,
    shippingPrice: SHIPPING_PRICE[serviceLevel],
    packages: [],
  };
  const age = options.now.getTime() - createdTime.getTime();
  if (!order.cancelled && age < 3_600_000 * 2 && random.chance(0.3)) order.pending = true;
  // Older orders are mostly shipped already (a GLS package); a few only in part.
  if (!order.cancelled && !order.pending && age > 10 * 86_400_000 && random.chance(0.6)) {
    const partly = items.length > 1 && random.chance(0.2);
    const shipped = partly ? items.slice(0, 1) : items;
    const shipTime = new Date(createdTime.getTime() + 86_400_000);
    order.packages.push({ packageReferenceId: String(random.int(1, 999_999)), carrierCode: 'GLS', carrierName: null, shippingMethod: null, trackingNumber: `MI${random.digits(9)}`, shipTime, items: shipped.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantityOrdered })), viaApi: false });
    order.lastUpdatedTime = shipTime;
  }
  return order;
}

/** How many of an item the packages hold. */
export function quantityShipped(order: AmazonOrder, orderItemId: string): number {
  return order.packages.reduce((n, p) => n + p.items.filter((i) => i.orderItemId === orderItemId).reduce((m, i) => m + i.quantity, 0), 0);
}

export function fulfillmentStatusOf(order: AmazonOrder): FulfillmentStatus {
  if (order.cancelled) return 'CANCELLED';
  if (order.pending) return 'PENDING';
  const ordered = order.items.reduce((n, i) => n + i.quantityOrdered, 0);
  const shipped = order.items.reduce((n, i) => n + Math.min(i.quantityOrdered, quantityShipped(order, i.orderItemId)), 0);
  if (shipped === 0) return 'UNSHIPPED';
  return shipped < ordered ? 'PARTIALLY_SHIPPED' : 'SHIPPED';
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => ({ amount: (c / 100).toFixed(2), currencyCode: 'EUR' });

/** What the caller may see of an order. */
export interface OrderView {
  /** includedData, upper case: BUYER, RECIPIENT, PROCEEDS, FULFILLMENT, PACKAGES… */
  included: ReadonlySet<string>;
  /** The app holds Direct-to-Consumer Delivery (Restricted): name, address lines, postal code, phone and e-mail. */
  restricted: boolean;
}

/** An order in Orders API v2026-01-01's JSON (fields absent when not included or withheld). */
export function orderJson(order: AmazonOrder, view: OrderView): Record<string, unknown> {
  const status = fulfillmentStatusOf(order);
  const json: Record<string, unknown> = {
    orderId: order.orderId,
    createdTime: order.createdTime.toISOString(),
    lastUpdatedTime: order.lastUpdatedTime.toISOString(),
    salesChannel: { channelName: ITALY_MARKETPLACE.channelName, marketplaceId: order.marketplaceId, marketplaceName: ITALY_MARKETPLACE.marketplaceName },
    programs: order.programs,
  };
  const pii = view.restricted && order.fulfilledBy === 'MERCHANT' && status !== 'PENDING';
  if (view.included.has('BUYER')) {
    json.buyer = {
      ...(view.restricted ? { buyerName: order.buyer.buyerName } : {}),
      ...(pii && status !== 'CANCELLED' ? { buyerEmail: order.buyer.buyerEmail } : {}),
      ...(order.buyer.buyerCompanyName ? { buyerCompanyName: order.buyer.buyerCompanyName } : {}),
    };
  }
  if (view.included.has('RECIPIENT') && status !== 'PENDING') {
    const r = order.recipient;
    // Without the restricted role Amazon answers only the coarse part of the address.
    json.recipient = {
      deliveryAddress: {
        ...(pii ? { name: r.name, addressLine1: r.addressLine1, ...(r.addressLine2 ? { addressLine2: r.addressLine2 } : {}), postalCode: r.postalCode, ...(r.phone && order.fulfilledBy === 'MERCHANT' ? { phone: r.phone } : {}) } : {}),
        ...(r.companyName ? { companyName: r.companyName } : {}),
        city: r.city,
        stateOrRegion: r.stateOrRegion,
        countryCode: r.countryCode,
        addressType: r.companyName ? 'COMMERCIAL' : 'RESIDENTIAL',
      },
    };
  }
  const itemsTotal = order.items.reduce((n, i) => n + cents(i.unitPrice) * i.quantityOrdered, 0);
  if (view.included.has('PROCEEDS')) {
    json.proceeds = { grandTotal: money(itemsTotal + cents(order.shippingPrice)), breakdowns: [{ type: 'ITEM', subtotal: money(itemsTotal) }, { type: 'SHIPPING', subtotal: money(cents(order.shippingPrice)) }] };
  }
  if (view.included.has('FULFILLMENT')) {
    const shipBy = new Date(order.createdTime.getTime() + 2 * 86_400_000);
    const deliverBy = new Date(order.createdTime.getTime() + (order.serviceLevel === 'STANDARD' || order.serviceLevel === 'FREE_ECONOMY' ? 5 : 2) * 86_400_000);
    json.fulfillment = {
      fulfillmentStatus: status,
      fulfilledBy: order.fulfilledBy,
      fulfillmentServiceLevel: order.serviceLevel,
      shipByWindow: { earliestDateTime: order.createdTime.toISOString(), latestDateTime: shipBy.toISOString() },
      deliverByWindow: { earliestDateTime: shipBy.toISOString(), latestDateTime: deliverBy.toISOString() },
    };
  }
  json.orderItems = order.items.map((i) => {
    const shipped = Math.min(i.quantityOrdered, quantityShipped(order, i.orderItemId));
    return {
      orderItemId: i.orderItemId,
      quantityOrdered: i.quantityOrdered,
      product: { asin: i.asin, title: i.title, sellerSku: i.sellerSku, price: { unitPrice: { amount: i.unitPrice, currencyCode: 'EUR' } } },
      proceeds: { proceedsTotal: money(cents(i.unitPrice) * i.quantityOrdered) },
      fulfillment: { quantityFulfilled: shipped, quantityUnfulfilled: status === 'CANCELLED' ? 0 : i.quantityOrdered - shipped },
    };
  });
  if (view.included.has('PACKAGES') && order.fulfilledBy === 'MERCHANT') {
    json.packages = order.packages.map((p) => ({
      packageReferenceId: p.packageReferenceId,
      carrier: p.carrierCode === 'Other' ? (p.carrierName ?? 'Other') : p.carrierCode,
      ...(p.shippingMethod ? { shippingService: p.shippingMethod } : {}),
      trackingNumber: p.trackingNumber,
      shipTime: p.shipTime.toISOString(),
      packageStatus: { status: 'IN_TRANSIT' },
      packageItems: p.items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })),
    }));
  }
  return json;
}
