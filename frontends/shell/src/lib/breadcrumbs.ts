import { t } from '../messages';

/** One step of the header breadcrumbs; `href` is null for steps that are not pages. */
export interface Crumb {
  label: string;
  href: string | null;
}

const LABELS: Readonly<Record<string, string>> = t.crumbs;
const SETTINGS_TABS: Readonly<Record<string, string>> = t.settingsTabs;
const CARRIERS: Readonly<Record<string, string>> = t.carrierCrumbs;
/** The tab the settings remote shows when the path names none it knows (spec §2: default team). */
const DEFAULT_SETTINGS_TAB = 'team';

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
 * The label of the segment at `index` of `segments`. The settings tab (third segment under
 * /dashboard/settings) is named by the tab, and a tab the remote does not know reads as the default
 * tab it shows instead, never as the raw text of the address bar. The carrier of
 * /carriers/{code}/setup is named by the carrier when the code is one of the catalogue's.
 */
function labelOf(segments: string[], index: number): string {
  const segment = segments[index];
  if (index === 2 && segments[0] === 'dashboard' && segments[1] === 'settings') {
    return SETTINGS_TABS[Object.hasOwn(SETTINGS_TABS, segment) ? segment : DEFAULT_SETTINGS_TAB];
  }
  if (index === 1 && segments[0] === 'carriers' && Object.hasOwn(CARRIERS, segment)) return CARRIERS[segment];
  return Object.hasOwn(LABELS, segment) ? LABELS[segment] : decode(segment);
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
  let path = '';
  return segments.map((segment, index) => {
    path += `/${segment}`;
    return { label: labelOf(segments, index), href: NOT_PAGES.some((re) => re.test(path)) ? null : path };
  });
}
