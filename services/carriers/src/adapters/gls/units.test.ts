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

describe('trackingStatusOf: GLS codes and words to Smista statuses (the table in units.ts)', () => {
  it.each([
    ['901', 'DATI SPEDIZIONE TRASMESSI A GLS', 'info'],
    ['909', '', 'info'],
    ['902', 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', 'in_transit'],
    ['903', 'IN TRANSITO PRESSO IL CENTRO DI SMISTAMENTO GLS', 'in_transit'],
    ['904', 'ARRIVATA NELLA SEDE GLS DI DESTINAZIONE', 'in_transit'],
    ['14', '', 'in_transit'],
    ['905', 'IN CONSEGNA', 'out_for_delivery'],
    ['905', 'IN CONSEGNA (SECONDO TENTATIVO)', 'out_for_delivery'],
    ['905', '', 'out_for_delivery'],
    ['906', 'CONSEGNATA.', 'delivered'],
    ['0906', '', 'delivered'],
    ['1', 'NON CONSEGNATA: DESTINATARIO ASSENTE. AVVISO DI PASSAGGIO LASCIATO.', 'exception'],
    ['29', '', 'exception'],
    ['77', 'RIFIUTATA DAL DESTINATARIO', 'exception'],
    ['68', 'IN GIACENZA PRESSO LA SEDE GLS: IN ATTESA DI ISTRUZIONI DAL MITTENTE.', 'held'],
    ['68', '', 'held'],
    ['910', 'RESO AL MITTENTE', 'returned'],
    ['910', '', 'returned'],
  ] as const)('code %j %j is %s', (code, text, expected) => {
    expect(trackingStatusOf(code, text)).toBe(expected);
  });

  it('reads giacenza as held and a return as returned from the words, whatever code GLS filed them under', () => {
    expect(trackingStatusOf('66', 'IN GIACENZA: INDIRIZZO ERRATO')).toBe('held');
    expect(trackingStatusOf('1', 'Giacenza presso la sede: destinatario assente')).toBe('held');
    expect(trackingStatusOf('4', 'SPEDIZIONE RESA AL MITTENTE')).toBe('returned');
    expect(trackingStatusOf('902', 'IN RESTITUZIONE AL MITTENTE')).toBe('returned');
    expect(trackingStatusOf('', 'RIENTRATA AL MITTENTE')).toBe('returned');
    expect(trackingStatusOf('906', 'CONSEGNATA AL MITTENTE')).toBe('returned');
    // A delivery after a giacenza is a delivery.
    expect(trackingStatusOf('906', 'CONSEGNATA DOPO SVINCOLO GIACENZA')).toBe('delivered');
  });

  it('reads the words when the code is missing or unknown; "in consegna" is never delivered', () => {
    expect(trackingStatusOf('', 'Consegnata al destinatario')).toBe('delivered');
    expect(trackingStatusOf('', 'IN CONSEGNA')).toBe('out_for_delivery');
    expect(trackingStatusOf('555', 'Spedizione in consegna oggi')).toBe('out_for_delivery');
    expect(trackingStatusOf('', 'Non consegnata: destinatario assente')).toBe('exception');
    expect(trackingStatusOf('', 'MANCATA CONSEGNA')).toBe('exception');
    expect(trackingStatusOf('', 'IN GIACENZA')).toBe('held');
    expect(trackingStatusOf('', 'RESO AL MITTENTE')).toBe('returned');
    expect(trackingStatusOf('555', 'In transito verso la sede di destinazione')).toBe('in_transit');
    expect(trackingStatusOf('', 'Dati ricevuti')).toBe('info');
  });
});

it('treats only Italy as domestic', () => {
  expect([isDomestic('IT'), isDomestic(' it '), isDomestic('SM'), isDomestic('FR')]).toEqual([true, true, false, false]);
});
