/**
 * The carrier credentials the sandboxes accept (deploy/local's sandbox-accounts.ts, which the demo
 * seed of `make dev` uses too): GLS with the branch e-mail; Poste Delivery Business's client id,
 * secret and cost centre.
 */
export { GLS_SANDBOX_CREDENTIALS as GLS_ACCOUNT, POSTE_DELIVERY_SANDBOX_CREDENTIALS as POSTE_DELIVERY_ACCOUNT } from '../../deploy/local/src/sandbox-accounts';

/** A merchant's default pickup address (GLS's sender), as Impostazioni → Indirizzi saves it. */
export const PICKUP_ADDRESS = {
  addressTypes: ['pickup'],
  isDefault: true,
  companyName: 'Bottega Rossi S.r.l.',
  contactPerson: 'Anna Rossi',
  addressLine1: 'Via Roma 1',
  city: 'Milano',
  state: 'MI',
  postalCode: '20121',
  country: 'Italia',
  countryCode: 'IT',
  phone: '+39 02 1234567',
  email: 'magazzino@bottega.example.it',
};
