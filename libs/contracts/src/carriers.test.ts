import {
  addTrackingCodesSchema,
  carrierMessages as m,
  createCarrierIntegrationSchema,
  credentialProblems,
  trackingCodesQuerySchema,
  updateCarrierIntegrationSchema,
} from './carriers';

const gls = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'f@gls.it' };
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('carrier credentials (spec §5)', () => {
  it('GLS: every required field in form order, then the carrier limits', () => {
    expect(credentialProblems('gls', {}).map((p) => p.message)).toEqual([
      m.siglaSedeRequired,
      m.codiceClienteRequired,
      m.passwordClienteRequired,
      m.codiceContrattoRequired,
      m.emailFilialeRequired,
    ]);
    expect(credentialProblems('gls', gls)).toEqual([]);
    expect(credentialProblems('gls', { ...gls, emailFiliale: 'x' })[0].message).toBe(m.emailInvalid);
    expect(credentialProblems('gls', { ...gls, siglaSede: 'M' })[0].message).toBe(m.siglaSedeFormat);
    expect(credentialProblems('gls', { ...gls, codiceContratto: '12a' })[0].message).toBe(m.codiceContrattoFormat);
    // pickup username/password are labelled required but optional in validation
    expect(credentialProblems('gls', { ...gls, usernameRitiri: undefined, passwordRitiri: undefined })).toEqual([]);
  });

  it('a stored secret satisfies the rule on update', () => {
    const { passwordCliente: _p, ...rest } = gls;
    expect(credentialProblems('gls', rest, new Set(['passwordCliente'] as const))).toEqual([]);
  });

  it('letter services take everything optional; Poste Delivery needs its three fields', () => {
    expect(credentialProblems('letter', {})).toEqual([]);
    expect(credentialProblems('generic', {}).map((p) => p.field)).toEqual(['username', 'password', 'customerCode']);
    expect(credentialProblems('generic', { username: 'a', password: 'b', customerCode: 'CDC-1', serviceType: 'XYZ' })[0].message).toBe(m.serviceTypeInvalid);
  });
});

describe('request schemas', () => {
  it('create: flat credentials and a credentials object both land in credentials (the object wins)', () => {
    const parsed = createCarrierIntegrationSchema.parse({ provider: 'gls', connectionName: ' GLS ', active: true, siglaSede: 'RM', credentials: { siglaSede: 'MI', codiceCliente: '1' } });
    expect(parsed).toEqual({ provider: 'gls', connectionName: 'GLS', active: true, credentials: { siglaSede: 'MI', codiceCliente: '1' } });
    expect(first(createCarrierIntegrationSchema.safeParse({ provider: 'gls' }))).toBe(m.connectionNameRequired);
    expect(first(createCarrierIntegrationSchema.safeParse({ provider: 'gls', connectionName: 'x', active: 'yes' }))).toBe(m.activeInvalid);
  });

  it('update: secrets are never trimmed; empty means keep', () => {
    expect(updateCarrierIntegrationSchema.parse({ credentials: { passwordCliente: ' a b ' } }).credentials).toEqual({ passwordCliente: ' a b ' });
    expect(updateCarrierIntegrationSchema.parse({ credentials: { passwordCliente: '' } }).credentials).toEqual({});
  });

  it('tracking codes: method, manual text or list, range bounds', () => {
    expect(first(addTrackingCodesSchema.safeParse({}))).toBe(m.methodInvalid);
    expect(first(addTrackingCodesSchema.safeParse({ method: 'range', fromCode: 'A1' }))).toBe(m.rangeRequired);
    expect(addTrackingCodesSchema.parse({ method: 'manual', trackingCodes: 'A\nB' })).toEqual({ method: 'manual', trackingCodes: 'A\nB' });
    expect(addTrackingCodesSchema.parse({ method: 'range', fromCode: ' A1 ', toCode: 'A9' })).toEqual({ method: 'range', fromCode: 'A1', toCode: 'A9' });
  });

  it('list query: defaults, "all", and Italian refusals', () => {
    expect(trackingCodesQuerySchema.parse({})).toEqual({ status: undefined, page: 1, pageSize: 20 });
    expect(trackingCodesQuerySchema.parse({ status: 'all', page: '3', pageSize: '50' })).toEqual({ status: undefined, page: 3, pageSize: 50 });
    expect(first(trackingCodesQuerySchema.safeParse({ status: 'perso' }))).toBe(m.statusFilterInvalid);
    expect(first(trackingCodesQuerySchema.safeParse({ page: '0' }))).toBe(m.pageInvalid);
    expect(first(trackingCodesQuerySchema.safeParse({ pageSize: 'abc' }))).toBe(m.pageInvalid);
  });
});
