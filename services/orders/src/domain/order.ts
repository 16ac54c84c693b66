import type { MANUAL_MARKETPLACE, MarketplaceId, OrderStatus, PaymentStatus } from '@smista/contracts';
import type { OrderShipment } from './order-shipments';

/** A stored shipping address (spec §3). */
export interface ShippingAddress {
  id: number;
  fullName: string;
  companyName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber: string | null;
  email: string | null;
}

/** A stored order line (spec §3 order_items); amounts as "12.34". */
export interface OrderItem {
  id: number;
  orderId: number;
  externalItemId: string;
  title: string;
  sku: string | null;
  quantity: number;
  unitPrice: string;
  total: string;
  currency: string;
  imageUrl: string | null;
  variantInfo: string | null;
  shipByDate: Date | null;
  /** The line's fulfilment at its marketplace in Smista's words (`LineFulfilmentStatus`: da_spedire, parzialmente_spedito, spedito) as last imported; null when unknown. */
  fulfillmentStatus: string | null;
  /** The catalogue's product of the line's SKU; null without a SKU. */
  productId: number | null;
  /** One unit's weight: the catalogue's, else the marketplace's; null when unknown. */
  weightGrams: number | null;
  /** The product's customs data ('' when not filled or no product). */
  hsCode: string;
  originCountry: string;
  customsDescription: string;
}

/** The order's package: its chosen preset (`chosen`), else the merchant's default. */
export interface OrderPackage {
  id: number;
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  tareGrams: number;
  maxWeightGrams: number;
  chosen: boolean;
}

/** What an order says about itself, stored or being imported (spec §3 orders). */
export interface OrderFacts {
  merchantId: string;
  integrationId: number;
  externalId: string;
  marketplace: MarketplaceId | typeof MANUAL_MARKETPLACE;
  buyerName: string;
  /** Null when the marketplace does not send it (eBay drops it after 14 days). */
  buyerEmail: string | null;
  externalUsername: string | null;
  /** "12.34" */
  total: string;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  externalOrderStatus: string | null;
  externalPaymentStatus: string | null;
  /** Sum of the lines' quantities. */
  itemsCount: number;
  orderDate: Date;
  shipByDate: Date | null;
  /** The latest delivery the marketplace promised the buyer; null when it promised none (issue 26). */
  promisedDeliveryBy: Date | null;
}

/**
 * A stored order with its address and, where asked for, its items and payload. `status` is the one
 * shown: the marketplace's (`marketplaceStatus`) as its shipments move it on (`order-shipments.ts`).
 */
export interface Order extends OrderFacts {
  id: number;
  /** What the marketplace says, mapped by the adapter; `status` follows the shipments from it. */
  marketplaceStatus: OrderStatus;
  /** The order's shipments as orders knows them from the shipments events, newest first. */
  shipments: OrderShipment[];
  lastSyncedAt: Date | null;
  carrierIntegrationId: number | null;
  /** How the carrier was chosen: by hand (the rules never change it), by a rule, or none. */
  carrierSource: 'manual' | 'rule' | null;
  /** The rule that chose the carrier and its name then; null when none did. */
  appliedRule: { id: number; name: string } | null;
  /** The marketplace's shipping service, '' when unknown. */
  shippingService: string;
  /** The buyer chose an express service (the marketplace adapter's marker). */
  express: boolean;
  /** Σ quantity × unit weight (catalogue, else marketplace) + the package's tare (grams); null when unknown. */
  weightGrams: number | null;
  /** A line has no weight (catalogue nor marketplace): the problem 'Peso mancante'. */
  weightMissing: boolean;
  /** Its package (chosen, else the default preset); null when the merchant has no preset. */
  package: OrderPackage | null;
  createdAt: Date;
  updatedAt: Date;
  shippingAddress: ShippingAddress | null;
  items: OrderItem[];
  /** The marketplace's payload (JSON text); only read for the detail. */
  originalData?: string | null;
}
