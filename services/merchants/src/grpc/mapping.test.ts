import { common, merchants } from '@smista/proto';
import { MerchantsError } from '../domain';
import { addressPatchInput, newAddressInput, requestedRoleName } from './mapping';

const fields = (f: Partial<merchants.MerchantAddressFields>) => merchants.MerchantAddressFields.fromPartial(f);

describe('address fields from the wire', () => {
  it('on create: unset required text reads as empty (Italian "required" message), unset optional text as none', () => {
    const input = newAddressInput(fields({ addressTypes: ['billing'], city: 'Roma' }));
    expect(input).toMatchObject({ addressTypes: ['billing'], city: 'Roma', companyName: '', postalCode: '', contactPerson: null, notes: null });
    // Left to the schema's defaults.
    expect(input.isDefault).toBeUndefined();
    expect(input.active).toBeUndefined();
    expect(input.country).toBeUndefined();
    expect(input.countryCode).toBeUndefined();
  });

  it('on update without a mask: exactly the fields that are set', () => {
    expect(addressPatchInput(fields({ city: 'Roma', isDefault: false }), [])).toEqual({ input: { isDefault: false, city: 'Roma' }, fields: ['isDefault', 'city'] });
    expect(addressPatchInput(fields({ addressTypes: ['pickup'] }), []).fields).toEqual(['addressTypes']);
    expect(addressPatchInput(undefined, [])).toEqual({ input: {}, fields: [] });
  });

  it('on update with a mask: the named fields, unset ones cleared', () => {
    expect(addressPatchInput(fields({ city: 'Roma', phone: '1' }), ['phone', 'contact_person', 'companyName', 'addressTypes'])).toEqual({
      input: { phone: '1', contactPerson: null, companyName: '', addressTypes: [] },
      fields: ['phone', 'contactPerson', 'companyName', 'addressTypes'],
    });
  });

  it('refuses mask names that are not address fields', () => {
    expect(() => addressPatchInput(fields({}), ['id'])).toThrow(MerchantsError);
  });
});

describe('roles from the wire', () => {
  it('maps admin and user, leaves unspecified to the caller and makes anything else unacceptable', () => {
    expect(requestedRoleName(common.Role.ROLE_ADMIN)).toBe('admin');
    expect(requestedRoleName(common.Role.ROLE_USER)).toBe('user');
    expect(requestedRoleName(common.Role.ROLE_UNSPECIFIED)).toBeUndefined();
    expect(requestedRoleName(common.Role.UNRECOGNIZED)).toMatch(/^unknown/);
  });
});
