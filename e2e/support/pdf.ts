import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';

const run = promisify(execFile);

/** The text of each page of a PDF, read back by poppler's pdftotext (what a person would read). */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'smista-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const text = (await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    const pages = text.split('\f');
    return pages.slice(0, (await PDFDocument.load(pdf)).getPageCount());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the page (0-based) draws an image (the merchant's logo on a packing slip). */
export async function pageHasImage(pdf: Uint8Array, index: number): Promise<boolean> {
  const page = (await PDFDocument.load(pdf)).getPage(index);
  return /\/XObject/.test(String(page.node.Resources()?.toString()));
}

/** A real PNG of `width` × `height` pixels in one colour (a test's logo). */
export function pngOf(width: number, height: number, rgb: [number, number, number] = [200, 30, 40]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** A data URL of bytes, as the screen's file reader makes it. */
export function dataUrlOf(bytes: Uint8Array, type = 'image/png'): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
