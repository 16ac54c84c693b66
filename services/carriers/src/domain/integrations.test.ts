import { carrierMessages as m } from '@smista/contracts';
import { CarriersError } from './errors';
import { assertSelectedMerchant, carrierByCode, decideIntegrationUpdate, decideNewIntegration, statusAfterCheck, type Carrier, type Integration } from './integrations';
import { assertLabelRequest, chooseSender } from './labels';
import { isLowStock, lowStockDecision } from './pool';

const gls: Carrier = { id: 1, code: 'gls', name: 'GLS Italia', description: '', logoUrl: '', credentialKind: 'gls', usesCodePool: false };
const posta1: Carrier = { id: 3, code: 'posta_1', name: 'Posta1', description: '', logoUrl: '', credentialKind: 'letter', usesCodePool: true };
const glsCreds = { siglaSede: 'mi', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'f@gls.it' };

const integration = (patch: Partial<Integration> = {}): Integration => ({
  id: 7,
  merchantId: 'm',
  carrier: gls,
  connectionName: 'GLS',
  credentials: { siglaSede: 'MI', codiceCliente: '123456', codiceContratto: '1234', emailFiliale: 'f@gls.it' },
  storedSecrets: new Set(['passwordCliente']),
  status: 'active',
  statusMessage: null,
  active: true,
  connectedAt: new Date('2026-11-01T00:00:00Z'),
  lastSync: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
  ...patch,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof CarriersError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('a new integration', () => {
  it('GLS: pending until the carrier accepts; secrets apart from plain fields; sede upper-cased; stray fields dropped', () => {
    const d = decideNewIntegration(gls, { connectionName: ' GLS Milano ', credentials: { ...glsCreds, username: 'x', customerCode: 'y' } });
    expect(d).toEqual({
      connectionName: 'GLS Milano',
      plain: { siglaSede: 'MI', codiceCliente: '123456', codiceContratto: '1234', emailFiliale: 'f@gls.it' },
      secrets: { passwordCliente: 'Sandbox1' },
      active: true,
      status: 'pending',
    });
  });

  it('a letter service is active at once; GLS refuses the first §5 problem', () => {
    expect(decideNewIntegration(posta1, { connectionName: 'P', credentials: {}, active: false })).toMatchObject({ status: 'active', active: false });
    expect(refusal(() => decideNewIntegration(gls, { connectionName: 'G', credentials: { ...glsCreds, codiceContratto: '' } }))).toEqual({
      code: 'INVALID_INTEGRATION',
      message: m.codiceContrattoRequired,
    });
  });
});

describe('an update', () => {
  it('an empty password keeps the stored one and is no change; a new password or field is', () => {
    expect(decideIntegrationUpdate(integration(), { credentials: { passwordCliente: '' } }).credentialsChanged).toBe(false);
    expect(decideIntegrationUpdate(integration(), { credentials: { passwordCliente: 'Nuova1' } })).toMatchObject({ credentialsChanged: true, secrets: { passwordCliente: 'Nuova1' } });
    expect(decideIntegrationUpdate(integration(), { credentials: { codiceContratto: '9999' } })).toMatchObject({ credentialsChanged: true, plain: { codiceContratto: '9999' } });
    expect(decideIntegrationUpdate(integration(), { connectionName: 'Nuovo', credentials: {} })).toMatchObject({ connectionName: 'Nuovo', credentialsChanged: false });
  });

  it('without a stored password the update must bring one', () => {
    expect(refusal(() => decideIntegrationUpdate(integration({ storedSecrets: new Set() }), { credentials: {} })).message).toBe(m.passwordClienteRequired);
  });
});

describe('the credential check', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('accepted: active, connected now (kept if connected before); refused: pending with the reason; unreachable: status kept', () => {
    expect(statusAfterCheck({ status: 'pending', connectedAt: null }, { outcome: 'accepted' }, now)).toEqual({ status: 'active', statusMessage: null, connectedAt: now, lastSync: now });
    const before = new Date('2026-01-01T00:00:00Z');
    expect(statusAfterCheck({ status: 'pending', connectedAt: before }, { outcome: 'accepted' }, now).connectedAt).toBe(before);
    expect(statusAfterCheck({ status: 'active', connectedAt: before }, { outcome: 'refused', message: 'no' }, now)).toMatchObject({ status: 'pending', statusMessage: 'no' });
    expect(statusAfterCheck({ status: 'active', connectedAt: before }, { outcome: 'unreachable', message: 'giù' }, now)).toMatchObject({ status: 'active', statusMessage: 'giù' });
  });
});

describe('tenancy and catalogue', () => {
  it('a merchant in the path must be the selected one (case-insensitive); empty means the selected one', () => {
    expect(() => assertSelectedMerchant('', 'abc')).not.toThrow();
    expect(() => assertSelectedMerchant('ABC', 'abc')).not.toThrow();
    expect(refusal(() => assertSelectedMerchant('def', 'abc')).code).toBe('MERCHANT_NOT_FOUND');
    expect(carrierByCode([gls, posta1], ' GLS ').id).toBe(1);
    expect(refusal(() => carrierByCode([gls], 'dhl')).message).toBe(m.unknownCarrier);
  });
});

describe('labels', () => {
  const address = { addressTypes: ['pickup'], isDefault: false, companyName: 'Magazzino', addressLine1: 'Via A 1', city: 'Milano', postalCode: '20100', countryCode: 'it' };
  it('the sender is the default pickup address, else the first pickup, else the default one', () => {
    const billingDefault = { ...address, addressTypes: ['billing'], isDefault: true, companyName: 'Sede' };
    expect(chooseSender([billingDefault, address]).name).toBe('Magazzino');
    expect(chooseSender([address, { ...address, isDefault: true, companyName: 'Principale' }]).name).toBe('Principale');
    expect(chooseSender([billingDefault])).toMatchObject({ name: 'Sede', countryCode: 'IT' });
    // The one postal address: the company and the country's name come along (a label prints both).
    expect(chooseSender([{ ...address, country: 'Italia' }])).toMatchObject({ name: 'Magazzino', companyName: 'Magazzino', country: 'Italia' });
    expect(refusal(() => chooseSender([{ ...billingDefault, isDefault: false }])).message).toBe(m.senderMissing);
    expect(refusal(() => chooseSender([{ ...address, active: false }])).code).toBe('SENDER_MISSING');
  });

  it('a label needs a full recipient, parcels with a weight and a reference', () => {
    const ok = { reference: 'S1', recipient: { name: 'Mario', addressLine1: 'Via B 2', city: 'Roma', postalCode: '00100', countryCode: 'IT' }, parcels: [{ weightGrams: 500 }] };
    expect(() => assertLabelRequest(ok)).not.toThrow();
    expect(refusal(() => assertLabelRequest({ ...ok, recipient: { ...ok.recipient, city: ' ' } })).message).toBe(m.recipientInvalid('città mancante'));
    expect(refusal(() => assertLabelRequest({ ...ok, recipient: { ...ok.recipient, countryCode: 'ITA' } })).code).toBe('INVALID_LABEL_REQUEST');
    expect(refusal(() => assertLabelRequest({ ...ok, parcels: [] })).message).toBe(m.parcelsRequired);
    expect(refusal(() => assertLabelRequest({ ...ok, parcels: [{ weightGrams: 0 }] })).message).toBe(m.weightInvalid);
  });
});

describe('the pool', () => {
  it.each([
    [10, false, 'decrease', { publish: false, restocked: false, notified: false }],
    [9, false, 'decrease', { publish: true, restocked: false, notified: true }],
    [8, true, 'decrease', { publish: false, restocked: false, notified: true }],
    // A fallen pool lifted back: the warning's cause is gone, said once.
    [12, true, 'increase', { publish: false, restocked: true, notified: false }],
    [10, true, 'increase', { publish: false, restocked: true, notified: false }],
    [25, false, 'increase', { publish: false, restocked: false, notified: false }],
    [3, false, 'increase', { publish: false, restocked: false, notified: false }],
    [3, true, 'increase', { publish: false, restocked: false, notified: true }],
  ] as const)('available %d, notified %s, %s → %o', (available, notified, change, expected) => {
    expect(lowStockDecision(available, notified, change)).toEqual(expected);
  });

  it("shows 'Scorte in esaurimento' under 10 available codes", () => {
    expect([0, 9, 10, 100].map((n) => isLowStock(n))).toEqual([true, true, false, false]);
  });
});
