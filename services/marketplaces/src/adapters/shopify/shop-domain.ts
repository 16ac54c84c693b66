import { createHmac, timingSafeEqual } from 'node:crypto';
import { shopifyMessages } from '@smista/contracts';
import { kitErrors } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';
import { CALLBACK_MAX_AGE_SECONDS } from './settings';

/*
 * The shop: its domain as the merchant writes it, the credential that names it, and the install
 * callback's checks (providers.md, "OAuth").
 */

/** Shopify's rule for a shop's domain (the same as its libraries'). */
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$/;

/**
 * The shop's domain from what the merchant wrote: `negozio` or `negozio.myshopify.com` (any case,
 * spaces around, `https://` and a trailing slash allowed); anything else is refused in Italian
 * (INVALID_INPUT) before any call.
 *
 * @example shopDomainOf(' Negozio ') // 'negozio.myshopify.com'
 */
export function shopDomainOf(input: string): string {
  const written = input.trim();
  if (!written) throw kitErrors.invalidInput(shopifyMessages.shopDomainRequired);
  const bare = written.toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const domain = bare.includes('.') ? bare : `${bare}.myshopify.com`;
  if (!SHOP_DOMAIN.test(domain)) throw kitErrors.invalidInput(shopifyMessages.shopDomainInvalid(written));
  return domain;
}

/**
 * A Shopify token is good for one shop only, and the service hands the adapter the token alone: so
 * the adapter answers each token it obtains as `<shop>/<token>` (sealed at rest like any token),
 * and reads the shop back from it on every call.
 *
 * @example shopCredential('negozio.myshopify.com', 'shpat_abc') // 'negozio.myshopify.com/shpat_abc'
 */
export function shopCredential(shop: string, token: string): string {
  return `${shop}/${token}`;
}

/** The shop and the raw token of a credential; TOKEN_EXPIRED (connect again) for anything else. */
export function openCredential(credential: string, code: 'TOKEN_EXPIRED' | 'REFRESH_REFUSED' = 'TOKEN_EXPIRED'): { shop: string; token: string } {
  const slash = credential.indexOf('/');
  const shop = credential.slice(0, slash);
  const token = credential.slice(slash + 1);
  if (slash < 0 || !SHOP_DOMAIN.test(shop) || !token) throw new MarketplaceError(code, shopifyMessages.tokenUnreadable);
  return { shop, token };
}

/**
 * The callback's HMAC as Shopify signs it: every parameter but `hmac` and `signature`, sorted by
 * name, as a query string (spaces as `%20`), HMAC-SHA256 with the app's secret, hex.
 */
export function callbackSignature(params: Readonly<Record<string, string>>, clientSecret: string): string {
  const sorted = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k): [string, string] => [k, params[k]!]);
  const message = new URLSearchParams(sorted).toString().replace(/\+/g, '%20');
  return createHmac('sha256', clientSecret).update(message).digest('hex');
}

/**
 * Checks the install callback before its code is used: `hmac` (constant time), `timestamp` within
 * 90 s of `nowMs`, `shop` a myshopify domain. `state` is the caller's to check (it is bound to the
 * user and merchant who started the connection). Answers the shop; CODE_REFUSED in Italian
 * otherwise, so nothing is exchanged.
 *
 * @example verifyCallback({ code, hmac, host, shop, state, timestamp }, secret, Date.now()) // 'negozio.myshopify.com'
 */
export function verifyCallback(params: Readonly<Record<string, string>>, clientSecret: string, nowMs: number): string {
  const { hmac, shop, timestamp, code } = params;
  if (!hmac || !shop || !timestamp || !code) throw new MarketplaceError('CODE_REFUSED', shopifyMessages.callbackIncomplete);
  const expected = Buffer.from(callbackSignature(params, clientSecret), 'utf8');
  const given = Buffer.from(hmac.toLowerCase(), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new MarketplaceError('CODE_REFUSED', shopifyMessages.callbackSignatureInvalid);
  const at = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - at) > CALLBACK_MAX_AGE_SECONDS) throw new MarketplaceError('CODE_REFUSED', shopifyMessages.callbackExpired);
  if (!SHOP_DOMAIN.test(shop)) throw new MarketplaceError('CODE_REFUSED', shopifyMessages.callbackShopInvalid);
  return shop.toLowerCase();
}
