import { addressMessages, createInviteSchema, merchantAddressPatchSchema, merchantAddressSchema, teamMessages } from './index';

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
