import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { BarcodeFormat, BinaryBitmap, BitArray, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { code128Widths, fitsCode128 } from './barcode';
import { openSlipBook, PICK_LIST_ROWS, SLIP_ROWS, type PackingSlip } from './slips-pdf';

const run = promisify(execFile);

/** A 2×1 red PNG, 24×16 after the IHDR says so (pdf-lib reads the real pixels). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAG0lEQVR4nGP4z8BAFcQwatCoQaMGjRo0ahDJCAAvjf0B8e6VdQAAAABJRU5ErkJggg==',
  'base64',
);

/** Draws Code 128 widths as a luminance image and reads it back with ZXing. */
function decodeBars(widths: number[]): string {
  const module = 3;
  const quiet = 10 * module;
  const width = widths.reduce((a, b) => a + b, 0) * module + 2 * quiet;
  const height = 20;
  const pixels = new Uint8ClampedArray(width * height).fill(255);
  let x = quiet;
  widths.forEach((w, i) => {
    if (i % 2 === 0) for (let dx = 0; dx < w * module; dx++) for (let y = 0; y < height; y++) pixels[y * width + x + dx] = 0;
    x += w * module;
  });
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
  return new Code128Reader().decodeRow(10, bitmap.getBlackRow(10, new BitArray(width)), new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]])).getText();
}

describe('the Code 128 barcode', () => {
  it('encodes what a scanner reads back (ZXing), letters, digits and dashes', () => {
    for (const value of ['12-34567-89012', '100042', 'AMZ-403-1234567-1234567', 'a b/c']) expect(decodeBars(code128Widths(value))).toBe(value);
  });

  it('has the Code 128 shape: start and stop patterns, 11 modules per symbol, 13 for the stop', () => {
    const widths = code128Widths('ABC');
    const modules = widths.reduce((a, b) => a + b, 0);
    // start B + 3 characters + check = 5 symbols of 11 modules, stop of 13.
    expect(modules).toBe(5 * 11 + 13);
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]); // START B
    expect(widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]); // STOP
  });

  it('is only drawn for what Code 128 carries', () => {
    expect(fitsCode128('12-34567')).toBe(true);
    expect(fitsCode128('Ordine è')).toBe(false);
    expect(fitsCode128('')).toBe(false);
  });
});

describe('the slips PDF', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slips-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const text = async (pdf: Uint8Array, name: string) => {
    const file = join(dir, `${name}.pdf`);
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  };
  const slip = (lines: number, orderNumber = '12-34567-89012'): PackingSlip => ({
    orderNumber,
    orderDate: '28/11/2026',
    recipientLines: ['Niccolò Sàntoro', 'Via dell’Università 3', '40126 Bologna (BO)', 'Italia'],
    lines: Array.from({ length: lines }, (_, i) => ({ sku: `SKU-${i + 1}`, title: `Caffè macinato n. ${i + 1}`, quantity: 1 + (i % 3) })),
  });

  it('prints the pick list with its header, the lines in order and a page per 44 lines after the first 40', async () => {
    const book = await openSlipBook();
    const lines = Array.from({ length: PICK_LIST_ROWS.first + PICK_LIST_ROWS.next + 1 }, (_, i) => ({ sku: `A-${String(i + 1).padStart(3, '0')}`, title: `Perché sì ${i + 1}`, quantity: i + 1, orders: 1 }));
    book.addPickList({ printedAt: new Date('2026-11-28T13:05:00Z'), orders: 12, lines });
    const { pdf, pages } = await book.save();
    expect(pages).toBe(3);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
    const content = await text(pdf, 'pick');
    expect(content).toContain('Lista di prelievo');
    expect(content).toContain('Stampata il 28/11/26, 14:05');
    expect(content).toContain(`12 ordini · ${lines.length} articoli · ${(lines.length * (lines.length + 1)) / 2} pezzi`);
    expect(content).toMatch(/SKU\s+Articolo\s+Ordini\s+Quantità/);
    expect(content).toContain('Perché sì 1');
    const pagesText = content.split('\f');
    expect(pagesText[0]).toContain('A-040');
    expect(pagesText[0]).not.toContain('A-041');
    expect(pagesText[1]).toContain('Lista di prelievo (segue)');
    expect(pagesText[1]).toContain('A-041');
    expect(pagesText[2]).toContain('A-085');
    expect(pagesText[2]).toContain('Pagina 3 di 3');
  });

  it("prints a packing slip with the logo, the sender, the recipient with accents, the items and the order's barcode; long lists go on", async () => {
    const book = await openSlipBook({ logo: { contentType: 'image/png', data: PNG }, addressLines: ['Bottega Demo Srl', 'Via Garibaldi 10', '10122 Torino (TO)'] });
    book.addPackingSlip(slip(SLIP_ROWS.first + 5));
    book.addPackingSlip(slip(0, '100042'));
    const { pdf, pages } = await book.save();
    expect(pages).toBe(3);
    const content = await text(pdf, 'slips');
    const [first, second, third] = content.split('\f');
    for (const t of ['Distinta di imballaggio', 'Ordine n. 12-34567-89012', 'Data ordine: 28/11/2026', 'Mittente', 'Bottega Demo Srl', '10122 Torino (TO)', 'Destinatario', 'Niccolò Sàntoro', 'Via dell’Università 3', 'Caffè macinato n. 1', 'Pagina 1 di 2']) {
      expect(first).toContain(t);
    }
    expect(first).toContain(`SKU-${SLIP_ROWS.first}`);
    expect(first).not.toContain(`SKU-${SLIP_ROWS.first + 1} `);
    expect(second).toContain('Distinta di imballaggio · Ordine n. 12-34567-89012 (segue)');
    expect(second).toContain(`SKU-${SLIP_ROWS.first + 5}`);
    expect(second).toMatch(/Totale pezzi: \d+/);
    expect(third).toContain('Ordine n. 100042');
    expect(third).toContain('Nessun articolo nell’ordine');
    expect(third).toContain('Totale pezzi: 0');
    // the logo is an image XObject of the first page
    const doc = await PDFDocument.load(pdf);
    expect(String(doc.getPage(0).node.Resources()?.toString())).toMatch(/XObject/);
  });

  it('never refuses text the standard font lacks: unknown accents dropped, other letters as ?', async () => {
    const book = await openSlipBook();
    book.addPackingSlip({ ...slip(1), recipientLines: ['Łukasz Żółć', '東京 \u0000 tab\there'] });
    const content = await text((await book.save()).pdf, 'foreign');
    // Ż and ó have Latin-1 bases (Z kept without its dot, ó as it is); Ł and ł are letters of their own.
    expect(content).toContain('?ukasz Zó?c');
    expect(content).toMatch(/\?\? +tab here/);
  });

  it('appends another PDF (a label) after a slip, its pages as they are', async () => {
    const label = await PDFDocument.create();
    label.addPage([283, 425]).drawText('ETICHETTA GLS');
    const book = await openSlipBook();
    book.addPackingSlip(slip(2));
    await book.addPdf(await label.save());
    const { pdf, pages } = await book.save();
    expect(pages).toBe(2);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPage(1).getSize()).toEqual({ width: 283, height: 425 });
    expect((await text(pdf, 'with-label')).split('\f')[1]).toContain('ETICHETTA GLS');
  });
});
