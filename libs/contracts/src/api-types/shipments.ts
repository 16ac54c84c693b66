/**
 * Shipments, their audit, processing runs and workday closes. JSON of `/api` (see `index.ts`);
 * types only.
 */
import type { PageMetaJson } from './common';
import type { CustomsDeclaration } from '../customs';

/** A shipment (spec §3 shipments) as every shipments route answers it. Times are ISO-8601 or null. */
export interface ShipmentJson {
  id: number;
  orderId: number;
  merchantId: string;
  carrierIntegrationId: number | null;
  carrierProvider: string | null;
  shippingAddressId: number | null;
  recipientName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber: string | null;
  recipientEmail: string | null;
  trackingNumber: string | null;
  carrierShipmentNumber: string | null;
  status: string;
  /** The label's address (`/api/shipments/{id}/label`) when there is one; the PDF itself is never in a list. */
  labelData: string | null;
  hasLabel: boolean;
  errorMessage: string | null;
  errorCode: string | null;
  retryCount: number;
  lastAttemptAt: string | null;
  shippedAt: string | null;
  estimatedDeliveryDate: string | null;
  deliveredAt: string | null;
  labelPrintedAt: string | null;
  /**
   * Voided in Smista only because the carrier cannot cancel it: why. Its label must not be used
   * (no `labelData`, printing refused). null otherwise.
   */
  labelVoidReason: string | null;
  createdAt: string;
  updatedAt: string;
  closeWorkdayStatus: string | null;
  closeWorkdayMessage: string | null;
  closeWorkdayAt: string | null;
  /** The GLS manifest of the close (`/api/shipments/manifests/{id}`), when there is one. */
  manifestId: number | null;
  marketplaceTrackingStatus: string | null;
  marketplaceTrackingError: string | null;
  marketplaceTrackingAttempts: number;
  marketplaceTrackingLastAttempt: string | null;
  marketplaceTrackingUpdatedAt: string | null;
  orderExternalId: string;
  marketplace: string;
  marketplaceIntegrationId: number | null;
  trackingStatus: string | null;
  trackingDescription: string | null;
  trackingUpdatedAt: string | null;
  /** The carrier's public tracking page, when it has one. */
  trackingUrl: string | null;
  /**
   * Issue 26: what the parcel on its way stands in, as of the last tracking read: `held`,
   * `exception`, `returned`, `stalled` (no movement for 3 Italian working days), `late` (the
   * promised date passed). Empty when nothing is wrong (and for any shipment not shipped).
   */
  trackingAlerts: string[];
  /** Why the shipment is in the Errori tab; null otherwise. */
  problem: string | null;
  /** Issue 25: the package as it is (grams, millimetres; null unknown: no label until a weight is entered). */
  parcel: ShipmentParcelJson;
  /** The destination is outside the EU customs union: a declaration is needed before the label. */
  customsNeeded: boolean;
  /** The country or special territory that makes it so ('GB', 'Livigno'); null inside. */
  customsTerritory: string | null;
  /** The declaration (prefilled from the order); null: none yet. */
  customs: CustomsDeclaration | null;
  /** What the declaration still lacks, in Italian ('il numero di fattura'); empty when complete or not needed. */
  customsMissing: string[];
}

export interface ShipmentParcelJson {
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  packageName: string;
}

/** Per-tab counts of the shipments screen (same search and carrier). */
export interface ShipmentStatusCountsJson {
  all: number;
  pending: number;
  processing: number;
  shipped: number;
  delivered: number;
  error: number;
  cancelled: number;
  da_stampare: number;
}

/** `GET /api/shipments`. */
export interface ShipmentPageJson {
  data: ShipmentJson[];
  meta: PageMetaJson & { statusCounts: ShipmentStatusCountsJson };
}

/** One carrier or marketplace call made for a shipment (never credentials). */
export interface ShipmentAuditJson {
  id: number;
  operation: string;
  target: string;
  startedAt: string;
  durationMs: number | null;
  outcome: string;
  message: string | null;
  attempt: number;
}

/** One step of a shipment's tracking as the carrier reported it (issue 26). */
export interface ShipmentTrackingEventJson {
  /** When it happened (ISO-8601). */
  at: string;
  /** Smista's status (the contracts' `trackingStatuses`), never the carrier's own code. */
  status: string;
  /** The status in Italian (`carrierTrackingStatusLabels`): 'In transito', 'In giacenza'… */
  statusLabel: string;
  /** The carrier's own event code ('906'); '' when it gives none. */
  code: string;
  /** The carrier's text. */
  description: string;
  /** Where, as the carrier says it; '' when unknown. */
  location: string;
}

/** `GET /api/shipments/{id}`. */
export interface ShipmentDetailsJson extends ShipmentJson {
  audit: ShipmentAuditJson[];
  /** Every tracking event kept for the shipment, newest first (issue 26). */
  trackingEvents: ShipmentTrackingEventJson[];
  /**
   * Issue 26: the buyer's public tracking page, as a path of this site (`/t/{token}`; the screen
   * adds the origin); null before the label. Only the details carry it, never the list.
   */
  publicTrackingUrl: string | null;
  /** Issue 26: the e-mails queued for the buyer, oldest first (none when the merchant sends none). */
  buyerEmails: ShipmentBuyerEmailJson[];
}

/** One e-mail to the buyer about the shipment, and what became of it. */
export interface ShipmentBuyerEmailJson {
  kind: 'shipped' | 'out_for_delivery' | 'delivered' | 'held';
  status: 'pending' | 'sent' | 'skipped' | 'failed';
  /** The address written to (the recipient's at the time). */
  to: string;
  /** When it was queued, and when sent (null until then). */
  queuedAt: string;
  sentAt: string | null;
  /** Why it was not sent (contracts `buyerMailSkipReasons`), null otherwise. */
  reason: string | null;
}

/** `GET` and `PUT /api/buyer-emails` (issue 26): the merchant's e-mails to buyers. */
export interface BuyerMailSettingsJson {
  enabled: boolean;
  /** The From header's name; empty: the merchant's name. */
  senderName: string;
  /** Where buyers' answers go; empty: nowhere but the From address. */
  replyTo: string;
  /** The address the e-mails are sent from (the deployment's, read-only). */
  fromAddress: string;
  /** The merchant's name, the sender name when none is set. */
  merchantName: string;
  /** Where a test is sent: the signed-in user's own address. */
  testRecipient: string;
  templates: Record<'shipped' | 'out_for_delivery' | 'delivered' | 'held', { enabled: boolean; subject: string; body: string; customised: boolean }>;
}

/** `POST /api/buyer-emails/preview`: the e-mail with a sample parcel. */
export interface BuyerMailPreviewJson {
  subject: string;
  /** A whole HTML document (its images inline), for a sandboxed frame. */
  html: string;
  text: string;
  from: string;
  replyTo: string | null;
}

/** `POST /api/shipments/bulk-create`. */
export interface BulkCreateJson {
  message: string;
  created: number;
  skipped: number;
  outcomes: { orderId: number; shipmentId: number | null; created: boolean; message: string | null }[];
}

/** `POST /api/shipments/process-selected` and `/process` (spec §7). */
export interface ProcessResultJson {
  success: number;
  failed: number;
  skipped: number;
  message: string;
  errors: { shipmentId: number; orderExternalId: string; code: string; message: string }[];
  runId: string | null;
}

/** `GET /api/shipments/process-runs`: runs still going and the last finished one. */
export interface ProcessRunJson {
  id: string;
  status: 'running' | 'finished';
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  startedAt: string;
  finishedAt: string | null;
}

/** Cancel, single close, update tracking: `{message, success, shipment}`. */
export interface ShipmentActionJson {
  message: string;
  success: boolean;
  shipment: ShipmentJson | null;
}

/** `POST /api/shipments/close-workday` and `/{id}/close-workday`: `{message, processed}` (spec §7). */
export interface CloseWorkdayJson {
  message: string;
  processed: number;
  failed: number;
  outcomes: { shipmentId: number; ok: boolean; message: string | null }[];
  manifestIds: number[];
}
