import { etsyMessages } from '@smista/contracts';
import { MarketplaceError } from '../adapter';

/*
 * Every receipts call names the shop (`/shops/{shop_id}/…`), and the service hands the adapter the
 * token alone; the shop is chosen once, at the consent. So each token the adapter answers is
 * `<shop id>/<token>` (access and refresh), sealed at rest like any token; Etsy is sent only the
 * token part.
 */

const SHOP_ID = /^[1-9]\d{0,18}$/;

/** `29876543/781234567.abc…`. */
export function shopCredential(shopId: string, token: string): string {
  return `${shopId}/${token}`;
}

/** The shop and the token of a credential; `code` (TOKEN_EXPIRED, REFRESH_REFUSED: connect again) when it is not one of ours. */
export function openCredential(credential: string, code: 'TOKEN_EXPIRED' | 'REFRESH_REFUSED' = 'TOKEN_EXPIRED'): { shopId: string; token: string } {
  const slash = credential.indexOf('/');
  const shopId = slash > 0 ? credential.slice(0, slash) : '';
  const token = slash > 0 ? credential.slice(slash + 1) : '';
  if (!SHOP_ID.test(shopId) || !token) throw new MarketplaceError(code, etsyMessages.tokenUnreadable);
  return { shopId, token };
}

/** The Etsy user a token belongs to: its prefix before the first dot (`781234567.…`). */
export function userIdOfToken(token: string): string {
  const dot = token.indexOf('.');
  const id = dot > 0 ? token.slice(0, dot) : '';
  return SHOP_ID.test(id) ? id : '';
}
