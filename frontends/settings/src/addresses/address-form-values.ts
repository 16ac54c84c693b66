/** Pure mappings between merchant addresses and the address form (spec §2 address dialog, §3). */
import { addressTypes, countryChoices, type AddressJson, type AddressType } from '@smista/contracts';

/** What the form edits: every text as a string ('' for none), the rest as the schema takes it. */
export interface AddressFormValues {
  addressTypes: AddressType[];
  isDefault: boolean;
  companyName: string;
  contactPerson: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  countryCode: string;
  phone: string;
  email: string;
  vatNumber: string;
  taxCode: string;
  pickupHours: string;
  notes: string;
  active: boolean;
}

/** Spec §3: the default country is Italia, code IT. */
export const DEFAULT_COUNTRY = { code: 'IT', name: 'Italia' } as const;

/** The form of a new address: no type chosen yet, Italia/IT, not default, active. */
export function emptyAddressForm(): AddressFormValues {
  return {
    addressTypes: [],
    isDefault: false,
    companyName: '',
    contactPerson: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    postalCode: '',
    country: DEFAULT_COUNTRY.name,
    countryCode: DEFAULT_COUNTRY.code,
    phone: '',
    email: '',
    vatNumber: '',
    taxCode: '',
    pickupHours: '',
    notes: '',
    active: true,
  };
}

/** The Italian name of one of the six country choices, by code. */
export function countryNameFor(code: string | null | undefined): string | undefined {
  const upper = code?.trim().toUpperCase();
  return countryChoices.find((c) => c.code === upper)?.name;
}

const text = (value: string | null | undefined) => value ?? '';

/**
 * The form prefilled from an address being edited: nulls become '', unknown types are dropped,
 * and a known country code shows its Italian name. Lenient: a field the answer lacks reads as unset.
 */
export function addressFormValues(address: Partial<AddressJson>): AddressFormValues {
  const countryCode = address.countryCode?.trim().toUpperCase() || DEFAULT_COUNTRY.code;
  const known = addressTypes.filter((type) => (address.addressTypes ?? []).includes(type));
  return {
    addressTypes: known,
    isDefault: address.isDefault === true,
    companyName: text(address.companyName),
    contactPerson: text(address.contactPerson),
    addressLine1: text(address.addressLine1),
    addressLine2: text(address.addressLine2),
    city: text(address.city),
    state: text(address.state),
    postalCode: text(address.postalCode),
    country: countryNameFor(countryCode) ?? (address.country?.trim() || countryCode),
    countryCode,
    phone: text(address.phone),
    email: text(address.email),
    vatNumber: text(address.vatNumber),
    taxCode: text(address.taxCode),
    pickupHours: text(address.pickupHours),
    notes: text(address.notes),
    active: address.active !== false,
  };
}

/**
 * The country select's options: the six choices, plus the address's own country when it is
 * another one (so editing an older address does not silently change it).
 */
export function countryOptions(currentCode: string, currentName: string): { code: string; name: string }[] {
  const options: { code: string; name: string }[] = countryChoices.map((c) => ({ code: c.code, name: c.name }));
  if (currentCode && !countryNameFor(currentCode)) options.push({ code: currentCode, name: currentName || currentCode });
  return options;
}

/** The address lines a list shows: street lines, "CAP Città", province, country (blanks left out). */
export function addressLines(address: Partial<AddressJson>): string[] {
  const postalCity = [address.postalCode, address.city].map((p) => p?.trim()).filter(Boolean).join(' ');
  const country = address.country?.trim() || countryNameFor(address.countryCode) || '';
  return [address.addressLine1, address.addressLine2, postalCity, address.state, country]
    .map((line) => line?.trim() ?? '')
    .filter(Boolean);
}
