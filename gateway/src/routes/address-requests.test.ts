import { merchantAddressSchema } from '@smista/contracts';
import { createAddressRequest, updateAddressRequest, ADDRESS_FIELDS } from './address-requests';

describe('address requests', () => {
  it('create: the validated address with its defaults, null optionals unset', () => {
    const data = merchantAddressSchema.parse({
      addressTypes: ['pickup'],
      companyName: 'Bottega',
      addressLine1: 'Via Roma 1',
      city: 'Milano',
      postalCode: '20100',
      notes: '',
    });
    const { fields } = createAddressRequest(data);
    expect(fields).toEqual({
      addressTypes: ['pickup'],
      isDefault: false,
      companyName: 'Bottega',
      addressLine1: 'Via Roma 1',
      city: 'Milano',
      postalCode: '20100',
      country: 'Italia',
      countryCode: 'IT',
      active: true,
    });
  });

  it('patch: the mask names exactly the known fields the body carries; null clears, absent stays', () => {
    const req = updateAddressRequest('a1', { companyName: 'Nuova', notes: null, isDefault: false, id: 'x', createdAt: 'y' });
    expect(req.id).toBe('a1');
    expect(req.updateMask).toEqual(['companyName', 'notes', 'isDefault']);
    expect(req.fields).toEqual({ addressTypes: [], companyName: 'Nuova', isDefault: false });
  });

  it('patch: the types go as sent; an empty or odd body names nothing', () => {
    expect(updateAddressRequest('a1', { addressTypes: ['billing', 'return'] })).toMatchObject({
      updateMask: ['addressTypes'],
      fields: { addressTypes: ['billing', 'return'] },
    });
    expect(updateAddressRequest('a1', {}).updateMask).toEqual([]);
    expect(updateAddressRequest('a1', undefined).updateMask).toEqual([]);
    expect(updateAddressRequest('a1', JSON.parse('{"__proto__": {"city": "x"}}')).updateMask).toEqual([]);
  });

  it('knows the eighteen fields of spec §3', () => {
    expect(ADDRESS_FIELDS).toHaveLength(18);
  });
});
