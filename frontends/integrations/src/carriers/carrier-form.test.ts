import { createCarrierIntegrationSchema, updateCarrierIntegrationSchema, type CarrierCredentialsJson } from '@smista/contracts';
import {
  carrierFormValues,
  checkCarrierForm,
  connectionNamePlaceholder,
  createBody,
  credentialFieldsFor,
  emptyCarrierForm,
  storedSecretsOf,
  updateBody,
  type CarrierFormValues,
} from './carrier-form';

const gls = (over: Partial<CarrierFormValues> = {}): CarrierFormValues => ({
  ...emptyCarrierForm('gls'),
  connectionName: 'GLS Milano',
  siglaSede: 'MI',
  codiceCliente: '123456',
  passwordCliente: 'segreta',
  codiceContratto: '1234',
  emailFiliale: 'filiale@gls.it',
  ...over,
});

const noCredentials: CarrierCredentialsJson = {
  siglaSede: null,
  codiceCliente: null,
  codiceContratto: null,
  emailFiliale: null,
  usernameRitiri: null,
  username: null,
  customerCode: null,
  serviceType: null,
  hasPasswordCliente: false,
  hasPasswordRitiri: false,
  hasPassword: false,
};

const messagesOf = (r: ReturnType<typeof checkCarrierForm>) => (r.ok ? [] : r.problems.map((p) => p.message));

describe('credentialFieldsFor', () => {
  it('asks GLS for its seven fields, pickup credentials marked required', () => {
    const fields = credentialFieldsFor('gls');
    expect(fields.map((x) => x.name)).toEqual([
      'siglaSede',
      'codiceCliente',
      'passwordCliente',
      'codiceContratto',
      'emailFiliale',
      'usernameRitiri',
      'passwordRitiri',
    ]);
    expect(fields.every((x) => x.markedRequired)).toBe(true);
    expect(fields.filter((x) => x.secret).map((x) => x.name)).toEqual(['passwordCliente', 'passwordRitiri']);
  });
  it('labels Poste Delivery as its API names them, with the four products', () => {
    const fields = credentialFieldsFor('generic');
    expect(fields.map((x) => x.label)).toEqual(['Client ID', 'Client Secret', 'Codice centro di costo', 'Servizio']);
    expect(fields.find((x) => x.name === 'serviceType')?.options?.map((o) => o.value)).toEqual(['APT000901', 'APT000902', 'APT000903', 'APT000904']);
  });
  it('asks the letter services for optional username, password and customer code', () => {
    const fields = credentialFieldsFor('letter');
    expect(fields.map((x) => x.name)).toEqual(['username', 'password', 'customerCode']);
    expect(fields.some((x) => x.markedRequired)).toBe(false);
  });
});

describe('checkCarrierForm', () => {
  it('needs a connection name first (spec §5)', () => {
    const r = checkCarrierForm('letter', { ...emptyCarrierForm('letter'), connectionName: '   ' });
    expect(messagesOf(r)).toEqual(['Il nome della connessione è obbligatorio']);
  });

  it('lists every GLS rule in form order, with the spec texts', () => {
    const r = checkCarrierForm('gls', { ...emptyCarrierForm('gls'), connectionName: 'GLS' });
    expect(messagesOf(r)).toEqual([
      'La sigla sede è obbligatoria per GLS',
      'Il codice cliente è obbligatorio per GLS',
      'La password cliente è obbligatoria per GLS',
      'Il codice contratto è obbligatorio per GLS',
      "L'email filiale è obbligatoria per GLS",
    ]);
    expect(messagesOf(checkCarrierForm('gls', gls({ emailFiliale: 'non-una-email' })))).toEqual(['Inserisci un indirizzo email valido']);
  });

  it('keeps the pickup credentials optional though marked required', () => {
    const r = checkCarrierForm('gls', gls());
    expect(r.ok).toBe(true);
  });

  it('accepts a GLS update without the password when one is stored', () => {
    const values = gls({ passwordCliente: '' });
    expect(messagesOf(checkCarrierForm('gls', values))).toEqual(['La password cliente è obbligatoria per GLS']);
    expect(checkCarrierForm('gls', values, new Set(['passwordCliente'])).ok).toBe(true);
  });

  it('checks Poste Delivery client id, secret and cost centre', () => {
    const r = checkCarrierForm('generic', { ...emptyCarrierForm('generic'), connectionName: 'Poste' });
    expect(messagesOf(r)).toEqual([
      'Il Client ID è obbligatorio per Poste Delivery Business',
      'Il Client Secret è obbligatorio per Poste Delivery Business',
      'Il codice centro di costo è obbligatorio per Poste Delivery Business',
    ]);
  });

  it('accepts a letter service with the name alone', () => {
    const r = checkCarrierForm('letter', { ...emptyCarrierForm('letter'), connectionName: ' Posta1 Milano ' });
    expect(r).toEqual({ ok: true, connectionName: 'Posta1 Milano', credentials: {} });
  });

  it('refuses an oversized value with the schema message', () => {
    const r = checkCarrierForm('letter', { ...emptyCarrierForm('letter'), connectionName: 'x', username: 'u'.repeat(201) });
    expect(messagesOf(r)).toEqual(['Valore troppo lungo']);
  });

  it("keeps only the carrier's own fields, trimmed, blanks dropped; secrets as typed", () => {
    const r = checkCarrierForm('gls', gls({ codiceCliente: ' 123456 ', passwordCliente: ' spazi ', username: 'estraneo', usernameRitiri: '' }));
    expect(r).toEqual({
      ok: true,
      connectionName: 'GLS Milano',
      credentials: {
        siglaSede: 'MI',
        codiceCliente: '123456',
        passwordCliente: ' spazi ',
        codiceContratto: '1234',
        emailFiliale: 'filiale@gls.it',
      },
    });
  });
});

describe('request bodies', () => {
  it('sends a new integration flat, active, as the server schema reads it', () => {
    const checked = checkCarrierForm('gls', gls());
    if (!checked.ok) throw new Error('expected a valid form');
    const body = createBody('gls', checked);
    expect(body).toMatchObject({ provider: 'gls', connectionName: 'GLS Milano', active: true, siglaSede: 'MI', passwordCliente: 'segreta' });
    expect(createCarrierIntegrationSchema.parse(body)).toEqual({
      provider: 'gls',
      connectionName: 'GLS Milano',
      active: true,
      credentials: { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'segreta', codiceContratto: '1234', emailFiliale: 'filiale@gls.it' },
    });
  });

  it('sends an update as {connectionName, credentials} without the kept secret', () => {
    const checked = checkCarrierForm('gls', gls({ passwordCliente: '' }), new Set(['passwordCliente']));
    if (!checked.ok) throw new Error('expected a valid form');
    const body = updateBody(checked);
    expect(body.credentials).not.toHaveProperty('passwordCliente');
    expect(updateCarrierIntegrationSchema.parse(body)).toEqual({ connectionName: 'GLS Milano', credentials: body.credentials });
  });
});

describe('editing a stored integration', () => {
  it('prefills plain fields and never a secret', () => {
    const values = carrierFormValues(
      {
        connectionName: 'GLS Milano',
        credentials: { ...noCredentials, siglaSede: 'MI', codiceCliente: '123456', emailFiliale: 'f@gls.it', hasPasswordCliente: true },
      },
      'gls',
    );
    expect(values).toMatchObject({ connectionName: 'GLS Milano', siglaSede: 'MI', codiceCliente: '123456', emailFiliale: 'f@gls.it', passwordCliente: '' });
  });
  it('keeps the Poste Delivery service, or preselects Standard', () => {
    expect(carrierFormValues({ connectionName: 'P', credentials: { ...noCredentials, serviceType: 'APT000901' } }, 'generic').serviceType).toBe('APT000901');
    expect(carrierFormValues({ connectionName: 'P', credentials: noCredentials }, 'generic').serviceType).toBe('APT000902');
  });
  it('reads which secrets are stored', () => {
    expect([...storedSecretsOf({ ...noCredentials, hasPasswordCliente: true, hasPassword: true })].sort()).toEqual(['password', 'passwordCliente']);
    expect(storedSecretsOf(null).size).toBe(0);
  });
});

describe('connectionNamePlaceholder', () => {
  it("gives each carrier's form an example of its own, never GLS's on a Poste form (issue 19)", () => {
    expect(connectionNamePlaceholder('gls')).toBe('es. GLS Milano');
    expect(connectionNamePlaceholder('poste_delivery')).toBe('es. Poste Delivery Business Milano');
    expect(connectionNamePlaceholder('posta_1')).toBe('es. Posta1 Milano');
    for (const code of ['poste_delivery', 'posta_1', 'posta_rc', 'posta_pr_intl', 'posta_rc_intl']) expect(connectionNamePlaceholder(code)).not.toContain('GLS');
  });
});
