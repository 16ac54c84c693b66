import { amazonMessages } from '@smista/contracts';
import { createProviderHttp, type Logger } from '@smista/service-kit';
import { TOKEN_PATH } from './build';
import type { AmazonSettings } from './settings';
import { answerOf, refusalsAsData, type MarketplaceHttpOptions, type ProviderAnswer } from '../provider-answer';

/**
 * The HTTP side of the Amazon adapter, and nothing else: Login with Amazon's token endpoint (form
 * body with the app's credentials) and the SP-API (`x-amz-access-token`). Timeouts, retries, the
 * per-host concurrency cap and redaction come from the kit's provider-http. Refusals (4xx, 429 once
 * the client's short retries are spent) come back as data for `errors.ts`; 5xx and network
 * failures are the kit's ProviderUnavailableError.
 */
export interface AmazonClient {
  token(form: Record<string, string>, retrySafe: boolean): Promise<ProviderAnswer>;
  get(path: string, query: Record<string, string>, accessToken: string, operation: string): Promise<ProviderAnswer>;
  /** A POST that acts (shipment confirmation): never retried by the client. */
  post(path: string, json: unknown, accessToken: string, operation: string): Promise<ProviderAnswer>;
  redact(text: string, values?: readonly string[]): string;
  close(): Promise<void>;
}

export type AmazonHttpOptions = MarketplaceHttpOptions;

export function createAmazonClient(settings: AmazonSettings, logger: Logger, options: AmazonHttpOptions = {}): AmazonClient {
  const http = createProviderHttp({
    provider: amazonMessages.provider,
    baseUrl: settings.apiUrl,
    logger,
    headers: { accept: 'application/json' },
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retries ? { retries: options.retries } : {}),
    maxConcurrentPerHost: Math.max(1, Math.floor(settings.maxConcurrentRequests) || 1),
    secrets: () => [settings.clientSecret],
  });
  return {
    token: async (form, retrySafe) =>
      answerOf(
        await http.request({
          method: 'POST',
          path: `${settings.lwaUrl}${TOKEN_PATH}`,
          form,
          secrets: [form.code, form.refresh_token, form.client_secret],
          // A code is single-use: a retry after a lost answer would be refused as if the seller erred.
          retrySafe,
          accept: refusalsAsData,
          operation: form.grant_type === 'refresh_token' ? 'RefreshToken' : 'ExchangeCode',
        }),
      ),
    get: async (path, query, accessToken, operation) =>
      answerOf(await http.request({ method: 'GET', path, query, headers: { 'x-amz-access-token': accessToken }, secrets: [accessToken, query.paginationToken], accept: refusalsAsData, operation })),
    post: async (path, json, accessToken, operation) =>
      answerOf(await http.request({ method: 'POST', path, json, headers: { 'x-amz-access-token': accessToken }, secrets: [accessToken], retrySafe: false, accept: refusalsAsData, operation })),
    redact: (text, values = []) => http.redact(text, { path: TOKEN_PATH, secrets: values }),
    close: () => http.close(),
  };
}
