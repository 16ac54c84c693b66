import type { Caller } from '@smista/service-kit';
import type { CarrierIntegrationState } from '../domain';

/**
 * What the use cases ask of other services. The gRPC clients in `grpc/` implement these and main.ts
 * wires them in, so `app/` depends on no transport (tests may pass their own).
 */

/** The merchant's carrier integrations, as the carriers service knows them. */
export interface CarrierDirectory {
  /**
   * One carrier integration of the caller's selected merchant, asked of carriers
   * (`GetIntegration`) on behalf of the same caller; null when carriers answers NOT_FOUND (unknown
   * or another merchant's). DEPENDENCY_UNAVAILABLE when carriers cannot answer.
   */
  integrationOf(caller: Caller, integrationId: number): Promise<CarrierIntegrationState | null>;
  close(): void;
}

/** One shipment's tracking, for its order's marketplace. */
export interface TrackingPushRequest {
  integrationId: number;
  externalOrderId: string;
  /** The marketplace's line ids and the quantities shipped. */
  lineItems: { lineItemId: string; quantity: number }[];
  /** Our carrier code (gls, poste_delivery, posta_1...); the marketplace's adapter maps it. */
  carrierCode: string;
  trackingNumber: string;
  /** ISO-8601. */
  shippedDate: string;
  /** 0: not recorded per shipment. */
  shipmentId: number;
  orderId: number;
}

/** The marketplace's answer to a tracking push (its refusal is data, in Italian). */
export interface TrackingPushAnswer {
  ok: boolean;
  alreadyPushed: boolean;
  fulfillmentId: string;
  errorCode: string;
  errorMessage: string;
}

/** Tracking back to the marketplaces, through the marketplaces service. */
export interface MarketplaceTracking {
  /**
   * `PushTracking` of one shipment, on behalf of the same caller (a fresh caller token for the same
   * user, merchant and role, as the gateway would sign). Refusals of marketplaces as errors with its
   * Italian text: NOT_FOUND (integration gone), RESOURCE_EXHAUSTED (quota), FAILED_PRECONDITION;
   * unreachable or too slow → DEPENDENCY_UNAVAILABLE.
   */
  push(caller: Caller, request: TrackingPushRequest): Promise<TrackingPushAnswer>;
  close(): void;
}
