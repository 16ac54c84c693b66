/** Merchant addresses (`/api/merchant-addresses`). JSON of `/api` (see `index.ts`); types only. */

/** A merchant address (spec §3) as `/api/merchant-addresses` answers it: unset optionals are null. */
export interface AddressJson {
  id: string;
  merchantId: string;
  /** Address types as stored; a client keeps those it knows (`addressTypes` in addresses.ts). */
  addressTypes: string[];
  isDefault: boolean;
  companyName: string | null;
  contactPerson: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  email: string | null;
  vatNumber: string | null;
  taxCode: string | null;
  pickupHours: string | null;
  notes: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}
