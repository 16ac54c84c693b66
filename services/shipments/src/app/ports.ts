import type { Caller } from '@smista/service-kit';
import type { LabelRequest, SenderAddress, SourceOrder, TrackingEvent } from '../domain';

/*
 * What the use cases ask of other services. The gRPC clients in `grpc/` implement these and main.ts
 * wires them in, so `app/` depends on no transport.
 */

/** A carrier integration as shipments needs it. */
export interface CarrierIntegrationView {
  id: number;
  provider: string;
  /** Switched on and its credentials accepted: labels can be made with it. */
  usable: boolean;
}

/**
 * The carriers service, always asked on behalf of the caller (a fresh token for the same user,
 * merchant and role: a batch outlives the 30 s of the incoming one). Every failure is a
 * {@link CarrierCallError}: refused (the carrier's or carriers' Italian reason) or unavailable.
 */
export interface CarrierGateway {
  /** The merchant's carrier integrations (ListIntegrations), by id. */
  integrations(caller: Caller): Promise<Map<number, CarrierIntegrationView>>;
  /** One integration (GetIntegration); null when unknown or another merchant's. */
  integration(caller: Caller, id: number): Promise<CarrierIntegrationView | null>;
  /**
   * The sender of the merchant's labels (GetSender: its default pickup address as merchants has it
   * now). A processing run asks once and names it on each of its labels.
   */
  sender(caller: Caller): Promise<SenderAddress>;
  /** CreateLabel; without `request.sender`, carriers reads the pickup address itself. */
  createLabel(caller: Caller, request: LabelRequest, deadlineMs: number): Promise<{ trackingNumber: string; carrierShipmentNumber: string; labelPdf: Uint8Array; warnings: string[] }>;
  cancelShipment(caller: Caller, request: { integrationId: number; carrierShipmentNumber: string; trackingNumber: string; labelHandedOut: boolean }): Promise<{ message: string; codeReleased: boolean; cancelledAtCarrier: boolean }>;
  closeWorkday(caller: Caller, integrationId: number, carrierShipmentNumbers: string[]): Promise<{ outcomes: { carrierShipmentNumber: string; ok: boolean; message: string }[]; manifestPdf: Uint8Array }>;
  track(caller: Caller, request: { integrationId: number; trackingNumber: string; carrierShipmentNumber: string }): Promise<{ events: TrackingEvent[]; delivered: boolean }>;
  close(): void;
}

/** The orders a shipment is created from, as the orders service knows them. */
export interface OrdersDirectory {
  /**
   * The caller's merchant's orders among the ids (GetOrders, on behalf of the same caller), by id;
   * unknown and other merchants' ids are absent. DEPENDENCY_UNAVAILABLE when orders cannot answer.
   */
  ordersOf(caller: Caller, ids: readonly number[]): Promise<Map<number, SourceOrder>>;
  close(): void;
}

/** The merchant's logo as the packing slips print it (merchants' GetLogo, on behalf of the caller). */
export interface MerchantBranding {
  /** The logo, or null when none was uploaded or merchants cannot answer (the slips go without). */
  logoOf(caller: Caller): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: Uint8Array } | null>;
  close(): void;
}

/** A merchant's name and logo as its buyers see them (issue 26's public tracking page). */
export interface PublicBrand {
  merchantName: string;
  hasLogo: boolean;
  logo: { contentType: string; data: Uint8Array } | null;
}

/**
 * merchants' GetPublicBrand, asked as the service caller `smista:public-tracking` for one merchant
 * (the page has no user). Null when merchants cannot answer: the page goes without the name.
 */
export interface PublicBrands {
  brandOf(merchantId: string, includeLogo: boolean): Promise<PublicBrand | null>;
  close(): void;
}
