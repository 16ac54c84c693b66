/** GLS credentials the GLS sandbox accepts (deploy/sandboxes/src/gls), with the branch e-mail. */
export const GLS_ACCOUNT = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'filiale.mi@gls-sandbox.it' };

/** Poste Delivery Business credentials the Poste sandbox accepts (deploy/sandboxes/src/poste-delivery): client id, secret, cost centre. */
export const POSTE_DELIVERY_ACCOUNT = { username: 'smista-sandbox', password: 'PosteSandbox1', customerCode: 'CDC-000001' };

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
