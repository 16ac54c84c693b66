import { CsvUnreadableError, detectSeparator, readCsv, writeCsv } from './csv';

describe('the CSV files merchants fill', () => {
  it('detects the separator from the header, outside quotes', () => {
    expect(detectSeparator('SKU;Peso (g)\nA;1')).toBe(';');
    expect(detectSeparator('SKU,Peso (g)\nA,1')).toBe(',');
    expect(detectSeparator('SKU\tPeso\nA\t1')).toBe('\t');
    expect(detectSeparator('"a;b;c",x,y\n')).toBe(',');
    expect(detectSeparator('SKU\nA')).toBe(';');
  });

  it('reads UTF-8 with or without a BOM, quoted decimal commas, rows numbered as the spreadsheet does', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('SKU;Lunghezza (cm)\r\nTAZ-01;"12,5"\r\n\r\nTEI-02;\r\n')]);
    const table = readCsv(withBom);
    expect(table.headers).toEqual(['SKU', 'Lunghezza (cm)']);
    expect(table.rows).toEqual([
      { row: 2, record: { SKU: 'TAZ-01', 'Lunghezza (cm)': '12,5' } },
      { row: 4, record: { SKU: 'TEI-02', 'Lunghezza (cm)': '' } },
    ]);
    expect(readCsv('SKU,Titolo\nA,"Tazza, blu"\n').rows[0]!.record.Titolo).toBe('Tazza, blu');
  });

  it('refuses empty files, text that is not UTF-8 and an unclosed quote, with the reason', () => {
    const reason = (input: Uint8Array | string) => {
      try {
        readCsv(input);
      } catch (err) {
        return (err as CsvUnreadableError).reason;
      }
      return null;
    };
    expect(reason('')).toBe('empty');
    expect(reason(Buffer.from([0xff, 0xfe, 0x41]))).toBe('encoding');
    expect(reason('SKU\n"aperta')).toBe('syntax');
    // One field of 100,000 characters is no spreadsheet row: refused, not held in memory.
    expect(reason(`SKU;Titolo\nA;"${'x'.repeat(100_000)}"`)).toBe('syntax');
  });

  it('writes a BOM, `;` and CRLF, quoting what needs it; reads back the same', () => {
    const file = writeCsv(['SKU', 'Titolo'], [['A', 'Tazza; blu'], ['B', null]]);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.subarray(3).toString('utf8')).toBe('SKU;Titolo\r\nA;"Tazza; blu"\r\nB;\r\n');
    expect(readCsv(file).rows.map((r) => r.record)).toEqual([
      { SKU: 'A', Titolo: 'Tazza; blu' },
      { SKU: 'B', Titolo: '' },
    ]);
  });
});
