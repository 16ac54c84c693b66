import { z } from 'zod';

/**
 * A postal address as the services pass it to each other (proto `smista.common.v1.PostalAddress`,
 * camelCase): a label's recipient and sender, a shipment's and an order's address, an imported
 * order's buyer address; a merchant address's location maps onto it (`postalAddressOfMerchant`). Only what every address has is
 * required; the proto answers unset fields as empty strings, which this schema accepts too.
 *
 * @example postalAddressSchema.parse({ name: 'Mario Rossi', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', countryCode: 'IT' })
 */
export const postalAddressSchema = z.object({
  /** Person or company printed first. */
  name: z.string(),
  companyName: z.string().optional(),
  contactName: z.string().optional(),
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  city: z.string(),
  /** Two-letter province for Italy (`MI`), state elsewhere. */
  province: z.string().optional(),
  postalCode: z.string(),
  /** The country's name, where known. */
  country: z.string().optional(),
  /** ISO 3166-1 alpha-2 (`IT`). */
  countryCode: z.string(),
  phone: z.string().optional(),
  email: z.string().optional(),
});

/** A postal address (`postalAddressSchema`). */
export type PostalAddress = z.infer<typeof postalAddressSchema>;
