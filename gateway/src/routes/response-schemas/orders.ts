import { z } from 'zod';
import {
  orderMarketplaceFilters,
  orderStatuses,
  pageMetaSchema,
  type OrderItemJson,
  type OrderJson,
  type OrderPackageJson,
  type OrderPageJson,
  type OrderShipmentJson,
  type OrderStatus,
  type OrderStatusCountsJson,
  type OrderTrackingUpdateJson,
  type PackagePresetJson,
  type PaymentStatus,
  type ProductCsvResultJson,
  type ProductJson,
  type ProductListJson,
  type ShippingAddressDetailsJson,
} from '@smista/contracts';
import { appliedRuleResponse } from './rules';

/**
 * What the order and catalogue routes answer (`libs/contracts/src/api-types/orders.ts`, and the
 * catalogue's types in `libs/contracts/src/catalogue.ts`), typed against the contracts' JSON types:
 * see `common.ts`.
 */

const paymentStatuses = ['in_attesa', 'pagato', 'fallito', 'rimborsato', 'parzialmente_rimborsato'] as const satisfies readonly PaymentStatus[];

/** Spec §3 shipping address details of an order. */
const shippingAddressDetailsResponse = z.object({
  id: z.number().int(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  stateOrProvince: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
}) satisfies z.ZodType<ShippingAddressDetailsJson>;

/** Spec §3 order_items. */
const orderItemResponse = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  externalItemId: z.string(),
  title: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  total: z.string(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  variantInfo: z.string().nullable(),
  shipByDate: z.string().nullable(),
  fulfillmentStatus: z.string().nullable().describe("The line's fulfilment at the marketplace (da_spedire, parzialmente_spedito, spedito); null when unknown"),
  productId: z.number().int().nullable().describe("The catalogue's product of the SKU; null without a SKU"),
  weightGrams: z.number().nullable().describe("One unit's weight (the catalogue's, else the marketplace's); null when unknown"),
  hsCode: z.string(),
  originCountry: z.string(),
  customsDescription: z.string(),
}) satisfies z.ZodType<OrderItemJson>;

/** The order's package: its chosen preset, else the merchant's default. */
const orderPackageResponse = z.object({
  presetId: z.number().int(),
  name: z.string(),
  lengthMm: z.number(),
  widthMm: z.number(),
  heightMm: z.number(),
  tareGrams: z.number(),
  maxWeightGrams: z.number().describe('0: no limit'),
}) satisfies z.ZodType<OrderPackageJson>;

/** A shipment of an order, as orders knows it from the shipments events. */
const orderShipmentResponse = z.object({
  id: z.number().int(),
  status: z.string(),
  trackingNumber: z.string().nullable(),
  carrierProvider: z.string().nullable(),
  carrierIntegrationId: z.number().int().nullable(),
  hasLabel: z.boolean(),
  updatedAt: z.string(),
}) satisfies z.ZodType<OrderShipmentJson>;

/** Spec §3 orders, as the list answers them (the detail adds `originalData`). */
const orderFields = {
  id: z.number().int(),
  merchantId: z.string(),
  integrationId: z.number().int(),
  externalId: z.string(),
  marketplace: z.enum(orderMarketplaceFilters),
  buyerName: z.string(),
  buyerEmail: z.string().nullable(),
  externalUsername: z.string().nullable(),
  shippingAddressId: z.number().int().nullable(),
  total: z.string(),
  currency: z.string(),
  status: z.enum(orderStatuses as [OrderStatus, ...OrderStatus[]]),
  paymentStatus: z.enum(paymentStatuses),
  externalOrderStatus: z.string().nullable(),
  externalPaymentStatus: z.string().nullable(),
  itemsCount: z.number().int(),
  orderDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shipByDate: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  carrierIntegrationId: z.number().int().nullable(),
  shippingAddressDetails: shippingAddressDetailsResponse.nullable(),
  appliedRule: appliedRuleResponse.nullable().describe('The shipping rule that chose the carrier; null when none did'),
  carrierSource: z.enum(['manual', 'rule']).nullable().describe('How the carrier was chosen: by hand, by a rule, or none yet'),
  shippingService: z.string().describe("The marketplace's shipping service, '' when unknown"),
  isExpress: z.boolean(),
  weightKg: z.number().nullable().describe("Σ quantity × unit weight + the package's tare; null when a line has no weight"),
  weightMissing: z.boolean(),
  package: orderPackageResponse.nullable().describe('null when the merchant has no preset'),
  items: z.array(orderItemResponse),
  shipments: z.array(orderShipmentResponse).describe('Newest first'),
};

/** An order as the list and every change answer it. */
export const orderResponse = z.object(orderFields) satisfies z.ZodType<OrderJson>;

/** `GET /api/orders/:id`: the order with the marketplace's payload. */
export const orderDetailsResponse = z.object({
  ...orderFields,
  // The marketplace's own payload, whatever JSON it sent (null when none): free-form by nature.
  originalData: z.unknown().optional(),
}) satisfies z.ZodType<OrderJson>;

const orderStatusCountsResponse = z.object({
  all: z.number().int(),
  TO_PAY: z.number().int(),
  TO_SHIP: z.number().int(),
  IN_TRANSIT: z.number().int(),
  SHIPPED: z.number().int(),
  DELIVERED: z.number().int(),
  CANCELLED: z.number().int(),
}) satisfies z.ZodType<OrderStatusCountsJson>;

/** `GET /api/orders` and `GET /api/orders/integration/:integrationId`. */
export const orderPageResponse = z.object({
  data: z.array(orderResponse),
  meta: pageMetaSchema.extend({ statusCounts: orderStatusCountsResponse }),
}) satisfies z.ZodType<OrderPageJson>;

/** `POST /api/orders/:id/update-tracking`. */
export const orderTrackingUpdateResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  alreadyPushed: z.boolean(),
}) satisfies z.ZodType<OrderTrackingUpdateJson>;

// --- the catalogue (issue 25) ---

/** A product as the API answers it. */
export const productResponse = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  marketplaceRefs: z.array(z.object({ marketplace: z.string(), integrationId: z.number().int(), itemId: z.string() })),
  weightGrams: z.number().nullable(),
  lengthMm: z.number().nullable(),
  widthMm: z.number().nullable(),
  heightMm: z.number().nullable(),
  hsCode: z.string(),
  originCountry: z.string(),
  customsDescription: z.string(),
  shipsInOwnBox: z.boolean(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ProductJson>;

/** `GET /api/products`. */
export const productListResponse = z.object({ data: z.array(productResponse), meta: pageMetaSchema }) satisfies z.ZodType<ProductListJson>;

/** `POST /api/products/csv`: applied (how many), or refused with every problem (also the 422's body). */
export const productCsvResultResponse = z.object({
  applied: z.boolean(),
  updated: z.number().int(),
  message: z.string(),
  problems: z.array(z.object({ row: z.number().int().describe("The spreadsheet's row (the header is 1)"), column: z.string(), message: z.string() })),
}) satisfies z.ZodType<ProductCsvResultJson>;

/** A package preset (millimetres and grams). */
export const packagePresetResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  lengthMm: z.number(),
  widthMm: z.number(),
  heightMm: z.number(),
  tareGrams: z.number(),
  maxWeightGrams: z.number().describe('0: no limit'),
  isDefault: z.boolean(),
}) satisfies z.ZodType<PackagePresetJson>;

/** `GET /api/package-presets`. */
export const packagePresetListResponse = z.array(packagePresetResponse);
