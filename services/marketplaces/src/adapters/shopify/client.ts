import { shopifyMessages } from '@smista/contracts';
import { createProviderHttp, type Logger } from '@smista/service-kit';
import { graphqlPath, TOKEN_PATH } from './build';
import type { ShopifyAnswer } from './errors';
import { shopBaseUrl, type ShopifySettings } from './settings';
import { answerOf, refusalsAsData, type MarketplaceHttpOptions } from '../provider-answer';

/**
 * The HTTP side of the Shopify adapter, and nothing else: the token endpoint (JSON with the app's
 * credentials) and the GraphQL Admin API (`X-Shopify-Access-Token`), each at the shop's own host.
 * Timeouts, retries, the per-host concurrency cap and redaction come from the kit's provider-http.
 * Refusals (4xx, 429 once the client's short retries are spent) come back as data for `errors.ts`;
 * 5xx and network failures are the kit's ProviderUnavailableError.
 */
export interface ShopifyClient {
  token(shop: string, body: Record<string, string>, retrySafe: boolean): Promise<ShopifyAnswer>;
  /** A query (retried like any read) or a mutation (never retried: it could ship twice). */
  graphql(shop: string, accessToken: string, document: string, variables: Record<string, unknown>, kind: 'query' | 'mutation', operation: string): Promise<ShopifyAnswer>;
  redact(text: string, values?: readonly string[]): string;
  close(): Promise<void>;
}

export type ShopifyHttpOptions = MarketplaceHttpOptions;

export function createShopifyClient(settings: ShopifySettings, logger: Logger, options: ShopifyHttpOptions = {}): ShopifyClient {
  const http = createProviderHttp({
    provider: shopifyMessages.provider,
    baseUrl: shopBaseUrl(settings, 'shop.myshopify.com'),
    logger,
    headers: { accept: 'application/json' },
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retries ? { retries: options.retries } : {}),
    maxConcurrentPerHost: Math.max(1, Math.floor(settings.maxConcurrentRequests) || 1),
    secrets: () => [settings.clientSecret],
  });
  return {
    token: async (shop, body, retrySafe) =>
      answerOf(
        await http.request({
          method: 'POST',
          path: `${shopBaseUrl(settings, shop)}${TOKEN_PATH}`,
          json: body,
          secrets: [body.code, body.refresh_token, body.client_secret],
          // A code is single-use: a retry after a lost answer would be refused as if the owner erred.
          retrySafe,
          accept: refusalsAsData,
          operation: body.grant_type === 'refresh_token' ? 'RefreshToken' : 'ExchangeCode',
        }),
      ),
    graphql: async (shop, accessToken, document, variables, kind, operation) =>
      answerOf(
        await http.request({
          method: 'POST',
          path: `${shopBaseUrl(settings, shop)}${graphqlPath(settings.apiVersion)}`,
          json: { query: document, variables },
          headers: { 'x-shopify-access-token': accessToken },
          secrets: [accessToken],
          retrySafe: kind === 'query',
          accept: refusalsAsData,
          operation,
        }),
      ),
    redact: (text, values = []) => http.redact(text, { path: TOKEN_PATH, secrets: values }),
    close: () => http.close(),
  };
}
