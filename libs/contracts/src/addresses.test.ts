import { addressMessages, createInviteSchema, merchantAddressPatchSchema, merchantAddressSchema, merchantLocationOfPostal, postalAddressOfMerchant, teamMessages } from './index';

const base = { addressTypes: ['pickup'], companyName: 'Rossi Srl', addressLine1: 'Via Roma 1', postalCode: '20100', city: 'Milano' };

describe('merchant address rules', () => {
  it('fills the defaults (Italia, IT, not default, active) and nulls empty optionals', () => {
    const a = merchantAddressSchema.parse({ ...base, phone: '', email: '' });
    expect(a).toMatchObject({ country: 'Italia', countryCode: 'IT', isDefault: false, active: true, phone: null, email: null });
  });
  it.each([
    [{ addressTypes: [] }, addressMessages.typeRequired],
    [{ companyName: '  ' }, addressMessages.companyNameRequired],
    [{ addressLine1: '' }, addressMessages.addressLine1Required],
    [{ postalCode: '' }, addressMessages.postalCodeRequired],
    [{ city: '' }, addressMessages.cityRequired],
    [{ country: '' }, addressMessages.countryRequired],
    [{ countryCode: 'ITA' }, addressMessages.countryCodeLength],
    [{ countryCode: 'I' }, addressMessages.countryCodeLength],
    [{ email: 'non-una-mail' }, addressMessages.emailInvalid],
  ])('refuses %p with its Italian message', (patch, message) => {
    const r = merchantAddressSchema.safeParse({ ...base, ...patch });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(message);
  });
  it('gives a missing field the same message as a blank one', () => {
    const { companyName: _c, addressTypes: _t, ...rest } = base;
    const messages = merchantAddressSchema.safeParse(rest).error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([addressMessages.typeRequired, addressMessages.companyNameRequired]));
  });
  it('upper-cases the country code', () => {
    expect(merchantAddressSchema.parse({ ...base, countryCode: 'de' }).countryCode).toBe('DE');
  });
});

describe('invites', () => {
  it('defaults the role to user and lower-cases the e-mail', () => {
    expect(createInviteSchema.parse({ email: ' Anna@Example.IT ' })).toEqual({ email: 'anna@example.it', role: 'user' });
  });
  it('refuses a malformed e-mail and an unknown role', () => {
    expect(createInviteSchema.safeParse({ email: 'anna@' }).error!.issues[0].message).toBe(teamMessages.inviteEmailInvalid);
    expect(createInviteSchema.safeParse({ email: 'a@b.it', role: 'owner' }).error!.issues[0].message).toBe(teamMessages.roleInvalid);
  });
});

describe('address patch', () => {
  it('keeps only the fields it was given, with no defaults filled in', () => {
    expect(merchantAddressPatchSchema.parse({ companyName: ' Nuova Srl ' })).toEqual({ companyName: 'Nuova Srl' });
    expect(merchantAddressPatchSchema.safeParse({ countryCode: 'ITA' }).success).toBe(false);
  });
});

describe("a merchant address's location as the one postal address", () => {
  const location = { companyName: 'Bottega Verdi Srl', contactPerson: 'Anna Verdi', addressLine1: 'Via Roma 10', addressLine2: 'Scala B', city: 'Milano', state: 'MI', postalCode: '20121', country: 'Italia', countryCode: 'IT', phone: '+39 02 1234567', email: 'spedizioni@bottega.example.it' };

  it('the company is the name printed first; contactPerson and state travel as contactName and province, and come back', () => {
    const postal = postalAddressOfMerchant(location);
    expect(postal).toEqual({ name: 'Bottega Verdi Srl', companyName: 'Bottega Verdi Srl', contactName: 'Anna Verdi', addressLine1: 'Via Roma 10', addressLine2: 'Scala B', city: 'Milano', province: 'MI', postalCode: '20121', country: 'Italia', countryCode: 'IT', phone: '+39 02 1234567', email: 'spedizioni@bottega.example.it' });
    expect(merchantLocationOfPostal(postal)).toEqual(location);
  });

  it("absent parts stay absent (merchants' nulls, the proto's empty strings), so merchants' defaults apply", () => {
    const postal = postalAddressOfMerchant({ ...location, contactPerson: null, addressLine2: null, state: null, country: null, phone: null, email: null, countryCode: 'it' });
    expect(postal).toEqual({ name: 'Bottega Verdi Srl', companyName: 'Bottega Verdi Srl', addressLine1: 'Via Roma 10', city: 'Milano', postalCode: '20121', countryCode: 'IT' });
    expect(merchantAddressSchema.parse({ addressTypes: ['pickup'], ...merchantLocationOfPostal({ ...postal, companyName: '', country: '' }) })).toMatchObject({ companyName: 'Bottega Verdi Srl', country: 'Italia', state: null });
  });
});
