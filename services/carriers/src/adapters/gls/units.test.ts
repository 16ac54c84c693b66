import { centsToEuro, glsDateTimeToIso, gramsToKg, isDomestic, kgToGrams, trackingStatusOf } from './units';

describe('weights and money in GLS form', () => {
  it('writes kilograms with one decimal and a comma, rounded up to 100 g', () => {
    expect([2500, 1234, 1200, 1, 0.4, 999, 1000, 12000, 9_999_000].map(gramsToKg)).toEqual(['2,5', '1,3', '1,2', '0,1', '0,1', '1,0', '1,0', '12,0', '9999,0']);
  });

  it('reads kilograms with a comma', () => {
    expect([kgToGrams('2,5'), kgToGrams('12'), kgToGrams('1.234,5'), kgToGrams('0,125')]).toEqual([2500, 12000, 1_234_500, 125]);
    expect(kgToGrams('abc')).toBeNaN();
  });

  it('writes euro with two decimals and a comma, no thousands separator', () => {
    expect([123410, 5, 100, 0, 99_999_999].map(centsToEuro)).toEqual(['1234,10', '0,05', '1,00', '0,00', '999999,99']);
  });
});

describe('glsDateTimeToIso', () => {
  it('reads dd/mm/yy and HH:MM in Italian time, winter and summer', () => {
    expect(glsDateTimeToIso('05/03/26', '10:00')).toBe('2026-03-05T09:00:00.000Z');
    expect(glsDateTimeToIso('15/07/26', '10:00')).toBe('2026-07-15T08:00:00.000Z');
    expect(glsDateTimeToIso('15/07/2026', '10.30')).toBe('2026-07-15T08:30:00.000Z');
    expect(glsDateTimeToIso('1/1/26')).toBe('2025-12-31T23:00:00.000Z');
    // The night of the change to summer time (29 March 2026, 02:00 → 03:00).
    expect(glsDateTimeToIso('29/03/26', '01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(glsDateTimeToIso('29/03/26', '04:00')).toBe('2026-03-29T02:00:00.000Z');
  });

  it('answers undefined for what is not a date', () => {
    expect(glsDateTimeToIso('', '10:00')).toBeUndefined();
    expect(glsDateTimeToIso('2026-03-05')).toBeUndefined();
    expect(glsDateTimeToIso('32/13/26')).toBeUndefined();
    expect(glsDateTimeToIso('05/03/26', '25:00')).toBeUndefined();
  });
});

describe('trackingStatusOf', () => {
  it('maps GLS event codes', () => {
    expect(['906', '0906', '902', '904', '905', '68', '1', '29', '901', '909'].map((c) => trackingStatusOf(c, ''))).toEqual([
      'delivered',
      'delivered',
      'in_transit',
      'in_transit',
      'in_transit',
      'exception',
      'exception',
      'exception',
      'info',
      'info',
    ]);
  });

  it('reads the text when the code is missing or unknown', () => {
    expect(trackingStatusOf('', 'Consegnata al destinatario')).toBe('delivered');
    expect(trackingStatusOf('', 'Non consegnata: destinatario assente')).toBe('exception');
    expect(trackingStatusOf('555', 'In transito verso la sede di destinazione')).toBe('in_transit');
    expect(trackingStatusOf('', 'Dati ricevuti')).toBe('info');
  });
});

it('treats only Italy as domestic', () => {
  expect([isDomestic('IT'), isDomestic(' it '), isDomestic('SM'), isDomestic('FR')]).toEqual([true, true, false, false]);
});
