import { etsyMessages, marketplaceMessages } from '@smista/contracts';
import { NotSupportedError, type Logger } from '@smista/service-kit';
import { MarketplaceError, type AuthorizeParams, type ImportedOrder, type MarketplaceAdapter, type OrdersPage, type OrdersPageRequest, type SellerIdentity, type ShippingFulfillment, type TokenSet, type TrackingPush } from '../adapter';
import type { ProviderAnswer } from '../provider-answer';
import { buildAuthorizeParams, codeExchangeForm, CONNECT_PATH, etsyConsentUrl, ME_PATH, RECEIPT_ID, receiptPath, receiptsPath, receiptsQuery, refreshForm, shopPath, trackingForm, trackingPath, userShopsPath } from './build';
import { createEtsyClient, type EtsyHttpOptions } from './client';
import { openCredential, userIdOfToken } from './credential';
import { apiFailure, parseJson, quotaOf, tokenFailure, waitText, type EtsyOperationKind } from './errors';
import { chooseShop, isUnshippable, parseMe, parseReceipt, parseReceiptAnswer, parseReceipts, parseTokenResponse, rawTokens, sellerOfShop, shipmentsOf, type Json } from './parse';
import { settingsProblem, type EtsySettings } from './settings';
import { etsyTrackingCode } from './units';

export { etsyConsentUrl, ETSY_SCOPES, receiptsQuery as etsyReceiptsQuery, trackingForm as etsyTrackingForm } from './build';
export { ETSY_DEFAULT_CARRIER_NAMES, etsyEnv, etsySettingsFrom, parseCarrierNames as parseEtsyCarrierNames, type EtsyConfig, type EtsySettings } from './settings';
export { carrierNameOf as etsyCarrierNameOf, isExpressUpgrade, moneyText as etsyMoneyText, orderStatusOf as etsyOrderStatusOf, paymentStatusOf as etsyPaymentStatusOf } from './units';
export { parseReceipt as parseEtsyReceipt } from './parse';
export { apiFailure as etsyApiFailure } from './errors';

export interface EtsyDeps {
  logger: Logger;
  /** The clock in ms (token expiries). Default `Date.now`. */
  now?: () => number;
  http?: EtsyHttpOptions;
}

/** The shortest and longest wait between pages while the day's quota runs low. */
const SLOW_PAGE_MIN_MS = 5_000;
const SLOW_PAGE_MAX_MS = 15 * 60_000;

/**
 * How long to wait before the next page when the app's day quota is running low (fewer than
 * `reserve` of it left): the calls left spread over the day, between 5 s and 15 min; undefined while
 * the quota is comfortable or unknown.
 *
 * @example slowDownDelayMs({ perDay: 10000, remainingToday: 400 }, 0.1) // 216000 (3.6 minutes)
 */
export function slowDownDelayMs(quota: { perDay?: number; remainingToday?: number }, reserve: number): number | undefined {
  if (quota.perDay === undefined || quota.remainingToday === undefined || quota.perDay <= 0 || reserve <= 0) return undefined;
  if (quota.remainingToday >= quota.perDay * reserve) return undefined;
  return Math.min(SLOW_PAGE_MAX_MS, Math.max(SLOW_PAGE_MIN_MS, Math.round(86_400_000 / Math.max(1, quota.remainingToday))));
}

/**
 * The Etsy adapter (providers.md, Open API v3): OAuth 2.0 with PKCE S256 (the service keeps the
 * verifier with the state), code exchange and refresh (access tokens of an hour, refresh tokens of
 * 90 days), the shop chosen from the user's shops, getShopReceipts by window in offset pages of up
 * to 100, getShopReceipt, createReceiptShipment (form-encoded) with the configured `carrier_name`,
 * and Etsy's quotas: 429 waits its `retry-after`, a day's quota running low slows the pages and
 * says so. Every call sends `x-api-key: keystring:shared_secret`; Etsy's two 403s to a bad one are
 * a configuration error (CLIENT_REFUSED), never retried. It holds no seller state: every call takes
 * the seller's credential (`<shop id>/<token>`), so one adapter serves every shop.
 *
 * @example
 * const etsy = createEtsyAdapter(etsySettingsFrom(config), { logger });
 * const url = etsy.consentUrl({ ...etsy.authorizeParams(), codeChallenge: codeChallengeOf(verifier) }, state);
 * const tokens = await etsy.exchangeCode(code, {}, verifier);
 */
export function createEtsyAdapter(settings: EtsySettings, deps: EtsyDeps): MarketplaceAdapter {
  const client = createEtsyClient(settings, deps.logger, deps.http);
  const now = deps.now ?? Date.now;
  /** The app's quota as Etsy's last answer told it (per app, not per seller). */
  let quota: { perDay?: number; remainingToday?: number } = {};

  const assertConfigured = (need: 'authorize' | 'token' | 'api') => {
    const problem = settingsProblem(settings, need);
    if (problem) throw new MarketplaceError('CLIENT_REFUSED', problem);
  };

  /** One Open API call: its answer, or the failure in Smista's words. */
  async function call(kind: EtsyOperationKind, token: string, send: () => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
    assertConfigured('api');
    const answer = await send();
    const seen = quotaOf(answer);
    if (seen.perDay !== undefined && seen.remainingToday !== undefined) quota = { perDay: seen.perDay, remainingToday: seen.remainingToday };
    const failure = apiFailure(kind, answer, (s) => client.redact(s, [token]));
    if (failure) throw failure;
    return answer;
  }

  const getReceipt = async (credential: string, receiptId: string, kind: EtsyOperationKind): Promise<Json> => {
    const { shopId, token } = openCredential(credential);
    const id = receiptId.trim();
    if (!RECEIPT_ID.test(id)) throw new MarketplaceError('REQUEST_REFUSED', (kind === 'shipment' ? etsyMessages.shipmentRefused : etsyMessages.ordersRefused)(etsyMessages.orderNotFound));
    const answer = await call(kind, token, () => client.get(receiptPath(shopId, id), {}, token, 'getShopReceipt'));
    return parseReceiptAnswer(answer.text, answer.status);
  };

  /** The shop the consenting user owns, from getMe and getShopByOwnerUserId. */
  const shopOf = async (token: string): Promise<Json> => {
    const me = await call('identity', token, () => client.get(ME_PATH, {}, token, 'getMe'));
    const { userId, shopId } = parseMe(me.text, me.status);
    const shops = await call('identity', token, () => client.get(userShopsPath(userId || userIdOfToken(token)), {}, token, 'getShopByOwnerUserId'));
    return chooseShop(shops.text, shopId);
  };

  return {
    identifier: 'etsy',
    connectMethod: 'oauth',
    pkce: true,
    // Tracking per receipt (createReceiptShipment); Etsy has no per-line shipment, no order webhooks
    // for this use: the schedule reads the changes.
    capabilities: { trackingPush: true, partialShipment: false, refreshToken: true, webhooks: false },

    consentPageUrl: () => `${settings.connectUrl}${CONNECT_PATH}`,

    authorizeParams(): AuthorizeParams {
      assertConfigured('authorize');
      return buildAuthorizeParams(settings);
    },

    consentUrl: etsyConsentUrl,

    async exchangeCode(code: string, _callback?: Readonly<Record<string, string>>, codeVerifier?: string): Promise<TokenSet> {
      assertConfigured('authorize');
      if (!codeVerifier) throw new MarketplaceError('CODE_REFUSED', etsyMessages.pkceMissing);
      const obtainedAt = now();
      const answer = await client.token(codeExchangeForm(settings, code, codeVerifier), false);
      if (answer.status < 200 || answer.status >= 300) throw tokenFailure('authorization_code', answer, (s) => client.redact(s, [code, codeVerifier]));
      const raw = rawTokens(answer.text, answer.status);
      // The shop is chosen once, here: every later call names it.
      const shop = await shopOf(raw.accessToken);
      return parseTokenResponse(sellerOfShop(shop).userId, answer.text, obtainedAt, answer.status);
    },

    // Etsy connects through the seller's consent only.
    connectWithSettings: () => Promise.reject(new NotSupportedError(marketplaceMessages.settingsConnectOperation, etsyMessages.provider)),

    // Etsy's webhooks (a developer preview) are not used: the schedule reads the changes.
    readWebhook: () => {
      throw new NotSupportedError(marketplaceMessages.webhookOperation, etsyMessages.provider);
    },

    async refreshAccessToken(refreshCredential: string): Promise<TokenSet> {
      assertConfigured('token');
      const { shopId, token } = openCredential(refreshCredential, 'REFRESH_REFUSED');
      const obtainedAt = now();
      const answer = await client.token(refreshForm(settings, token), true);
      if (answer.status < 200 || answer.status >= 300) throw tokenFailure('refresh_token', answer, (s) => client.redact(s, [token]));
      return parseTokenResponse(shopId, answer.text, obtainedAt, answer.status);
    },

    async getIdentity(credential: string): Promise<SellerIdentity> {
      const { shopId, token } = openCredential(credential);
      const answer = await call('identity', token, () => client.get(shopPath(shopId), {}, token, 'getShop'));
      const body = parseJson(answer.text);
      const shop = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Json;
      return sellerOfShop({ ...shop, shop_id: shop.shop_id ?? shopId });
    },

    async fetchOrdersPage(request: OrdersPageRequest): Promise<OrdersPage> {
      const { shopId, token } = openCredential(request.accessToken);
      const query = receiptsQuery(request, request.offset, request.limit);
      const answer = await call('orders', token, () => client.get(receiptsPath(shopId), query, token, 'getShopReceipts'));
      const { count, results } = parseReceipts(answer.text, answer.status);
      const orders: ImportedOrder[] = results.map((r) => parseReceipt(r));
      const read = request.offset + orders.length;
      const page: OrdersPage = { orders, total: count, nextOffset: orders.length > 0 && read < count ? read : null };
      const delayMs = slowDownDelayMs(quota, settings.dailyQuotaReserve);
      if (delayMs !== undefined) page.slowDown = { delayMs, notice: etsyMessages.dailyQuotaLow(quota.remainingToday!, quota.perDay!, waitText(delayMs)) };
      return page;
    },

    async fetchOrder(request: { accessToken: string; externalOrderId: string }): Promise<ImportedOrder> {
      return parseReceipt(await getReceipt(request.accessToken, request.externalOrderId, 'orders'));
    },

    async pushTracking(push: TrackingPush): Promise<{ fulfillmentId: string }> {
      const { shopId, token } = openCredential(push.accessToken);
      const form = trackingForm(push, settings);
      // Once per shipment: a receipt that already has a shipment is ALREADY_FULFILLED (Etsy itself
      // would add a second one and e-mail the buyer again); the service reads whose it is.
      const receipt = await getReceipt(push.accessToken, push.externalOrderId, 'shipment');
      if (isUnshippable(receipt)) throw new MarketplaceError('REQUEST_REFUSED', etsyMessages.shipmentRefused(etsyMessages.notShippable), { providerCode: 'canceled' });
      if (shipmentsOf(receipt).length > 0) throw new MarketplaceError('ALREADY_FULFILLED', etsyMessages.shipmentRefused(etsyMessages.alreadyShipped), { providerCode: 'shipped' });
      const answer = await call('shipment', token, () => client.postForm(trackingPath(shopId, push.externalOrderId.trim()), form, token, 'createReceiptShipment'));
      const shipped = shipmentsOf(parseReceiptAnswer(answer.text, answer.status));
      const ours = [...shipped].reverse().find((s) => s.trackingNumber === form.tracking_code) ?? shipped[shipped.length - 1];
      return { fulfillmentId: ours?.fulfillmentId || form.tracking_code! };
    },

    async getShippingFulfillments(request: { accessToken: string; externalOrderId: string }): Promise<ShippingFulfillment[]> {
      return shipmentsOf(await getReceipt(request.accessToken, request.externalOrderId, 'orders'));
    },

    trackingNumberAsSent: etsyTrackingCode,

    close: () => client.close(),
  };
}
