import { z } from 'zod';
import {
  buyerMailKinds,
  customsContentTypes,
  pageMetaSchema,
  type BulkCreateJson,
  type CloseWorkdayJson,
  type CustomsDeclaration,
  type ProcessResultJson,
  type ProcessRunJson,
  type ShipmentActionJson,
  type ShipmentAuditJson,
  type ShipmentBuyerEmailJson,
  type ShipmentDetailsJson,
  type ShipmentJson,
  type ShipmentPageJson,
  type ShipmentParcelJson,
  type ShipmentStatusCountsJson,
  type ShipmentTrackingEventJson,
} from '@smista/contracts';

/**
 * What the shipment routes answer (`libs/contracts/src/api-types/shipments.ts`), typed against the
 * contracts' JSON types: see `common.ts`.
 */

const shipmentParcelResponse = z.object({
  weightGrams: z.number().nullable(),
  lengthMm: z.number().nullable(),
  widthMm: z.number().nullable(),
  heightMm: z.number().nullable(),
  packageName: z.string(),
}) satisfies z.ZodType<ShipmentParcelJson>;

/** The customs declaration (`libs/contracts/src/customs.ts`). */
const customsDeclarationResponse = z.object({
  contentType: z.union([z.enum(customsContentTypes), z.literal('')]).describe("'' until chosen"),
  invoiceNumber: z.string(),
  currency: z.string(),
  items: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      valueCents: z.number().int().describe("Of all units, in the declaration's currency"),
      weightGrams: z.number().nullable().describe('Net, of all units; null: unknown'),
      hsCode: z.string(),
      originCountry: z.string(),
    }),
  ),
}) satisfies z.ZodType<CustomsDeclaration>;

/** A shipment (spec §3), as every shipments route answers it. */
const shipmentFields = {
  id: z.number().int(),
  orderId: z.number().int(),
  merchantId: z.string(),
  carrierIntegrationId: z.number().int().nullable(),
  carrierProvider: z.string().nullable(),
  shippingAddressId: z.number().int().nullable(),
  recipientName: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrierShipmentNumber: z.string().nullable(),
  status: z.string(),
  labelData: z.string().nullable().describe("The label's address (`/api/shipments/{id}/label`) when there is one"),
  hasLabel: z.boolean(),
  errorMessage: z.string().nullable(),
  errorCode: z.string().nullable(),
  retryCount: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  estimatedDeliveryDate: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  labelPrintedAt: z.string().nullable(),
  labelVoidReason: z.string().nullable().describe('Voided in Smista only (the carrier cannot cancel): why; its label must not be used'),
  createdAt: z.string(),
  updatedAt: z.string(),
  closeWorkdayStatus: z.string().nullable(),
  closeWorkdayMessage: z.string().nullable(),
  closeWorkdayAt: z.string().nullable(),
  manifestId: z.number().int().nullable().describe('The GLS manifest of the close (`/api/shipments/manifests/{id}`)'),
  marketplaceTrackingStatus: z.string().nullable(),
  marketplaceTrackingError: z.string().nullable(),
  marketplaceTrackingAttempts: z.number().int(),
  marketplaceTrackingLastAttempt: z.string().nullable(),
  marketplaceTrackingUpdatedAt: z.string().nullable(),
  orderExternalId: z.string(),
  marketplace: z.string(),
  marketplaceIntegrationId: z.number().int().nullable(),
  trackingStatus: z.string().nullable(),
  trackingDescription: z.string().nullable(),
  trackingUpdatedAt: z.string().nullable(),
  trackingUrl: z.string().nullable().describe("The carrier's public tracking page, when it has one"),
  trackingAlerts: z.array(z.string()).describe('held, exception, returned, stalled, late; empty when nothing is wrong'),
  problem: z.string().nullable().describe('Why the shipment is in the Errori tab; null otherwise'),
  parcel: shipmentParcelResponse,
  customsNeeded: z.boolean(),
  customsTerritory: z.string().nullable().describe("The country or special territory that needs a declaration ('GB', 'Livigno'); null inside the EU customs union"),
  customs: customsDeclarationResponse.nullable(),
  customsMissing: z.array(z.string()).describe('What the declaration still lacks, in Italian'),
};

export const shipmentResponse = z.object(shipmentFields) satisfies z.ZodType<ShipmentJson>;

const shipmentStatusCountsResponse = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  shipped: z.number().int(),
  delivered: z.number().int(),
  error: z.number().int(),
  cancelled: z.number().int(),
  da_stampare: z.number().int(),
}) satisfies z.ZodType<ShipmentStatusCountsJson>;

/** `GET /api/shipments`. */
export const shipmentPageResponse = z.object({
  data: z.array(shipmentResponse),
  meta: pageMetaSchema.extend({ statusCounts: shipmentStatusCountsResponse }),
}) satisfies z.ZodType<ShipmentPageJson>;

const shipmentAuditResponse = z.object({
  id: z.number().int(),
  operation: z.string(),
  target: z.string(),
  startedAt: z.string(),
  durationMs: z.number().nullable(),
  outcome: z.string(),
  message: z.string().nullable(),
  attempt: z.number().int(),
}) satisfies z.ZodType<ShipmentAuditJson>;

const shipmentTrackingEventResponse = z.object({
  at: z.string(),
  status: z.string().describe("Smista's status, never the carrier's own code"),
  statusLabel: z.string(),
  code: z.string().describe("The carrier's own event code; '' when it gives none"),
  description: z.string(),
  location: z.string(),
}) satisfies z.ZodType<ShipmentTrackingEventJson>;

const shipmentBuyerEmailResponse = z.object({
  kind: z.enum(buyerMailKinds),
  status: z.enum(['pending', 'sent', 'skipped', 'failed']),
  to: z.string(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<ShipmentBuyerEmailJson>;

/** `GET /api/shipments/:id`. */
export const shipmentDetailsResponse = z.object({
  ...shipmentFields,
  audit: z.array(shipmentAuditResponse),
  trackingEvents: z.array(shipmentTrackingEventResponse).describe('Newest first'),
  publicTrackingUrl: z.string().nullable().describe("The buyer's tracking page as a path of this site (`/t/{token}`); null before the label"),
  buyerEmails: z.array(shipmentBuyerEmailResponse).describe('Oldest first'),
}) satisfies z.ZodType<ShipmentDetailsJson>;

/** `POST /api/shipments/bulk-create`. */
export const bulkCreateResponse = z.object({
  message: z.string(),
  created: z.number().int(),
  skipped: z.number().int(),
  outcomes: z.array(z.object({ orderId: z.number().int(), shipmentId: z.number().int().nullable(), created: z.boolean(), message: z.string().nullable() })),
}) satisfies z.ZodType<BulkCreateJson>;

/** `POST /api/shipments/process-selected`, `/process` and `/:id/process`. */
export const processResultResponse = z.object({
  success: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ shipmentId: z.number().int(), orderExternalId: z.string(), code: z.string(), message: z.string() })),
  runId: z.string().nullable(),
}) satisfies z.ZodType<ProcessResultJson>;

const processRunResponse = z.object({
  id: z.string(),
  status: z.enum(['running', 'finished']),
  total: z.number().int(),
  done: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<ProcessRunJson>;

/** `GET /api/shipments/process-runs`: runs still going and the last finished one. */
export const processRunListResponse = z.array(processRunResponse);

/** Cancel, update tracking. */
export const shipmentActionResponse = z.object({
  message: z.string(),
  success: z.boolean(),
  shipment: shipmentResponse.nullable(),
}) satisfies z.ZodType<ShipmentActionJson>;

/** `POST /api/shipments/close-workday` and `/:id/close-workday`. */
export const closeWorkdayResponse = z.object({
  message: z.string(),
  processed: z.number().int(),
  failed: z.number().int(),
  outcomes: z.array(z.object({ shipmentId: z.number().int(), ok: z.boolean(), message: z.string().nullable() })),
  manifestIds: z.array(z.number().int()),
}) satisfies z.ZodType<CloseWorkdayJson>;
