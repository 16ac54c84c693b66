import type { ShipmentJson } from '@smista/contracts';
import { addressValuesOf, validateAddress, type AddressValues } from './address-form';

const good: AddressValues = {
  recipientName: 'Mario Rossi',
  addressLine1: 'Via Roma 1',
  addressLine2: '',
  postalCode: '20100',
  city: 'Milano',
  state: 'MI',
  country: 'Italia',
  countryCode: 'it',
  phoneNumber: '',
  recipientEmail: '',
};

describe('validateAddress (spec §5 shipment address)', () => {
  it('accepts a full address, upper-casing the country code', () => {
    const result = validateAddress(good);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.countryCode).toBe('IT');
  });
  it('says each §5 text under its field', () => {
    const result = validateAddress({ ...good, recipientName: ' ', addressLine1: '', city: '', postalCode: '', country: '', countryCode: 'I', recipientEmail: 'mario@' });
    expect(result).toEqual({
      ok: false,
      errors: {
        recipientName: 'Nome destinatario richiesto',
        addressLine1: 'Indirizzo richiesto',
        city: 'Città richiesta',
        postalCode: 'Codice postale richiesto',
        country: 'Paese richiesto',
        countryCode: 'Codice paese richiesto',
        recipientEmail: 'Email non valida',
      },
    });
  });
  it('refuses a country code longer than 2 characters and accepts a valid or empty e-mail', () => {
    expect(validateAddress({ ...good, countryCode: 'ITA' })).toEqual({ ok: false, errors: { countryCode: 'Il codice paese deve avere al massimo 2 caratteri' } });
    expect(validateAddress({ ...good, recipientEmail: 'mario@example.it' }).ok).toBe(true);
  });
});

describe('addressValuesOf', () => {
  it("starts from the shipment's address, '' for what it lacks", () => {
    const s = { recipientName: null, addressLine1: 'Via Roma 1', addressLine2: null, postalCode: '20100', city: 'Milano', state: null, country: 'Italia', countryCode: 'IT', phoneNumber: '333', recipientEmail: null } as ShipmentJson;
    expect(addressValuesOf(s)).toEqual({ ...good, recipientName: '', state: '', countryCode: 'IT', phoneNumber: '333' });
  });
});
