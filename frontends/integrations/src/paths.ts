/**
 * Where the shell mounts this remote and the paths its pages link to. The shell mounts the same
 * module four times (app.tsx): at `/carriers/*` (the carrier screens of spec §2),
 * `/dashboard/integrations/*` (the integrations overview), `/dashboard/marketplaces/*` ('Integrazioni
 * Marketplace') and `/dashboard/integration/*` (one integration's detail); the routes are relative
 * to the mount, so the remote tells them apart by the path it is rendered under.
 */

/** The mounts of this remote in the shell. */
export type Mount = 'carriers' | 'integrations' | 'marketplaces' | 'integration';

export const CARRIERS_PATH = '/carriers';
export const INTEGRATIONS_PATH = '/dashboard/integrations';
/** Spec §2: the setup page's back button goes to the settings remote's carriers tab. */
export const SETTINGS_CARRIERS_PATH = '/dashboard/settings/carriers';
/** 'Integrazioni Marketplace' (spec §2). */
export const MARKETPLACES_PATH = '/dashboard/marketplaces';
/** The base of one integration's detail page, `/dashboard/integration/{id}` (spec §2). */
export const INTEGRATION_DETAIL_PATH = '/dashboard/integration';
/** Where the callback's 'Torna alle integrazioni' and a finished OAuth flow lead (spec §2). */
export const DASHBOARD_PATH = '/dashboard';
/** The shell's login page ('Accesso richiesto' links there). */
export const AUTH_PATH = '/auth';

const MOUNTS: readonly (readonly [base: string, mount: Mount])[] = [
  [CARRIERS_PATH, 'carriers'],
  [MARKETPLACES_PATH, 'marketplaces'],
  [INTEGRATION_DETAIL_PATH, 'integration'],
];

/**
 * The mount a browser path is under: `/carriers`, `/dashboard/marketplaces` or
 * `/dashboard/integration` and below, else the integrations overview.
 *
 * @example mountOf('/dashboard/integration/42') // 'integration'
 */
export function mountOf(pathname: string): Mount {
  for (const [base, mount] of MOUNTS) {
    if (pathname === base || pathname.startsWith(`${base}/`)) return mount;
  }
  return 'integrations';
}

/** `/dashboard/integration/{id}`: the 'Gestisci' link of a marketplace integration. */
export function integrationDetailPath(integrationId: number | string): string {
  return `${INTEGRATION_DETAIL_PATH}/${encodeURIComponent(String(integrationId))}`;
}

/** The two tabs of 'Integrazioni Marketplace' (spec §2: default id 'disponibili'). */
export type MarketplacesTab = 'disponibili' | 'integrati';
export const DEFAULT_MARKETPLACES_TAB: MarketplacesTab = 'disponibili';

/**
 * The tab named by `?tab=` (so a reload or a shared link keeps it); anything else is the default.
 *
 * @example parseMarketplacesTab(new URLSearchParams('tab=integrati')) // 'integrati'
 */
export function parseMarketplacesTab(query: URLSearchParams): MarketplacesTab {
  return query.get('tab') === 'integrati' ? 'integrati' : DEFAULT_MARKETPLACES_TAB;
}

/** `/dashboard/marketplaces`, with `?tab=integrati` for the connected tab. */
export function marketplacesTabPath(tab: MarketplacesTab): string {
  return tab === DEFAULT_MARKETPLACES_TAB ? MARKETPLACES_PATH : `${MARKETPLACES_PATH}?tab=${tab}`;
}

/** What the setup page is open for (spec §2: `?mode=new` or `?edit=new`, else `?edit={integrationId}`). */
export type SetupTarget = { mode: 'new' } | { mode: 'edit'; integrationId: string };

/**
 * Reads the setup page's query. `edit` with an id wins; `mode=new`, `edit=new`, or nothing at all
 * open the form for a new connection.
 *
 * @example parseSetupTarget(new URLSearchParams('edit=42')) // { mode: 'edit', integrationId: '42' }
 */
export function parseSetupTarget(query: URLSearchParams): SetupTarget {
  const edit = query.get('edit')?.trim();
  if (edit && edit !== 'new') return { mode: 'edit', integrationId: edit };
  return { mode: 'new' };
}

/** `/carriers/{code}/setup?mode=new` or `?edit={integrationId}`. */
export function carrierSetupPath(code: string, target: SetupTarget = { mode: 'new' }): string {
  const base = `${CARRIERS_PATH}/${encodeURIComponent(code)}/setup`;
  return target.mode === 'new' ? `${base}?mode=new` : `${base}?edit=${encodeURIComponent(target.integrationId)}`;
}
