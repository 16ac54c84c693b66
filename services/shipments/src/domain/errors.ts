import { DomainError } from '@smista/service-kit';
import { cancellationMessages, messages, shipmentMessages as m, slipMessages } from '@smista/contracts';
import type { CarrierFailure } from './process';

/** Stable codes of the shipments domain; `grpc/error-status.ts` maps each to one gRPC status. */
export const ShipmentsErrorCode = {
  ShipmentNotFound: 'SHIPMENT_NOT_FOUND',
  ManifestNotFound: 'MANIFEST_NOT_FOUND',
  CarrierIntegrationNotFound: 'CARRIER_INTEGRATION_NOT_FOUND',
  CarrierIntegrationInactive: 'CARRIER_INTEGRATION_INACTIVE',
  /** An action the shipment's status (or its data) does not allow (spec §4). */
  ActionNotAllowed: 'ACTION_NOT_ALLOWED',
  /** A bulk action found nothing it could act on. */
  NothingToDo: 'NOTHING_TO_DO',
  /** The carrier refused (data, credentials, a cancel after the close): its reason in Italian. */
  CarrierRefused: 'CARRIER_REFUSED',
  /** The carrier (or the carriers service) did not answer in time. */
  CarrierUnavailable: 'CARRIER_UNAVAILABLE',
  /** The orders service did not answer in time. */
  DependencyUnavailable: 'DEPENDENCY_UNAVAILABLE',
} as const;
export type ShipmentsErrorCode = (typeof ShipmentsErrorCode)[keyof typeof ShipmentsErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class ShipmentsError extends DomainError<ShipmentsErrorCode> {}

const E = ShipmentsErrorCode;
const make = (code: ShipmentsErrorCode, message: string) => () => new ShipmentsError(code, message);
const refusal = (message: string) => new ShipmentsError(E.ActionNotAllowed, message);

export const shipmentsErrors = {
  /** Unknown, malformed, or another merchant's shipment id: one answer. */
  shipmentNotFound: make(E.ShipmentNotFound, m.shipmentNotFound),
  manifestNotFound: make(E.ManifestNotFound, m.manifestNotFound),
  carrierIntegrationNotFound: make(E.CarrierIntegrationNotFound, m.carrierIntegrationNotFound),
  carrierIntegrationInactive: make(E.CarrierIntegrationInactive, m.carrierIntegrationInactive),
  notPending: (status: string) => refusal(m.notPending(status)),
  /** Issue 25: no weight, or a customs declaration that lacks something (named). */
  notReadyForLabel: (message: string) => refusal(message),
  notCancellable: (status: string) => refusal(m.notCancellable(status)),
  /** The carrier cannot cancel: the merchant must confirm a void in Smista only. */
  smistaOnlyNotConfirmed: (reason: string) => refusal(cancellationMessages.confirmationRequired(reason)),
  labelVoided: () => refusal(cancellationMessages.labelVoidedNotPrintable),
  notGlsShipped: () => refusal(m.notGlsShipped),
  workdayAlreadyClosed: () => refusal(m.workdayAlreadyClosed),
  noTrackingNumber: () => refusal(m.noTrackingNumber),
  noLabel: () => refusal(m.noLabel),
  labelErased: () => refusal(m.labelErased),
  notEditable: (status: string) => refusal(m.notEditable(status)),
  noPendingShipments: make(E.NothingToDo, m.noPendingShipments),
  noGlsShippedSelected: make(E.NothingToDo, m.noGlsShippedSelected),
  noLabelsFound: make(E.NothingToDo, m.noLabelsFound),
  /** Issue 25: a pick list or packing slips of a selection with none of the merchant's orders. */
  noOrdersToPrint: make(E.NothingToDo, slipMessages.noOrdersFound),
  carrierRefused: (message: string) => new ShipmentsError(E.CarrierRefused, message),
  carrierUnavailable: make(E.CarrierUnavailable, m.carrierUnavailable),
  dependencyUnavailable: make(E.DependencyUnavailable, messages.errors.unavailable),
};

/**
 * A carrier call that failed, as the carriers client reports it: CARRIER_REFUSED with the
 * carrier's Italian reason, or CARRIER_UNAVAILABLE. `failure` keeps the detail a label attempt
 * stores (its code).
 */
export class CarrierCallError extends ShipmentsError {
  constructor(readonly failure: CarrierFailure) {
    super(failure.kind === 'refused' ? E.CarrierRefused : E.CarrierUnavailable, failure.kind === 'refused' ? failure.message : m.carrierUnavailable);
  }
}

/**
 * An event the service cannot apply (a required field missing). Never shown to a user: thrown by
 * the consumer, so the kit retries the message and dead-letters it (for operators, in English).
 */
export class InvalidEventError extends DomainError<'INVALID_EVENT'> {
  constructor(detail: string) {
    super('INVALID_EVENT', `invalid event: ${detail}`);
  }
}
