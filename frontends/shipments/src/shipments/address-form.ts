/**
 * The 'Modifica Indirizzo Spedizione' form (spec §5): its values from a shipment, and its check
 * with the contracts' `shipmentAddressSchema` (the server's own), each field's first §5 text.
 */
import { shipmentAddressSchema, type ShipmentAddressData, type ShipmentJson } from '@smista/contracts';

/** The fields in the order the form shows them. */
export const ADDRESS_FIELDS = [
  'recipientName',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'state',
  'country',
  'countryCode',
  'phoneNumber',
  'recipientEmail',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** §5: every other field is required. */
export const OPTIONAL_FIELDS: ReadonlySet<AddressField> = new Set(['addressLine2', 'state', 'phoneNumber', 'recipientEmail']);

export type AddressValues = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The form's starting values: the shipment's address, '' for what it lacks. */
export function addressValuesOf(s: ShipmentJson): AddressValues {
  return {
    recipientName: s.recipientName ?? '',
    addressLine1: s.addressLine1 ?? '',
    addressLine2: s.addressLine2 ?? '',
    postalCode: s.postalCode ?? '',
    city: s.city ?? '',
    state: s.state ?? '',
    country: s.country ?? '',
    countryCode: s.countryCode ?? '',
    phoneNumber: s.phoneNumber ?? '',
    recipientEmail: s.recipientEmail ?? '',
  };
}

/**
 * The form checked as the server will check it: the body to send, or the first §5 text of each
 * field that fails.
 *
 * @example validateAddress({ ...values, city: ' ' }) // { ok: false, errors: { city: 'Città richiesta' } }
 */
export function validateAddress(values: AddressValues): { ok: true; data: ShipmentAddressData } | { ok: false; errors: AddressErrors } {
  const parsed = shipmentAddressSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
