import { createHash } from 'node:crypto';
import { carrierDestinations, destinationRefusal, posteDeliveryProducts, posteFieldNames, posteMessages, type PosteFieldName } from '@smista/contracts';
import type { LabelRequest, PartyAddress } from '../adapter';
import { labelRefused } from './errors';
import { DEFAULT_PRINT_FORMAT, DEFAULT_PRODUCT, scopeOf, type PosteDeliverySettings } from './settings';
import { centsToAmount, cmString, countryName, gramsString, normalisePhone, posteCountry, shipmentDate, splitStreetNumber } from './units';

/*
 * Pure builders of Poste Delivery Business requests (providers.md): the session request, the
 * waybill JSON and the tracking query. Poste's field limits (third-party client annotations) are
 * checked here, before anything is sent, so the merchant reads which field to fix.
 */

export interface PosteSessionRequest {
  clientId: string;
  secretId: string;
  scope: string;
  grantType: 'client_credentials';
}

/** The Address object of a waybill. */
export interface PosteAddress {
  contactName: string;
  nameSurname: string;
  address: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  province: string;
  /** ISO alpha-3 and a digit (`ITA1`). */
  country: string;
  countryName: string;
  email: string;
  phone: string;
  /** Sender only: the one note Poste prints on the label (20 characters). */
  note1?: string;
  /** Sender only: a second note of 20 characters (kept by Poste, not printed). */
  note2?: string;
}

export interface PosteDeclared {
  /** Whole grams in a string. */
  weight: string;
  height?: string;
  length?: string;
  width?: string;
  description: string;
}

export interface PosteWaybill {
  clientReferenceId: string;
  printFormat: string;
  product: string;
  data: {
    declared: PosteDeclared[];
    content: string;
    services: Record<string, Record<string, string>>;
    sender: PosteAddress;
    receiver: PosteAddress;
  };
}

export interface PosteWaybillRequest {
  costCenterCode: string;
  paperless: boolean;
  shipmentDate: string;
  waybills: PosteWaybill[];
}

/** Limits of the Address and declared fields (third-party client annotations; the sandbox enforces the same). */
export const POSTE_LIMITS = { nameSurname: 35, contactName: 35, address: 40, city: 30, zipCode: 25, email: 50, description: 30, clientReferenceId: 25 } as const;
/** Parcels per waybill (`declared` entries) the adapter sends. */
export const MAX_PARCELS = 10;
/** Grams per parcel. */
export const MAX_WEIGHT_GRAMS = 30_000;
/** Cash on delivery: the accessory service and its payment mode (cash). */
export const COD_SERVICE = 'APT000918';
const COD_CASH = 'CON';
const MAX_COD_CENTS = 300_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed, inner whitespace collapsed, control characters dropped: what a label can print. */
function clean(value: string | undefined | null): string {
  return (value ?? '')
    .replace(/[\u0000-\u001F\u007F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Characters as Poste counts them (code points, not UTF-16 units). */
const length = (value: string) => [...value].length;

function limited(field: PosteFieldName, value: string, max: number): string {
  const n = length(value);
  if (n > max) throw labelRefused(posteMessages.fieldTooLong(posteFieldNames[field], n, max));
  return value;
}

function required(field: PosteFieldName, value: string, international = false): string {
  if (!value) throw labelRefused(international ? posteMessages.internationalFieldRequired(posteFieldNames[field]) : posteMessages.fieldRequired(posteFieldNames[field]));
  return value;
}

/** Cut to `max` code points (for free text where a shorter one loses nothing the courier needs). */
const cut = (value: string, max: number) => [...value].slice(0, max).join('');

/**
 * `clientReferenceId` (≤ 25) of a reference: itself when it fits; otherwise its first 16 characters,
 * `~` and 8 hex digits of its hash, stable and still unique, since Poste de-duplicates on it and a
 * plain cut could make two shipments one.
 *
 * @example clientReferenceOf('SHP-42') // 'SHP-42'
 */
export function clientReferenceOf(reference: string): string {
  const ref = clean(reference);
  if (length(ref) <= POSTE_LIMITS.clientReferenceId) return ref;
  return `${cut(ref, 16)}~${createHash('sha256').update(ref).digest('hex').slice(0, 8)}`;
}

/** The session request of `/user/sessions`. */
export function buildSessionRequest(settings: PosteDeliverySettings): PosteSessionRequest {
  return { clientId: settings.clientId.trim(), secretId: settings.secret, scope: scopeOf(settings), grantType: 'client_credentials' };
}

/** The recipient as Poste's Address: every limit checked, the names of the problem fields the merchant's. */
function receiverOf(r: PartyAddress, international: boolean): PosteAddress {
  const country = posteCountry(r.countryCode);
  if (!country) throw labelRefused(posteMessages.countryUnsupported(clean(r.countryCode)));
  const domestic = country === 'ITA1';
  const line1 = required('address', clean(r.addressLine1));
  const line2 = clean(r.addressLine2);
  const { street, number } = splitStreetNumber(line1);
  const address = limited('address', line2 ? `${street} ${line2}` : street, POSTE_LIMITS.address);

  const rawZip = clean(r.postalCode);
  const zipCode = domestic ? rawZip.replace(/\s/g, '') : rawZip.toUpperCase();
  if (domestic ? !/^\d{5}$/.test(zipCode) : !/^[A-Z0-9 -]{1,25}$/.test(zipCode)) {
    throw labelRefused(domestic ? posteMessages.zipCodeDomestic(rawZip) : posteMessages.zipCodeInternational(rawZip));
  }
  const province = clean(r.province).toUpperCase();
  if (domestic && !province) throw labelRefused(posteMessages.provinceRequired);
  // Abroad a state or county that is not 2 letters is simply not sent; in Italy it must be right.
  if (domestic && !/^[A-Z]{2}$/.test(province)) throw labelRefused(posteMessages.provinceInvalid(province));

  const email = clean(r.email);
  const emailOk = EMAIL.test(email);
  if (international && email && !emailOk) throw labelRefused(posteMessages.emailInvalid(email));
  const phone = normalisePhone(r.phone);
  if (international && clean(r.phone) && !phone) throw labelRefused(posteMessages.phoneInvalid(clean(r.phone)));
  if (international) {
    required('email', email, true);
    required('phone', phone ?? '', true);
  }

  const nameSurname = limited('nameSurname', required('nameSurname', clean(r.name)), POSTE_LIMITS.nameSurname);
  // Abroad the contact person is required: the recipient's own name serves when none is given.
  const contactName = limited('contactName', clean(r.contactName) || (international ? nameSurname : ''), POSTE_LIMITS.contactName);
  // At home an unusable e-mail or phone is left out (both are optional there) rather than refusing the label.
  const validEmail = emailOk ? limited('email', email, POSTE_LIMITS.email) : '';
  return {
    contactName,
    nameSurname,
    address,
    streetNumber: number,
    zipCode,
    city: limited('city', required('city', clean(r.city)), POSTE_LIMITS.city),
    province: /^[A-Z]{2}$/.test(province) ? province : '',
    country,
    countryName: cut(countryName(r.countryCode), 30),
    email: validEmail,
    phone: phone ?? '',
  };
}

/** Characters of each sender note. */
const NOTE = 20;

/** The sender (the merchant's pickup address): its problems point at the address book. The shipment's notes ride on it, the only printed note field. */
function senderOf(s: PartyAddress, notes: string): PosteAddress {
  const country = posteCountry(s.countryCode);
  if (!country) throw labelRefused(posteMessages.countryUnsupported(clean(s.countryCode)));
  const domestic = country === 'ITA1';
  const { street, number } = splitStreetNumber(required('senderAddress', clean(s.addressLine1)));
  const line2 = clean(s.addressLine2);
  const province = clean(s.province).toUpperCase();
  if (domestic && !/^[A-Z]{2}$/.test(province)) throw labelRefused(posteMessages.senderProvinceInvalid(province));
  const zipCode = domestic ? clean(s.postalCode).replace(/\s/g, '') : clean(s.postalCode).toUpperCase();
  if (domestic && !/^\d{5}$/.test(zipCode)) throw labelRefused(posteMessages.senderZipCodeInvalid(zipCode));
  const email = clean(s.email);
  return {
    contactName: limited('senderNameSurname', clean(s.contactName), POSTE_LIMITS.contactName),
    nameSurname: limited('senderNameSurname', required('senderNameSurname', clean(s.name)), POSTE_LIMITS.nameSurname),
    address: limited('senderAddress', line2 ? `${street} ${line2}` : street, POSTE_LIMITS.address),
    streetNumber: number,
    zipCode: required('senderZipCode', zipCode),
    city: limited('senderCity', required('senderCity', clean(s.city)), POSTE_LIMITS.city),
    province: /^[A-Z]{2}$/.test(province) ? province : '',
    country,
    countryName: cut(countryName(s.countryCode), 30),
    email: EMAIL.test(email) && length(email) <= POSTE_LIMITS.email ? email : '',
    phone: normalisePhone(s.phone) ?? '',
    ...(notes ? { note1: cut(notes, NOTE) } : {}),
    ...(length(notes) > NOTE ? { note2: [...notes].slice(NOTE, 2 * NOTE).join('').trim() } : {}),
  };
}

/**
 * The body of `POST /postalandlogistics/parcel/waybill`: one waybill with a `declared` entry per
 * parcel, the integration's product and cost centre, the reference Poste de-duplicates on, and cash
 * on delivery as accessory service `APT000918` (domestic only). Throws a {@link CarrierError}
 * `LABEL_REFUSED` naming the field when a value breaks Poste's limits.
 *
 * @example buildWaybillRequest(settings, { reference: 'SHP-42', sequence: 42, recipient, sender, parcels: [{ weightGrams: 2500 }] }, new Date())
 * // { costCenterCode: 'CDC-000001', paperless: false, shipmentDate: '…+00:00', waybills: [{ clientReferenceId: 'SHP-42', product: 'APT000902', data: { declared: [{ weight: '2500', … }], … } }] }
 */
export function buildWaybillRequest(settings: PosteDeliverySettings, request: LabelRequest, now: Date): PosteWaybillRequest {
  const product = settings.product.trim() || DEFAULT_PRODUCT;
  if (!Object.hasOwn(posteDeliveryProducts, product)) throw labelRefused(posteMessages.productUnknown(product));
  const international = carrierDestinations({ carrierCode: 'poste_delivery', serviceType: product }).scope === 'international';
  if (!posteCountry(request.recipient.countryCode)) throw labelRefused(posteMessages.countryUnsupported(clean(request.recipient.countryCode)));
  // The same check the shipping rules make before choosing this carrier for an order.
  const refusal = destinationRefusal({ carrierCode: 'poste_delivery', serviceType: product }, clean(request.recipient.countryCode));
  if (refusal) throw labelRefused(refusal);

  if (request.parcels.length === 0) throw labelRefused(posteMessages.parcelsRequired);
  if (request.parcels.length > MAX_PARCELS) throw labelRefused(posteMessages.tooManyParcels(MAX_PARCELS));
  const description = cut(clean(request.contentDescription), POSTE_LIMITS.description);
  if (international) required('description', description, true);
  const declared = request.parcels.map((p): PosteDeclared => {
    if (!(p.weightGrams > 0) || !Number.isFinite(p.weightGrams)) throw labelRefused(posteMessages.weightInvalid);
    if (p.weightGrams > MAX_WEIGHT_GRAMS) throw labelRefused(posteMessages.weightTooLarge(MAX_WEIGHT_GRAMS / 1000));
    const sizes: [keyof PosteDeclared, number | undefined][] = [
      ['height', p.heightCm],
      ['length', p.lengthCm],
      ['width', p.widthCm],
    ];
    const out: PosteDeclared = { weight: gramsString(p.weightGrams), description };
    for (const [key, cm] of sizes) {
      if (cm === undefined || cm === null) continue;
      const value = cmString(cm);
      if (!value) throw labelRefused(posteMessages.dimensionInvalid);
      out[key] = value;
    }
    return out;
  });

  const services: Record<string, Record<string, string>> = {};
  const cod = request.cashOnDeliveryCents ?? 0;
  if (cod !== 0) {
    if (!Number.isFinite(cod) || cod < 0 || cod > MAX_COD_CENTS) throw labelRefused(posteMessages.cashOnDeliveryInvalid);
    if (international) throw labelRefused(posteMessages.cashOnDeliveryInternational);
    services[COD_SERVICE] = { amount: centsToAmount(cod), paymentMode: COD_CASH };
  }

  return {
    costCenterCode: settings.costCenterCode.trim(),
    paperless: false,
    shipmentDate: shipmentDate(now),
    waybills: [
      {
        clientReferenceId: clientReferenceOf(request.reference),
        printFormat: settings.printFormat ?? DEFAULT_PRINT_FORMAT,
        product,
        data: { declared, content: description, services, sender: senderOf(request.sender, clean(request.notes)), receiver: receiverOf(request.recipient, international) },
      },
    ],
  };
}

/**
 * The query of `GET /postalandlogistics/parcel/tracking`: the number, the full history
 * (`lastTracingState` N) and the two constants third-party clients send.
 */
export function buildTrackingQuery(waybillNumber: string): Record<string, string> {
  return { waybillNumber: waybillNumber.trim(), statusDescription: 'E', customerType: 'DQ', lastTracingState: 'N' };
}
