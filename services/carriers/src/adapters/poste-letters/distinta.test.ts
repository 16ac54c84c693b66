import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import type { PartyAddress } from '../adapter';
import { buildDistintaCsv, buildDistintaPdf, type DistintaMeta, type DistintaRow } from './distinta';

const run = promisify(execFile);

const sender: PartyAddress = { name: 'Bottega Verdi Srl', addressLine1: 'Via Roma 10', city: 'Milano', postalCode: '20121', province: 'MI', countryCode: 'IT' };
const meta: DistintaMeta = { carrierCode: 'posta_rc', serviceName: 'Raccomandata', connectionName: 'Raccomandate Milano', date: '2026-03-05', sender };
const torino: PartyAddress = { name: 'Mario Rossi', addressLine1: 'Via Garibaldi 5', addressLine2: 'Scala B', city: 'Torino', postalCode: '10121', province: 'to', countryCode: 'IT' };
const rows = (n: number): DistintaRow[] =>
  Array.from({ length: n }, (_, i) => ({
    progressivo: i + 1,
    code: `2IUP${String(i + 1).padStart(8, '0')}`,
    recipient: { ...torino, name: `Cliente ${i + 1}` },
    reference: `SHP-${i + 1}`,
    usedAt: new Date(Date.UTC(2026, 2, 5, 8, i % 60)),
  }));

describe('the distinta as CSV', () => {
  it('is UTF-8 with a BOM, semicolons, CRLF, an Italian header and Italian dates', () => {
    const csv = buildDistintaCsv(
      [
        { progressivo: 1, code: '2IUP00000001', recipient: torino, reference: 'SHP-1', usedAt: new Date('2026-03-05T08:15:00Z') },
        { progressivo: 2, code: 'RR123456785IT', recipient: { name: 'Jean Dupont', addressLine1: '12 rue de Rivoli', city: 'Paris', postalCode: '75001', countryCode: 'FR' }, usedAt: new Date('2026-07-05T08:15:00Z') },
      ],
      meta,
    );
    expect(csv).toBe(
      '\uFEFFProgressivo;Codice;Servizio;Destinatario;Indirizzo;CAP;Città;Provincia;Paese;Riferimento;Data\r\n' +
        '1;2IUP00000001;Raccomandata;Mario Rossi;Via Garibaldi 5 Scala B;10121;Torino;TO;Italia;SHP-1;05/03/2026 09:15\r\n' +
        '2;RR123456785IT;Raccomandata;Jean Dupont;12 rue de Rivoli;75001;Paris;;Francia;;05/07/2026 10:15\r\n',
    );
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('quotes what would break a field, neutralises formulas, and keeps rows without a recipient', () => {
    const csv = buildDistintaCsv(
      [
        { progressivo: 1, code: 'C1', recipient: { ...torino, name: 'Rossi; "Mario"', addressLine1: 'Via A\n2', addressLine2: '' }, reference: '=HYPERLINK("x")', usedAt: new Date('2026-03-05T08:15:00Z') },
        { progressivo: 2, code: 'C2', recipient: null, usedAt: new Date('2026-03-05T08:16:00Z') },
      ],
      meta,
    );
    const [, first, second] = csv.slice(1).split('\r\n');
    expect(first).toBe('1;C1;Raccomandata;"Rossi; ""Mario""";Via A 2;10121;Torino;TO;Italia;"\'=HYPERLINK(""x"")";05/03/2026 09:15');
    expect(second).toBe('2;C2;Raccomandata;;;;;;;;05/03/2026 09:16');
  });

  it('is the header alone for a day without letters', () => {
    expect(buildDistintaCsv([], meta)).toBe('\uFEFFProgressivo;Codice;Servizio;Destinatario;Indirizzo;CAP;Città;Provincia;Paese;Riferimento;Data\r\n');
  });
});

describe('the distinta as PDF', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'smista-distinta-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const text = async (pdf: Uint8Array, name: string) => {
    const file = join(dir, `${name}.pdf`);
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  };

  it('is an A4 list with title, sender, connection, day, one row per code and the total', async () => {
    const pdf = await buildDistintaPdf(rows(3), meta);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Distinta di accettazione — Raccomandata 05/03/2026');
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const content = await text(pdf, 'three');
    for (const expected of [
      'Distinta di accettazione — Raccomandata',
      'Mittente: Bottega Verdi Srl, Via Roma 10, 20121 MILANO MI',
      'Connessione: Raccomandate Milano',
      'Data: 05/03/2026',
      'Totale: 3 invii',
      'Firma del mittente',
      "Timbro e firma dell'ufficio accettante",
      'Pagina 1 di 1',
    ]) {
      expect(content).toContain(expected);
    }
    expect(content).toMatch(/1\s+2IUP00000001\s+Cliente 1\s+Via Garibaldi 5 Scala B\s+10121\s+Torino TO/);
    expect(content).toMatch(/3\s+2IUP00000003\s+Cliente 3/);
  });

  it('grows by pages with the rows, every code on one of them and the header on each', async () => {
    const counts: number[] = [];
    for (const n of [0, 30, 120, 400]) counts.push((await PDFDocument.load(await buildDistintaPdf(rows(n), meta))).getPageCount());
    expect(counts[0]).toBe(1);
    expect(counts[1]).toBe(1);
    expect(counts[2]).toBeGreaterThan(counts[1]!);
    expect(counts[3]).toBeGreaterThan(counts[2]!);
    const many = await buildDistintaPdf(rows(120), meta);
    const content = await text(many, 'many');
    for (let i = 1; i <= 120; i++) expect(content).toContain(`2IUP${String(i).padStart(8, '0')}`);
    expect(content.match(/Distinta di accettazione — Raccomandata/g)).toHaveLength(counts[2]!);
    expect(content).toContain(`Pagina ${counts[2]} di ${counts[2]}`);
    expect(content).toContain('Totale: 120 invii');
  });

  it('says so for a day without letters, and works without sender or connection', async () => {
    const content = await text(await buildDistintaPdf([], { carrierCode: 'posta_1', serviceName: 'Posta1', date: '2026-03-05' }), 'empty');
    expect(content).toContain('Nessun invio in questa data');
    expect(content).toContain('Totale: 0 invii');
    expect(content).not.toContain('Mittente');
    const one = await text(await buildDistintaPdf(rows(1), meta), 'one');
    expect(one).toContain('Totale: 1 invio');
  });
});
