import { z } from 'zod';
import {
  orderMarketplaceFilters,
  type AppliedRuleJson,
  type OrderCsvProblemJson,
  type OrderImportJobJson,
  type OrderImportPreviewJson,
  type OrderItemJson,
  type OrderJson,
  type OrderPackageJson,
  type OrderShipmentJson,
  type ShippingAddressDetailsJson,
} from '@smista/contracts';

/**
 * Orders from anywhere (issue 25): what the CSV import answers (`order-import-routes.ts`, typed
 * against `libs/contracts/src/order-csv.ts`) and the order a manual order creates
 * (`manual-order-routes.ts`).
 */

const orderCsvProblemResponse = z.object({
  row: z.number().int().describe("The file's row (the header is row 1)"),
  column: z.string(),
  message: z.string(),
}) satisfies z.ZodType<OrderCsvProblemJson>;

/** `POST /api/orders/imports/preview`. */
export const orderImportPreviewResponse = z.object({
  rows: z.number().int(),
  orders: z.number().int(),
  newOrders: z.number().int().describe('Orders the import would create (not already imported, without problems)'),
  alreadyImported: z.array(z.string()).describe('Order numbers already imported (nothing is done for them), the first 200'),
  alreadyImportedCount: z.number().int(),
  problems: z.array(orderCsvProblemResponse),
  problemCount: z.number().int(),
  sample: z
    .array(
      z.object({
        externalId: z.string(),
        recipientName: z.string(),
        city: z.string(),
        countryCode: z.string(),
        items: z.number().int(),
        total: z.string(),
      }),
    )
    .describe('The first orders that would be created'),
}) satisfies z.ZodType<OrderImportPreviewJson>;

/** `GET /api/orders/imports/{id}`, and the answer of `POST /api/orders/imports`. */
export const orderImportJobResponse = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  fileName: z.string(),
  totalOrders: z.number().int(),
  processedOrders: z.number().int(),
  createdOrders: z.number().int(),
  skippedOrders: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<OrderImportJobJson>;

// The order as `GET /api/orders/:id` answers it (api-types/orders.ts and rules.ts' AppliedRuleJson):
// the orders routes' file has the same shapes; here for `POST /api/orders` (manual-order-routes.ts).

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
  weightGrams: z.number().nullable().describe("One unit's weight in grams; null when unknown"),
  hsCode: z.string(),
  originCountry: z.string(),
  customsDescription: z.string(),
}) satisfies z.ZodType<OrderItemJson>;

const orderPackageResponse = z.object({
  presetId: z.number().int(),
  name: z.string(),
  lengthMm: z.number().int(),
  widthMm: z.number().int(),
  heightMm: z.number().int(),
  tareGrams: z.number().int(),
  maxWeightGrams: z.number().int(),
}) satisfies z.ZodType<OrderPackageJson>;

const orderShipmentResponse = z.object({
  id: z.number().int(),
  status: z.string(),
  trackingNumber: z.string().nullable(),
  carrierProvider: z.string().nullable(),
  carrierIntegrationId: z.number().int().nullable(),
  hasLabel: z.boolean(),
  updatedAt: z.string(),
}) satisfies z.ZodType<OrderShipmentJson>;

const appliedRuleResponse = z.object({ id: z.number().int(), name: z.string() }) satisfies z.ZodType<AppliedRuleJson>;

/** An order (spec §3), as `GET /api/orders/{id}` answers it. */
export const orderResponse = z.object({
  id: z.number().int(),
  merchantId: z.string(),
  integrationId: z.number().int(),
  externalId: z.string(),
  marketplace: z.enum(orderMarketplaceFilters).describe("`manual`: no marketplace behind it (typed, or imported from a CSV file)"),
  buyerName: z.string(),
  buyerEmail: z.string().nullable(),
  externalUsername: z.string().nullable(),
  shippingAddressId: z.number().int().nullable(),
  total: z.string(),
  currency: z.string(),
  status: z.enum(['da_pagare', 'da_spedire', 'in_transito', 'spedito', 'consegnato', 'annullato']),
  paymentStatus: z.enum(['in_attesa', 'pagato', 'fallito', 'rimborsato', 'parzialmente_rimborsato']),
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
  weightKg: z.number().nullable().describe("Σ quantity × unit weight + the package's tare, in kg; null when a line has no weight"),
  weightMissing: z.boolean(),
  package: orderPackageResponse.nullable(),
  items: z.array(orderItemResponse),
  shipments: z.array(orderShipmentResponse).describe('Newest first'),
  // The marketplace's own payload (the detail only): free-form JSON, whatever the marketplace sent.
  originalData: z.unknown().optional(),
}) satisfies z.ZodType<OrderJson>;
