import type { CustomsDeclaration, ShipmentStatus } from '@smista/contracts';
import type { CustomsState, ShipmentParcel } from './parcel';

/** A line of the order the marketplace is told was shipped (eBay lineItemId and quantity). */
export interface LineItem {
  lineItemId: string;
  quantity: number;
}

/** The recipient and address of a shipment (spec §3, §5). */
export interface ShipmentAddress {
  recipientName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  countryCode: string;
  phoneNumber: string | null;
  recipientEmail: string | null;
}

/** A shipment as stored (spec §3 shipments). Times are null when not (yet) happened. */
export interface Shipment extends ShipmentAddress, CustomsState {
  id: number;
  merchantId: string;
  orderId: number;
  orderExternalId: string;
  marketplace: string;
  marketplaceIntegrationId: number | null;
  lineItems: LineItem[];
  contentDescription: string;
  carrierIntegrationId: number | null;
  carrierProvider: string | null;
  shippingAddressId: number | null;
  trackingNumber: string | null;
  carrierShipmentNumber: string | null;
  status: ShipmentStatus;
  hasLabel: boolean;
  labelSequence: number | null;
  errorMessage: string | null;
  errorCode: string | null;
  retryCount: number;
  lastAttemptAt: Date | null;
  shippedAt: Date | null;
  estimatedDeliveryDate: Date | null;
  deliveredAt: Date | null;
  labelPrintedAt: Date | null;
  cancelledAt: Date | null;
  /**
   * Set when the shipment was voided in Smista only (its carrier cannot cancel it): why, in
   * Italian. Its label is then not to be used: never printed again, flagged on the screens.
   */
  labelVoidReason: string | null;
  closeWorkdayStatus: 'closed' | 'failed' | null;
  closeWorkdayMessage: string | null;
  closeWorkdayAt: Date | null;
  manifestId: number | null;
  marketplaceTrackingStatus: string | null;
  marketplaceTrackingError: string | null;
  marketplaceTrackingAttempts: number;
  marketplaceTrackingLastAttempt: Date | null;
  marketplaceTrackingUpdatedAt: Date | null;
  trackingStatus: string | null;
  trackingDescription: string | null;
  trackingUpdatedAt: Date | null;
  /** The alerts the parcel stands in (domain/tracking.ts `trackingAlerts`), as of the last read. */
  trackingAlerts: string[];
  /** The order's payment as the orders service last told it (a refunded order's live shipment is a problem); null: unknown. */
  orderPaymentStatus: string | null;
  /**
   * When the recipient's personal data was erased on a marketplace's privacy request (issue 22):
   * name, street, phone and e-mail blank, the label PDF deleted; null when never.
   */
  recipientErasedAt: Date | null;
  /** The package as it is (issue 25): no weight, no label. */
  parcel: ShipmentParcel;
  /** The customs declaration (a destination outside the EU customs union); null: none yet. */
  customs: CustomsDeclaration | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One carrier or marketplace call made for a shipment (the audit trail). */
export interface AuditEntry {
  id: number;
  operation: AuditOperation;
  target: string;
  startedAt: Date;
  durationMs: number | null;
  outcome: AuditOutcome;
  message: string | null;
  attempt: number;
}

/** The calls to carriers and marketplaces, and a person's confirmation the shipment needed (created for an order not paid). */
export type AuditOperation = 'CreateLabel' | 'CancelShipment' | 'CloseWorkday' | 'Track' | 'PushTracking' | 'ReportDelivery' | 'UnpaidConfirmed';
/**
 * `skipped`: nothing was called (a tracking push marketplaces did not make, with its reason).
 * `voided`: a cancellation the carrier could not make, done in Smista only (the message says why).
 */
export type AuditOutcome = 'started' | 'ok' | 'refused' | 'unavailable' | 'error' | 'skipped' | 'voided';

/** Our stable reference of a shipment at the carrier (GLS RiferimentoCliente, the letter pools' key). */
export const shipmentReference = (id: number) => `SHP-${id}`;
