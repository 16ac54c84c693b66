import { defaultGlsAccounts, defaultPosteAccounts } from '@smista/sandboxes';

/*
 * The carrier accounts the sandboxes accept out of the box (the READMEs of deploy/sandboxes/src/gls
 * and poste-delivery), as Smista's carrier forms send them (`POST
 * /api/merchants/{id}/carrier-integrations`). The demo seed of `make dev` connects with them, and so
 * do the e2e suites.
 */

const gls = defaultGlsAccounts[0]!;
const poste = defaultPosteAccounts[0]!;

/** GLS Italia: the sandbox's first account (sede MI), with a branch e-mail (the form asks for one). */
export const GLS_SANDBOX_CREDENTIALS = {
  siglaSede: gls.sede,
  codiceCliente: gls.codiceCliente,
  passwordCliente: gls.password,
  codiceContratto: gls.contracts[0]!,
  emailFiliale: 'filiale.mi@gls-sandbox.it',
};

/** Poste Delivery Business: the sandbox's first account (client id, secret, cost centre). */
export const POSTE_DELIVERY_SANDBOX_CREDENTIALS = { username: poste.clientId, password: poste.secret, customerCode: poste.costCenters[0]! };
