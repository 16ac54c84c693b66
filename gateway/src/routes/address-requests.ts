import { merchants } from '@smista/proto';
import { merchantAddressSchema, type MerchantAddressData } from '@smista/contracts';

type AddressField = keyof MerchantAddressData;

/** The editable fields of a merchant address by their JSON names (spec §3), as the contracts list them. */
export const ADDRESS_FIELDS = Object.keys(merchantAddressSchema.shape) as AddressField[];
const known = new Set<string>(ADDRESS_FIELDS);

/** JSON values → wire fields: `null` (none) is an unset optional, every other value goes as given. */
function toWireFields(values: Readonly<Record<string, unknown>>, names: readonly string[]): merchants.MerchantAddressFields {
  const partial: Record<string, unknown> = {};
  for (const name of names) {
    const value = values[name];
    if (value !== null && value !== undefined) partial[name] = value;
  }
  return merchants.MerchantAddressFields.fromPartial(partial as Partial<merchants.MerchantAddressFields>);
}

/**
 * CreateAddress from a body `merchantAddressSchema` accepted (defaults applied). The service
 * validates again under the same schema.
 */
export function createAddressRequest(data: MerchantAddressData): merchants.CreateAddressRequest {
  return { fields: toWireFields(data, ADDRESS_FIELDS) };
}

/**
 * UpdateAddress from a PATCH body (already checked with `merchantAddressPatchSchema`): the mask
 * names exactly the known fields the body carries, so a field the body leaves out never changes and
 * a field sent as `null` is cleared (services/merchants/README.md, "Addresses"). Unknown keys (an
 * `id` or `createdAt` echoed back by a client) are ignored. The values are the body's own; the
 * service trims and checks them again.
 *
 * @example updateAddressRequest('a1', { notes: null, city: 'Roma' })
 * // { id: 'a1', updateMask: ['notes', 'city'], fields: { city: 'Roma', addressTypes: [] } }
 */
export function updateAddressRequest(id: string, rawBody: unknown): merchants.UpdateAddressRequest {
  const body = (typeof rawBody === 'object' && rawBody !== null ? rawBody : {}) as Record<string, unknown>;
  const updateMask = Object.keys(body).filter((key) => known.has(key));
  return { id, fields: toWireFields(body, updateMask), updateMask };
}
