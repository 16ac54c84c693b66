import { manualOrderMessages, shipmentMessages } from '@smista/contracts';
import { countryNameOf, emptyItem, emptyValues, orderTotal, validateNewOrder, type NewOrderValues } from './new-order-form';

const filled = (): NewOrderValues => ({
  ...emptyValues(),
  address: { recipientName: 'Giulia Bianchi', recipientEmail: '', phoneNumber: '', addressLine1: 'Via Garibaldi 5', addressLine2: '', postalCode: '10121', city: 'Torino', state: 'TO', countryCode: 'IT' },
  items: [{ ...emptyItem(), title: 'Tazza', quantity: '2', unitPrice: '12,50' }],
});

describe('the new order form', () => {
  it('sends what the server takes: the country named from its code, amounts as typed', () => {
    const checked = validateNewOrder(filled());
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data.address).toMatchObject({ country: 'Italia', countryCode: 'IT', city: 'Torino' });
    expect(checked.data.items).toEqual([{ sku: '', title: 'Tazza', quantity: 2, unitPrice: '12.50' }]);
  });

  it("puts each rule's Italian text under its field, by path", () => {
    const values = filled();
    values.address.city = ' ';
    values.address.recipientEmail = 'no';
    values.items = [...values.items, { ...emptyItem(), title: '', quantity: '0', unitPrice: 'dieci' }];
    const checked = validateNewOrder(values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      'address.city': shipmentMessages.cityRequired,
      'address.recipientEmail': shipmentMessages.emailInvalid,
      'items.1.title': manualOrderMessages.titleRequired,
      'items.1.quantity': manualOrderMessages.quantityInvalid,
      'items.1.unitPrice': manualOrderMessages.unitPriceInvalid,
    });
    expect(validateNewOrder({ ...filled(), items: [] })).toEqual({ ok: false, errors: { items: manualOrderMessages.itemsRequired } });
  });

  it('names the country in Italian, and the total counts the lines that read', () => {
    expect([countryNameOf('de'), countryNameOf('GB'), countryNameOf('??')]).toEqual(['Germania', 'Regno Unito', '']);
    expect(orderTotal([{ quantity: '2', unitPrice: '12,50' }, { quantity: '1', unitPrice: '3.90' }, { quantity: 'x', unitPrice: '1' }])).toBe('28.90');
    expect(orderTotal([{ quantity: '1', unitPrice: '' }])).toBeNull();
  });
});
