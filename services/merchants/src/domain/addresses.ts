import {
  merchantAddressPatchSchema,
  merchantAddressSchema,
  messages,
  type MerchantAddressData,
} from '@smista/contracts';
import { merchantsErrors } from './errors';
import { parseId } from '@smista/service-kit';

/** The editable fields of an address, by their camelCase names (JSON API, contracts schema). */
export const ADDRESS_FIELDS = Object.keys(merchantAddressSchema.shape) as (keyof MerchantAddressData)[];
export type AddressField = keyof MerchantAddressData;
export type AddressPatch = Partial<MerchantAddressData>;

/** An address id from a request; a malformed id answers like an unknown one (ADDRESS_NOT_FOUND). */
export function parseAddressId(raw: string): string {
  return parseId(raw, merchantsErrors.addressNotFound);
}

function firstMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? messages.errors.validation;
}

/**
 * A new address under the rules of spec §5 (merchantAddressSchema: at least one type; company
 * name, address line 1, postal code, city and country required; 2-letter country code; valid
 * e-mail), with defaults applied. INVALID_ADDRESS carries the first broken rule's Italian message.
 */
export function parseNewAddress(input: Record<string, unknown>): MerchantAddressData {
  const result = merchantAddressSchema.safeParse(input);
  if (!result.success) throw merchantsErrors.invalidAddress(firstMessage(result.error));
  return result.data;
}

/**
 * The field name of an update mask entry, accepting camelCase (`companyName`) and snake_case
 * (`company_name`); undefined when it names no address field.
 */
export function addressFieldOf(name: string): AddressField | undefined {
  const camel = name.trim().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return (ADDRESS_FIELDS as string[]).includes(camel) ? (camel as AddressField) : undefined;
}

/**
 * PATCH: exactly the given fields, each under the same rules as on create. The contracts' patch
 * schema fills defaults for absent fields (isDefault, country, countryCode, active), so only the
 * fields that were asked for are kept: an absent field is never reset.
 */
export function parseAddressPatch(input: Record<string, unknown>, fields: readonly AddressField[]): AddressPatch {
  const asked = Object.fromEntries(fields.map((field) => [field, input[field]]));
  const result = merchantAddressPatchSchema.safeParse(asked);
  if (!result.success) throw merchantsErrors.invalidAddress(firstMessage(result.error));
  const patch: AddressPatch = {};
  for (const field of fields) {
    (patch as Record<string, unknown>)[field] = (result.data as Record<string, unknown>)[field] ?? null;
  }
  return patch;
}

/**
 * One default address per merchant: making an address the default takes the flag away from the
 * merchant's current default, in the same transaction. Answers whether that has to happen.
 *
 * @example mustClearOtherDefault({ wasDefault: false, isDefault: true }) // true
 */
export function mustClearOtherDefault(change: { wasDefault: boolean; isDefault: boolean }): boolean {
  return change.isDefault && !change.wasDefault;
}
