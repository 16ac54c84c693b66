import { z } from 'zod';
import { ebayMessages } from '@smista/contracts';
import { env } from '@smista/service-kit';

/**
 * What the eBay adapter needs: Smista's eBay application (one per deployment, from configuration)
 * and where eBay answers. The seller's tokens are not settings: every call takes them, so one
 * adapter serves every eBay integration.
 *
 * How they come from configuration (the service's `config.ts`): `clientId` EBAY_CLIENT_ID,
 * `clientSecret` EBAY_CLIENT_SECRET, `ruName` EBAY_RU_NAME, `authUrl` EBAY_AUTH_URL, `apiUrl`
 * EBAY_API_URL, `identityUrl` EBAY_IDENTITY_URL, `maxConcurrentRequests`
 * MARKETPLACE_MAX_CONCURRENT_REQUESTS. In development and tests the three URLs are the one base
 * URL of the eBay sandbox (`deploy/sandboxes/src/ebay`).
 */
export interface EbaySettings {
  /** The app's client id (App ID). Empty when eBay is not configured: every call then refuses. */
  clientId: string;
  /** The app's client secret (Cert ID). A secret: never logged, redacted from every error. */
  clientSecret: string;
  /** The RuName: eBay's name of the redirect URL, sent as `redirect_uri`. */
  ruName: string;
  /** Where the consent page is: `<authUrl>/oauth2/authorize` (https://auth.ebay.com). */
  authUrl: string;
  /** Token and Sell APIs: `<apiUrl>/identity/v1/oauth2/token`, `<apiUrl>/sell/fulfillment/v1/…` (https://api.ebay.com). */
  apiUrl: string;
  /** Commerce Identity API: `<identityUrl>/commerce/identity/v1/user/` (https://apiz.ebay.com). */
  identityUrl: string;
  /** Requests in flight per eBay host for this adapter; the rest wait in line. */
  maxConcurrentRequests: number;
}

/** Empty is a valid value (the app is not configured yet): the service starts and says so on connect. */
const optionalCredential = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim());

/**
 * eBay's variables of the service's environment (spread into its `config.ts` through the adapters
 * table). EBAY_CLIENT_ID / EBAY_CLIENT_SECRET / EBAY_RU_NAME are Smista's eBay application (from a
 * Secret, never in the database); empty, connecting eBay answers 'Parametri OAuth incompleti:
 * client_id mancante'. The three URLs point at eBay in production and at the eBay sandbox
 * (`deploy/sandboxes/src/ebay`) in development and tests.
 */
export const ebayEnv = {
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
};

/** The variables of the service's `config.ts` the eBay settings come from. */
export type EbayConfig = z.output<z.ZodObject<typeof ebayEnv>> & { MARKETPLACE_MAX_CONCURRENT_REQUESTS: number };

/** The adapter's settings from the service's configuration (the mapping above). */
export function ebaySettingsFrom(config: EbayConfig): EbaySettings {
  return {
    clientId: config.EBAY_CLIENT_ID,
    clientSecret: config.EBAY_CLIENT_SECRET,
    ruName: config.EBAY_RU_NAME,
    authUrl: config.EBAY_AUTH_URL,
    apiUrl: config.EBAY_API_URL,
    identityUrl: config.EBAY_IDENTITY_URL,
    maxConcurrentRequests: config.MARKETPLACE_MAX_CONCURRENT_REQUESTS,
  };
}

const API_SCOPE = 'https://api.ebay.com/oauth/api_scope';

/**
 * The scopes Smista asks the seller for (spec §7: base, sell inventory, marketing, account,
 * fulfillment, identity read-only), as the full URLs eBay expects. The refresh asks for the same
 * ones: eBay allows the consented set or a subset.
 */
export const EBAY_SCOPES: readonly string[] = [
  API_SCOPE,
  `${API_SCOPE}/sell.inventory`,
  `${API_SCOPE}/sell.marketing`,
  `${API_SCOPE}/sell.account`,
  `${API_SCOPE}/sell.fulfillment`,
  `${API_SCOPE}/commerce.identity.readonly`,
];

/** Largest page of getOrders (more is eBay error 31100). */
export const EBAY_MAX_PAGE_SIZE = 200;

/** The wait asked of a job after a quota answer without Retry-After. */
export const DEFAULT_QUOTA_RETRY_MS = 60_000;

/** Production endpoints (providers.md), the defaults of the service's configuration. */
export const EBAY_PRODUCTION = {
  authUrl: 'https://auth.ebay.com',
  apiUrl: 'https://api.ebay.com',
  identityUrl: 'https://apiz.ebay.com',
} as const;

/**
 * The first missing piece of the app's configuration for `need` ('authorize': the consent page
 * needs client id and RuName; 'token': the token endpoint also needs the secret), as the Italian
 * message of spec §5; undefined when complete. Checked before any call.
 */
export function settingsProblem(settings: EbaySettings, need: 'authorize' | 'token'): string | undefined {
  if (!settings.clientId.trim()) return ebayMessages.clientIdMissing;
  if (!settings.ruName.trim()) return ebayMessages.ruNameMissing;
  if (need === 'token' && !settings.clientSecret) return ebayMessages.clientSecretMissing;
  return undefined;
}

/** A base URL without its trailing slashes, so paths join with exactly one. */
export function baseOf(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
