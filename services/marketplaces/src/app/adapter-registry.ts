import type { Logger } from '@smista/service-kit';
import { createMarketplaceAdapter, SUPPORTED_MARKETPLACES, type AdaptersConfig, type MarketplaceAdapter, type MarketplaceAdapterOptions } from '../adapters';
import { marketplacesErrors, type Marketplace } from '../domain';

/**
 * One adapter per marketplace that has one, built at start from the service's configuration and
 * shared by every integration of that marketplace (an adapter holds no seller state: each call
 * takes the seller's token; one HTTP pool and one concurrency cap per marketplace host).
 */
export class AdapterRegistry {
  private constructor(private readonly adapters: ReadonlyMap<string, MarketplaceAdapter>) {}

  /** Every adapter of the adapters table, from the service's configuration. */
  static create(config: AdaptersConfig, logger: Logger, options: MarketplaceAdapterOptions = {}): AdapterRegistry {
    return new AdapterRegistry(new Map(SUPPORTED_MARKETPLACES.map((id) => [id, createMarketplaceAdapter(id, config, logger, options)])));
  }

  /** The adapter of a marketplace, or the Italian refusal of a marketplace without one. */
  of(marketplace: Pick<Marketplace, 'identifier' | 'name'>): MarketplaceAdapter {
    const adapter = this.adapters.get(marketplace.identifier);
    if (!adapter) throw marketplacesErrors.marketplaceNotAvailable(marketplace.name);
    return adapter;
  }

  /** Whether the marketplace can be told a delivery (its adapter has `reportDelivery`: Shopify). */
  hasDeliveryCall(identifier: string): boolean {
    return typeof this.adapters.get(identifier)?.reportDelivery === 'function';
  }

  /** Identifiers with an adapter: the schedule syncs only their integrations. */
  identifiers(): string[] {
    return [...this.adapters.keys()];
  }

  /** The consent page of each marketplace that connects through OAuth (the catalogue's `oauthUrl`). */
  consentPageUrls(): Record<string, string> {
    return Object.fromEntries([...this.adapters.values()].filter((a) => a.connectMethod === 'oauth').map((a) => [a.identifier, a.consentPageUrl()]));
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.adapters.values()].map((a) => a.close()));
  }
}
