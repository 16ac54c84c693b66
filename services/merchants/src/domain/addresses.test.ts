import { addressMessages, messages } from '@smista/contracts';
import { MerchantsError, MerchantsErrorCode } from './errors';
import { addressFieldOf, ADDRESS_FIELDS, mustClearOtherDefault, parseAddressId, parseAddressPatch, parseNewAddress } from './addresses';

function refusal(fn: () => unknown): MerchantsError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MerchantsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const valid = {
  addressTypes: ['billing', 'pickup', 'billing'],
  companyName: ' Bottega Rossi srl ',
  addressLine1: 'Via Roma 1',
  postalCode: '20121',
  city: 'Milano',
};

describe('new address', () => {
  it('applies the defaults of spec §3 and drops duplicate types', () => {
    expect(parseNewAddress(valid)).toEqual({
      addressTypes: ['billing', 'pickup'],
      isDefault: false,
      companyName: 'Bottega Rossi srl',
      contactPerson: null,
      addressLine1: 'Via Roma 1',
      addressLine2: null,
      city: 'Milano',
      state: null,
      postalCode: '20121',
      country: 'Italia',
      countryCode: 'IT',
      phone: null,
      email: null,
      vatNumber: null,
      taxCode: null,
      pickupHours: null,
      notes: null,
      active: true,
    });
  });

  it.each([
    [{ addressTypes: [] }, addressMessages.typeRequired],
    [{ addressTypes: ['home'] }, addressMessages.typeInvalid],
    [{ companyName: '  ' }, addressMessages.companyNameRequired],
    [{ addressLine1: '' }, addressMessages.addressLine1Required],
    [{ postalCode: '' }, addressMessages.postalCodeRequired],
    [{ city: ' ' }, addressMessages.cityRequired],
    [{ country: '' }, addressMessages.countryRequired],
    [{ countryCode: 'ITA' }, addressMessages.countryCodeLength],
    [{ email: 'not-an-email' }, addressMessages.emailInvalid],
    [{ notes: 'x'.repeat(1001) }, addressMessages.tooLong],
  ])('refuses %j with its Italian message', (change, message) => {
    const err = refusal(() => parseNewAddress({ ...valid, ...change }));
    expect([err.code, err.message]).toEqual([MerchantsErrorCode.InvalidAddress, message]);
  });
});

describe('address patch', () => {
  it('keeps only the fields asked for: absent fields are never reset to defaults', () => {
    expect(parseAddressPatch({ companyName: ' Nuova srl ' }, ['companyName'])).toEqual({ companyName: 'Nuova srl' });
    expect(parseAddressPatch({ isDefault: true, city: 'Roma' }, ['isDefault'])).toEqual({ isDefault: true });
  });

  it('clears optional fields given as null or empty', () => {
    expect(parseAddressPatch({ contactPerson: null, phone: '' }, ['contactPerson', 'phone'])).toEqual({ contactPerson: null, phone: null });
  });

  it('applies the same rules as on create', () => {
    expect(refusal(() => parseAddressPatch({ postalCode: '' }, ['postalCode'])).message).toBe(addressMessages.postalCodeRequired);
    expect(refusal(() => parseAddressPatch({ addressTypes: [] }, ['addressTypes'])).message).toBe(addressMessages.typeRequired);
    expect(refusal(() => parseAddressPatch({ countryCode: 'i' }, ['countryCode'])).message).toBe(addressMessages.countryCodeLength);
  });

  it('reads mask names in camelCase and snake_case, and nothing else', () => {
    expect(addressFieldOf('company_name')).toBe('companyName');
    expect(addressFieldOf('addressLine1')).toBe('addressLine1');
    expect(addressFieldOf('address_line1')).toBe('addressLine1');
    expect(addressFieldOf('merchantId')).toBeUndefined();
    expect(addressFieldOf('id')).toBeUndefined();
    expect(ADDRESS_FIELDS).toHaveLength(18);
  });
});

describe('default address', () => {
  it('moves the default only when an address becomes the default', () => {
    expect(mustClearOtherDefault({ wasDefault: false, isDefault: true })).toBe(true);
    expect(mustClearOtherDefault({ wasDefault: true, isDefault: true })).toBe(false);
    expect(mustClearOtherDefault({ wasDefault: true, isDefault: false })).toBe(false);
    expect(mustClearOtherDefault({ wasDefault: false, isDefault: false })).toBe(false);
  });
});

describe('address ids', () => {
  it.each(['', 'abc', "1' OR '1'='1"])('treats malformed %j as not found', (id) => {
    const err = refusal(() => parseAddressId(id));
    expect([err.code, err.message]).toEqual([MerchantsErrorCode.AddressNotFound, addressMessages.notFound]);
  });

  it('answers the canonical id', () => {
    expect(parseAddressId(' 3F2504E0-4F89-41D3-9A0C-0305E82C3301 ')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(messages.errors.validation).toBe('Dati non validi');
  });
});
