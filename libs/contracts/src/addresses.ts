import { z } from 'zod';
import type { PostalAddress } from './postal-address';
import { visibleText } from './text';

/** Spec §3: the four address types and their Italian labels. */
export const addressTypes = ['billing', 'pickup', 'return', 'warehouse'] as const;
export type AddressType = (typeof addressTypes)[number];
export const addressTypeLabels: Record<AddressType, string> = {
  billing: 'Fatturazione',
  pickup: 'Ritiro',
  return: 'Reso',
  warehouse: 'Magazzino',
};

/** Spec §3: the six country choices. */
export const countryChoices = [
  { code: 'IT', name: 'Italia' },
  { code: 'DE', name: 'Germania' },
  { code: 'FR', name: 'Francia' },
  { code: 'ES', name: 'Spagna' },
  { code: 'GB', name: 'Regno Unito' },
  { code: 'US', name: 'Stati Uniti' },
] as const;

export const addressMessages = {
  typeRequired: 'Seleziona almeno un tipo di indirizzo',
  typeInvalid: 'Tipo di indirizzo non valido',
  companyNameRequired: 'La ragione sociale è obbligatoria',
  addressLine1Required: "L'indirizzo è obbligatorio",
  postalCodeRequired: 'Il CAP è obbligatorio',
  cityRequired: 'La città è obbligatoria',
  countryRequired: 'Il paese è obbligatorio',
  countryCodeLength: 'Il codice paese deve essere di esattamente 2 lettere',
  emailInvalid: 'Indirizzo email non valido',
  tooLong: 'Valore troppo lungo',
  notFound: 'Indirizzo non trovato',
} as const;

const m = addressMessages;
/** Required text: a missing field and a blank one get the same Italian message. */
const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, m.tooLong)
    .refine(...visibleText);
const optional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong)
    .refine(...visibleText)
    .nullish()
    .transform((v) => (v ? v : null));

/** The fields and their rules, without defaults (shared by create and patch). */
const addressFields = {
  addressTypes: z
    .array(z.enum(addressTypes, m.typeInvalid), { error: m.typeRequired })
    .min(1, m.typeRequired)
    .transform((types) => [...new Set(types)]),
  isDefault: z.boolean(),
  companyName: required(m.companyNameRequired),
  contactPerson: optional(),
  addressLine1: required(m.addressLine1Required),
  addressLine2: optional(),
  city: required(m.cityRequired, 100),
  state: optional(100),
  postalCode: required(m.postalCodeRequired, 20),
  country: required(m.countryRequired, 100),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, m.countryCodeLength),
  phone: optional(50),
  email: z
    .string()
    .trim()
    .max(254, m.tooLong)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email(m.emailInvalid).nullable()),
  vatNumber: optional(50),
  taxCode: optional(50),
  pickupHours: optional(200),
  notes: optional(1000),
  active: z.boolean(),
};

/** A merchant address as created (spec §3, §5): Italia/IT, not default and active unless given. */
export const merchantAddressSchema = z.object({
  ...addressFields,
  isDefault: addressFields.isDefault.default(false),
  country: addressFields.country.default('Italia'),
  countryCode: addressFields.countryCode.default('IT'),
  active: addressFields.active.default(true),
});
export type MerchantAddressInput = z.input<typeof merchantAddressSchema>;
export type MerchantAddressData = z.output<typeof merchantAddressSchema>;

/** PATCH: any subset of the fields, each with the same rules; absent fields stay absent (no defaults). */
export const merchantAddressPatchSchema = z.object(addressFields).partial();

export interface MerchantAddress extends MerchantAddressData {
  id: string;
  merchantId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The location part of a merchant address: where it is and who answers there (not its types, its
 * default, its tax data, hours or notes). Absent parts null or undefined, as merchants answers them.
 */
export interface MerchantAddressLocation {
  companyName: string;
  contactPerson?: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state?: string | null;
  postalCode: string;
  country?: string | null;
  countryCode: string;
  phone?: string | null;
  email?: string | null;
}

const present = (v: string | null | undefined) => v || undefined;
type OptionalLocationPart = 'contactPerson' | 'addressLine2' | 'state' | 'country' | 'phone' | 'email';

/**
 * The location of a merchant address as the one postal address (the sender of a label): the company
 * is the name printed first, contactPerson → contactName, state → province; absent parts undefined.
 * The inverse of {@link merchantLocationOfPostal}.
 *
 * @example postalAddressOfMerchant({ companyName: 'Bottega Verdi Srl', addressLine1: 'Via Roma 10', city: 'Milano', postalCode: '20121', countryCode: 'it' }).countryCode // 'IT'
 */
export function postalAddressOfMerchant(a: MerchantAddressLocation): PostalAddress {
  return {
    name: a.companyName,
    companyName: a.companyName,
    contactName: present(a.contactPerson),
    addressLine1: a.addressLine1,
    addressLine2: present(a.addressLine2),
    city: a.city,
    province: present(a.state),
    postalCode: a.postalCode,
    country: present(a.country),
    countryCode: a.countryCode.toUpperCase(),
    phone: present(a.phone),
    email: present(a.email),
  };
}

/**
 * A postal address as the location of a merchant address (the company is its companyName, else its
 * name); absent parts undefined, so merchants' defaults (Italia) apply. The inverse of {@link postalAddressOfMerchant}.
 */
export function merchantLocationOfPostal(a: PostalAddress): MerchantAddressLocation & { [K in OptionalLocationPart]?: string } {
  return {
    companyName: a.companyName || a.name,
    contactPerson: present(a.contactName),
    addressLine1: a.addressLine1,
    addressLine2: present(a.addressLine2),
    city: a.city,
    state: present(a.province),
    postalCode: a.postalCode,
    country: present(a.country),
    countryCode: a.countryCode,
    phone: present(a.phone),
    email: present(a.email),
  };
}
