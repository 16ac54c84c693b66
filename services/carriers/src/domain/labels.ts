import { carrierMessages as m, postalAddressOfMerchant, type MerchantAddressLocation } from '@smista/contracts';
import type { LabelRequest, Parcel, PartyAddress } from '../adapters/adapter';
import { carriersErrors } from './errors';

/** A merchant address as the merchants service answers it: its location and what picks the sender. */
export interface MerchantAddressLike extends MerchantAddressLocation {
  addressTypes: string[];
  isDefault: boolean;
  active?: boolean;
}

/**
 * The sender of a label: the merchant's default pickup address; else its first pickup address;
 * else its default address. None → 'Nessun indirizzo di ritiro ...'.
 */
export function chooseSender(addresses: readonly MerchantAddressLike[]): PartyAddress {
  const usable = addresses.filter((a) => a.active !== false);
  const pickup = usable.filter((a) => a.addressTypes.includes('pickup'));
  const chosen = pickup.find((a) => a.isDefault) ?? pickup[0] ?? usable.find((a) => a.isDefault);
  if (!chosen) throw carriersErrors.senderMissing();
  return postalAddressOfMerchant(chosen);
}

const REQUIRED: [keyof PartyAddress, string][] = [
  ['name', 'nome mancante'],
  ['addressLine1', 'indirizzo mancante'],
  ['city', 'città mancante'],
  ['postalCode', 'CAP mancante'],
  ['countryCode', 'paese mancante'],
];

/**
 * Checks what every carrier needs before anything is sent (each adapter then enforces its own
 * limits): a recipient with name, street, city, postal code and a 2-letter country; at least one
 * parcel, each with a positive weight; a reference.
 */
export function assertLabelRequest(request: Pick<LabelRequest, 'reference' | 'recipient' | 'parcels'>): void {
  for (const [field, problem] of REQUIRED) {
    if (!String(request.recipient[field] ?? '').trim()) throw carriersErrors.invalidLabelRequest(m.recipientInvalid(problem));
  }
  if (!/^[A-Za-z]{2}$/.test(request.recipient.countryCode.trim())) {
    throw carriersErrors.invalidLabelRequest(m.recipientInvalid('il codice paese deve essere di 2 lettere'));
  }
  if (request.parcels.length === 0) throw carriersErrors.invalidLabelRequest(m.parcelsRequired);
  if (request.parcels.some((p: Parcel) => !Number.isFinite(p.weightGrams) || p.weightGrams <= 0)) {
    throw carriersErrors.invalidLabelRequest(m.weightInvalid);
  }
  if (!request.reference.trim()) throw carriersErrors.invalidLabelRequest(m.recipientInvalid('riferimento mancante'));
}
