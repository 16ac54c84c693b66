import { centsToAmount, cmString, countryName, eventDateToIso, gramsString, normalisePhone, posteCountry, shipmentDate, splitStreetNumber, trackingStatusOf } from './units';

describe('Poste Delivery units', () => {
  it('maps ISO2 countries to Poste ISO4 (alpha-3 and 1)', () => {
    expect(['IT', 'fr', 'DE', 'GB', 'CH', 'SM', 'VA', 'US', 'AT', 'KM'].map(posteCountry)).toEqual(['ITA1', 'FRA1', 'DEU1', 'GBR1', 'CHE1', 'SMR1', 'VAT1', 'USA1', 'AUT1', 'COM1']);
    expect(posteCountry('XX')).toBeUndefined();
    expect(posteCountry('ITA')).toBeUndefined();
    expect(countryName('DE')).toBe('Germania');
  });

  it('writes grams and centimetres as whole numbers in strings, euro with a dot', () => {
    expect([gramsString(2500), gramsString(2499.1), gramsString(0.2)]).toEqual(['2500', '2500', '1']);
    expect([cmString(29.5), cmString(undefined), cmString(0), cmString(Number.NaN)]).toEqual(['30', undefined, undefined, undefined]);
    expect([centsToAmount(1230), centsToAmount(5), centsToAmount(100000)]).toEqual(['12.30', '0.05', '1000.00']);
    expect(shipmentDate(new Date('2026-03-05T09:00:00Z'))).toBe('2026-03-05T09:00:00.000+00:00');
  });

  it('reads event dates in Italian local time across summer time, and ISO instants as they are', () => {
    expect(eventDateToIso('2026-01-15 10:00:00')).toBe('2026-01-15T09:00:00.000Z');
    expect(eventDateToIso('2026-07-15 10:00:00')).toBe('2026-07-15T08:00:00.000Z');
    expect(eventDateToIso('2026-07-15T10:00:00+02:00')).toBe('2026-07-15T08:00:00.000Z');
    expect(eventDateToIso('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
    expect([eventDateToIso(''), eventDateToIso('15/07/2026'), eventDateToIso('2026-13-01 10:00:00')]).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    ['IN ATTESA DI PRESA IN CARICO', 'PRE', 'I dati della spedizione sono stati trasmessi a Poste Italiane', 'info'],
    ['PRESA IN CARICO', 'PRE', 'La spedizione è stata presa in carico', 'info'],
    ['PRESA IN CARICO', 'ACC', 'La spedizione è stata presa in carico', 'in_transit'],
    ['IN TRANSITO', 'PCP', 'In transito presso il Centro Operativo Postale', 'in_transit'],
    ['IN TRANSITO', 'ARR', 'La spedizione è arrivata al Centro di Distribuzione di destinazione', 'in_transit'],
    ['', 'TRA', '', 'in_transit'],
    ['', 'PAR', '', 'in_transit'],
    ['IN CONSEGNA', 'INC', 'La spedizione è in consegna', 'out_for_delivery'],
    ['', 'INC', '', 'out_for_delivery'],
    ['CONSEGNATA', 'CON', 'La spedizione è stata consegnata', 'delivered'],
    ['', 'con', '', 'delivered'],
    ['IN GIACENZA', 'GIA', "In giacenza presso l'ufficio postale: destinatario assente", 'held'],
    ['', 'GIA', '', 'held'],
    ['RESO AL MITTENTE', 'RES', 'La spedizione è stata restituita al mittente', 'returned'],
    ['', 'RES', '', 'returned'],
    ['MANCATA CONSEGNA', 'MCO', 'Mancata consegna: destinatario assente, avviso di passaggio lasciato', 'exception'],
    ['', 'RIF', 'Spedizione rifiutata dal destinatario', 'exception'],
    ['', 'SMA', '', 'exception'],
    ['', 'DAN', '', 'exception'],
  ] as const)('phase %j status %j (%s) is %s', (phase, status, description, expected) => {
    expect(trackingStatusOf(phase, status, description)).toBe(expected);
  });

  it.each([
    ['', 'MCO', 'Mancata consegna: in giacenza presso l\'ufficio postale', 'held'],
    ['', 'XYZ', 'In restituzione al mittente', 'returned'],
    ['', 'XYZ', 'Reso al mittente', 'returned'],
    ['', 'CON', 'Consegnata al destinatario dopo la giacenza', 'delivered'],
    ['', 'XYZ', 'Mancata consegna: destinatario assente', 'exception'],
    ['', 'XYZ', 'La spedizione è in consegna', 'out_for_delivery'],
    ['IN CONSEGNA', '', '', 'out_for_delivery'],
    ['CONSEGNATA', '', '', 'delivered'],
    ['', 'XYZ', 'Consegnata al destinatario', 'delivered'],
    ['', 'XYZ', 'In transito', 'in_transit'],
    ['', 'XYZ', 'Dati della spedizione ricevuti', 'info'],
  ] as const)('reads the words first for giacenza and returns, last for an unknown code: %j %j (%s) is %s', (phase, status, description, expected) => {
    expect(trackingStatusOf(phase, status, description)).toBe(expected);
  });

  it('moves a trailing house number of up to 4 characters into streetNumber', () => {
    expect(splitStreetNumber('Via Garibaldi 5')).toEqual({ street: 'Via Garibaldi', number: '5' });
    expect(splitStreetNumber('Via Roma, 12/A')).toEqual({ street: 'Via Roma', number: '12/A' });
    expect(splitStreetNumber('Corso Italia 123b')).toEqual({ street: 'Corso Italia', number: '123b' });
    expect(splitStreetNumber('Via XX Settembre')).toEqual({ street: 'Via XX Settembre', number: '' });
    expect(splitStreetNumber('Viale 123456')).toEqual({ street: 'Viale 123456', number: '' });
    expect(splitStreetNumber('12 rue de Rivoli')).toEqual({ street: '12 rue de Rivoli', number: '' });
  });

  it('normalises phones to + and up to 15 digits', () => {
    expect(['+39 333 123 4567', '0039 (02) 123-456', '333.1234567', 'n/a', '', '+1234567890123456'].map(normalisePhone)).toEqual([
      '+393331234567',
      '+3902123456',
      '3331234567',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
