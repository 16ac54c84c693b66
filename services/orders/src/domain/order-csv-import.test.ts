import { manualOrderMessages, ORDER_CSV_EXAMPLE, orderCsvMessages as m, shipmentMessages } from '@smista/contracts';
import { csvDate, headerKey } from './orders-csv-format';
import { readOrdersCsv } from './order-csv-import';

const HEADER = 'numero_ordine;data_ordine;destinatario;email;telefono;indirizzo;indirizzo_2;cap;citta;provincia;paese;sku;articolo;quantita;prezzo_unitario;note';

describe('readOrdersCsv', () => {
  it('reads the example file: two orders, the second with two items, decimal commas, dates either way', () => {
    const reading = readOrdersCsv(ORDER_CSV_EXAMPLE);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.rows).toBe(3);
    expect(reading.problems).toEqual([]);
    expect(reading.orders.map((o) => [o.externalId, o.rows, o.data.items.map((i) => [i.title, i.quantity, i.unitPrice]), o.orderDate?.toISOString().slice(0, 10)])).toEqual([
      ['NEG-1001', [2], [['Tazza in ceramica', 2, '12.50']], '2026-11-20'],
      ['NEG-1002', [3, 4], [['Piatto fondo', 4, '8.90'], ['Tovaglietta in lino', 1, '15.00']], '2026-11-20'],
    ]);
    expect(reading.orders[1]!.data.address).toMatchObject({ recipientName: 'Marco Verdi', addressLine2: 'Scala B', country: 'Italia', countryCode: 'IT' });
  });

  it('takes commas as separators, a BOM, quoted fields, CRLF and headers in any case or accent', () => {
    const file = '\uFEFFNumero Ordine,Destinatario,Indirizzo,CAP,Città,Paese,Articolo,Quantità,Prezzo Unitario\r\nX-1,"Rossi, Mario",Via Roma 1,20121,Milano,it,"Tazza ""blu""",1,"12,50"\r\n';
    const reading = readOrdersCsv(file);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.problems).toEqual([]);
    expect(reading.orders[0]!.data).toMatchObject({ address: { recipientName: 'Rossi, Mario', countryCode: 'IT' }, items: [{ title: 'Tazza "blu"', unitPrice: '12.50' }] });
  });

  it('takes a tab-separated file (rows pasted from a spreadsheet), read as the catalogue reads its file', () => {
    const file = 'numero_ordine\tdestinatario\tindirizzo\tcap\tcitta\tpaese\tarticolo\tquantita\tprezzo_unitario\nT-1\tAnna Neri\tVia Po 4\t10100\tTorino\tIT\tPiatto; fondo\t2\t8,90\n';
    const reading = readOrdersCsv(file);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.problems).toEqual([]);
    expect(reading.orders[0]!.data.items).toMatchObject([{ title: 'Piatto; fondo', quantity: 2, unitPrice: '8.90' }]);
  });

  it('says each row’s problems by row and column in Italian, and leaves those orders out', () => {
    const file = [
      HEADER,
      'A-1;2026-02-30;Giulia;;;Via Roma 1;;;Torino;;IT;;Tazza;0;12,50;',
      'A-2;;Marco;;;Via Po 2;;10100;Torino;;ITA;;Piatto;1;dieci;',
      ';;Luca;;;Via Po 3;;10100;Torino;;IT;;Piatto;1;1;',
      'A-3;;Anna;;;Via Po 4;;10100;Torino;;IT;;Piatto;1;1;',
    ].join('\n');
    const reading = readOrdersCsv(file);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.problems).toEqual([
      { row: 2, column: 'data_ordine', message: m.dateInvalid },
      { row: 2, column: 'cap', message: shipmentMessages.postalCodeRequired },
      { row: 2, column: 'quantita', message: manualOrderMessages.quantityInvalid },
      { row: 3, column: 'paese', message: m.countryInvalid },
      { row: 3, column: 'prezzo_unitario', message: manualOrderMessages.unitPriceInvalid },
      { row: 4, column: 'numero_ordine', message: m.orderNumberRequired },
    ]);
    expect(reading.problemRows).toBe(3);
    expect(reading.orders.map((o) => o.externalId)).toEqual(['A-3']);
  });

  it('refuses a file as a whole: empty, columns missing, NUL, too many rows', () => {
    expect(readOrdersCsv('')).toEqual({ ok: false, reason: m.empty });
    expect(readOrdersCsv(`${HEADER}\n`)).toEqual({ ok: false, reason: m.empty });
    expect(readOrdersCsv('numero_ordine;articolo\nA;B')).toEqual({ ok: false, reason: m.missingColumns(['destinatario', 'indirizzo', 'cap', 'citta', 'paese', 'quantita', 'prezzo_unitario']) });
    expect(readOrdersCsv(`${HEADER}\nA\u0000`)).toEqual({ ok: false, reason: m.notText });
    const row = 'A;;G;;;V;;1;T;;IT;;X;1;1;';
    expect(readOrdersCsv([HEADER, ...Array.from({ length: 10_001 }, () => row)].join('\n'))).toEqual({ ok: false, reason: m.tooManyRows });
    expect(readOrdersCsv(`${HEADER}\n"A;B`).ok).toBe(false);
  });
});

describe('the CSV format helpers', () => {
  it('matches headers loosely, reads both date forms', () => {
    expect([headerKey(' Città '), headerKey('Prezzo unitario'), headerKey('INDIRIZZO-2')]).toEqual(['citta', 'prezzo_unitario', 'indirizzo_2']);
    expect([csvDate('2026-11-20')?.toISOString(), csvDate('20/11/2026')?.toISOString(), csvDate('31/02/2026'), csvDate('ieri')]).toEqual(['2026-11-20T12:00:00.000Z', '2026-11-20T12:00:00.000Z', null, null]);
  });
});
