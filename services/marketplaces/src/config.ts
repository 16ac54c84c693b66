import { z } from 'zod';
import { env, loadConfig, serviceEnv } from '@smista/service-kit';
import { DEFAULT_OAUTH_STATE_TTL_SECONDS } from './domain/oauth-state';
import { adaptersEnv } from './adapters';

const seconds = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * The marketplaces service's environment: the kit's service variables, each adapter's (declared in
 * its `adapters/<provider>/settings.ts`: eBay's EBAY_*) and its own. SECRETS_KEYS seals the sellers'
 * OAuth tokens at rest.
 */
export const configSchema = z.object({
  ...serviceEnv(50054),
  SECRETS_KEYS: env.secretKeys(),
  ...adaptersEnv,
  /** The server-side schedule: every active integration is synced this often (issue 9: 5 minutes). */
  SYNC_INTERVAL_SECONDS: seconds(300, 1, 86_400),
  /** Orders per getOrders page (eBay's maximum is 200; more is error 31100). */
  SYNC_PAGE_SIZE: z.coerce.number().int().min(1).max(200).default(200),
  /**
   * How long a replica owns a running job without renewing it. The owner renews it while it works;
   * a replica that died stops renewing, and another takes the job over from its last committed page.
   */
  SYNC_JOB_LEASE_SECONDS: seconds(30, 1, 3_600),
  /** Sync jobs a replica works on at once (its worker's slots). */
  SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** An access token expiring within this many seconds is refreshed before the call that needs it. */
  TOKEN_REFRESH_MARGIN_SECONDS: seconds(600, 0, 86_400),
  /** How long a consent may take, from 'Connetti' to the callback: the OAuth `state` runs out after it. */
  OAUTH_STATE_TTL_SECONDS: seconds(DEFAULT_OAUTH_STATE_TTL_SECONDS, 60, 86_400),
  /** Requests in flight per marketplace host (all integrations of one replica together). */
  MARKETPLACE_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(64).default(4),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
