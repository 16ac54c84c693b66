import { createCatalogue, type Listing } from './catalogue';
import {
  compareOrders,
  fulfillmentStatusOf,
  instant,
  type CancelState,
  type PaymentStatus,
  type SandboxBuyer,
  type SandboxFulfillment,
  type SandboxLineItem,
  type SandboxOrder,
} from './order-model';
import { BUYER_COUNTRIES, ITALY, SELLER_LOCATIONS, type Country } from './places';
import { createRandom, type Random } from './random';

/*
 * The seeded order generator: the same seed, count and anchor give the very same orders, so a test
 * can name what it expects. Orders look like what eBay returns to an Italian seller: mostly Italian
 * buyers with real city/CAP/province triples, some from DE/FR/ES/AT/GB, 1–4 line items, paid,
 * pending, failed, refunded and cancelled orders, shipped ones with their fulfillments.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** How far back generated orders reach (the 90-day default window of getOrders sees three quarters of them). */
export const DEFAULT_HISTORY_DAYS = 120;

export interface GenerateOrdersOptions {
  /** The seller's username, written as each order's `sellerId`. */
  sellerId: string;
  /** Any text or number; the same seed gives the same orders. */
  seed: string | number;
  count: number;
  /** "Now" for the generator: creation dates fall in the `historyDays` before it. */
  anchor: Date;
  /** Default {@link DEFAULT_HISTORY_DAYS}; 0 makes every order at `anchor` exactly (new orders). */
  historyDays?: number;
  /** The seller's listings; default the catalogue of `seed`. */
  catalogue?: readonly Listing[];
  /** First `salesRecordReference`, given in creation order. Default 1001. */
  firstSalesRecord?: number;
  /** Order ids already used by the seller (kept unique; the set is filled with the new ones). */
  takenOrderIds?: Set<string>;
}

/** The seller's catalogue for a seed (the same listings every time the seller is generated). */
export function catalogueFor(seed: string | number): Listing[] {
  return createCatalogue(createRandom(`${seed}:catalogue`));
}

/** `12-34567-89012`, eBay's order id form. */
function orderIdOf(random: Random): string {
  return `${String(random.int(1, 27)).padStart(2, '0')}-${random.chars(5, '0123456789')}-${random.chars(5, '0123456789')}`;
}

const slugs = new Map<string, string>();

/** A name as buyers write it in usernames and e-mail addresses: `D'Angelo` → `dangelo`, `Müller` → `muller`. */
function slug(text: string): string {
  let out = slugs.get(text);
  if (out === undefined) {
    out = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    slugs.set(text, out);
  }
  return out;
}

type PhoneForm = 'spaced' | 'national' | 'compact';
const PHONE_FORMS_IT: readonly (readonly [PhoneForm, number])[] = [
  ['spaced', 4],
  ['national', 4],
  ['compact', 2],
];
const PHONE_FORMS: readonly (readonly [PhoneForm, number])[] = [
  ['spaced', 4],
  ['national', 1],
  ['compact', 2],
];

function phoneOf(random: Random, country: Country): string {
  const prefix = random.pick(country.mobilePrefixes);
  const rest = random.chars(country.phoneDigits, '0123456789');
  // Buyers type their number in many ways; eBay passes it on as typed.
  switch (random.weighted(country === ITALY ? PHONE_FORMS_IT : PHONE_FORMS)) {
    case 'spaced':
      return `${country.phonePrefix} ${prefix} ${rest}`;
    case 'national':
      return `${prefix}${rest}`;
    default:
      return `${country.phonePrefix}${prefix}${rest}`;
  }
}

/** How buyers' eBay usernames are made (index into the forms of buyerOf). */
const USERNAME_FORMS: readonly (readonly [number, number])[] = [
  [0, 3],
  [1, 2],
  [2, 2],
  [3, 1],
  [4, 1],
];

function buyerOf(random: Random, country: Country): SandboxBuyer {
  const first = random.pick(country.firstNames);
  const last = random.pick(country.lastNames);
  const place = random.pick(country.places);
  const street = random.pick(country.streets);
  const number = `${random.int(1, 180)}${country === ITALY && random.chance(0.08) ? random.pick(['/A', '/B', ' bis']) : ''}`;
  const addressLine1 =
    country.streetForm === 'number-street' ? `${number} ${street}` : country.streetForm === 'street-comma-number' ? `${street}, ${number}` : `${street} ${number}`;
  const f = slug(first);
  const l = slug(last);
  let username: string;
  switch (random.weighted(USERNAME_FORMS)) {
    case 0:
      username = `${f}${l}${random.int(1, 99)}`;
      break;
    case 1:
      username = `${f}.${l}`;
      break;
    case 2:
      username = `${f[0]}_${l}${random.int(1970, 2005)}`;
      break;
    case 3:
      username = `${l}-${f}`;
      break;
    default:
      username = `${f}${random.chars(3, 'abcdefghijklmnopqrstuvwxyz')}${random.int(0, 9)}`;
  }
  const email = random.chance(0.25)
    ? `${random.chars(12, '0123456789abcdef')}@members.ebay.com`
    : `${f}.${l}${random.chance(0.5) ? random.int(1, 99) : ''}@${random.pick(country.mailDomains)}`;
  const buyer: SandboxBuyer = {
    username,
    fullName: `${first} ${last}`,
    email,
    address: { addressLine1, city: place.city, stateOrProvince: place.stateOrProvince, postalCode: place.postalCode, countryCode: country.code },
  };
  if (random.chance(0.15)) buyer.address.addressLine2 = random.pick(country.secondLines);
  if (random.chance(0.92)) buyer.phone = phoneOf(random, country);
  if (country === ITALY && random.chance(0.04)) buyer.companyName = `${last} ${random.pick(['S.r.l.', 'S.n.c.', 'Impianti', '& Figli'])}`;
  return buyer;
}

const CARRIERS: readonly (readonly [string, (r: Random) => string])[] = [
  ['BRT', (r) => r.digits(12)],
  ['GLS', (r) => `${r.pick(['MI', 'RM', 'TO', 'BO', 'NA'])}${r.digits(9)}`],
  ['SDA', (r) => `8V${r.digits(11)}`],
  ['POSTE_ITALIANE', (r) => `3UW${r.digits(10)}`],
  ['DHL', (r) => r.digits(10)],
  ['UPS', (r) => `1Z${r.chars(16, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}`],
];

// Plain arithmetic on epoch milliseconds (UTC days are whole multiples of DAY): generating 10,000
// orders stays fast even under jest, where every global lookup (Date, Math) is slow.

const { max, min, round } = Math;

/** Whole seconds, as eBay's instants are. */
const toSecond = (ms: number) => ms - (ms % 1000);

/** 22:59:59 UTC (midnight in Italy, winter time) of the day `days` after `from`. */
function endOfDayAfter(from: number, days: number): number {
  const at = from + days * DAY;
  return at - (at % DAY) + 22 * HOUR + 59 * MINUTE + 59_000;
}

// How often each case happens (weights, not percentages).
const LINE_COUNTS: readonly (readonly [number, number])[] = [
  [1, 65],
  [2, 20],
  [3, 10],
  [4, 5],
];
const QUANTITIES: readonly (readonly [number, number])[] = [
  [1, 80],
  [2, 15],
  [3, 5],
];
/** Delivery cost in cents: free or a flat rate in Italy, dearer abroad. */
const DOMESTIC_DELIVERY: readonly (readonly [number, number])[] = [
  [0, 40],
  [490, 25],
  [690, 20],
  [990, 15],
];
const FOREIGN_DELIVERY: readonly (readonly [number, number])[] = [
  [1290, 40],
  [1590, 40],
  [1990, 20],
];
const PAYMENTS: readonly (readonly [PaymentStatus, number])[] = [
  ['PAID', 88],
  ['PENDING', 4],
  ['FAILED', 2],
  ['FULLY_REFUNDED', 3],
  ['PARTIALLY_REFUNDED', 3],
];

interface OrderDraft {
  random: Random;
  sellerId: string;
  anchor: number;
  creation: number;
  catalogue: readonly Listing[];
  itemLocation: SandboxOrder['itemLocation'];
  orderId: string;
}

function lineItemsOf(d: OrderDraft, country: Country): SandboxLineItem[] {
  const r = d.random;
  const count = r.weighted(LINE_COUNTS);
  const chosen = new Set<Listing>();
  while (chosen.size < count) chosen.add(r.pick(d.catalogue));
  const delivery = r.weighted(country === ITALY ? DOMESTIC_DELIVERY : FOREIGN_DELIVERY);
  return [...chosen].map((listing, index) => {
    // Listings on eBay.co.uk are priced in pounds.
    const unitPriceCents = country.currency === 'GBP' ? round((listing.priceCents * 0.86) / 100) * 100 - 1 : listing.priceCents;
    const line: SandboxLineItem = {
      lineItemId: `10${r.chars(12, '0123456789')}`,
      legacyItemId: listing.legacyItemId,
      sku: listing.sku,
      title: listing.title,
      imageUrl: listing.imageUrl,
      quantity: r.weighted(QUANTITIES),
      unitPriceCents,
      shippingCents: index === 0 ? (country.currency === 'GBP' ? round(delivery * 0.86) : delivery) : 0,
      fulfillmentStatus: 'NOT_STARTED',
    };
    if (listing.variation) {
      line.variation = { name: listing.variation.name, value: listing.variation.value };
      line.legacyVariationId = listing.variation.legacyVariationId;
    }
    return line;
  });
}

function oneOrder(d: OrderDraft): SandboxOrder {
  const r = d.random;
  const { creation, anchor } = d;
  const country = r.weighted(BUYER_COUNTRIES);
  const buyer = buyerOf(r, country);
  const lineItems = lineItemsOf(d, country);
  const ageDays = (anchor - creation) / DAY;
  const clamp = (ms: number) => toSecond(ms > anchor ? anchor : ms < creation ? creation : ms);

  let payment: PaymentStatus = r.weighted(PAYMENTS);
  // A pending payment clears (or fails) within a week, so pending orders are recent ones.
  if (payment === 'PENDING' && ageDays > 7) payment = 'PAID';
  else if (ageDays <= 7 && payment === 'PAID' && r.chance(0.1)) payment = 'PENDING';
  const cancelDraw = r.next();
  let cancelState: CancelState = 'NONE_REQUESTED';
  if (cancelDraw < 0.03 && ageDays > 0.5) {
    cancelState = 'CANCELED';
    if (payment === 'PAID' || payment === 'PARTIALLY_REFUNDED') payment = 'FULLY_REFUNDED';
  } else if (cancelDraw < 0.04 && ageDays < 3 && payment === 'PAID') {
    cancelState = 'IN_PROGRESS';
  }

  let lastModified = clamp(creation + r.int(0, 20 * MINUTE));
  const paymentDate = payment === 'PENDING' || payment === 'FAILED' ? undefined : clamp(creation + r.int(0, 5 * MINUTE));

  const fulfillments: SandboxFulfillment[] = [];
  const canShip = cancelState === 'NONE_REQUESTED' && payment !== 'PENDING' && payment !== 'FAILED';
  const shipChance = ageDays > 4 ? 0.95 : ageDays > 1.5 ? 0.6 : ageDays > 0.3 ? 0.15 : 0;
  if (canShip && r.chance(shipChance)) {
    const partial = lineItems.length > 1 && r.chance(0.08);
    const shipped = partial ? lineItems.slice(0, 1) : lineItems;
    const shippedAt = clamp(creation + r.int(2 * HOUR, max(2 * HOUR, min(3 * DAY, anchor - creation - MINUTE))));
    const [carrier, tracking] = r.pick(CARRIERS);
    for (const line of shipped) line.fulfillmentStatus = 'FULFILLED';
    const shippedText = instant(shippedAt);
    fulfillments.push({
      fulfillmentId: r.digits(19),
      orderId: d.orderId,
      lineItems: shipped.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
      shippedDate: shippedText,
      shippingCarrierCode: carrier,
      trackingNumber: tracking(r),
      createdAt: shippedText,
      source: 'seed',
    });
    lastModified = clamp(shippedAt + r.int(0, 10 * MINUTE));
  }

  const order: SandboxOrder = {
    orderId: d.orderId,
    sellerId: d.sellerId,
    creationDate: creation,
    lastModifiedDate: lastModified,
    marketplaceId: country.marketplaceId,
    currency: country.currency,
    fulfillmentStatus: fulfillmentStatusOf(lineItems),
    paymentStatus: payment,
    cancel: { state: cancelState },
    buyer,
    lineItems,
    shippingServiceCode:
      country === ITALY ? r.pick(['IT_ExpressCourier', 'IT_QuickPackage1', 'IT_RegularMail']) : r.pick(['IT_ExpressCourierInternational', 'IT_StandardInternational']),
    shipByDate: endOfDayAfter(creation, r.int(1, 3)),
    minDeliveryDate: endOfDayAfter(creation, r.int(2, 3)),
    maxDeliveryDate: endOfDayAfter(creation, r.int(4, 7)),
    salesRecordReference: '',
    paymentReferenceId: r.chars(17, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'),
    itemLocation: d.itemLocation,
    fulfillments,
  };
  if (paymentDate !== undefined) order.paymentDate = paymentDate;

  if (cancelState !== 'NONE_REQUESTED') {
    const requested = clamp(creation + r.int(10 * MINUTE, DAY));
    order.cancel = {
      state: cancelState,
      requestedDate: requested,
      initiator: r.chance(0.7) ? 'BUYER' : 'SELLER',
      requestId: r.digits(10),
    };
    order.cancel.reason = order.cancel.initiator === 'BUYER' ? 'BUYER_ASKED_CANCEL' : 'OUT_OF_STOCK_OR_CANNOT_FULFILL';
    if (cancelState === 'CANCELED') order.cancel.completedDate = clamp(requested + r.int(MINUTE, 6 * HOUR));
    order.lastModifiedDate = max(order.lastModifiedDate, order.cancel.completedDate ?? requested);
  }
  if (payment === 'FULLY_REFUNDED' || payment === 'PARTIALLY_REFUNDED') {
    const total = lineItems.reduce((sum, l) => sum + l.unitPriceCents * l.quantity + l.shippingCents, 0);
    const date = clamp(order.lastModifiedDate + r.int(HOUR, 10 * DAY));
    order.refund = { refundId: r.digits(13), cents: payment === 'FULLY_REFUNDED' ? total : max(100, round((total * r.int(10, 50)) / 100)), date };
    order.lastModifiedDate = max(order.lastModifiedDate, date);
  }
  return order;
}

/**
 * `count` orders of one seller, sorted as getOrders pages them (creation date, then order id), with
 * `salesRecordReference` numbered in that order.
 *
 * @example
 * const orders = generateOrders({ sellerId: 'smista_test_seller', seed: 42, count: 1000, anchor: new Date() });
 */
export function generateOrders(options: GenerateOrdersOptions): SandboxOrder[] {
  const random = createRandom(`${options.seed}:orders`);
  const catalogue = options.catalogue ?? catalogueFor(options.seed);
  const anchor = toSecond(options.anchor.getTime());
  const historyMs = (options.historyDays ?? DEFAULT_HISTORY_DAYS) * DAY;
  const taken = options.takenOrderIds ?? new Set<string>();
  const itemLocation = SELLER_LOCATIONS[createRandom(`${options.seed}:location`).int(0, SELLER_LOCATIONS.length - 1)]!;
  const orders: SandboxOrder[] = [];
  for (let i = 0; i < options.count; i++) {
    let orderId = orderIdOf(random);
    while (taken.has(orderId)) orderId = orderIdOf(random);
    taken.add(orderId);
    // Whole seconds; at least a minute old unless the caller asked for orders made right now.
    const creation = historyMs > 0 ? toSecond(anchor - random.int(MINUTE, historyMs)) : anchor;
    orders.push(oneOrder({ random, sellerId: options.sellerId, anchor, creation, catalogue, itemLocation, orderId }));
  }
  orders.sort(compareOrders);
  const first = options.firstSalesRecord ?? 1001;
  orders.forEach((o, i) => (o.salesRecordReference = String(first + i)));
  return orders;
}
