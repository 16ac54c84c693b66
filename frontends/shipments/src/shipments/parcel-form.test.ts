import { customsBody, customsValuesOf, missingFields, parcelBody, parcelValuesOf, parseDecimal, withPreset } from './parcel-form';

describe('the drawer parcel form', () => {
  it('reads Italian decimals', () => {
    expect(parseDecimal('1,25')).toBe(1.25);
    expect(parseDecimal(' 2 ')).toBe(2);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNaN();
  });
  it('kg and cm to grams and millimetres; all three sizes or none', () => {
    expect(parcelBody({ weightKg: '1,25', lengthCm: '30', widthCm: '20,5', heightCm: '15', packageName: ' Scatola M ' })).toEqual({ ok: true, body: { weightGrams: 1250, lengthMm: 300, widthMm: 205, heightMm: 150, packageName: 'Scatola M' } });
    expect(parcelBody({ weightKg: '0,9', lengthCm: '', widthCm: '', heightCm: '', packageName: '' })).toMatchObject({ ok: true, body: { weightGrams: 900, lengthMm: null } });
    expect(parcelBody({ weightKg: '', lengthCm: '', widthCm: '', heightCm: '', packageName: '' })).toMatchObject({ ok: false, field: 'weightKg' });
    expect(parcelBody({ weightKg: '1', lengthCm: '30', widthCm: '', heightCm: '', packageName: '' })).toMatchObject({ ok: false, field: 'dimensions' });
  });
  it("a preset chosen swaps the old package's tare for its own and gives its sizes", () => {
    const preset = (id: number, name: string, tareGrams: number, lengthMm: number) => ({ id, name, lengthMm, widthMm: 200, heightMm: 150, tareGrams, maxWeightGrams: 10_000, isDefault: false });
    const presets = [preset(1, 'Busta', 20, 250), preset(2, 'Scatola M', 250, 305)];
    const packed = { weightKg: '1,02', lengthCm: '25', widthCm: '20', heightCm: '15', packageName: 'Busta' };
    expect(withPreset(packed, presets, 'Scatola M')).toEqual({ weightKg: '1,25', lengthCm: '30,5', widthCm: '20', heightCm: '15', packageName: 'Scatola M' });
    // None: the tare and the box's sizes go; a hand-typed package has no tare to take off.
    expect(withPreset(packed, presets, '')).toEqual({ weightKg: '1', lengthCm: '', widthCm: '', heightCm: '', packageName: '' });
    expect(withPreset({ ...packed, packageName: 'Scatolone del vicino' }, presets, 'Busta')).toMatchObject({ weightKg: '1,04', lengthCm: '25', packageName: 'Busta' });
    // An unknown weight stays unknown.
    expect(withPreset({ ...packed, weightKg: '' }, presets, 'Scatola M')).toMatchObject({ weightKg: '', packageName: 'Scatola M' });
  });
  it('shows a shipment parcel as typed text', () => {
    expect(parcelValuesOf({ parcel: { weightGrams: 1250, lengthMm: 305, widthMm: null, heightMm: null, packageName: '' } })).toMatchObject({ weightKg: '1,25', lengthCm: '30,5', widthCm: '' });
  });
});

describe('the drawer customs form', () => {
  const prefilled = customsValuesOf({
    customs: { contentType: 'merce', invoiceNumber: '', currency: 'EUR', items: [{ description: 'Tazza', quantity: 2, valueCents: 2500, weightGrams: null, hsCode: '', originCountry: '' }] },
  });
  it('round-trips the prefilled declaration and marks what is missing', () => {
    expect(prefilled.items[0]).toMatchObject({ valueEuro: '25,00', weightKg: '' });
    expect([...missingFields(prefilled)].sort()).toEqual(['invoiceNumber', 'item.0.hsCode', 'item.0.originCountry', 'item.0.weightKg']);
  });
  it('converts euro and kg to cents and grams', () => {
    const filled = { ...prefilled, invoiceNumber: 'FT-1', items: [{ ...prefilled.items[0]!, weightKg: '0,6', hsCode: '6912.00', originCountry: 'it', valueEuro: '25,50' }] };
    expect(customsBody(filled)).toEqual({ ok: true, body: { contentType: 'merce', invoiceNumber: 'FT-1', currency: 'EUR', items: [{ description: 'Tazza', quantity: 2, valueCents: 2550, weightGrams: 600, hsCode: '691200', originCountry: 'IT' }] } });
    expect(missingFields(filled).size).toBe(0);
    expect(customsBody({ ...filled, items: [{ ...filled.items[0]!, quantity: 'due' }] })).toMatchObject({ ok: false });
  });
});
