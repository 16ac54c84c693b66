import { z } from 'zod';
import { env, loadConfig, serviceEnv } from '@smista/service-kit';
import { DEFAULT_OAUTH_STATE_TTL_SECONDS } from './domain/oauth-state';

/** Empty is a valid value (the app is not configured yet): the service starts and says so on connect. */
const optionalCredential = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim());

const seconds = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * The marketplaces service's environment: the kit's service variables and its own. SECRETS_KEYS
 * seals the sellers' OAuth tokens at rest. EBAY_CLIENT_ID / EBAY_CLIENT_SECRET / EBAY_RU_NAME are
 * Smista's eBay application (from a Secret, never in the database); empty, connecting eBay answers
 * 'Parametri OAuth incompleti: client_id mancante'. The three eBay URLs point at eBay in production
 * and at the eBay sandbox (`deploy/sandboxes/src/ebay`) in development and tests.
 */
export const configSchema = z.object({
  ...serviceEnv(50054),
  SECRETS_KEYS: env.secretKeys(),
  EBAY_CLIENT_ID: optionalCredential(),
  EBAY_CLIENT_SECRET: optionalCredential(),
  /** The RuName: eBay's name of Smista's redirect URL (sent as `redirect_uri`). */
  EBAY_RU_NAME: optionalCredential(),
  /** The consent page is `<EBAY_AUTH_URL>/oauth2/authorize`. */
  EBAY_AUTH_URL: env.url().default('https://auth.ebay.com'),
  /** Token endpoint and the Sell APIs: `<EBAY_API_URL>/identity/v1/oauth2/token`, `/sell/fulfillment/v1/…`. */
  EBAY_API_URL: env.url().default('https://api.ebay.com'),
  /** Commerce Identity: `<EBAY_IDENTITY_URL>/commerce/identity/v1/user/`. */
  EBAY_IDENTITY_URL: env.url().default('https://apiz.ebay.com'),
  /** The server-side schedule: every active integration is synced this often (issue 9: 5 minutes). */
  SYNC_INTERVAL_SECONDS: seconds(300, 1, 86_400),
  /** Orders per getOrders page (eBay's maximum is 200; more is error 31100). */
  SYNC_PAGE_SIZE: z.coerce.number().int().min(1).max(200).default(200),
  /**
   * How long a replica owns a running job without renewing it. The owner renews it while it works;
   * a replica that died stops renewing, and another takes the job over from its last committed page.
   */
  SYNC_JOB_LEASE_SECONDS: seconds(30, 1, 3_600),
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
