import { z } from 'zod';
import { MARKETPLACE_CATALOGUE, marketplaceConnectOperation, marketplaceName, type MarketplaceId } from '@smista/contracts';
import { NotSupportedError, type Logger, type Pool } from '@smista/service-kit';
import type { MarketplaceAdapter } from './adapter';
import { createEbayAdapter, ebayEnv, ebaySettingsFrom, type EbayConfig, type EbayHttpOptions } from './ebay';
import { createShopifyAdapter, shopifyEnv, shopifySettingsFrom, type ShopifyConfig } from './shopify';
import { amazonEnv, amazonSettingsFrom, createAmazonAdapter, type AmazonConfig } from './amazon';
import { createEtsyAdapter, etsyEnv, etsySettingsFrom, type EtsyConfig } from './etsy';
import { aliexpressEnv, aliexpressSettingsFrom, createAliexpressAdapter, type AliexpressConfig } from './aliexpress';

export * from './adapter';
export { buildAuthorizeUrl, EBAY_PRODUCTION, EBAY_SCOPES, ebaySettingsFrom, type EbayHttpOptions, type EbaySettings } from './ebay';
export { amazonConsentUrl, amazonSettingsFrom, type AmazonSettings } from './amazon';
export { etsySettingsFrom, type EtsySettings } from './etsy';
export { aliexpressSettingsFrom, type AliexpressSettings } from './aliexpress';
export { shopifyAuthorizeUrl, shopDomainOf, SHOPIFY_SCOPES, shopifySettingsFrom, type ShopifySettings } from './shopify';

/**
 * Every adapter's environment variables, declared in its `settings.ts`; the service's `config.ts`
 * spreads them. A new adapter adds its own here.
 */
export const adaptersEnv = { ...ebayEnv, ...shopifyEnv, ...amazonEnv, ...etsyEnv, ...aliexpressEnv };

/** The configuration the adapters are built from (the service's `Config` satisfies it); a new adapter adds `& ItsConfig`. */
export type AdaptersConfig = EbayConfig & ShopifyConfig & AmazonConfig & EtsyConfig & AliexpressConfig;

/**
 * Every adapter's configuration at its defaults (no app configured, production URLs) with `values`
 * over it: a test or tool that points one adapter at its sandbox sets only that adapter's variables.
 *
 * @example adaptersConfigWith({ SHOPIFY_CLIENT_ID: 'id', SHOPIFY_CLIENT_SECRET: 's' }).EBAY_AUTH_URL // 'https://auth.ebay.com'
 */
export function adaptersConfigWith(values: Partial<AdaptersConfig>): AdaptersConfig {
  return { ...z.object(adaptersEnv).parse({}), MARKETPLACE_MAX_CONCURRENT_REQUESTS: 4, ...values };
}

/** Optional tuning of the adapters the table builds (tests, load runs). */
export interface MarketplaceAdapterOptions {
  /** The clock in ms (token expiries). Default `Date.now`. */
  now?: () => number;
  http?: EbayHttpOptions;
  /** The service's database, for what an adapter shares among replicas (Amazon's usage-plan buckets and page tokens). */
  pool?: Pool;
}

/** What building an adapter gets besides the configuration. */
export interface AdapterDeps {
  logger: Logger;
  now?: () => number;
  http?: EbayHttpOptions;
  pool?: Pool;
}

/**
 * The adapters table: one line per marketplace of the catalogue that has an adapter, building it
 * from the service's configuration through the adapter's own `settings.ts`. The next marketplace
 * joins with one line here (and its folder).
 */
const ADAPTERS: Partial<Record<MarketplaceId, (config: AdaptersConfig, deps: AdapterDeps) => MarketplaceAdapter>> = {
  ebay: (config, deps) => createEbayAdapter(ebaySettingsFrom(config), deps),
  shopify: (config, deps) => createShopifyAdapter(shopifySettingsFrom(config), deps),
  amazon: (config, deps) => createAmazonAdapter(amazonSettingsFrom(config), deps),
  etsy: (config, deps) => createEtsyAdapter(etsySettingsFrom(config), deps),
  aliexpress: (config, deps) => createAliexpressAdapter(aliexpressSettingsFrom(config), deps),
};

/** The marketplaces that have an adapter, in catalogue order (the others answer NotSupportedError). */
export const SUPPORTED_MARKETPLACES: readonly MarketplaceId[] = MARKETPLACE_CATALOGUE.map((m) => m.id).filter((id) => ADAPTERS[id] !== undefined);

/** Whether `identifier` has an adapter: connect, sync and tracking work for it. */
export function isMarketplaceSupported(identifier: string): boolean {
  return (SUPPORTED_MARKETPLACES as readonly string[]).includes(identifier.trim().toLowerCase());
}

/**
 * The adapter of one marketplace, built from the service's configuration (each adapter's variables
 * and MARKETPLACE_MAX_CONCURRENT_REQUESTS). Called once per marketplace at start (an adapter holds
 * no seller state: every call takes the seller's token); closed at shutdown.
 *
 * Every marketplace of the catalogue has one; an identifier outside spec §1 throws the kit's
 * `NotSupportedError` (code NOT_SUPPORTED) whose Italian message names it as given, "Operazione non
 * supportata da vinted: collegamento dell'account e sincronizzazione degli ordini (non ancora
 * disponibile)".
 *
 * @example const ebay = createMarketplaceAdapter('ebay', config, logger);
 */
export function createMarketplaceAdapter(identifier: string, config: AdaptersConfig, logger: Logger, options: MarketplaceAdapterOptions = {}): MarketplaceAdapter {
  const id = identifier.trim().toLowerCase();
  const create = Object.hasOwn(ADAPTERS, id) ? ADAPTERS[id as MarketplaceId] : undefined;
  if (!create) throw new NotSupportedError(marketplaceConnectOperation, marketplaceName(identifier));
  return create(config, {
    logger: logger.child({ marketplace: id }),
    ...(options.now ? { now: options.now } : {}),
    ...(options.http ? { http: options.http } : {}),
    ...(options.pool ? { pool: options.pool } : {}),
  });
}
