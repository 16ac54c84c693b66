import { manualOrderMessages, shipmentMessages } from '@smista/contracts';
import {
  countryNameOf,
  emptyItem,
  emptyValues,
  formatKg,
  orderTotal,
  orderWeight,
  pickedItem,
  tareOf,
  unitWeightGrams,
  validateNewOrder,
  withTypedSku,
  type NewOrderValues,
} from './new-order-form';

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
    expect(checked.data.items).toEqual([{ sku: '', title: 'Tazza', quantity: 2, unitPrice: '12.50', productId: null, weightGrams: null }]);
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

  it('sends a picked line with its product and a typed one with its weight in kg, and the chosen package', () => {
    const values = filled();
    const vase = { id: 7, sku: 'VASO-01', title: 'Vaso blu', weightGrams: 1200 };
    values.items = [pickedItem({ ...emptyItem(), quantity: '2', unitPrice: '20' }, vase), { ...emptyItem(), title: 'Biglietto', unitPrice: '1', weightKg: '0,025' }];
    values.packagePresetId = 3;
    const checked = validateNewOrder(values);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body.items).toEqual([
      { sku: 'VASO-01', title: 'Vaso blu', quantity: '2', unitPrice: '20', productId: 7 },
      { sku: '', title: 'Biglietto', quantity: '1', unitPrice: '1', weightKg: '0,025' },
    ]);
    expect(checked.body.packagePresetId).toBe(3);
    expect(checked.data.items.map((i) => [i.productId, i.weightGrams])).toEqual([[7, null], [null, 25]]);
  });

  it("refuses a weight that is not kg with at most three decimals, under the line's weight", () => {
    const values = filled();
    values.items = [{ ...values.items[0]!, weightKg: '0,0001' }, { ...emptyItem(), title: 'Piatto', unitPrice: '1', weightKg: 'mezzo' }];
    const checked = validateNewOrder(values);
    expect(checked).toEqual({ ok: false, errors: { 'items.0.weightKg': manualOrderMessages.weightInvalid, 'items.1.weightKg': manualOrderMessages.weightInvalid } });
  });

  it('unlinks a picked line when its SKU is typed over; the title may change and the link stays', () => {
    const picked = pickedItem(emptyItem(), { id: 7, sku: 'VASO-01', title: 'Vaso', weightGrams: 1200 });
    expect(withTypedSku(picked, 'VASO-01')).toMatchObject({ productId: 7, catalogueWeightGrams: 1200 });
    const typed = withTypedSku(picked, 'VASO-02');
    expect(typed.productId).toBeUndefined();
    expect(typed.catalogueWeightGrams).toBeUndefined();
    expect(typed.sku).toBe('VASO-02');
    // a product with no title in the catalogue keeps what was typed
    expect(pickedItem({ ...emptyItem(), title: 'Vaso grande' }, { id: 8, sku: 'V-3', title: '', weightGrams: null }).title).toBe('Vaso grande');
  });

  it("weighs the order as the orders service will: the catalogue's weight first, then the typed one, plus the tare; or names the lines without one", () => {
    expect(unitWeightGrams({ catalogueWeightGrams: 1200, weightKg: '5' })).toBe(1200);
    expect(unitWeightGrams({ catalogueWeightGrams: null, weightKg: '0,25' })).toBe(250);
    expect(unitWeightGrams({ weightKg: 'x' })).toBeNull();
    const line = { title: 'Articolo', sku: '' };
    const items = [
      { ...line, productId: 7, quantity: '2', weightKg: '', catalogueWeightGrams: 1200 },
      { ...line, quantity: '3', weightKg: '0,025' },
    ];
    expect(orderWeight(items, 50)).toEqual({ grams: 2525, itemsGrams: 2475, tareGrams: 50, missing: [] });
    const unweighed = [...items, { ...line, quantity: '1', weightKg: '' }, { ...line, productId: 8, quantity: '1', weightKg: '', catalogueWeightGrams: null }];
    expect(orderWeight(unweighed, 50)).toMatchObject({ grams: null, missing: [3, 4] });
    // a line not begun is not a line without weight; no line begun: no weight yet
    expect(orderWeight([...items, { title: ' ', sku: '', quantity: '1', weightKg: '' }], 0)).toMatchObject({ grams: 2475, missing: [] });
    expect(orderWeight([{ title: '', sku: '', quantity: '1', weightKg: '' }], 150)).toEqual({ grams: null, itemsGrams: 0, tareGrams: 150, missing: [] });
    expect(formatKg(2525)).toBe('2,525 kg');
    expect(formatKg(250)).toBe('0,25 kg');
  });

  it("a chosen box's tare counts, and with none chosen the default's does (the orders service's rule)", () => {
    const presets = [
      { id: 1, isDefault: false, tareGrams: 40 },
      { id: 2, isDefault: true, tareGrams: 150 },
    ];
    expect([tareOf(presets, 1), tareOf(presets, 2), tareOf(presets, null), tareOf([], null), tareOf([presets[0]!], null)]).toEqual([40, 150, 150, 0, 0]);
  });
});
