import { ebayMessages } from '@smista/contracts';
import { basicAuth, createProviderHttp, type Logger } from '@smista/service-kit';
import type { EbayShippingFulfillmentBody } from './build';
import { fulfillmentPath, IDENTITY_PATH, orderPath, ORDERS_PATH, TOKEN_PATH } from './build';
import type { EbayAnswer } from './errors';
import { baseOf, type EbaySettings } from './settings';
import { answerOf, refusalsAsData, type MarketplaceHttpOptions } from '../provider-answer';

/**
 * The HTTP side of the eBay adapter, and nothing else: the token endpoint (Basic auth with the app's
 * credentials, form bodies), the Commerce Identity user, getOrders, createShippingFulfillment and
 * getShippingFulfillments (`Authorization: Bearer <the seller's access token>`). Timeouts, retries,
 * the per-host concurrency cap and redaction come from the kit's provider-http. eBay's refusals (4xx, and 429
 * once the client's own short retries are spent) come back as data for `errors.ts`; 5xx and
 * network failures are the kit's ProviderUnavailableError.
 *
 * Secrets: the client secret is redacted everywhere; the authorization header, `refresh_token` form
 * field and each call's token and code are handed over per request.
 */
export interface EbayClient {
  /** `POST <apiUrl>/identity/v1/oauth2/token`, form-urlencoded. */
  token(form: Record<string, string>): Promise<EbayAnswer>;
  /** `GET <identityUrl>/commerce/identity/v1/user/`. */
  identity(accessToken: string): Promise<EbayAnswer>;
  /** `GET <apiUrl>/sell/fulfillment/v1/order?filter=…&limit=…&offset=…`. */
  getOrders(query: Record<string, string>, accessToken: string): Promise<EbayAnswer>;
  /** `GET <apiUrl>/sell/fulfillment/v1/order/{orderId}` (getOrder). */
  getOrder(orderId: string, accessToken: string): Promise<EbayAnswer>;
  /** `POST <apiUrl>/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment`; never retried (a retry could ship twice). */
  createShippingFulfillment(orderId: string, body: EbayShippingFulfillmentBody, accessToken: string): Promise<EbayAnswer>;
  /** `GET <apiUrl>/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment` (getShippingFulfillments); a read, retried like any. */
  getShippingFulfillments(orderId: string, accessToken: string): Promise<EbayAnswer>;
  /** Removes the client secret and the given values (in any spelling) from a text of the adapter's own. */
  redact(text: string, values?: readonly string[]): string;
  close(): Promise<void>;
}

export type EbayHttpOptions = MarketplaceHttpOptions;

export function createEbayClient(settings: EbaySettings, logger: Logger, options: EbayHttpOptions = {}): EbayClient {
  const http = createProviderHttp({
    provider: ebayMessages.provider,
    baseUrl: baseOf(settings.apiUrl),
    logger,
    headers: { accept: 'application/json' },
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retries ? { retries: options.retries } : {}),
    maxConcurrentPerHost: Math.max(1, Math.floor(settings.maxConcurrentRequests) || 1),
    secrets: () => [settings.clientSecret],
  });
  const identityUrl = `${baseOf(settings.identityUrl)}${IDENTITY_PATH}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    token: async (form) =>
      answerOf(
        await http.request({
          method: 'POST',
          path: TOKEN_PATH,
          form,
          headers: { authorization: basicAuth(settings.clientId.trim(), settings.clientSecret) },
          secrets: [form.code, form.refresh_token],
          // Asking again for an access token changes nothing at eBay; a code is single-use, and a
          // retry after an answer lost on the way would be refused as if the seller had erred.
          retrySafe: form.grant_type === 'refresh_token',
          accept: refusalsAsData,
          operation: form.grant_type === 'refresh_token' ? 'RefreshToken' : 'ExchangeCode',
        }),
      ),
    identity: async (accessToken) =>
      answerOf(await http.request({ method: 'GET', path: identityUrl, headers: bearer(accessToken), secrets: [accessToken], accept: refusalsAsData, operation: 'GetUser' })),
    getOrders: async (query, accessToken) =>
      answerOf(await http.request({ method: 'GET', path: ORDERS_PATH, query, headers: bearer(accessToken), secrets: [accessToken], accept: refusalsAsData, operation: 'GetOrders' })),
    getOrder: async (orderId, accessToken) =>
      answerOf(await http.request({ method: 'GET', path: orderPath(orderId), headers: bearer(accessToken), secrets: [accessToken], accept: refusalsAsData, operation: 'GetOrder' })),
    createShippingFulfillment: async (orderId, body, accessToken) =>
      answerOf(
        await http.request({
          method: 'POST',
          path: fulfillmentPath(orderId),
          json: body,
          headers: bearer(accessToken),
          secrets: [accessToken],
          accept: refusalsAsData,
          operation: 'CreateShippingFulfillment',
        }),
      ),
    getShippingFulfillments: async (orderId, accessToken) =>
      answerOf(
        await http.request({
          method: 'GET',
          path: fulfillmentPath(orderId),
          headers: bearer(accessToken),
          secrets: [accessToken],
          accept: refusalsAsData,
          operation: 'GetShippingFulfillments',
        }),
      ),
    redact: (text, values = []) => http.redact(text, { path: TOKEN_PATH, secrets: values }),
    close: () => http.close(),
  };
}
