import { orderAddressOfPostal, postalAddressOfOrder } from './orders';

describe("an order's shipping address as the one postal address", () => {
  const spec = { fullName: 'Giulia Bianchi', companyName: 'Studio Bianchi', addressLine1: 'Via Garibaldi 5', addressLine2: 'Scala B', city: 'Torino', state: 'TO', postalCode: '10121', country: 'Italia', countryCode: 'IT', phoneNumber: '+39 333 1234567', email: 'giulia@example.it' };

  it('fullName, state and phoneNumber travel as name, province and phone, and come back as they were', () => {
    const postal = postalAddressOfOrder(spec);
    expect(postal).toEqual({ name: 'Giulia Bianchi', companyName: 'Studio Bianchi', contactName: '', addressLine1: 'Via Garibaldi 5', addressLine2: 'Scala B', city: 'Torino', province: 'TO', postalCode: '10121', country: 'Italia', countryCode: 'IT', phone: '+39 333 1234567', email: 'giulia@example.it' });
    expect(orderAddressOfPostal(postal)).toEqual(spec);
  });

  it('absent parts are empty strings both ways', () => {
    expect(postalAddressOfOrder({ ...spec, companyName: null, addressLine2: null, state: null, phoneNumber: null, email: null })).toMatchObject({ companyName: '', addressLine2: '', province: '', phone: '', email: '' });
    expect(orderAddressOfPostal(undefined)).toMatchObject({ fullName: '', state: '', phoneNumber: '' });
  });
});
