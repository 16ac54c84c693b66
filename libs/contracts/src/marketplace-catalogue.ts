import { MANUAL_MARKETPLACE, MANUAL_MARKETPLACE_NAME } from './manual-marketplace';
/**
 * The marketplace catalogue (spec §1, §3 marketplaces), written once: every list of marketplaces
 * (the ids the order filters take, the names the screens and messages say, the marketplaces
 * service's catalogue rows, the adapters' capabilities, the shell's OAuth callback) is derived from
 * {@link MARKETPLACE_CATALOGUE}. The marketplaces migration seeds the same rows; a test of that
 * service checks them against this table (`services/marketplaces/test/catalogue.test.ts`).
 *
 * A new marketplace is one entry here, one row in a migration of the marketplaces service and one
 * folder `services/marketplaces/src/adapters/<id>/` with its line in the adapters table.
 */

/** How a merchant connects a marketplace: the seller's consent (`oauth`), or the connect dialog's `requiredSettings`. */
export type MarketplaceConnectMethod = 'oauth' | 'settings';

/**
 * The largest webhook body Smista accepts (1 MiB; Shopify's order bodies are a few kB, 250 lines
 * about 0.5 MB): the gateway's public route refuses more with 413 before forwarding, the adapter
 * again before checking the signature.
 */
export const MARKETPLACE_WEBHOOK_MAX_BYTES = 1024 * 1024;

/**
 * What Smista does with a marketplace: the screens and services read these, never an id. They are
 * also data on each adapter (`MarketplaceAdapter.capabilities`), checked equal to these by the
 * adapters' tests; a marketplace without an adapter yet does none of them.
 */
export interface MarketplaceCapabilities {
  /** Takes a shipment's tracking number back ('Aggiorna tracking', the automatic push). */
  trackingPush: boolean;
  /** Takes tracking for some lines of an order only (a partly shipped order). */
  partialShipment: boolean;
  /** Renews its access token itself from a refresh token ('Aggiorna token'). */
  refreshToken: boolean;
  /** Tells Smista of new and changed orders by webhook (otherwise the schedule reads them). */
  webhooks: boolean;
}

export interface MarketplaceCatalogueEntry {
  /** The stable id (`integrations.provider`, `orders.marketplace`, the OAuth state's prefix). */
  id: string;
  /** As the merchant reads it. */
  name: string;
  /** Italian, the catalogue card's text. */
  description: string;
  /** Served by the integrations remote. */
  logoUrl: string;
  connectMethod: MarketplaceConnectMethod;
  /** Setting names the connect dialog asks for (`settings` marketplaces; names with key or secret are masked). */
  requiredSettings: readonly string[];
  apiDocUrl: string;
  capabilities: MarketplaceCapabilities;
  /**
   * How fast the marketplace lets its orders be read once its burst is spent, where that is slow
   * enough for the merchant to be told (Amazon's searchOrders: one page of 100 about every 3
   * minutes); the sync's progress shows the estimate ({@link syncPaceText}).
   */
  syncPace?: { orders: number; minutes: number };
}

const NONE: MarketplaceCapabilities = { trackingPush: false, partialShipment: false, refreshToken: false, webhooks: false };

/** The five marketplaces of spec §1, in catalogue order. */
export const MARKETPLACE_CATALOGUE = [
  {
    id: 'ebay',
    name: 'eBay',
    description:
      "Importa gli ordini del tuo negozio eBay e invia a eBay i numeri di tracking delle spedizioni. Il collegamento avviene con l'autorizzazione del tuo account venditore.",
    logoUrl: '/assets/marketplaces/ebay.svg',
    connectMethod: 'oauth',
    requiredSettings: [],
    apiDocUrl: 'https://developer.ebay.com/api-docs/sell/fulfillment/overview.html',
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false },
  },
  {
    id: 'amazon',
    name: 'Amazon',
    description: 'Importa gli ordini di Amazon Seller Central tramite Selling Partner API e conferma le spedizioni con il tracking.',
    logoUrl: '/assets/marketplaces/amazon.svg',
    connectMethod: 'oauth',
    requiredSettings: [],
    apiDocUrl: 'https://developer-docs.amazon.com/sp-api/docs/orders-api-v2026-01-01-reference',
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false },
    // searchOrders: 0.0056 requests/s of 100 orders (providers.md).
    syncPace: { orders: 100, minutes: 3 },
  },
  {
    id: 'shopify',
    name: 'Shopify',
    description: 'Importa gli ordini del tuo negozio Shopify e aggiorna le evasioni con corriere e tracking.',
    logoUrl: '/assets/marketplaces/shopify.svg',
    connectMethod: 'oauth',
    requiredSettings: [],
    apiDocUrl: 'https://shopify.dev/docs/api/admin-graphql',
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: true },
  },
  {
    id: 'aliexpress',
    name: 'AliExpress',
    description: 'Importa gli ordini del tuo negozio AliExpress e comunica le spedizioni con il numero di tracking.',
    logoUrl: '/assets/marketplaces/aliexpress.svg',
    connectMethod: 'oauth',
    requiredSettings: [],
    apiDocUrl: 'https://openservice.aliexpress.com/doc/doc.htm',
    // Tracking by aliexpress.solution.order.fulfill (send_type all or part); no message service used.
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false },
  },
  {
    id: 'etsy',
    name: 'Etsy',
    description: 'Importa gli ordini (le ricevute) del tuo negozio Etsy e aggiungi il tracking alle spedizioni.',
    logoUrl: '/assets/marketplaces/etsy.svg',
    connectMethod: 'oauth',
    requiredSettings: [],
    apiDocUrl: 'https://developers.etsy.com/documentation/reference',
    // Tracking per receipt (createReceiptShipment), never per line; refresh tokens of 90 days.
    capabilities: { trackingPush: true, partialShipment: false, refreshToken: true, webhooks: false },
  },
] as const satisfies readonly MarketplaceCatalogueEntry[];

/** A marketplace's id (spec §1 filter values). */
export type MarketplaceId = (typeof MARKETPLACE_CATALOGUE)[number]['id'];

/** The ids in catalogue order. */
export const marketplaceIds = MARKETPLACE_CATALOGUE.map((m) => m.id) as [MarketplaceId, ...MarketplaceId[]];

/** The marketplaces as the merchant reads their names, by id. */
export const marketplaceNames = Object.fromEntries(MARKETPLACE_CATALOGUE.map((m) => [m.id, m.name])) as Record<MarketplaceId, string>;

/**
 * The catalogue's entry of an id (any case, spaces around ignored); undefined outside the catalogue.
 *
 * @example marketplaceEntry(' eBay ')?.connectMethod // 'oauth'
 */
export function marketplaceEntry(id: string): MarketplaceCatalogueEntry | undefined {
  const key = id.trim().toLowerCase();
  return MARKETPLACE_CATALOGUE.find((m) => m.id === key);
}

/**
 * What Smista does with a marketplace (all false outside the catalogue).
 *
 * @example marketplaceCapabilities('ebay').trackingPush // true
 * marketplaceCapabilities('vinted').trackingPush // false
 */
export function marketplaceCapabilities(id: string): MarketplaceCapabilities {
  return marketplaceEntry(id)?.capabilities ?? NONE;
}

/**
 * A marketplace's name from its id (`ebay` → 'eBay', any case); an id outside the catalogue as
 * given (at most 40 characters), 'marketplace' when empty.
 */
export function marketplaceName(id: string): string {
  if (id.trim().toLowerCase() === MANUAL_MARKETPLACE) return MANUAL_MARKETPLACE_NAME;
  return marketplaceEntry(id)?.name ?? (id.trim().slice(0, 40) || 'marketplace');
}

/**
 * The sync's pace for the merchant, with the time the orders still to read should take; null for
 * a marketplace whose pace needs no telling.
 *
 * @example syncPaceText('amazon', 1000) // 'Amazon consente circa 100 ordini ogni 3 minuti: tempo stimato circa 30 minuti'
 */
export function syncPaceText(id: string, remainingOrders: number): string | null {
  const entry = marketplaceEntry(id);
  const pace = entry?.syncPace;
  if (!entry || !pace) return null;
  const minutes = Math.max(1, Math.ceil(Math.max(0, remainingOrders) / pace.orders)) * pace.minutes;
  const hours = Math.floor(minutes / 60);
  const estimate = hours === 0 ? `circa ${minutes} minuti` : `circa ${hours} ${hours === 1 ? 'ora' : 'ore'}${minutes % 60 ? ` e ${minutes % 60} minuti` : ''}`;
  return `${entry.name} consente circa ${pace.orders} ordini ogni ${pace.minutes} minuti: tempo stimato ${estimate}`;
}
