import {
  customsFormFor,
  customsMissing,
  customsNeedOf,
  customsDeclarationSchema,
  parcelLimitRefusal,
  shipmentParcelSchema,
  type CustomsDeclaration,
} from './customs';

const item = (patch: Partial<CustomsDeclaration['items'][number]> = {}) => ({ description: 'Tazza in ceramica', quantity: 2, valueCents: 2400, weightGrams: 700, hsCode: '691200', originCountry: 'IT', ...patch });
const declaration = (patch: Partial<CustomsDeclaration> = {}): CustomsDeclaration => ({ contentType: 'merce', invoiceNumber: 'FT-2026-12', currency: 'EUR', items: [item()], ...patch });

describe('customsNeedOf: destinations outside the EU customs union, by country and postal code', () => {
  it.each([
    ['GB', 'SW1A 1AA', 'GB'],
    ['CH', '8001', 'CH'],
    ['NO', '0150', 'NO'],
    ['US', '10001', 'US'],
    ['AD', 'AD500', 'AD'],
    ['IT', '23041', 'Livigno'],
    ['IT', '22061', "Campione d'Italia"],
    ['DE', '78266', 'Büsingen am Hochrhein'],
    ['DE', '27498', 'Helgoland'],
    ['ES', '35001', 'Isole Canarie'],
    ['ES', '38001', 'Isole Canarie'],
    ['ES', '51001', 'Ceuta'],
    ['ES', '52001', 'Melilla'],
    ['FR', '97400', "Dipartimenti e territori francesi d'oltremare"],
    ['FI', '22100', 'Isole Åland'],
    ['GR', '63086', 'Monte Athos'],
    ['IC', '35001', 'Isole Canarie'],
    ['AX', '22100', 'Isole Åland'],
  ])('%s %s needs a declaration (%s)', (country, postal, territory) => {
    expect(customsNeedOf(country, postal)).toEqual({ needed: true, territory });
  });

  it.each([
    ['IT', '20121'],
    ['it', '23030'],
    ['DE', '10115'],
    ['ES', '28001'],
    ['FR', '75001'],
    ['FI', '00100'],
    ['SM', '47890'],
    ['MC', '98000'],
    ['VA', '00120'],
    ['GB', 'BT1 1AA'],
  ])('%s %s needs none', (country, postal) => {
    expect(customsNeedOf(country, postal)).toEqual({ needed: false, territory: null });
  });
});

describe('customsMissing: what a declaration lacks before a label', () => {
  it('a complete sale of goods lacks nothing', () => expect(customsMissing(declaration())).toEqual([]));

  it('none at all: the contents type and an item', () => expect(customsMissing(null)).toEqual(['il tipo di contenuto', 'almeno un articolo']));

  it('names every missing field of every item', () => {
    const d = declaration({ invoiceNumber: ' ', items: [item(), item({ description: '', valueCents: 0, weightGrams: null, hsCode: '', originCountry: '' })] });
    expect(customsMissing(d)).toEqual([
      'il numero di fattura',
      "la descrizione dell'articolo 2",
      "il valore dell'articolo 2",
      "il peso dell'articolo 2",
      "il codice HS dell'articolo 2",
      "il paese di origine dell'articolo 2",
    ]);
  });

  it('documents need no value, HS code or origin; a gift no invoice', () => {
    expect(customsMissing(declaration({ contentType: 'documenti', invoiceNumber: '', items: [item({ valueCents: 0, hsCode: '', originCountry: '' })] }))).toEqual([]);
    expect(customsMissing(declaration({ contentType: 'regalo', invoiceNumber: '' }))).toEqual([]);
  });
});

describe('customsFormFor: CN22 up to its value limit, CN23 above', () => {
  it('300,00 € is a CN22, 300,01 € a CN23', () => {
    expect(customsFormFor(declaration({ items: [item({ valueCents: 30_000 })] }))).toBe('CN22');
    expect(customsFormFor(declaration({ items: [item({ valueCents: 20_000 }), item({ valueCents: 10_001 })] }))).toBe('CN23');
  });
  it('another currency is a CN23', () => expect(customsFormFor(declaration({ currency: 'GBP' }))).toBe('CN23'));
});

describe('parcelLimitRefusal: a carrier service limits, before any call', () => {
  it('names the weight limit and the service', () => {
    expect(parcelLimitRefusal({ carrierCode: 'gls' }, { weightGrams: 30_000 })).toBeNull();
    expect(parcelLimitRefusal({ carrierCode: 'gls' }, { weightGrams: 30_001 })).toBe('Il pacco supera il peso massimo di 30 kg per GLS Italia');
    expect(parcelLimitRefusal({ carrierCode: 'posta_pr_intl' }, { weightGrams: 2500 })).toBe('Il pacco supera il peso massimo di 2 kg per Postapriority Internazionale');
    expect(parcelLimitRefusal({ carrierCode: 'poste_delivery', serviceType: 'APT000902' }, { weightGrams: 31_000 })).toBe('Il pacco supera il peso massimo di 30 kg per Poste Delivery Business');
  });
  it('names the size limits', () => {
    expect(parcelLimitRefusal({ carrierCode: 'gls' }, { weightGrams: 1000, lengthCm: 201, widthCm: 10, heightCm: 10 })).toBe('Il pacco supera il lato massimo di 200 cm per GLS Italia');
    expect(parcelLimitRefusal({ carrierCode: 'gls' }, { weightGrams: 1000, lengthCm: 150, widthCm: 40, heightCm: 40 })).toBe('Il pacco supera il limite di 300 cm tra lunghezza e circonferenza per GLS Italia');
    expect(parcelLimitRefusal({ carrierCode: 'posta_1' }, { weightGrams: 500, lengthCm: 40, widthCm: 30, heightCm: 30 })).toBe('Il pacco supera la somma massima dei lati di 90 cm per Posta1');
    expect(parcelLimitRefusal({ carrierCode: 'posta_1' }, { weightGrams: 500, lengthCm: 35, widthCm: 25, heightCm: 3 })).toBeNull();
  });
  it('an unknown carrier has no known limit', () => expect(parcelLimitRefusal({ carrierCode: 'brt' }, { weightGrams: 99_000 })).toBeNull());
});

describe('the drawer schemas', () => {
  it('refuse wrong values in Italian', () => {
    expect(shipmentParcelSchema.safeParse({ weightGrams: 0 }).error?.issues[0]?.message).toMatch(/grammi/);
    expect(shipmentParcelSchema.safeParse({ weightGrams: 1200, lengthMm: 300 }).error?.issues[0]?.message).toMatch(/tutte e tre/);
    expect(shipmentParcelSchema.parse({ weightGrams: 1200 })).toEqual({ weightGrams: 1200, lengthMm: null, widthMm: null, heightMm: null, packageName: '' });
    expect(customsDeclarationSchema.safeParse({ contentType: 'x', invoiceNumber: '', items: [] }).success).toBe(false);
    expect(customsDeclarationSchema.safeParse({ ...declaration(), items: [item({ hsCode: '12' })] }).error?.issues[0]?.message).toBe('Il codice HS deve avere da 6 a 10 cifre');
    expect(customsDeclarationSchema.safeParse({ ...declaration(), invoiceNumber: 'a\u0000b' }).success).toBe(false);
  });
  it('keep an incomplete declaration (asked for before the label, not refused when saved)', () => {
    expect(customsDeclarationSchema.parse({ contentType: '', invoiceNumber: '', items: [item({ hsCode: '6912.00', originCountry: 'it' })] }).items[0]).toMatchObject({ hsCode: '691200', originCountry: 'IT' });
  });
});
