import { postalAddressSchema } from './postal-address';

describe('postalAddressSchema', () => {
  it('reads an address as the proto answers it (every field, unset ones empty) and as a domain writes it', () => {
    const proto = { name: 'Mario Rossi', contactName: '', companyName: '', addressLine1: 'Via Garibaldi 5', addressLine2: '', city: 'Torino', postalCode: '10121', province: 'TO', country: '', countryCode: 'IT', phone: '', email: '' };
    expect(postalAddressSchema.parse(proto)).toEqual(proto);
    const domain = { name: 'Bottega Srl', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', countryCode: 'IT' };
    expect(postalAddressSchema.parse(domain)).toEqual(domain);
  });
  it('needs the name, the first line, the city, the postal code and the country code', () => {
    for (const field of ['name', 'addressLine1', 'city', 'postalCode', 'countryCode']) {
      const address: Record<string, string> = { name: 'A', addressLine1: 'B', city: 'C', postalCode: '1', countryCode: 'IT' };
      delete address[field];
      expect(postalAddressSchema.safeParse(address).success).toBe(false);
    }
  });
});
