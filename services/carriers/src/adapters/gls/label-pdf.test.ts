import { PDFDocument } from 'pdf-lib';
import { looksLikePdf, mergeLabels } from './label-pdf';

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([283, 425]);
  return doc.save();
}

describe('looksLikePdf', () => {
  it('knows a PDF by its header and end marker', async () => {
    expect(looksLikePdf(await onePagePdf())).toBe(true);
  });

  it('refuses a label cut short, an HTML page and nothing', async () => {
    const pdf = await onePagePdf();
    expect(looksLikePdf(pdf.subarray(0, pdf.byteLength - 40))).toBe(false);
    expect(looksLikePdf(new TextEncoder().encode('<html><body>Runtime Error</body></html>'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });

  it('reads a view into a larger buffer at its own offset', async () => {
    const pdf = await onePagePdf();
    const framed = new Uint8Array(pdf.byteLength + 20);
    framed.set(pdf, 10);
    expect(looksLikePdf(framed.subarray(10, 10 + pdf.byteLength))).toBe(true);
    expect(looksLikePdf(framed.subarray(5, 10 + pdf.byteLength))).toBe(false);
  });
});

describe('mergeLabels', () => {
  it('returns a single label as it came', async () => {
    const pdf = await onePagePdf();
    expect(await mergeLabels([pdf])).toBe(pdf);
  });

  it('refuses a single label that is not a PDF as BAD_RESPONSE', async () => {
    await expect(mergeLabels([new TextEncoder().encode('Server Error')])).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('merges several labels into one PDF, a page each in package order', async () => {
    const merged = await PDFDocument.load(await mergeLabels([await onePagePdf(), await onePagePdf(), await onePagePdf()]));
    expect(merged.getPageCount()).toBe(3);
  });

  it('refuses several labels when one does not open', async () => {
    const pdf = await onePagePdf();
    await expect(mergeLabels([pdf, pdf.subarray(0, 100)])).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
