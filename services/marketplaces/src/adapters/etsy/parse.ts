import { etsyMessages } from '@smista/contracts';
import type { marketplacesEvents } from '@smista/proto';
import { importedAddress, MarketplaceError, type ImportedOrder, type SellerIdentity, type ShippingFulfillment, type TokenSet } from '../adapter';
import { shopCredential } from './credential';
import { parseJson, unreadable } from './errors';
import { isExpressUpgrade, lineFulfilmentOf, moneyText, moneyTimes, orderStatusOf, paymentStatusOf } from './units';

/* Pure reading of Etsy's answers (providers.md): tokens, the user's shop, receipts, shipments. */

export type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const int = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
};
const iso = (epochSeconds: unknown): string => {
  const n = Number(epochSeconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : '';
};

/** Etsy's refresh tokens last 90 days (providers.md); its answer does not say. */
export const REFRESH_TOKEN_LIFETIME_MS = 90 * 86_400_000;

/** The token answer as our credentials for `shopId`, with absolute expiries. */
export function parseTokenResponse(shopId: string, text: string, obtainedAt: number, status = 200): TokenSet {
  const body = obj(parseJson(text));
  const accessToken = str(body.access_token);
  const refreshToken = str(body.refresh_token);
  if (!accessToken) throw unreadable('Token', status, 'no access_token');
  const expiresIn = Number(body.expires_in);
  const tokens: TokenSet = { accessToken: shopCredential(shopId, accessToken), accessTokenExpiresAt: new Date(obtainedAt + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000) };
  if (refreshToken) {
    tokens.refreshToken = shopCredential(shopId, refreshToken);
    tokens.refreshTokenExpiresAt = new Date(obtainedAt + REFRESH_TOKEN_LIFETIME_MS);
  }
  return tokens;
}

/** The raw tokens of a token answer (before the shop is known). */
export function rawTokens(text: string, status = 200): { accessToken: string; refreshToken: string; expiresIn: number } {
  const body = obj(parseJson(text));
  const accessToken = str(body.access_token);
  if (!accessToken) throw unreadable('Token', status, 'no access_token');
  const expiresIn = Number(body.expires_in);
  return { accessToken, refreshToken: str(body.refresh_token), expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600 };
}

/** getMe: the user and their shop's id (`shop_id` may be absent for a buyer-only account). */
export function parseMe(text: string, status = 200): { userId: string; shopId: string } {
  const me = obj(parseJson(text));
  const userId = str(me.user_id);
  if (!userId) throw unreadable('getMe', status, 'no user_id');
  return { userId, shopId: str(me.shop_id) };
}

/**
 * The shop to connect, chosen from getShopByOwnerUserId's answer (one Shop, or `{count, results}`
 * where an account has several): the one getMe named, else the first; CODE_REFUSED when the
 * account has none (a buyer's account consented).
 */
export function chooseShop(text: string, preferredShopId: string): Json {
  const body = obj(parseJson(text));
  const shops = (Array.isArray(body.results) ? list(body.results) : [body]).filter(isObject).filter((s) => str(s.shop_id));
  const chosen = shops.find((s) => str(s.shop_id) === preferredShopId) ?? shops[0];
  if (!chosen) throw new MarketplaceError('CODE_REFUSED', etsyMessages.noShop);
  return chosen;
}

/** The shop as the seller: its id is the account's id, its name the username. */
export function sellerOfShop(shop: Json): SellerIdentity {
  const shopId = str(shop.shop_id);
  return { userId: shopId, username: str(shop.shop_name) || shopId, accountType: 'Etsy shop' };
}

/** One ShopReceipt as ImportedOrder: Money exactly, the express upgrade, no phone (Etsy has none). */
export function parseReceipt(receipt: Json): ImportedOrder {
  const externalId = str(receipt.receipt_id);
  if (!externalId) throw unreadable('getShopReceipts', 200, 'a receipt without receipt_id');
  const status = str(receipt.status);
  const isShipped = receipt.is_shipped === true;
  const isPaid = receipt.is_paid === true;
  const grand = obj(receipt.grandtotal);
  const currency = str(grand.currency_code);
  const transactions = list(receipt.transactions).filter(isObject);
  const items: marketplacesEvents.ImportedItem[] = transactions.map((t) => {
    const price = obj(t.price);
    const quantity = int(t.quantity);
    return {
      externalItemId: str(t.transaction_id),
      legacyItemId: str(t.listing_id),
      sku: str(t.sku),
      title: str(t.title),
      quantity,
      unitPrice: moneyText(price),
      total: moneyTimes(price, quantity),
      currency: str(price.currency_code) || currency,
      imageUrl: '',
      variantInfo: list(t.variations).filter(isObject).map((v) => `${str(v.formatted_name)}: ${str(v.formatted_value)}`).join(', '),
      fulfillmentStatus: lineFulfilmentOf(status, isShipped),
      weightGrams: 0,
    };
  });
  const upgrade = transactions.map((t) => str(t.shipping_upgrade)).find(Boolean) ?? '';
  const method = transactions.map((t) => str(t.shipping_method)).find(Boolean) ?? '';
  const created = iso(receipt.created_timestamp ?? receipt.create_timestamp);
  const expectedShip = transactions.map((t) => Number(t.expected_ship_date)).filter((n) => Number.isFinite(n) && n > 0);
  const imported: ImportedOrder = {
    externalId,
    marketplace: 'etsy',
    buyerName: str(receipt.name),
    buyerEmail: str(receipt.buyer_email),
    externalUsername: str(receipt.buyer_user_id),
    total: moneyText(grand),
    currency,
    status: orderStatusOf(status, isShipped),
    paymentStatus: paymentStatusOf(status, isPaid),
    externalOrderStatus: status,
    externalPaymentStatus: isPaid ? 'paid' : 'unpaid',
    orderDate: created,
    lastModifiedAt: iso(receipt.updated_timestamp ?? receipt.update_timestamp) || created,
    shipByDate: expectedShip.length ? new Date(Math.min(...expectedShip) * 1000).toISOString() : '',
    // Etsy gives an expected ship date, no delivery date (issue 26: no late alert for its orders).
    promisedDeliveryBy: '',
    items,
    rawJson: JSON.stringify(receipt),
    shippingService: upgrade || method,
    express: isExpressUpgrade(upgrade),
  };
  if (str(receipt.first_line) || str(receipt.city)) {
    imported.shippingAddress = importedAddress({
      name: str(receipt.name),
      companyName: '',
      addressLine1: str(receipt.first_line),
      addressLine2: str(receipt.second_line),
      city: str(receipt.city),
      province: str(receipt.state),
      postalCode: str(receipt.zip),
      countryCode: str(receipt.country_iso).toUpperCase(),
      // Etsy's receipts carry no phone: carriers that need one are told by the shipment's checks.
      phone: '',
      email: str(receipt.buyer_email),
    });
  }
  return imported;
}

/** getShopReceipts' `{count, results}`. */
export function parseReceipts(text: string, status = 200): { count: number; results: Json[] } {
  const body = parseJson(text);
  if (!isObject(body) || !Array.isArray(body.results)) throw unreadable('getShopReceipts', status, 'no results');
  return { count: int(body.count), results: list(body.results).filter(isObject) };
}

export function parseReceiptAnswer(text: string, status = 200): Json {
  const body = parseJson(text);
  if (!isObject(body) || !str(body.receipt_id)) throw unreadable('getShopReceipt', status, 'no receipt_id');
  return body;
}

/** The receipt's shipments as fulfilments, oldest first; Etsy ships the receipt whole, so each covers every line. */
export function shipmentsOf(receipt: Json): ShippingFulfillment[] {
  const lines = list(receipt.transactions).filter(isObject).map((t) => ({ lineItemId: str(t.transaction_id), quantity: int(t.quantity) }));
  return list(receipt.shipments)
    .filter(isObject)
    .sort((a, b) => int(a.shipment_notification_timestamp) - int(b.shipment_notification_timestamp))
    .map((s) => ({ fulfillmentId: str(s.receipt_shipping_id), lineItems: lines, shippingCarrierCode: str(s.carrier_name), trackingNumber: str(s.tracking_code), shippedDate: iso(s.shipment_notification_timestamp) }));
}

/** Whether the receipt can no longer be shipped (canceled or fully refunded). */
export function isUnshippable(receipt: Json): boolean {
  const s = str(receipt.status).toLowerCase();
  return s === 'canceled' || s === 'fully refunded';
}
