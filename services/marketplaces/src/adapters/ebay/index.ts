import { ebayMessages, marketplaceMessages } from '@smista/contracts';
import { kitErrors, NotSupportedError, type Logger } from '@smista/service-kit';
import { MarketplaceError, type AuthorizeParams, type ImportedOrder, type MarketplaceAdapter, type OrdersPage, type OrdersPageRequest, type SellerIdentity, type ShippingFulfillment, type TokenSet, type TrackingPush } from '../adapter';
import { AUTHORIZE_PATH, buildAuthorizeParams, buildAuthorizeUrl, buildCodeExchangeForm, buildFulfillmentRequest, buildOrdersQuery, buildRefreshForm } from './build';
import { createEbayClient, type EbayHttpOptions } from './client';
import { apiError, notConfigured, tokenError, type EbayAnswer } from './errors';
import { parseFulfillmentLocation, parseIdentity, parseOneOrder, parseOrdersPage, parseShippingFulfillments, parseTokenResponse } from './parse';
import { baseOf, settingsProblem, type EbaySettings } from './settings';
import { ebayTrackingNumber } from './units';

export { AUTHORIZE_PATH, buildAuthorizeParams, buildAuthorizeUrl, buildCodeExchangeForm, buildFulfillmentRequest, buildOrdersQuery, buildRefreshForm, codeAsIssued, fulfillmentPath, IDENTITY_PATH, orderPath, ORDERS_PATH, TOKEN_PATH } from './build';
export type { EbayShippingFulfillmentBody } from './build';
export { createEbayClient, type EbayClient, type EbayHttpOptions } from './client';
export { apiError, errorEntries, tokenError, type EbayAnswer } from './errors';
export { nextOffsetOf, parseFulfillmentLocation, parseIdentity, parseOneOrder, parseOrder, parseOrdersPage, parseShippingFulfillments, parseTokenResponse } from './parse';
export { DEFAULT_QUOTA_RETRY_MS, EBAY_MAX_PAGE_SIZE, EBAY_PRODUCTION, EBAY_SCOPES, ebayEnv, ebaySettingsFrom, settingsProblem, type EbayConfig, type EbaySettings } from './settings';
export { ebayTrackingNumber, externalOrderStatus, isExpressService, lineFulfilmentOf, orderStatusOf, paymentStatusOf, shippingCarrierCodeOf, unitPrice } from './units';

export interface EbayDeps {
  logger: Logger;
  /** The clock in ms (absolute token expiries); tests move it. Default `Date.now`. */
  now?: () => number;
  /** Transport tuning (tests, load runs). */
  http?: EbayHttpOptions;
}

const ok = (answer: EbayAnswer) => answer.status >= 200 && answer.status < 300;

/**
 * The eBay adapter (providers.md): OAuth consent with Smista's app, code exchange and refresh,
 * the seller's identity, getOrders page by page, createShippingFulfillment for tracking, and
 * getShippingFulfillments (to tell our own fulfilment from another when eBay answers that a line
 * already has one). It holds no seller state: every call takes the seller's token, so one adapter
 * (one HTTP pool, one concurrency cap per eBay host) serves every eBay integration of the service.
 *
 * Failures: {@link MarketplaceError} (see `errors.ts` for the table), the kit's
 * ProviderUnavailableError for 5xx/network, the kit's INVALID_INPUT for a tracking push refused
 * before sending. No token, code or secret appears in a message or log line.
 *
 * @example
 * const ebay = createEbayAdapter({ clientId, clientSecret, ruName, authUrl, apiUrl, identityUrl, maxConcurrentRequests: 4 }, { logger });
 * const tokens = await ebay.exchangeCode(code);
 * const seller = await ebay.getIdentity(tokens.accessToken);
 * const page = await ebay.fetchOrdersPage({ accessToken: tokens.accessToken, filterBy: 'created', from, to, offset: 0, limit: 200 });
 */
export function createEbayAdapter(settings: EbaySettings, deps: EbayDeps): MarketplaceAdapter {
  const client = createEbayClient(settings, deps.logger, deps.http);
  const now = deps.now ?? Date.now;

  const assertConfigured = (need: 'authorize' | 'token') => {
    const problem = settingsProblem(settings, need);
    if (problem) throw notConfigured(problem);
  };

  return {
    identifier: 'ebay',
    connectMethod: 'oauth',
    // Tracking per line item (createShippingFulfillment names the lines), OAuth refresh tokens; no
    // order webhooks here (eBay's notifications are the Trading API's): the schedule reads them.
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false },

    consentPageUrl: () => `${baseOf(settings.authUrl)}${AUTHORIZE_PATH}`,

    consentUrl: buildAuthorizeUrl,

    authorizeParams(): AuthorizeParams {
      assertConfigured('authorize');
      return buildAuthorizeParams(settings);
    },

    async exchangeCode(code: string): Promise<TokenSet> {
      assertConfigured('token');
      if (!code.trim()) throw new MarketplaceError('CODE_REFUSED', ebayMessages.codeRefused);
      const form = buildCodeExchangeForm(settings, code);
      const obtainedAt = now();
      const answer = await client.token(form);
      if (!ok(answer)) throw tokenError('authorization_code', answer, (s) => client.redact(s, [form.code!]), now());
      return parseTokenResponse('authorization_code', answer.text, obtainedAt, answer.status);
    },

    // eBay connects through the seller's consent only.
    connectWithSettings: () => Promise.reject(new NotSupportedError(marketplaceMessages.settingsConnectOperation, ebayMessages.provider)),

    // eBay's order notifications are the Trading API's platform notifications: the schedule reads the changes.
    readWebhook: () => {
      throw new NotSupportedError(marketplaceMessages.webhookOperation, ebayMessages.provider);
    },

    async refreshAccessToken(refreshToken: string): Promise<TokenSet> {
      assertConfigured('token');
      if (!refreshToken.trim()) throw new MarketplaceError('REFRESH_REFUSED', ebayMessages.refreshRefused);
      const obtainedAt = now();
      const answer = await client.token(buildRefreshForm(refreshToken));
      if (!ok(answer)) throw tokenError('refresh_token', answer, (s) => client.redact(s, [refreshToken]), now());
      return parseTokenResponse('refresh_token', answer.text, obtainedAt, answer.status);
    },

    async getIdentity(accessToken: string): Promise<SellerIdentity> {
      const answer = await client.identity(accessToken);
      if (!ok(answer)) throw apiError('identity', answer, (s) => client.redact(s, [accessToken]), now());
      return parseIdentity(answer.text, answer.status);
    },

    async fetchOrdersPage(request: OrdersPageRequest): Promise<OrdersPage> {
      const query = buildOrdersQuery(request);
      const answer = await client.getOrders(query, request.accessToken);
      if (!ok(answer)) throw apiError('orders', answer, (s) => client.redact(s, [request.accessToken]), now());
      return parseOrdersPage(answer.text, { offset: Number(query.offset), limit: Number(query.limit) }, answer.status);
    },

    async fetchOrder(request: { accessToken: string; externalOrderId: string }): Promise<ImportedOrder> {
      const orderId = request.externalOrderId.trim();
      if (!orderId) throw kitErrors.invalidInput(ebayMessages.orderIdRequired);
      const answer = await client.getOrder(orderId, request.accessToken);
      if (!ok(answer)) throw apiError('orders', answer, (s) => client.redact(s, [request.accessToken]), now());
      return parseOneOrder(answer.text, orderId, answer.status);
    },

    async pushTracking(push: TrackingPush): Promise<{ fulfillmentId: string }> {
      const { orderId, body } = buildFulfillmentRequest(push);
      const answer = await client.createShippingFulfillment(orderId, body, push.accessToken);
      if (!ok(answer)) throw apiError('fulfillment', answer, (s) => client.redact(s, [push.accessToken]), now());
      const location = answer.headers.location;
      return { fulfillmentId: parseFulfillmentLocation(Array.isArray(location) ? location[0] : location) };
    },

    async getShippingFulfillments(request: { accessToken: string; externalOrderId: string }): Promise<ShippingFulfillment[]> {
      const orderId = request.externalOrderId.trim();
      if (!orderId) throw kitErrors.invalidInput(ebayMessages.orderIdRequired);
      const answer = await client.getShippingFulfillments(orderId, request.accessToken);
      // A refusal reads as one of the order's: eBay's 32100 is "ordine non trovato su eBay".
      if (!ok(answer)) throw apiError('orders', answer, (s) => client.redact(s, [request.accessToken]), now());
      return parseShippingFulfillments(answer.text, orderId, answer.status);
    },

    trackingNumberAsSent: ebayTrackingNumber,

    close: () => client.close(),
  };
}
