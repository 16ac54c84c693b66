import { deflateSync, crc32 } from 'node:zlib';
import { imageSizeOf, logoProblem, merchantLogoMessages as m, merchantLogoSchema } from './merchant-logo';

function png(width: number, height: number): Buffer {
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
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height))), chunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG's markers up to its frame header: SOI, an APP0 segment, SOF2 (progressive) with the size. */
function jpegHead(width: number, height: number): Uint8Array {
  return Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, 0xc4, 0x00, 0x02, 0xff, 0xc2, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03]);
}

describe("the merchant's logo", () => {
  it('reads the pixel size of a PNG and of a JPEG (skipping the segments before the frame), by their bytes', () => {
    expect(imageSizeOf(png(240, 80))).toEqual({ format: 'png', width: 240, height: 80 });
    expect(imageSizeOf(jpegHead(1024, 300))).toEqual({ format: 'jpeg', width: 1024, height: 300 });
    expect(imageSizeOf(new TextEncoder().encode('<svg/>'))).toBeNull();
    expect(imageSizeOf(png(240, 80).subarray(0, 20))).toBeNull();
  });

  it('takes a PNG or JPEG within 512 KB and 16–2,000 pixels a side, and says why otherwise', () => {
    expect(logoProblem(png(16, 2000))).toBeNull();
    expect(logoProblem(jpegHead(300, 100))).toBeNull();
    expect(logoProblem(png(15, 100))).toBe(m.badSize);
    expect(logoProblem(png(2001, 100))).toBe(m.badSize);
    expect(logoProblem(Buffer.from('GIF89a and more'))).toBe(m.notImage);
    expect(logoProblem(Buffer.concat([png(64, 64), Buffer.alloc(512 * 1024)]))).toBe(m.tooLarge);
    expect(logoProblem(Uint8Array.from([0xff, 0xd8, 0xff, 0x01]))).toBe(m.unreadable);
  });

  it('checks the data URL the screen sends on its bytes, never on its declared type', () => {
    const url = (bytes: Uint8Array, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
    expect(merchantLogoSchema.safeParse({ logo: url(png(100, 50)) }).success).toBe(true);
    expect(merchantLogoSchema.safeParse({ logo: url(png(100, 50), 'image/jpeg') }).success).toBe(true);
    const refused = merchantLogoSchema.safeParse({ logo: url(new TextEncoder().encode('not an image'), 'image/png') });
    expect(refused.success ? null : refused.error.issues[0].message).toBe(m.notImage);
    expect(merchantLogoSchema.safeParse({ logo: url(png(100, 50), 'image/gif') }).success).toBe(false);
  });
});
