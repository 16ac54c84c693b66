/**
 * Orders, their items, addresses and shipments as the orders screens read them. JSON of `/api`
 * (see `index.ts`); types only.
 */
import type { MANUAL_MARKETPLACE } from '../manual-marketplace';
import type { MarketplaceId } from '../marketplace-catalogue';
import type { PageMetaJson } from './common';
import type { AppliedRuleJson } from './rules';

/**
 * Order statuses as stored (spec §4; filter values TO_SHIP... map onto them). `da_pagare` (TO_PAY)
 * is an order to ship whose payment is in_attesa or fallito, held back until it is paid (issue 19).
 */
export type OrderStatus = 'da_pagare' | 'da_spedire' | 'in_transito' | 'spedito' | 'consegnato' | 'annullato';
export type PaymentStatus = 'in_attesa' | 'pagato' | 'fallito' | 'rimborsato' | 'parzialmente_rimborsato';

/** Spec §3 shipping address details of an order. */
export interface ShippingAddressDetailsJson {
  id: number;
  fullName: string;
  companyName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  stateOrProvince: string | null;
  state: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber: string | null;
  email: string | null;
}

/** Spec §3 order_items. */
export interface OrderItemJson {
  id: number;
  orderId: number;
  externalItemId: string;
  title: string;
  productName: string;
  sku: string | null;
  quantity: number;
  unitPrice: string;
  total: string;
  currency: string;
  imageUrl: string | null;
  variantInfo: string | null;
  shipByDate: string | null;
  /** The line's fulfilment at the marketplace, in Smista's words (`LineFulfilmentStatus`: da_spedire, parzialmente_spedito, spedito); null when unknown. */
  fulfillmentStatus: string | null;
  /** The catalogue's product of the SKU (issue 25); null without a SKU. */
  productId: number | null;
  /** One unit's weight in grams (the catalogue's, else the marketplace's); null when unknown. */
  weightGrams: number | null;
  /** The product's customs data, '' when not filled. */
  hsCode: string;
  originCountry: string;
  customsDescription: string;
}

/** The order's package (issue 25): its chosen preset (`chosen`), else the merchant's default. */
export interface OrderPackageJson {
  presetId: number;
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  tareGrams: number;
  maxWeightGrams: number;
}

/** Spec §3 orders (list and detail; `originalData` only in the detail). */
export interface OrderJson {
  id: number;
  merchantId: string;
  integrationId: number;
  externalId: string;
  /**
   * The marketplace it came from, or `manual` (typed, or from a CSV file: issue 25): `../orders`'
   * OrderMarketplaceFilter, spelt out, since importing it from there would close an import circle.
   */
  marketplace: MarketplaceId | typeof MANUAL_MARKETPLACE;
  buyerName: string;
  buyerEmail: string | null;
  externalUsername: string | null;
  shippingAddressId: number | null;
  total: string;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  externalOrderStatus: string | null;
  externalPaymentStatus: string | null;
  itemsCount: number;
  orderDate: string;
  createdAt: string;
  updatedAt: string;
  shipByDate: string | null;
  lastSyncedAt: string | null;
  carrierIntegrationId: number | null;
  shippingAddressDetails: ShippingAddressDetailsJson | null;
  /** The shipping rule that chose the carrier; null when none did (no carrier, or chosen by hand). */
  appliedRule: AppliedRuleJson | null;
  /** How the carrier was chosen: by hand (rules never change it), by a rule, or none yet. */
  carrierSource: 'manual' | 'rule' | null;
  /** The marketplace's shipping service (eBay shippingServiceCode), '' when unknown; express decides `is_express` rules. */
  shippingService: string;
  isExpress: boolean;
  /** Σ quantity × unit weight (catalogue, else marketplace) + the package's tare, in kg; null when a line has no weight. */
  weightKg: number | null;
  /** A line has no weight: the problem 'Peso mancante' (issue 25). */
  weightMissing: boolean;
  /** Its package; null when the merchant has no preset. */
  package: OrderPackageJson | null;
  items: OrderItemJson[];
  /** The order's shipments as orders knows them from the shipments events (newest first). */
  shipments: OrderShipmentJson[];
  originalData?: unknown;
}

/** Per-status counts of the tabs (same filters, every status). */
export interface OrderStatusCountsJson {
  /** The sum of the others: every order has exactly one status. */
  all: number;
  TO_PAY: number;
  TO_SHIP: number;
  IN_TRANSIT: number;
  SHIPPED: number;
  DELIVERED: number;
  CANCELLED: number;
}

/** `GET /api/orders` and `GET /api/orders/integration/{id}`. */
export interface OrderPageJson {
  data: OrderJson[];
  meta: PageMetaJson & { statusCounts: OrderStatusCountsJson };
}

/** A shipment of an order, in the orders list (`OrderJson.shipments`). */
export interface OrderShipmentJson {
  id: number;
  status: string;
  trackingNumber: string | null;
  carrierProvider: string | null;
  carrierIntegrationId: number | null;
  hasLabel: boolean;
  updatedAt: string;
}

/** `POST /api/orders/{id}/update-tracking`. */
export interface OrderTrackingUpdateJson {
  success: boolean;
  message: string;
  alreadyPushed: boolean;
}
