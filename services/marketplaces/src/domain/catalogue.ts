import { missingSettings } from '@smista/contracts';
import { marketplacesErrors } from './errors';

/** A marketplace of the catalogue (spec §3 marketplaces), seeded by the migration. */
export interface Marketplace {
  id: number;
  identifier: string;
  name: string;
  description: string;
  logoUrl: string;
  active: boolean;
  /** Connects through the seller's consent; the authorization page comes from configuration. */
  oauth: boolean;
  apiDocUrl: string | null;
  requiredSettings: string[];
  maxOrdersLimit: number;
  /** An adapter exists: connecting, syncing and tracking work. */
  supported: boolean;
}

/** The marketplace an identifier names (any case, trimmed), or 'Marketplace non trovato'. */
export function marketplaceByIdentifier(catalogue: readonly Marketplace[], identifier: string): Marketplace {
  const wanted = identifier.trim().toLowerCase();
  const marketplace = catalogue.find((m) => m.identifier === wanted);
  if (!marketplace) throw marketplacesErrors.marketplaceNotFound();
  return marketplace;
}

/** GetOAuthParams / CompleteOAuth / RefreshToken: only a marketplace that connects through OAuth and has an adapter. */
export function assertOAuthMarketplace(marketplace: Marketplace): void {
  if (!marketplace.oauth) throw marketplacesErrors.oauthNotSupported(marketplace.name);
  if (!marketplace.supported) throw marketplacesErrors.marketplaceNotAvailable(marketplace.name);
}

/**
 * The connect dialog (CreateIntegration): every required setting filled (spec §5, the list in the
 * message); then a marketplace that connects through OAuth is sent to its Connetti button, and any
 * other is refused in Italian as not available: every marketplace of the catalogue connects through
 * OAuth, none from settings. Always throws; nothing is stored on any refusal.
 */
export function assertSettingsConnect(marketplace: Marketplace, config: Readonly<Record<string, string>>): never {
  const missing = missingSettings(marketplace.requiredSettings, config);
  if (missing.length > 0) throw marketplacesErrors.settingsMissing(missing);
  if (marketplace.oauth && marketplace.supported) throw marketplacesErrors.connectWithOAuth(marketplace.name);
  throw marketplacesErrors.marketplaceNotAvailable(marketplace.name);
}
