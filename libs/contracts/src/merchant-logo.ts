import { z } from 'zod';
import { base64ByteLength, base64Head, imageFormatOf } from './schemas';

/**
 * Issue 25: the merchant's logo, printed on its packing slips. PNG or JPEG only (what pdf-lib
 * embeds), judged by the file's own bytes and their pixel size, never by its name or declared type.
 */
export const merchantLogoLimits = {
  maxBytes: 512 * 1024,
  maxPixels: 2000, // per side
  minPixels: 16,
} as const;

export const merchantLogoMessages = {
  notImage: 'Il logo deve essere un file PNG o JPEG.',
  tooLarge: 'Il logo è troppo grande: la dimensione massima è 512 KB.',
  badSize: `Il logo deve misurare tra ${merchantLogoLimits.minPixels} e ${merchantLogoLimits.maxPixels} pixel per lato.`,
  unreadable: 'Il file del logo è danneggiato o non leggibile.',
  adminOnly: 'Solo un amministratore può cambiare il logo',
  noLogo: 'Nessun logo caricato',
  saved: 'Logo aggiornato',
  removed: 'Logo rimosso',
} as const;

export type LogoContentType = 'image/png' | 'image/jpeg';

/**
 * Width and height in pixels of a PNG (its IHDR) or a baseline/progressive JPEG (its first SOF
 * marker), or null when the bytes are neither or are cut short.
 *
 * @example imageSizeOf(pngBytes) // { format: 'png', width: 240, height: 80 }
 */
export function imageSizeOf(bytes: Uint8Array): { format: 'png' | 'jpeg'; width: number; height: number } | null {
  const format = imageFormatOf(bytes);
  if (format === 'png') {
    // Signature (8), IHDR length (4), 'IHDR' (4), width (4), height (4).
    if (bytes.length < 24 || String.fromCharCode(...bytes.slice(12, 16)) !== 'IHDR') return null;
    const u32 = (at: number) => ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
    return { format, width: u32(16), height: u32(20) };
  }
  if (format === 'jpeg') {
    let at = 2;
    while (at + 4 <= bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1];
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      const length = (bytes[at + 2] << 8) | bytes[at + 3];
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (at + 9 > bytes.length) return null;
        return { format, height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
      }
      if (length < 2) return null;
      at += 2 + length;
    }
  }
  return null;
}

const logoPattern = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The logo's problem with its Italian text, or null when it is a PNG or JPEG within the limits. */
export function logoProblem(bytes: Uint8Array): string | null {
  if (bytes.length > merchantLogoLimits.maxBytes) return merchantLogoMessages.tooLarge;
  const format = imageFormatOf(bytes);
  if (format !== 'png' && format !== 'jpeg') return merchantLogoMessages.notImage;
  const size = imageSizeOf(bytes);
  if (!size) return merchantLogoMessages.unreadable;
  const { minPixels: lo, maxPixels: hi } = merchantLogoLimits;
  if (size.width < lo || size.height < lo || size.width > hi || size.height > hi) return merchantLogoMessages.badSize;
  return null;
}

/** The bytes of a base64 payload (browser and Node). */
export function base64Bytes(b64: string): Uint8Array {
  return base64Head(b64, base64ByteLength(b64));
}

/**
 * `PUT /api/merchants/current/logo {logo}`: a base64 data URL of a PNG or JPEG of up to 512 KB and
 * 16–2,000 pixels a side, checked on its bytes (the gateway and the merchants service both).
 */
export const merchantLogoSchema = z
  .object({
    logo: z
      .string(merchantLogoMessages.notImage)
      .max(Math.ceil((merchantLogoLimits.maxBytes * 4) / 3) + 64, merchantLogoMessages.tooLarge)
      .regex(logoPattern, merchantLogoMessages.notImage)
      .superRefine((s, ctx) => {
        const problem = logoProblem(base64Bytes(s.slice(s.indexOf(',') + 1)));
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();

/** `GET /api/merchants/current/logo` as JSON: the logo as a data URL, or null. */
export interface MerchantLogoJson {
  logo: string | null;
  width: number;
  height: number;
  updatedAt: string | null;
}
