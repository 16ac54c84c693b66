import { etsyMessages } from '@smista/contracts';
import { createProviderHttp, type Logger } from '@smista/service-kit';
import { TOKEN_PATH } from './build';
import type { EtsySettings } from './settings';
import { answerOf, refusalsAsData, type MarketplaceHttpOptions, type ProviderAnswer } from '../provider-answer';

/**
 * The HTTP side of the Etsy adapter, and nothing else: the token endpoint (form body with the
 * keystring) and the Open API v3, where every call carries `x-api-key: keystring:shared_secret` and
 * the seller's bearer token. Timeouts, retries, the per-host concurrency cap and redaction come from
 * the kit's provider-http. Refusals (4xx, 429 once the client's short retries are spent) come back
 * as data for `errors.ts`; 5xx and network failures are the kit's ProviderUnavailableError.
 */
export interface EtsyClient {
  token(form: Record<string, string>, retrySafe: boolean): Promise<ProviderAnswer>;
  get(path: string, query: Record<string, string>, accessToken: string, operation: string): Promise<ProviderAnswer>;
  /** createReceiptShipment: form-encoded, never retried by the client (each call e-mails the buyer and adds a shipment). */
  postForm(path: string, form: Record<string, string>, accessToken: string, operation: string): Promise<ProviderAnswer>;
  redact(text: string, values?: readonly string[]): string;
  close(): Promise<void>;
}

export type EtsyHttpOptions = MarketplaceHttpOptions;

export function createEtsyClient(settings: EtsySettings, logger: Logger, options: EtsyHttpOptions = {}): EtsyClient {
  const apiKey = () => `${settings.keystring}:${settings.sharedSecret}`;
  const http = createProviderHttp({
    provider: etsyMessages.provider,
    baseUrl: settings.apiUrl,
    logger,
    headers: { accept: 'application/json' },
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retries ? { retries: options.retries } : {}),
    maxConcurrentPerHost: Math.max(1, Math.floor(settings.maxConcurrentRequests) || 1),
    secrets: () => [settings.sharedSecret, apiKey()],
  });
  const apiHeaders = (accessToken: string) => ({ 'x-api-key': apiKey(), authorization: `Bearer ${accessToken}` });
  return {
    token: async (form, retrySafe) =>
      answerOf(
        await http.request({
          method: 'POST',
          path: `${settings.tokenUrl}${TOKEN_PATH}`,
          form,
          secrets: [form.code, form.code_verifier, form.refresh_token],
          // A code is single-use: a retry after a lost answer would be refused as if the seller erred.
          retrySafe,
          accept: refusalsAsData,
          operation: form.grant_type === 'refresh_token' ? 'RefreshToken' : 'ExchangeCode',
        }),
      ),
    get: async (path, query, accessToken, operation) => answerOf(await http.request({ method: 'GET', path, query, headers: apiHeaders(accessToken), secrets: [accessToken], accept: refusalsAsData, operation })),
    postForm: async (path, form, accessToken, operation) =>
      answerOf(await http.request({ method: 'POST', path, form, headers: apiHeaders(accessToken), secrets: [accessToken], retrySafe: false, accept: refusalsAsData, operation })),
    redact: (text, values = []) => http.redact(text, { path: TOKEN_PATH, secrets: values }),
    close: () => http.close(),
  };
}
