import { aliexpressMessages } from '@smista/contracts';
import { createProviderHttp, type Logger } from '@smista/service-kit';
import { SYNC_PATH } from './build';
import type { AliexpressSettings } from './settings';
import { answerOf, refusalsAsData, type MarketplaceHttpOptions, type ProviderAnswer } from '../provider-answer';

/**
 * The HTTP side of the AliExpress adapter: the gateway's `/rest` token calls and `/sync` business
 * calls, their signed parameters in the query string of a POST (as the platform's clients send
 * them). Refusals come with HTTP 200 (`error_response`): `errors.ts` reads every answer.
 */
export interface AliexpressClient {
  rest(path: string, params: Record<string, string>, retrySafe: boolean): Promise<ProviderAnswer>;
  sync(params: Record<string, string>, retrySafe: boolean): Promise<ProviderAnswer>;
  close(): Promise<void>;
}

export function createAliexpressClient(settings: AliexpressSettings, logger: Logger, options: MarketplaceHttpOptions = {}): AliexpressClient {
  const http = createProviderHttp({
    provider: aliexpressMessages.provider,
    baseUrl: settings.apiUrl,
    logger,
    headers: { accept: 'application/json' },
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retries ? { retries: options.retries } : {}),
    maxConcurrentPerHost: Math.max(1, Math.floor(settings.maxConcurrentRequests) || 1),
    secrets: () => [settings.appSecret],
  });
  return {
    rest: async (path, params, retrySafe) =>
      answerOf(await http.request({ method: 'POST', path: `/rest${path}`, query: params, secrets: [params.code, params.refresh_token, params.sign], retrySafe, accept: refusalsAsData, operation: path })),
    sync: async (params, retrySafe) =>
      answerOf(await http.request({ method: 'POST', path: SYNC_PATH, query: params, secrets: [params.session, params.sign], retrySafe, accept: refusalsAsData, operation: params.method ?? 'sync' })),
    close: () => http.close(),
  };
}
