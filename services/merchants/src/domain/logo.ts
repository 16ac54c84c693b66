import { imageSizeOf, logoProblem, type LogoContentType } from '@smista/contracts';
import { merchantsErrors } from './errors';

/** A logo checked on its bytes: what is stored. */
export interface Logo {
  contentType: LogoContentType;
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The uploaded bytes as a logo (issue 25): a PNG or JPEG of up to 512 KB and 16–2,000 pixels a
 * side, judged by the bytes alone (the gateway checked the same; a direct caller is checked here).
 *
 * @example parseLogo(pngBytes) // { contentType: 'image/png', data, width: 240, height: 80 }
 */
export function parseLogo(data: Uint8Array): Logo {
  const problem = logoProblem(data);
  if (problem) throw merchantsErrors.invalidLogo(problem);
  const size = imageSizeOf(data)!;
  return { contentType: size.format === 'png' ? 'image/png' : 'image/jpeg', data, width: size.width, height: size.height };
}

/**
 * The one caller of GetPublicBrand (issue 26): shipments, signing a caller token for the merchant
 * of a public tracking page. Identity signs tokens for user ids (uuids) only, so no session can
 * carry this subject; the token still needs CALLER_TOKEN_SECRET.
 */
export const PUBLIC_BRAND_CALLER = 'smista:public-tracking';

/** True when the verified caller may read a merchant's public brand (its name and logo). */
export function mayReadPublicBrand(caller: { userId: string; merchantId?: string }): boolean {
  return caller.userId === PUBLIC_BRAND_CALLER && !!caller.merchantId;
}
