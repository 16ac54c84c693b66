/**
 * The decisions of the marketplace screens (spec §2, §4, §5, §9), pure so they are tested without a
 * browser: how a marketplace connects, what the consent page's address is, which settings the
 * connect dialog masks and misses, and how an integration's status and tokens read.
 */
import type { BadgeVariant } from '@smista/ui-kit';
import { marketplaceCapabilities, marketplaceName, type MarketplaceIntegrationJson, type MarketplaceJson, type OAuthParamsJson, type SyncJobJson } from '@smista/contracts';
import { t } from '../messages';

/**
 * How 'Connetti' works for a marketplace: through its consent page when it has one and an adapter
 * (every marketplace of the catalogue), otherwise through the dialog of its requiredSettings, whose
 * answer (the server's refusal) the screen shows.
 */
export type ConnectMode = 'oauth' | 'settings';

export function connectModeOf(marketplace: Pick<MarketplaceJson, 'oauthUrl' | 'supported'>): ConnectMode {
  return marketplace.oauthUrl && marketplace.supported ? 'oauth' : 'settings';
}

/**
 * Whether the consent page is the seller's own store's (its address has `{shop}`: Shopify), so the
 * store's domain is asked before going there.
 *
 * @example asksStoreDomain({ oauthUrl: 'https://{shop}/admin/oauth/authorize' }) // true
 */
export function asksStoreDomain(marketplace: Pick<MarketplaceJson, 'oauthUrl'>): boolean {
  return (marketplace.oauthUrl ?? '').includes('{shop}');
}

/**
 * The store's domain as written (`negozio` or `negozio.myshopify.com`, any case, an `https://` or a
 * trailing slash tolerated) in its full form; null for anything else, which is not sent. The
 * service checks it again.
 *
 * @example storeDomainOf(' Negozio ') // 'negozio.myshopify.com'
 */
export function storeDomainOf(written: string): string | null {
  const bare = written.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (!bare) return null;
  const domain = bare.includes('.') ? bare : `${bare}.myshopify.com`;
  return /^[a-z0-9][a-z0-9-_]*\.myshopify\.com$/.test(domain) ? domain : null;
}

/**
 * The hint of the integration's 'Aggiorna tracking automaticamente', naming its own marketplace;
 * null where the marketplace takes no tracking (the catalogue's capability `trackingPush`): the
 * switch is not offered there.
 *
 * @example autoTrackingHintOf({ provider: 'ebay', marketplaceName: 'eBay' }) // 'Invia a eBay il numero di tracking di ogni nuova etichetta'
 * autoTrackingHintOf({ provider: 'amazon', marketplaceName: 'Amazon' }) // null
 */
export function autoTrackingHintOf(integration: Pick<MarketplaceIntegrationJson, 'provider' | 'marketplaceName'>): string | null {
  if (!marketplaceCapabilities(integration.provider).trackingPush) return null;
  return t.detail.autoUpdateTrackingHint(integration.marketplaceName || marketplaceName(integration.provider));
}

/**
 * The consent page the browser goes to (spec §7, providers.md): `response_type=code`,
 * `redirect_uri` (eBay: the RuName), `state` (as the server issued it: `<marketplace>.<nonce>`,
 * bound to this user and merchant; the callback reads the marketplace from it), `client_id` and the
 * scopes space-separated. Every value is percent-encoded, spaces as
 * `%20` (eBay documents the scope list so; `URLSearchParams` would write `+`).
 *
 * @example
 * authorizeUrlFor({ authorizeUrl: 'https://auth.ebay.com/oauth2/authorize', clientId: 'c', redirectUri: 'Ru', scopes: ['a', 'b'], state: 'ebay.n' })
 * // 'https://auth.ebay.com/oauth2/authorize?response_type=code&redirect_uri=Ru&state=ebay.n&client_id=c&scope=a%20b'
 */
export function authorizeUrlFor(params: Omit<OAuthParamsJson, 'consentUrl'>): string {
  const query = [
    ['response_type', 'code'],
    ['redirect_uri', params.redirectUri],
    ['state', params.state],
    ['client_id', params.clientId],
    ['scope', params.scopes.join(' ')],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  const separator = params.authorizeUrl.includes('?') ? '&' : '?';
  return `${params.authorizeUrl}${separator}${query}`;
}

/**
 * Spec §2: a setting whose name contains key or secret is typed into a masked field; so is one
 * that names a token or a password (a refresh token is as secret as a key).
 */
export function isSecretSetting(name: string): boolean {
  return /key|secret|token|password/i.test(name);
}

const SETTING_LABELS: Readonly<Record<string, string>> = t.marketplaces.settingLabels;

/**
 * The label of a required setting: ours for the names we know, else the name in words
 * (`shop_url` → 'Shop url', `storeHash` → 'Store hash').
 */
export function settingLabel(name: string): string {
  if (Object.hasOwn(SETTING_LABELS, name)) return SETTING_LABELS[name];
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

/**
 * The required settings left empty (blank after trimming), in the marketplace's order (spec §5
 * 'I seguenti campi sono obbligatori: {list}').
 */
export function missingSettings(required: readonly string[], values: Readonly<Record<string, string | undefined>>): string[] {
  return required.filter((name) => !values[name]?.trim());
}

/** The `config` the connect dialog sends: every required setting, trimmed. */
export function connectConfig(required: readonly string[], values: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(required.map((name) => [name, values[name]?.trim() ?? '']));
}

/** Spec §4: Valido while the refresh token's expiry is in the future, else Scaduto. */
export type TokenStatus = 'valid' | 'expired';

export function tokenStatusOf(refreshTokenExpiresAt: string | null | undefined, now: Date = new Date()): TokenStatus {
  if (!refreshTokenExpiresAt) return 'expired';
  const expiry = new Date(refreshTokenExpiresAt).getTime();
  return Number.isFinite(expiry) && expiry > now.getTime() ? 'valid' : 'expired';
}

/**
 * The status badge of the detail page (spec §2, §4). The merchant's switch comes first: a
 * switched-off integration reads 'Disattivato' whatever the marketplace said; otherwise the status
 * the service keeps (active, pending, error; 'in progress' for a flow not finished), and an unknown
 * status as it is.
 */
export interface StatusBadge {
  key: string;
  label: string;
  variant: BadgeVariant;
}

const STATUS_LABELS: Readonly<Record<string, string>> = t.integrationStatus;
const STATUS_VARIANTS: Readonly<Record<string, BadgeVariant>> = {
  active: 'success',
  pending: 'warning',
  error: 'destructive',
  inactive: 'secondary',
  in_progress: 'default',
};

export function statusBadgeOf(integration: Pick<MarketplaceIntegrationJson, 'status' | 'active'>): StatusBadge {
  const key = integration.active ? String(integration.status).toLowerCase() : 'inactive';
  const normalised = key === 'in progress' || key === 'in-progress' ? 'in_progress' : key;
  if (Object.hasOwn(STATUS_LABELS, normalised)) {
    return { key: normalised, label: STATUS_LABELS[normalised], variant: STATUS_VARIANTS[normalised] ?? 'outline' };
  }
  return { key: normalised, label: String(integration.status), variant: 'outline' };
}

/**
 * Whether 'Aggiorna token' can ask the marketplace (spec §5: a refresh goes through the
 * marketplace's OAuth address). Unknown marketplaces (catalogue not loaded) are let through: the
 * server decides.
 */
export function canRefreshToken(marketplace: Pick<MarketplaceJson, 'oauthUrl'> | undefined): boolean {
  return marketplace === undefined || Boolean(marketplace.oauthUrl);
}

/** The name an integration goes by on the screens: the marketplace and, when known, the seller's account. */
export function integrationNameOf(integration: Pick<MarketplaceIntegrationJson, 'marketplaceName' | 'provider' | 'username'>): string {
  const marketplace = integration.marketplaceName || integration.provider;
  return integration.username ? `${marketplace} (${integration.username})` : marketplace;
}

/** The integrations of a marketplace of the catalogue, oldest first. */
export function integrationsOf(
  integrations: readonly MarketplaceIntegrationJson[],
  identifier: string,
): MarketplaceIntegrationJson[] {
  return integrations.filter((i) => i.provider === identifier);
}

/**
 * The provider config as the detail page shows it: formatted JSON, or the text as it is when it is
 * not JSON; null when there is nothing (empty text or an empty object).
 */
export function formatConfig(config: string | null | undefined): string | null {
  const text = config?.trim();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || (typeof parsed === 'object' && Object.keys(parsed).length === 0)) return null;
    return JSON.stringify(parsed, null, 2);
  } catch {
    return text;
  }
}

/** The sync job the detail page shows: the one running, else the latest finished. */
export function syncJobOf(integration: Pick<MarketplaceIntegrationJson, 'currentJob' | 'lastJob'>): SyncJobJson | null {
  return integration.currentJob ?? integration.lastJob ?? null;
}
