import { marketplaceConnectOperation, marketplaceName } from '@smista/contracts';
import { NotSupportedError, type Logger } from '@smista/service-kit';
import type { MarketplaceAdapter } from './adapter';
import { createEbayAdapter, type EbayHttpOptions, type EbaySettings } from './ebay';

export * from './adapter';
export { buildAuthorizeUrl, EBAY_PRODUCTION, EBAY_SCOPES, ebaySettingsFrom, type EbayHttpOptions, type EbaySettings } from './ebay';

/** The marketplaces of spec §1, in catalogue order. */
export const MARKETPLACE_IDENTIFIERS = ['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy'] as const;
export type MarketplaceIdentifier = (typeof MARKETPLACE_IDENTIFIERS)[number];

/** The marketplaces that have an adapter (the others answer NotSupportedError). */
export const SUPPORTED_MARKETPLACES: readonly MarketplaceIdentifier[] = ['ebay'];

/** Whether `identifier` has an adapter: connect, sync and tracking work for it. */
export function isMarketplaceSupported(identifier: string): boolean {
  return (SUPPORTED_MARKETPLACES as readonly string[]).includes(identifier.trim().toLowerCase());
}

/** Optional tuning of the adapters the factory builds (tests, load runs). */
export interface MarketplaceAdapterOptions {
  /** The clock in ms (token expiries). Default `Date.now`. */
  now?: () => number;
  http?: EbayHttpOptions;
}

/**
 * The adapter of one marketplace, built from the app's settings (configuration EBAY_*,
 * MARKETPLACE_MAX_CONCURRENT_REQUESTS). Called once per marketplace at start (the adapter holds no
 * seller state: every call takes the seller's token); closed at shutdown.
 *
 * Amazon, Shopify, AliExpress and Etsy have no adapter yet: they throw the kit's
 * `NotSupportedError` (code NOT_SUPPORTED) whose Italian message names the marketplace,
 * "Operazione non supportata da Amazon: collegamento dell'account e sincronizzazione degli ordini
 * (non ancora disponibile)". An identifier outside spec §1 is refused the same way, named as given.
 *
 * @example
 * const ebay = createMarketplaceAdapter('ebay', {
 *   clientId: config.EBAY_CLIENT_ID, clientSecret: config.EBAY_CLIENT_SECRET, ruName: config.EBAY_RU_NAME,
 *   authUrl: config.EBAY_AUTH_URL, apiUrl: config.EBAY_API_URL, identityUrl: config.EBAY_IDENTITY_URL,
 *   maxConcurrentRequests: config.MARKETPLACE_MAX_CONCURRENT_REQUESTS,
 * }, logger);
 */
export function createMarketplaceAdapter(identifier: string, settings: EbaySettings, logger: Logger, options: MarketplaceAdapterOptions = {}): MarketplaceAdapter {
  const id = identifier.trim().toLowerCase();
  if (id === 'ebay') {
    return createEbayAdapter(settings, {
      logger: logger.child({ marketplace: 'ebay' }),
      ...(options.now ? { now: options.now } : {}),
      ...(options.http ? { http: options.http } : {}),
    });
  }
  throw new NotSupportedError(marketplaceConnectOperation, marketplaceName(identifier));
}
