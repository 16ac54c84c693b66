import type { ProviderHttpOptions, ProviderResponse } from '@smista/service-kit';

/*
 * What every marketplace adapter's HTTP client shares: the provider's refusals (4xx, and 429 once the
 * kit's short retries are spent) come back as data for the adapter's `errors.ts` to map in its own
 * words; 5xx and network failures stay the kit's (retried, then ProviderUnavailableError).
 */

/** A provider's answer as the client hands it over: status, body text and headers. */
export interface ProviderAnswer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Transport tuning for tests and load runs; production uses the kit's defaults. */
export type MarketplaceHttpOptions = Pick<ProviderHttpOptions, 'timeouts' | 'retries'>;

/** The `accept` of every request: a refusal is data, a 5xx is the kit's. */
export const refusalsAsData = (status: number): boolean => status < 500;

export const answerOf = (res: ProviderResponse): ProviderAnswer => ({ status: res.status, text: res.text(), headers: res.headers });
