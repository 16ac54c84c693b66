/** GLS credentials the GLS sandbox accepts (deploy/sandboxes/src/gls), with the branch e-mail. */
export const GLS_ACCOUNT = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'filiale.mi@gls-sandbox.it' };
