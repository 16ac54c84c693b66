import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * The text drawn on each page of a PDF, in page order: the strings of the page's content streams
 * (pdf-lib writes standard-font text as `<hex> Tj`, others as `(literal) Tj`), decoded. Enough to
 * find a tracking number printed on a label.
 */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : [];
    return streams
      .map((s) => {
        if (!(s instanceof PDFRawStream)) return '';
        const raw = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
        const hex = [...raw.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj/g)].map(([, h]) => Buffer.from(h!.replace(/\s/g, ''), 'hex').toString('latin1'));
        const literal = [...raw.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map(([, t]) => t!);
        return [...hex, ...literal].join(' ');
      })
      .join(' ');
  });
}
