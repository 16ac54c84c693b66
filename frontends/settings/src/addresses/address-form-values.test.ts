import { merchantAddressSchema } from '@smista/contracts';
import { addressFormValues, addressLines, countryNameFor, countryOptions, emptyAddressForm } from './address-form-values';

const stored = {
  id: 'a1',
  merchantId: 'm1',
  addressTypes: ['pickup', 'billing'] as ('pickup' | 'billing')[],
  isDefault: true,
  companyName: 'Rossi Srl',
  contactPerson: null,
  addressLine1: 'Via Roma 1',
  addressLine2: null,
  city: 'Milano',
  state: 'MI',
  postalCode: '20100',
  country: 'Germany',
  countryCode: 'de',
  phone: '+39 02 123456',
  email: null,
  vatNumber: 'IT01234567890',
  taxCode: null,
  pickupHours: 'Lun-Ven 9:00-18:00',
  notes: null,
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('emptyAddressForm (creating)', () => {
  it('starts with no type, Italia/IT, not default, active, blank texts', () => {
    const values = emptyAddressForm();
    expect(values).toMatchObject({ addressTypes: [], isDefault: false, country: 'Italia', countryCode: 'IT', active: true, companyName: '' });
  });
  it('is refused by the contract until a type is chosen, with the spec alert text', () => {
    const r = merchantAddressSchema.safeParse(emptyAddressForm());
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain('Seleziona almeno un tipo di indirizzo');
  });
  it('turns blank optional texts into null once valid', () => {
    const parsed = merchantAddressSchema.parse({
      ...emptyAddressForm(),
      addressTypes: ['billing'],
      companyName: 'Rossi Srl',
      addressLine1: 'Via Roma 1',
      postalCode: '20100',
      city: 'Milano',
    });
    expect(parsed).toMatchObject({ phone: null, email: null, notes: null, country: 'Italia', countryCode: 'IT' });
  });
});

describe('addressFormValues (editing)', () => {
  it('prefills every field, nulls as blanks, with the Italian country name of the code', () => {
    const values = addressFormValues(stored);
    expect(values).toEqual({
      addressTypes: ['billing', 'pickup'],
      isDefault: true,
      companyName: 'Rossi Srl',
      contactPerson: '',
      addressLine1: 'Via Roma 1',
      addressLine2: '',
      city: 'Milano',
      state: 'MI',
      postalCode: '20100',
      country: 'Germania',
      countryCode: 'DE',
      phone: '+39 02 123456',
      email: '',
      vatNumber: 'IT01234567890',
      taxCode: '',
      pickupHours: 'Lun-Ven 9:00-18:00',
      notes: '',
      active: true,
    });
    expect(merchantAddressSchema.safeParse(values).success).toBe(true);
  });
  it('keeps a country outside the six choices, drops unknown types, keeps inactive', () => {
    const values = addressFormValues({ ...stored, country: 'Svizzera', countryCode: 'CH', addressTypes: ['warehouse', 'x' as never], active: false });
    expect(values).toMatchObject({ country: 'Svizzera', countryCode: 'CH', addressTypes: ['warehouse'], active: false });
  });
  it('falls back to Italia/IT without a country code', () => {
    expect(addressFormValues({ id: 'z', countryCode: undefined })).toMatchObject({ country: 'Italia', countryCode: 'IT', isDefault: false });
  });
});

describe('country options and names', () => {
  it('offers the six choices, plus a foreign current one', () => {
    expect(countryOptions('IT', 'Italia').map((c) => c.code)).toEqual(['IT', 'DE', 'FR', 'ES', 'GB', 'US']);
    expect(countryOptions('CH', 'Svizzera').at(-1)).toEqual({ code: 'CH', name: 'Svizzera' });
    expect(countryNameFor('gb')).toBe('Regno Unito');
    expect(countryNameFor('CH')).toBeUndefined();
  });
});

describe('addressLines', () => {
  it('lists street, "CAP Città", province and country, skipping blanks', () => {
    expect(addressLines(stored)).toEqual(['Via Roma 1', '20100 Milano', 'MI', 'Germany']);
    expect(addressLines({ id: 'x', addressLine1: 'Via Po 2', city: 'Torino', countryCode: 'IT' })).toEqual(['Via Po 2', 'Torino', 'Italia']);
  });
});
