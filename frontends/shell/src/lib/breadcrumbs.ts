/** One step of the header breadcrumbs; `href` is null for steps that are not pages. */
export interface Crumb {
  label: string;
  href: string | null;
}

const LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  orders: 'Ordini',
  shipments: 'Spedizioni',
  integrations: 'Integrazioni',
  integration: 'Integrazione',
  marketplaces: 'Marketplace',
  settings: 'Impostazioni',
  team: 'Gestione Team',
  account: 'Profilo Utente',
  carriers: 'Corrieri',
  addresses: 'Indirizzi',
  setup: 'Configurazione',
  'shipping-rules': 'Regole di Spedizione',
  'merchant-selection': 'Selezione merchant',
  home: 'Home',
};

/** Intermediate paths that are not pages of their own. */
const NOT_PAGES = [/^\/dashboard\/integration$/, /^\/carriers\/[^/]+$/];

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Breadcrumbs derived from the path (spec §2 layout): one step per segment, labelled in Italian
 * where the segment is a known section, otherwise shown as is (ids, carrier codes).
 *
 * @example breadcrumbsFor('/dashboard/settings/account')
 * // [{Dashboard,/dashboard}, {Impostazioni,/dashboard/settings}, {Profilo Utente,/dashboard/settings/account}]
 */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  let path = '';
  for (const segment of segments) {
    path += `/${segment}`;
    const label = LABELS[segment] ?? decode(segment);
    crumbs.push({ label, href: NOT_PAGES.some((re) => re.test(path)) ? null : path });
  }
  return crumbs;
}
