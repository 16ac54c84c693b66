import { amazonMessages } from '@smista/contracts';
import { MarketplaceError } from '../adapter';

/*
 * An Amazon token is good for one selling partner, and the service hands the adapter the token
 * alone; yet the usage plans are per seller, and the seller's id comes only with the consent. So
 * each token the adapter answers is `<selling partner id>/<token>` (access and refresh), sealed at
 * rest like any token; Amazon is sent only the token part.
 */

const SELLER_ID = /^[A-Z0-9]{6,24}$/;

/** `A2SELLER/Atza|…`. */
export function sellerCredential(sellerId: string, token: string): string {
  return `${sellerId}/${token}`;
}

/** The seller and the token of a credential; `code` (TOKEN_EXPIRED, REFRESH_REFUSED: connect again) when it is not one of ours. */
export function openCredential(credential: string, code: 'TOKEN_EXPIRED' | 'REFRESH_REFUSED' = 'TOKEN_EXPIRED'): { sellerId: string; token: string } {
  const slash = credential.indexOf('/');
  const sellerId = slash > 0 ? credential.slice(0, slash) : '';
  const token = slash > 0 ? credential.slice(slash + 1) : '';
  if (!SELLER_ID.test(sellerId) || !token) throw new MarketplaceError(code, amazonMessages.tokenUnreadable);
  return { sellerId, token };
}

export const isSellerId = (value: string) => SELLER_ID.test(value);
