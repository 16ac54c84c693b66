import { catalogueMessages as m, checkDimensionCm, checkHsCode, checkOwnBox, checkProductCsvRow, checkWeightGrams, formatCm, packagePresetSchema, parseDecimalComma, productFormSchema, PRODUCT_CSV_COLUMNS as c } from './catalogue';

describe('the catalogue fields', () => {
  it('reads decimals as people in Italy type them', () => {
    expect(parseDecimalComma('12,5')).toBe(12.5);
    expect(parseDecimalComma('12.5')).toBe(12.5);
    expect(parseDecimalComma('1.234,5')).toBeNaN();
    expect(parseDecimalComma('12,55', 1)).toBeNaN();
  });
  it('centimetres to millimetres and back with a decimal comma', () => {
    expect(checkDimensionCm('12,5', 'La lunghezza')).toEqual({ ok: true, value: 125 });
    expect(checkDimensionCm('', 'La lunghezza')).toEqual({ ok: true, value: null });
    expect(checkDimensionCm('0', 'La lunghezza').ok).toBe(false);
    expect(checkDimensionCm('1001', 'La lunghezza').ok).toBe(false);
    expect(formatCm(125)).toBe('12,5');
    expect(formatCm(300)).toBe('30');
  });
  it('weights in whole grams, HS codes of 6 to 10 digits, own box in Italian', () => {
    expect(checkWeightGrams('350')).toEqual({ ok: true, value: 350 });
    expect(checkWeightGrams('0,5')).toEqual({ ok: false, message: m.weightInvalid });
    expect(checkHsCode('6109.10')).toEqual({ ok: true, value: '610910' });
    expect(checkHsCode('12345').ok).toBe(false);
    expect(['sì', 'si', 'x', 'no', ''].map((v) => (checkOwnBox(v) as { value: boolean }).value)).toEqual([true, true, true, false, false]);
  });
  it('a CSV row: its fields, or every problem with its column', () => {
    expect(checkProductCsvRow({ [c.sku]: 'A', [c.weightGrams]: '350', [c.lengthCm]: '12,5', [c.originCountry]: 'it', [c.shipsInOwnBox]: 'sì' }, 2)).toEqual({
      sku: 'A',
      fields: { weightGrams: 350, lengthMm: 125, widthMm: null, heightMm: null, hsCode: '', originCountry: 'IT', customsDescription: '', shipsInOwnBox: true },
    });
    expect(checkProductCsvRow({ [c.sku]: '', [c.weightGrams]: 'mille', [c.hsCode]: '12' }, 5)).toEqual({
      problems: [
        { row: 5, column: c.sku, message: 'SKU mancante' },
        { row: 5, column: c.weightGrams, message: m.weightInvalid },
        { row: 5, column: c.hsCode, message: m.hsCodeInvalid },
      ],
    });
  });
  it('the forms: the preset in cm to the API in mm, a tare over the maximum refused', () => {
    expect(packagePresetSchema.safeParse({ name: 'S', lengthMm: 300, widthMm: 200, heightMm: 100, tareGrams: 500, maxWeightGrams: 100 }).error?.issues[0]?.message).toBe(m.tareOverMax);
    expect(productFormSchema.parse({ weightGrams: '', lengthCm: '10', widthCm: '', heightCm: '', hsCode: '', originCountry: '', customsDescription: ' Tazza ', shipsInOwnBox: false })).toMatchObject({ weightGrams: null, lengthMm: 100, customsDescription: 'Tazza' });
  });
});
