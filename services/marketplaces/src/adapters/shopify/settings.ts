import { z } from 'zod';
import { shopifyMessages } from '@smista/contracts';
import { env } from '@smista/service-kit';

/**
 * What the Shopify adapter needs: Smista's Shopify app (one per deployment, from configuration),
 * where a shop answers and the API version. The shop and its tokens are not settings: every call
 * takes the seller's credential (which names the shop, see `credential.ts`), so one adapter serves
 * every Shopify integration.
 *
 * From configuration (the service's `config.ts`): `clientId` SHOPIFY_CLIENT_ID, `clientSecret`
 * SHOPIFY_CLIENT_SECRET, `redirectUrl` SHOPIFY_REDIRECT_URL, `shopUrl` SHOPIFY_SHOP_URL,
 * `apiVersion` SHOPIFY_API_VERSION, `notifyCustomer` SHOPIFY_NOTIFY_CUSTOMER,
 * `maxConcurrentRequests` MARKETPLACE_MAX_CONCURRENT_REQUESTS.
 */
export interface ShopifySettings {
  /** The app's client id. Empty when Shopify is not configured: every call then refuses. */
  clientId: string;
  /** The app's client secret: signs the install callback, authenticates the token calls. Never logged. */
  clientSecret: string;
  /** Where Shopify sends the owner back after the install page (one of the app's allowed URLs). */
  redirectUrl: string;
  /** A shop's base URL with `{shop}` for its domain: `https://{shop}` (Shopify), `<sandbox>/store/{shop}` (sandbox). */
  shopUrl: string;
  /** The GraphQL Admin API version, `YYYY-MM` (providers.md: 2026-10). */
  apiVersion: string;
  /** fulfillmentCreate's `notifyCustomer`: Shopify e-mails the buyer the tracking. */
  notifyCustomer: boolean;
  /** Requests in flight per host for this adapter; the rest wait in line. */
  maxConcurrentRequests: number;
}

const optionalCredential = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim());

/**
 * Shopify's variables of the service's environment (spread into its `config.ts` through the
 * adapters table). SHOPIFY_CLIENT_ID / SHOPIFY_CLIENT_SECRET are Smista's app (a Secret, never in
 * the database); empty, connecting Shopify answers 'Parametri OAuth incompleti: client_id mancante'.
 */
export const shopifyEnv = {
  SHOPIFY_CLIENT_ID: optionalCredential(),
  SHOPIFY_CLIENT_SECRET: optionalCredential(),
  /** The app's redirection URL: the shell's `/marketplace/callback` on the gateway's public address. */
  SHOPIFY_REDIRECT_URL: optionalCredential(),
  /** A shop's base URL, `{shop}` standing for `negozio.myshopify.com`. */
  SHOPIFY_SHOP_URL: z
    .string()
    .default('https://{shop}')
    .refine((v) => v.includes('{shop}') && /^https?:\/\//.test(v), { message: 'SHOPIFY_SHOP_URL must be an http(s) URL with {shop}' }),
  /** The GraphQL Admin API version; Shopify supports each about 12 months ([open]: README). */
  SHOPIFY_API_VERSION: z
    .string()
    .default('2026-10')
    .refine((v) => /^\d{4}-(01|04|07|10)$/.test(v), { message: 'SHOPIFY_API_VERSION must be YYYY-01|04|07|10' }),
  /** Whether Shopify e-mails the buyer when Smista sends the tracking ([open]: README). */
  SHOPIFY_NOTIFY_CUSTOMER: env.bool(true),
};

/** The variables of the service's `config.ts` the Shopify settings come from. */
export type ShopifyConfig = z.output<z.ZodObject<typeof shopifyEnv>> & { MARKETPLACE_MAX_CONCURRENT_REQUESTS: number };

export function shopifySettingsFrom(config: ShopifyConfig): ShopifySettings {
  return {
    clientId: config.SHOPIFY_CLIENT_ID,
    clientSecret: config.SHOPIFY_CLIENT_SECRET,
    redirectUrl: config.SHOPIFY_REDIRECT_URL,
    shopUrl: config.SHOPIFY_SHOP_URL,
    apiVersion: config.SHOPIFY_API_VERSION,
    notifyCustomer: config.SHOPIFY_NOTIFY_CUSTOMER,
    maxConcurrentRequests: config.MARKETPLACE_MAX_CONCURRENT_REQUESTS,
  };
}

/**
 * The scopes Smista asks: read orders, read and write merchant-managed fulfilment orders, and write
 * fulfilments (fulfillmentEventCreate: the delivery). A shop connected before `write_fulfillments`
 * was asked keeps working, but its deliveries are refused until it is connected again.
 */
export const SHOPIFY_SCOPES: readonly string[] = ['read_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders', 'write_fulfillments'];

/** Largest `first` of a connection. */
export const SHOPIFY_MAX_PAGE_SIZE = 250;

/** The callback's `timestamp` may be this far from our clock (the libraries' rule). */
export const CALLBACK_MAX_AGE_SECONDS = 90;

/**
 * The first missing piece of the app's configuration for `need`, as the Italian message; undefined
 * when complete. Checked before any call.
 */
export function settingsProblem(settings: ShopifySettings, need: 'authorize' | 'token'): string | undefined {
  if (!settings.clientId.trim()) return shopifyMessages.clientIdMissing;
  if (need === 'authorize' && !settings.redirectUrl.trim()) return shopifyMessages.redirectUrlMissing;
  if (!settings.clientSecret) return shopifyMessages.clientSecretMissing;
  return undefined;
}

/** The base URL of a shop: `https://negozio.myshopify.com`. */
export function shopBaseUrl(settings: Pick<ShopifySettings, 'shopUrl'>, shop: string): string {
  return settings.shopUrl.trim().replace('{shop}', shop).replace(/\/+$/, '');
}
