import type { createHandlerFactory, Keyring, Logger, Pool } from '@smista/service-kit';
import type { AdapterRegistry, TokenKeeper, TrackingPusher } from '../app';

/** What the handlers are built from; main.ts (startMarketplaces) wires the real ones. */
export interface MarketplacesServiceDeps {
  pool: Pool;
  logger: Logger;
  /** CALLER_TOKEN_SECRET: verifies the caller token identity signed. */
  callerSecret: string;
  /** SECRETS_KEYS: seals and opens the sellers' tokens. */
  keyring: Keyring;
  adapters: AdapterRegistry;
  tokens: TokenKeeper;
  /** Per-shipment tracking pushes (PushTracking with a shipment id). */
  trackingPusher: Pick<TrackingPusher, 'pushOnDemand'>;
  /** The sync worker of this replica: a job created here is picked up at once. */
  worker: { wake(): void };
  /** The webhook importer of this replica: a delivery recorded here is worked at once. */
  webhookImporter: { wake(): void };
  /** The authorization page of each OAuth marketplace, from configuration (eBay: EBAY_AUTH_URL + /oauth2/authorize). */
  oauthUrls: Readonly<Record<string, string>>;
  /** OAUTH_STATE_TTL_SECONDS: how long a consent may take from 'Connetti' to the callback (default 15 min). */
  oauthStateTtlSeconds?: number;
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export type Unary = ReturnType<typeof createHandlerFactory>;

export interface HandlerDeps extends MarketplacesServiceDeps {
  unary: Unary;
  now: () => Date;
}
