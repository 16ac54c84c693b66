import { z } from 'zod';
import type { AddressJson } from '@smista/contracts';

/** Merchant addresses (contracts `api-types/addresses.ts`). */

/** A merchant address as `/api/merchant-addresses` answers it (`presenters.ts` `addressJson`): unset optionals are null. */
export const addressSchema = z.object({
  id: z.string(),
  merchantId: z.string(),
  addressTypes: z.array(z.string()).describe('Address types as stored; a client keeps those it knows'),
  isDefault: z.boolean(),
  companyName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  vatNumber: z.string().nullable(),
  taxCode: z.string().nullable(),
  pickupHours: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AddressJson>;

/** `GET /api/merchant-addresses`. */
export const addressesResponse = z.array(addressSchema);
