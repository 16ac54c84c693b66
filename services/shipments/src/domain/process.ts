import { shipmentMessages as m, type CustomsDeclaration, type PostalAddress } from '@smista/contracts';
import { mmToCm } from './parcel';
import { shipmentReference, type Shipment } from './shipment';

/** What the carriers service's CreateLabel is asked for one shipment. */
export interface LabelRequest {
  integrationId: number;
  /** `SHP-<id>`: the letter pools keep a shipment's code by it (a retry gets the same code). */
  reference: string;
  /** Our label sequence (GLS ContatoreProgressivo): the same on every retry of the shipment. */
  sequence: number;
  recipient: {
    name: string;
    addressLine1: string;
    addressLine2: string;
    city: string;
    postalCode: string;
    province: string;
    countryCode: string;
    phone: string;
    email: string;
  };
  /** The shipment's package: grams, whole centimetres (rounded up) when known. */
  parcels: { weightGrams: number; lengthCm?: number; widthCm?: number; heightCm?: number }[];
  /** The declaration of a destination outside the EU customs union (issue 25); absent inside it. */
  customs?: CustomsDeclaration;
  orderId: string;
  contentDescription: string;
  /**
   * The merchant's pickup address, read once per processing run (carriers' GetSender); absent,
   * carriers reads it from merchants for this label.
   */
  sender?: SenderAddress;
}

/**
 * The sender printed on a label: the merchant's pickup address as carriers chose it, the contracts'
 * one postal address with every field (unset ones empty, as the proto answers them).
 */
export type SenderAddress = Required<PostalAddress>;

/**
 * The CreateLabel request of a claimed shipment (it has its carrier, its label sequence and, checked
 * by `labelBlocker` first, its weight).
 *
 * @example labelRequestOf({ ...shipment, id: 42, labelSequence: 1007, carrierIntegrationId: 7 }) // { reference: 'SHP-42', sequence: 1007, ... }
 */
export function labelRequestOf(s: Shipment & { carrierIntegrationId: number; labelSequence: number }): LabelRequest {
  if (s.parcel.weightGrams === null) throw new Error(`shipment ${s.id} has no weight: labelBlocker is checked before a label request`);
  const p = s.parcel;
  const sized = p.lengthMm && p.widthMm && p.heightMm;
  return {
    integrationId: s.carrierIntegrationId,
    reference: shipmentReference(s.id),
    sequence: s.labelSequence,
    recipient: {
      name: s.recipientName,
      addressLine1: s.addressLine1,
      addressLine2: s.addressLine2 ?? '',
      city: s.city,
      postalCode: s.postalCode,
      province: s.state ?? '',
      countryCode: s.countryCode,
      phone: s.phoneNumber ?? '',
      email: s.recipientEmail ?? '',
    },
    parcels: [{ weightGrams: p.weightGrams!, ...(sized ? { lengthCm: mmToCm(p.lengthMm), widthCm: mmToCm(p.widthMm), heightCm: mmToCm(p.heightMm) } : {}) }],
    ...(s.customsNeeded && s.customs ? { customs: s.customs } : {}),
    orderId: s.orderExternalId || String(s.orderId),
    contentDescription: s.contentDescription,
  };
}

/**
 * A carrier call that did not succeed, as the domain reads it: `refused` (the carrier, or the
 * carriers service, said no for a reason the merchant can act on; the reason in Italian) or
 * `unavailable` (no answer in time: nothing is known, it may be tried again).
 */
export type CarrierFailure = { kind: 'refused'; code: string; message: string } | { kind: 'unavailable'; message: string } | LabelBlocked;

/**
 * Issue 25: the shipment is not ready for a label (no weight, an incomplete customs declaration):
 * found before the carrier is called, so nothing is called; it stays pending with the reason.
 */
export interface LabelBlocked {
  kind: 'blocked';
  code: string;
  message: string;
}

/** Codes of failures that are ours, not the carrier's. */
export const NO_CARRIER_CODE = 'NO_CARRIER';
export const CARRIER_UNAVAILABLE_CODE = 'CARRIER_UNAVAILABLE';

/** How a failed label attempt leaves the shipment. */
export interface LabelFailureEffect {
  status: 'error' | 'pending';
  errorMessage: string;
  errorCode: string;
  auditOutcome: 'refused' | 'unavailable';
}

/**
 * A refusal puts the shipment in error with the carrier's reason (the Errori tab; an address or
 * carrier edit brings it back to pending). An unreachable carrier is a passing fault: the shipment
 * goes back to pending with 'Il corriere non risponde…' and can be processed again; either way the
 * attempt counts (retry_count) and the item counts as failed in the answer.
 */
export function afterLabelFailure(failure: CarrierFailure): LabelFailureEffect {
  if (failure.kind === 'refused') return { status: 'error', errorMessage: failure.message, errorCode: failure.code, auditOutcome: 'refused' };
  if (failure.kind === 'blocked') return { status: 'pending', errorMessage: failure.message, errorCode: failure.code, auditOutcome: 'refused' };
  return { status: 'pending', errorMessage: m.carrierUnavailable, errorCode: CARRIER_UNAVAILABLE_CODE, auditOutcome: 'unavailable' };
}

/** A shipment without a carrier cannot be labelled: an error the merchant fixes with 'Modifica corriere'. */
export const NO_CARRIER_FAILURE: CarrierFailure = { kind: 'refused', code: NO_CARRIER_CODE, message: m.noCarrier };

/** The per-item outcome of a run. */
export type ItemOutcome = 'ok' | 'failed' | 'skipped';

/** ProcessShipments' answer text: '3 spedizioni processate, 1 non riuscita'. */
export const processMessage = (success: number, failed: number): string => m.processSummary(success, failed);
