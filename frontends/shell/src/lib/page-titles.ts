import { t } from '../messages';

/** A route pattern as in app.tsx (`:param` matches one segment, a trailing `*` the rest) and its title. */
type TitleRule = readonly [pattern: string, title: string | ((params: string[]) => string)];

const SETTINGS_TABS: Readonly<Record<string, string>> = t.settingsTabs;

/** Settings: the tab's name when the remote knows it, else the section's. */
const settingsTitle = ([tab]: string[]) => (tab !== undefined && Object.hasOwn(SETTINGS_TABS, tab) ? SETTINGS_TABS[tab] : t.titles.settings);

/** Every route of app.tsx, in the same order; `/` and `/home` only redirect. */
const RULES: readonly TitleRule[] = [
  ['/auth', t.titles.auth],
  ['/request-password-reset', t.titles.requestPasswordReset],
  ['/reset-password', t.titles.resetPassword],
  ['/accept-invite', t.titles.invite],
  ['/accept-existing-invite', t.titles.invite],
  ['/marketplace/callback', t.titles.marketplaceCallback],
  ['/merchant-selection', t.titles.merchantSelection],
  ['/', t.product],
  ['/home', t.product],
  ['/dashboard', t.titles.dashboard],
  ['/dashboard/orders', t.titles.orders],
  ['/dashboard/orders/new', t.titles.newOrder],
  ['/dashboard/orders/import', t.titles.csvImport],
  ['/dashboard/shipments', t.titles.shipments],
  // The integrations remote's index (its mount is `/dashboard/integrations/*`; other paths redirect).
  ['/dashboard/integrations', t.titles.integrations],
  ['/dashboard/marketplaces', t.titles.marketplaces],
  ['/dashboard/integration/:integrationId', t.titles.integrationDetail],
  ['/dashboard/settings', settingsTitle],
  ['/dashboard/settings/:tab/*', settingsTitle],
  ['/orders', t.titles.orders],
  ['/orders/new', t.titles.newOrder],
  ['/orders/import', t.titles.csvImport],
  ['/orders/:orderId', t.titles.orderDetail],
  ['/shipments', t.titles.shipments],
  // The integrations remote's pages under its `/carriers/*` mount.
  ['/carriers', t.titles.carriers],
  ['/carriers/:carrierCode/setup', t.titles.carrierSetup],
  ['/shipping-rules', t.titles.shippingRules],
  ['/catalogo', t.titles.catalogue],
];

/** The values of the `:params` when `pathname` matches `pattern`, else null. */
function match(pattern: string, pathname: string): string[] | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  const rest = want.at(-1) === '*';
  if (rest) want.pop();
  if (rest ? got.length < want.length : got.length !== want.length) return null;
  const params: string[] = [];
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params.push(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

/**
 * The browser tab's title for a path: the page's Italian name and the product ('Ordini · Smista');
 * the product alone where a route only redirects; 'Pagina non trovata · Smista' for unknown paths.
 *
 * @example documentTitleFor('/dashboard/settings/account') // 'Profilo Utente · Smista'
 */
export function documentTitleFor(pathname: string): string {
  for (const [pattern, title] of RULES) {
    const params = match(pattern, pathname);
    if (!params) continue;
    const name = typeof title === 'function' ? title(params) : title;
    return name === t.product ? t.product : `${name}${t.titles.separator}${t.product}`;
  }
  return `${t.titles.notFound}${t.titles.separator}${t.product}`;
}
