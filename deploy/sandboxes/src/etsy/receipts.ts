import { ITALY } from '../ebay/places';
import { createRandom, type Random } from '../ebay/random';

/*
 * An Etsy shop's receipts as the sandbox holds them (Open API v3 ShopReceipt shapes, providers.md),
 * and the generator of plausible Italian ones: real cities with CAP and province, 1–3 handmade items,
 * Money as integer amount over a divisor, now and then an express upgrade (`shipping_upgrade`),
 * older ones mostly shipped. No phone: Etsy's receipts have none.
 */

export interface EtsyMoney {
  amount: number;
  divisor: number;
  currency_code: string;
}

export interface EtsyTransaction {
  transactionId: number;
  listingId: number;
  title: string;
  sku: string;
  quantity: number;
  /** Cents. */
  price: number;
  shippingUpgrade: string;
}

export interface EtsyShipment {
  receiptShippingId: number;
  carrierName: string;
  trackingCode: string;
  notifiedAt: Date;
}

export interface EtsyReceipt {
  receiptId: number;
  createdAt: Date;
  updatedAt: Date;
  status: 'paid' | 'completed' | 'open' | 'payment processing' | 'canceled' | 'fully refunded' | 'partially refunded';
  isPaid: boolean;
  isShipped: boolean;
  buyerUserId: number;
  buyerEmail: string | null;
  name: string;
  firstLine: string;
  secondLine: string | null;
  city: string;
  state: string;
  zip: string;
  countryIso: string;
  /** Cents. */
  shippingCost: number;
  transactions: EtsyTransaction[];
  shipments: EtsyShipment[];
}

const PRODUCTS = [
  { sku: 'CER-TAZZA-01', title: 'Tazza in ceramica dipinta a mano, Deruta', price: 2400 },
  { sku: 'GIO-ORECCH-02', title: 'Orecchini in argento con corallo', price: 3850 },
  { sku: 'TES-SCIARPA-03', title: 'Sciarpa tessuta a telaio in lana merino', price: 5900 },
  { sku: 'LEG-TAGLIERE-04', title: "Tagliere in legno d'ulivo inciso", price: 3200 },
  { sku: 'CAR-QUADERNO-05', title: 'Quaderno rilegato a mano con carta di Amalfi', price: 1990 },
  { sku: 'CAN-CERA-06', title: 'Candela di cera di soia al bergamotto', price: 1450 },
  { sku: 'PEL-PORTAF-07', title: 'Portafoglio in pelle conciata al vegetale', price: 4500 },
] as const;

const UPGRADES: readonly (readonly [string, number])[] = [['', 8], ['Spedizione espressa 24/48h', 2]];

export interface GenerateEtsyReceiptsOptions {
  count: number;
  seed: string | number;
  now: Date;
  /** The oldest receipt is created within this many days; default 60. */
  historyDays?: number;
}

/** `count` receipts of one shop, oldest first, deterministic for a seed. */
export function generateEtsyReceipts(options: GenerateEtsyReceiptsOptions, nextId: () => number): EtsyReceipt[] {
  const random = createRandom(`etsy:${options.seed}`);
  const historyMs = (options.historyDays ?? 60) * 86_400_000;
  const start = options.now.getTime() - historyMs;
  const receipts: EtsyReceipt[] = [];
  for (let i = 0; i < options.count; i++) {
    const createdAt = new Date(start + Math.floor(((i + random.next()) / Math.max(1, options.count)) * Math.max(0, historyMs - 300_000)));
    receipts.push(generateReceipt(random, createdAt, options.now, nextId));
  }
  return receipts;
}

function generateReceipt(random: Random, createdAt: Date, now: Date, nextId: () => number): EtsyReceipt {
  const firstName = random.pick(ITALY.firstNames);
  const lastName = random.pick(ITALY.lastNames);
  const place = random.pick(ITALY.places);
  const upgrade = random.weighted(UPGRADES);
  const transactions: EtsyTransaction[] = [];
  const used = new Set<string>();
  const count = random.weighted([[1, 6], [2, 3], [3, 1]] as const);
  while (transactions.length < count) {
    const product = random.pick(PRODUCTS);
    if (used.has(product.sku)) continue;
    used.add(product.sku);
    transactions.push({ transactionId: nextId(), listingId: 1_000_000_000 + random.int(1, 99_999_999), title: product.title, sku: product.sku, quantity: random.weighted([[1, 8], [2, 2]] as const), price: product.price, shippingUpgrade: upgrade });
  }
  const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
  const cancelled = random.chance(0.04);
  const shipped = !cancelled && ageDays > 12 && random.chance(0.7);
  const receipt: EtsyReceipt = {
    receiptId: nextId(),
    createdAt,
    updatedAt: createdAt,
    status: cancelled ? 'canceled' : shipped ? 'completed' : 'paid',
    isPaid: !cancelled,
    isShipped: shipped,
    buyerUserId: 100_000_000 + random.int(1, 899_999_999),
    buyerEmail: random.chance(0.7) ? `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${random.pick(ITALY.mailDomains)}` : null,
    name: `${firstName} ${lastName}`,
    firstLine: `${random.pick(ITALY.streets)} ${random.int(1, 180)}`,
    secondLine: random.chance(0.2) ? random.pick(ITALY.secondLines) : null,
    city: place.city,
    state: place.stateOrProvince,
    zip: place.postalCode,
    countryIso: 'IT',
    shippingCost: upgrade ? 990 : random.pick([0, 490, 590]),
    transactions,
    shipments: [],
  };
  if (shipped) {
    receipt.shipments.push({ receiptShippingId: nextId(), carrierName: 'GLS', trackingCode: `MI${random.digits(9)}`, notifiedAt: new Date(createdAt.getTime() + 2 * 86_400_000) });
    receipt.updatedAt = new Date(createdAt.getTime() + 2 * 86_400_000);
  }
  return receipt;
}

const money = (cents: number): EtsyMoney => ({ amount: cents, divisor: 100, currency_code: 'EUR' });
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

export function subtotalOf(receipt: EtsyReceipt): number {
  return receipt.transactions.reduce((sum, t) => sum + t.price * t.quantity, 0);
}

/** The receipt as Etsy's ShopReceipt JSON. */
export function receiptJson(receipt: EtsyReceipt, shop: { shopId: number; userId: number; email: string }): Record<string, unknown> {
  const subtotal = subtotalOf(receipt);
  const formatted = [receipt.name, receipt.firstLine, receipt.secondLine, `${receipt.zip} ${receipt.city} ${receipt.state}`, 'Italia'].filter(Boolean).join('\n');
  return {
    receipt_id: receipt.receiptId,
    receipt_type: 0,
    seller_user_id: shop.userId,
    seller_email: shop.email,
    buyer_user_id: receipt.buyerUserId,
    buyer_email: receipt.buyerEmail,
    name: receipt.name,
    first_line: receipt.firstLine,
    second_line: receipt.secondLine,
    city: receipt.city,
    state: receipt.state,
    zip: receipt.zip,
    status: receipt.status.replace(/^./, (c) => c.toUpperCase()),
    formatted_address: formatted,
    country_iso: receipt.countryIso,
    payment_method: 'cc',
    payment_email: '',
    message_from_seller: null,
    message_from_buyer: null,
    message_from_payment: null,
    is_paid: receipt.isPaid,
    is_shipped: receipt.isShipped,
    create_timestamp: epoch(receipt.createdAt),
    created_timestamp: epoch(receipt.createdAt),
    update_timestamp: epoch(receipt.updatedAt),
    updated_timestamp: epoch(receipt.updatedAt),
    is_gift: false,
    gift_message: '',
    gift_sender: '',
    grandtotal: money(subtotal + receipt.shippingCost),
    subtotal: money(subtotal),
    total_price: money(subtotal),
    total_shipping_cost: money(receipt.shippingCost),
    total_tax_cost: money(0),
    total_vat_cost: money(0),
    discount_amt: money(0),
    gift_wrap_price: money(0),
    shipments: receipt.shipments.map((s) => ({ receipt_shipping_id: s.receiptShippingId, shipment_notification_timestamp: epoch(s.notifiedAt), carrier_name: s.carrierName, tracking_code: s.trackingCode })),
    transactions: receipt.transactions.map((t) => ({
      transaction_id: t.transactionId,
      title: t.title,
      description: t.title,
      seller_user_id: shop.userId,
      buyer_user_id: receipt.buyerUserId,
      create_timestamp: epoch(receipt.createdAt),
      created_timestamp: epoch(receipt.createdAt),
      paid_timestamp: receipt.isPaid ? epoch(receipt.createdAt) : null,
      shipped_timestamp: receipt.shipments[0] ? epoch(receipt.shipments[0].notifiedAt) : null,
      quantity: t.quantity,
      listing_image_id: null,
      receipt_id: receipt.receiptId,
      is_digital: false,
      file_data: '',
      listing_id: t.listingId,
      transaction_type: 'listing',
      product_id: t.listingId + 7,
      sku: t.sku,
      price: money(t.price),
      shipping_cost: money(0),
      variations: [],
      product_data: [],
      shipping_profile_id: null,
      min_processing_days: 1,
      max_processing_days: 3,
      shipping_method: t.shippingUpgrade ? 'Corriere espresso' : 'Standard',
      shipping_upgrade: t.shippingUpgrade || null,
      expected_ship_date: epoch(receipt.createdAt) + 3 * 86_400,
      buyer_coupon: 0,
      shop_coupon: 0,
    })),
    refunds: [],
  };
}
