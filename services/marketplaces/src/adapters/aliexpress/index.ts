import { aliexpressMessages, marketplaceMessages } from '@smista/contracts';
import { NotSupportedError, type Logger } from '@smista/service-kit';
import { MarketplaceError, type AuthorizeParams, type ImportedOrder, type MarketplaceAdapter, type OrdersPage, type OrdersPageRequest, type SellerIdentity, type ShippingFulfillment, type TokenSet, type TrackingPush } from '../adapter';
import type { MarketplaceHttpOptions } from '../provider-answer';
import { fulfilParams, orderQuery, syncParams, tokenParams, TOKEN_CREATE_PATH, TOKEN_REFRESH_PATH } from './build';
import { createAliexpressClient } from './client';
import { responseOf } from './errors';
import { logisticsOf, parseOrder, parseTokenAnswer } from './parse';
import type { AliexpressSettings } from './settings';

export { aliexpressConfigWith, aliexpressEnv, aliexpressSettingsFrom, type AliexpressConfig, type AliexpressSettings } from './settings';
export { signIop, stringToSign as iopStringToSign } from './sign';
export { aliexpressDateToUtc, utcToAliexpressDate } from './time';

/** order.get's largest page ([open]; the sandbox's). */
export const ALIEXPRESS_MAX_PAGE_SIZE = 50;

/** Opens `<seller id>/<token>`. */
function openCredential(credential: string, code: 'TOKEN_EXPIRED' | 'REFRESH_REFUSED' = 'TOKEN_EXPIRED'): { sellerId: string; token: string } {
  const slash = credential.indexOf('/');
  if (slash <= 0 || slash === credential.length - 1) throw new MarketplaceError(code, aliexpressMessages.refused(aliexpressMessages.tokenWhat, 'token salvato non leggibile'));
  return { sellerId: credential.slice(0, slash), token: credential.slice(slash + 1) };
}

/**
 * The AliExpress adapter (the adapters table's `aliexpress` line; README): the authorize
 * page, the signed `/rest` token calls, `/sync` seller order reads by window and page (Pacific wall
 * clock), the receipt address, and `order.fulfill` with the logistics-service mapping, once per
 * order. Tested against the sandbox (`adapter.test.ts`).
 */
export function createAliexpressAdapter(settings: AliexpressSettings, deps: { logger: Logger; now?: () => number; http?: MarketplaceHttpOptions }): MarketplaceAdapter {
  const client = createAliexpressClient(settings, deps.logger, deps.http);
  const now = deps.now ?? Date.now;
  const app = { appKey: settings.appKey, appSecret: settings.appSecret };
  const assertConfigured = () => {
    if (!settings.appKey) throw new MarketplaceError('CLIENT_REFUSED', aliexpressMessages.appKeyMissing);
    if (!settings.appSecret) throw new MarketplaceError('CLIENT_REFUSED', aliexpressMessages.appSecretMissing);
  };
  const call = async (credential: string, method: string, own: Record<string, string>, what: string, retrySafe = true) => {
    assertConfigured();
    const { token } = openCredential(credential);
    const answer = await client.sync(syncParams(app, method, token, own, now()), retrySafe);
    return responseOf(method, answer.text, what);
  };
  const info = async (credential: string, orderId: string, what: string) => {
    if (!/^\d{6,20}$/.test(orderId.trim())) throw new MarketplaceError('REQUEST_REFUSED', aliexpressMessages.refused(what, 'ordine non trovato su AliExpress'));
    const r = await call(credential, 'aliexpress.solution.order.info.get', { param1: JSON.stringify({ order_id: orderId.trim(), ext_info_bit_flag: 11111 }) }, what);
    return ((r.result as Record<string, unknown>)?.data ?? {}) as Record<string, unknown>;
  };
  const receipt = async (credential: string, orderId: string) =>
    ((await call(credential, 'aliexpress.solution.order.receiptinfo.get', { param1: JSON.stringify({ order_id: orderId }) }, aliexpressMessages.ordersWhat)).result ?? {}) as Record<string, unknown>;

  return {
    identifier: 'aliexpress',
    connectMethod: 'oauth',
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false },
    consentPageUrl: () => `${settings.authUrl}/oauth/authorize`,
    authorizeParams(): AuthorizeParams {
      assertConfigured();
      return { authorizeUrl: `${settings.authUrl}/oauth/authorize`, clientId: settings.appKey, redirectUri: settings.redirectUrl, scopes: [] };
    },
    consentUrl: (params, state) => `${params.authorizeUrl}?${new URLSearchParams({ response_type: 'code', force_auth: 'true', redirect_uri: params.redirectUri, client_id: params.clientId, state })}`,
    async exchangeCode(code: string): Promise<TokenSet> {
      assertConfigured();
      const answer = await client.rest(TOKEN_CREATE_PATH, tokenParams(app, TOKEN_CREATE_PATH, { code }, now()), false);
      return parseTokenAnswer(answer.text, aliexpressMessages.tokenWhat, 'code').tokens;
    },
    connectWithSettings: () => Promise.reject(new NotSupportedError(marketplaceMessages.settingsConnectOperation, aliexpressMessages.provider)),

    // AliExpress's message service is not used: the schedule reads the changes.
    readWebhook: () => {
      throw new NotSupportedError(marketplaceMessages.webhookOperation, aliexpressMessages.provider);
    },
    async refreshAccessToken(refreshCredential: string): Promise<TokenSet> {
      assertConfigured();
      const { token } = openCredential(refreshCredential, 'REFRESH_REFUSED');
      const answer = await client.rest(TOKEN_REFRESH_PATH, tokenParams(app, TOKEN_REFRESH_PATH, { refresh_token: token }, now()), true);
      return parseTokenAnswer(answer.text, aliexpressMessages.tokenWhat, 'refresh').tokens;
    },
    async getIdentity(credential: string): Promise<SellerIdentity> {
      const { sellerId } = openCredential(credential);
      // The cheapest read that proves the token: one order of the last day.
      await call(credential, 'aliexpress.solution.order.get', orderQuery({ filterBy: 'created', from: new Date(now() - 86_400_000), to: new Date(now()) }, 1, 1, settings.timeZone), aliexpressMessages.ordersWhat);
      return { userId: sellerId, username: sellerId, accountType: 'AliExpress seller' };
    },
    async fetchOrdersPage(request: OrdersPageRequest): Promise<OrdersPage> {
      const pageSize = Math.min(ALIEXPRESS_MAX_PAGE_SIZE, Math.max(1, request.limit));
      // Offsets are multiples of the page size in a sync; another offset reads its page and skips into it.
      const page = Math.floor(request.offset / pageSize) + 1;
      const r = await call(request.accessToken, 'aliexpress.solution.order.get', orderQuery(request, page, pageSize, settings.timeZone), aliexpressMessages.ordersWhat);
      const result = (r.result ?? {}) as Record<string, unknown>;
      const total = Number(result.total_count) || 0;
      const dtos = (((result.target_list ?? {}) as Record<string, unknown>).order_dto ?? []) as Record<string, unknown>[];
      const skipped = dtos.slice(request.offset - (page - 1) * pageSize);
      const orders: ImportedOrder[] = [];
      for (const dto of skipped) orders.push(parseOrder(dto, await receipt(request.accessToken, String(dto.order_id)), settings.timeZone));
      const read = request.offset + orders.length;
      return { orders, total, nextOffset: orders.length > 0 && read < total ? read : null };
    },
    async fetchOrder(request: { accessToken: string; externalOrderId: string }): Promise<ImportedOrder> {
      const data = await info(request.accessToken, request.externalOrderId, aliexpressMessages.ordersWhat);
      return parseOrder(data, await receipt(request.accessToken, request.externalOrderId.trim()), settings.timeZone);
    },
    async pushTracking(push: TrackingPush): Promise<{ fulfillmentId: string }> {
      const data = await info(push.accessToken, push.externalOrderId, aliexpressMessages.fulfilWhat);
      const products = (((data.product_list ?? {}) as Record<string, unknown>).order_product_dto ?? []) as Record<string, unknown>[];
      const lines = products.map((p) => ({ lineItemId: String(p.child_id), quantity: Number(p.product_count) || 0 }));
      // Once per order: one that already has our logistics is ALREADY_FULFILLED (the service reads whose).
      if (logisticsOf(data, lines, settings.timeZone).length > 0) throw new MarketplaceError('ALREADY_FULFILLED', aliexpressMessages.refused(aliexpressMessages.fulfilWhat, "l'ordine risulta già spedito"), { providerCode: 'shipped' });
      const allLines = lines.every((l) => push.lineItems.some((p) => p.lineItemId === l.lineItemId && p.quantity >= l.quantity));
      const params = fulfilParams({ externalOrderId: push.externalOrderId, carrierCode: push.carrierCode, trackingNumber: push.trackingNumber, allLines }, settings.logisticsServices);
      await call(push.accessToken, 'aliexpress.solution.order.fulfill', params, aliexpressMessages.fulfilWhat, false);
      return { fulfillmentId: params.logistics_no! };
    },
    async getShippingFulfillments(request: { accessToken: string; externalOrderId: string }): Promise<ShippingFulfillment[]> {
      const data = await info(request.accessToken, request.externalOrderId, aliexpressMessages.ordersWhat);
      const products = (((data.product_list ?? {}) as Record<string, unknown>).order_product_dto ?? []) as Record<string, unknown>[];
      return logisticsOf(data, products.map((p) => ({ lineItemId: String(p.child_id), quantity: Number(p.product_count) || 0 })), settings.timeZone);
    },
    trackingNumberAsSent: (n: string) => n.replace(/\s+/g, ''),
    close: () => client.close(),
  };
}
