import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { posteMessages, type PoolCarrierCode } from '@smista/contracts';
import { createLogger, DomainError, NotSupportedError } from '@smista/service-kit';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PDFDocument } from 'pdf-lib';
import type { CarrierError, LabelRequest, PartyAddress } from '../adapter';
import { A6, buildLetterLabel, createPosteLetterAdapter } from './index';

/*
 * The letter services' adapter: the label it draws is a real A6 PDF whose barcode a scanner reads
 * back (rasterised by poppler's pdftoppm at 300 dpi, decoded by ZXing), with the code, the service
 * and both addresses in clear text. Letter services have no API: there is no URL to hit, so the
 * "request built" and "answer read" tests are the label's content and the PDF read back.
 */

const run = promisify(execFile);
const logger = createLogger('carriers-test', 'silent');
const AT = new Date('2026-03-05T09:30:00Z');

const sender: PartyAddress = { name: 'Bottega Verdi Srl', contactName: 'Anna Verdi', addressLine1: 'Via Roma 10', city: 'Milano', postalCode: '20121', province: 'MI', countryCode: 'IT' };
const italian: PartyAddress = { name: 'Mario Rossi', addressLine1: 'Via Garibaldi 5', addressLine2: 'Scala B', city: 'Torino', postalCode: '10121', province: 'TO', countryCode: 'IT' };
const french: PartyAddress = { name: 'Jean Dupont', addressLine1: '12 rue de Rivoli', city: 'Paris', postalCode: '75001', countryCode: 'FR' };
const request = (patch: Partial<LabelRequest> = {}): LabelRequest => ({
  reference: 'SHP-42',
  sequence: 42,
  recipient: italian,
  sender,
  parcels: [{ weightGrams: 20 }],
  orderId: 'ORD-7',
  ...patch,
});
const adapterFor = (carrierCode: PoolCarrierCode, carrierName: string) => createPosteLetterAdapter({ carrierCode, carrierName }, { logger, now: () => AT });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'smista-letters-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
async function savePdf(pdf: Uint8Array): Promise<string> {
  const file = join(dir, `label-${++n}.pdf`);
  await writeFile(file, pdf);
  return file;
}

/** A binary PGM (P5) as luminance bytes; comments and any whitespace between header fields allowed. */
function readPgm(data: Buffer): { width: number; height: number; pixels: Uint8ClampedArray } {
  const fields: number[] = [];
  let i = 2;
  if (data.subarray(0, 2).toString('latin1') !== 'P5') throw new Error('not a binary PGM');
  while (fields.length < 3) {
    while (/\s/.test(String.fromCharCode(data[i]!))) i++;
    if (data[i] === 0x23) {
      while (data[i] !== 0x0a) i++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(data[i]!))) token += String.fromCharCode(data[i++]!);
    fields.push(Number(token));
  }
  i++; // the single whitespace before the raster
  const [width, height, maxval] = fields as [number, number, number];
  if (maxval > 255) throw new Error('16-bit PGM not expected');
  return { width, height, pixels: new Uint8ClampedArray(data.subarray(i, i + width * height)) };
}

/** What a scanner reads on the page: rasterised at 300 dpi in grey, decoded as Code 128. */
async function scan(pdf: Uint8Array): Promise<string> {
  const file = await savePdf(pdf);
  const prefix = join(dir, `scan-${n}`);
  await run('pdftoppm', ['-r', '300', '-gray', '-singlefile', file, prefix]);
  const { width, height, pixels } = readPgm(await readFile(`${prefix}.pgm`));
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height))), hints);
  expect(result.getBarcodeFormat()).toBe(BarcodeFormat.CODE_128);
  return result.getText();
}

async function pdfText(pdf: Uint8Array): Promise<string> {
  const file = await savePdf(pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

async function failure(promise: Promise<unknown>): Promise<CarrierError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as CarrierError;
  }
  throw new Error('expected a failure');
}

describe('createLabel', () => {
  it.each<[string, PoolCarrierCode, string, PartyAddress]>([
    ['RR123456785IT', 'posta_rc_intl', 'Raccomandata Internazionale', french],
    ['RB000000015IT', 'posta_pr_intl', 'Postapriority Internazionale', french],
    ['2IUP00000001', 'posta_1', 'Posta1', italian],
    ['2IUP00000002', 'posta_rc', 'Raccomandata', italian],
  ])('draws %s (%s) on an A6 PDF whose barcode a scanner reads back', async (code, carrierCode, service, recipient) => {
    const result = await adapterFor(carrierCode, service).createLabel(request({ poolCode: code, recipient }));
    expect(result).toMatchObject({ trackingNumber: code, carrierShipmentNumber: code, warnings: [] });
    const pdf = await PDFDocument.load(result.labelPdf);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(A6.width, 1);
    expect(height).toBeCloseTo(A6.height, 1);
    expect([width, height].map((pt) => Math.round((pt / 72) * 25.4))).toEqual([105, 148]);
    expect(pdf.getTitle()).toBe(`${service} ${code}`);
    expect(await scan(result.labelPdf)).toBe(code);
  });

  describe('issue 25: the UPU customs declaration after the label, outside the EU customs union', () => {
    const british: PartyAddress = { name: 'Jane Doe', addressLine1: '1 High Street', city: 'London', postalCode: 'SW1A 1AA', countryCode: 'GB' };
    const customs = (valueCents: number): LabelRequest['customs'] => ({
      contentType: 'merce',
      invoiceNumber: 'FT-2026-12',
      currency: 'EUR',
      items: [{ description: 'Tazza in ceramica', quantity: 2, valueCents, weightGrams: 700, hsCode: '691200', originCountry: 'IT' }],
    });

    it('a CN22 page with every field up to 300 €, after the label', async () => {
      const result = await adapterFor('posta_pr_intl', 'Postapriority Internazionale').createLabel(request({ poolCode: 'RB000000015IT', recipient: british, parcels: [{ weightGrams: 850 }], customs: customs(2500) }));
      const pdf = await PDFDocument.load(result.labelPdf);
      expect(pdf.getPageCount()).toBe(2);
      expect(await scan(result.labelPdf)).toBe('RB000000015IT');
      const text = await pdfText(result.labelPdf);
      for (const expected of ['CUSTOMS DECLARATION CN 22', 'No. of item: RB000000015IT', '[X] Sale of goods', '[ ] Gift', 'Tazza in ceramica', '0.700', '25.00 EUR', '691200', 'Total gross weight (kg): 0.850', 'Total value: 25.00 EUR', 'Invoice No.: FT-2026-12', '05/03/2026', 'Bottega Verdi Srl']) {
        expect(text).toContain(expected);
      }
    });

    it('a CN23 above 300 €, with sender and addressee', async () => {
      const result = await adapterFor('posta_rc_intl', 'Raccomandata Internazionale').createLabel(request({ poolCode: 'RR123456785IT', recipient: british, customs: customs(30_001) }));
      const text = await pdfText(result.labelPdf);
      expect(text).toContain('CUSTOMS DECLARATION CN 23');
      expect(text).toContain('To: Jane Doe, 1 High Street, SW1A 1AA London, GB');
      expect(text).not.toContain('CN 22');
    });

    it('no declaration inside the EU customs union, even when one is sent', async () => {
      const result = await adapterFor('posta_pr_intl', 'Postapriority Internazionale').createLabel(request({ poolCode: 'RB000000015IT', recipient: french, customs: customs(2500) }));
      expect((await PDFDocument.load(result.labelPdf)).getPageCount()).toBe(1);
    });
  });

  it('prints the code in clear text, the service, its mark, both addresses, date and reference', async () => {
    const registered = await adapterFor('posta_rc_intl', 'Raccomandata Internazionale').createLabel(request({ poolCode: 'RR123456785IT', recipient: french, contentDescription: 'Documenti' }));
    const text = await pdfText(registered.labelPdf);
    for (const expected of ['Raccomandata Internazionale', 'RR123456785IT', 'Data 05/03/2026', 'Rif. SHP-42', 'Mittente', 'Bottega Verdi Srl', 'Via Roma 10', '20121 MILANO MI', 'Destinatario', 'Jean Dupont', '12 rue de Rivoli', '75001 PARIS', 'FRANCIA', 'Ordine ORD-7', 'Contenuto: Documenti']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/(^|\s)R(\s|$)/m);
    const priority = await pdfText((await adapterFor('posta_pr_intl', 'Postapriority Internazionale').createLabel(request({ poolCode: 'RB000000015IT', recipient: french }))).labelPdf);
    expect(priority).toContain('PRIORITAIRE');
    const domestic = await pdfText((await adapterFor('posta_1', 'Posta1').createLabel(request({ poolCode: '2IUP00000001' }))).labelPdf);
    expect(domestic).toContain('Via Garibaldi 5');
    expect(domestic).toContain('Scala B');
    expect(domestic).toContain('10121 TORINO TO');
    expect(domestic).not.toContain('PRIORITAIRE');
    expect(domestic).not.toMatch(/(^|\s)R(\s|$)/m);
  });

  it('keeps a long code readable by narrowing its modules', async () => {
    const code = 'POSTA1ABCDEFGHIJ0123456789KLMNOP';
    const result = await adapterFor('posta_1', 'Posta1').createLabel(request({ poolCode: code }));
    expect(await scan(result.labelPdf)).toBe(code);
  });

  it('prints names beyond the fonts without failing', async () => {
    const result = await adapterFor('posta_1', 'Posta1').createLabel(request({ poolCode: '2IUP00000003', recipient: { ...italian, name: 'Łukasz Żółć — “Città”' } }));
    expect(await pdfText(result.labelPdf)).toContain('?ukasz Zó?c — “Città”');
  });

  it('answers NO_CODES_AVAILABLE without a pool code, LABEL_REFUSED for a code no barcode carries', async () => {
    const adapter = adapterFor('posta_rc', 'Raccomandata');
    const none = await failure(adapter.createLabel(request()));
    expect([none.code, none.message]).toEqual(['NO_CODES_AVAILABLE', posteMessages.letters.noCodesAvailable('Raccomandata')]);
    expect((await failure(adapter.createLabel(request({ poolCode: '  ' })))).code).toBe('NO_CODES_AVAILABLE');
    const accented = await failure(adapter.createLabel(request({ poolCode: 'CITTÀ1' })));
    expect([accented.code, accented.message]).toEqual(['LABEL_REFUSED', posteMessages.letters.codeNotPrintable('CITTÀ1')]);
  });

  it('refuses a destination the service does not serve, and a recipient without street', async () => {
    const abroad = await failure(adapterFor('posta_1', 'Posta1').createLabel(request({ poolCode: '2IUP1', recipient: french })));
    expect([abroad.code, abroad.message]).toEqual(['LABEL_REFUSED', posteMessages.letters.domesticOnly('Posta1')]);
    const home = await failure(adapterFor('posta_rc_intl', 'Raccomandata Internazionale').createLabel(request({ poolCode: 'RR123456785IT' })));
    expect(home.message).toBe(posteMessages.letters.internationalOnly('Raccomandata Internazionale'));
    await expect(adapterFor('posta_1', 'Posta1').createLabel(request({ poolCode: '2IUP1', recipient: { ...italian, countryCode: 'SM', province: '' } }))).resolves.toBeDefined();
    const noStreet = await failure(adapterFor('posta_1', 'Posta1').createLabel(request({ poolCode: '2IUP1', recipient: { ...italian, addressLine1: ' ', addressLine2: '' } })));
    expect(noStreet.message).toBe(posteMessages.letters.recipientIncomplete('indirizzo mancante'));
  });
});

describe('the label content', () => {
  it('is decided before drawing: code, service, marks, Italian date and the address layout', () => {
    expect(buildLetterLabel({ carrierCode: 'posta_rc', carrierName: 'Raccomandata' }, request({ poolCode: ' 2IUP00000001 ' }), new Date('2026-03-05T23:30:00Z'))).toEqual({
      code: '2IUP00000001',
      service: 'Raccomandata',
      registered: true,
      priority: false,
      date: '06/03/2026',
      reference: 'SHP-42',
      orderId: 'ORD-7',
      sender: { name: 'Bottega Verdi Srl', contact: 'Anna Verdi', lines: ['Via Roma 10'], destination: '20121 MILANO MI' },
      recipient: { name: 'Mario Rossi', lines: ['Via Garibaldi 5', 'Scala B'], destination: '10121 TORINO TO' },
    });
  });
});

describe('the other operations', () => {
  it('validates at once: there is no provider to ask', async () => {
    await expect(adapterFor('posta_1', 'Posta1').validateCredentials()).resolves.toBeUndefined();
  });

  it('answers a cancellation with a message, leaving the code to the service', async () => {
    const result = await adapterFor('posta_rc', 'Raccomandata').cancelShipment({ carrierShipmentNumber: '2IUP00000001', trackingNumber: '2IUP00000001' });
    expect(result).toEqual({ message: posteMessages.letters.cancelled('2IUP00000001'), cancelledAtCarrier: false });
  });

  it('throws the kit NotSupportedError for the workday close and tracking', async () => {
    const adapter = adapterFor('posta_rc', 'Raccomandata');
    const close = await failure(adapter.closeWorkday(['2IUP00000001']));
    expect(close).toBeInstanceOf(NotSupportedError);
    expect(close.message).toBe('Operazione non supportata da Raccomandata: chiusura giornata (le lettere si consegnano con la distinta)');
    const track = await failure(adapter.track({ trackingNumber: '2IUP00000001', carrierShipmentNumber: '2IUP00000001' }));
    expect(track).toBeInstanceOf(NotSupportedError);
    expect(track.message).toBe('Operazione non supportata da Raccomandata: tracking');
    await expect(adapter.close()).resolves.toBeUndefined();
  });
});
