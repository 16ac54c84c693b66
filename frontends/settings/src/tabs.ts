import { t } from './messages';

export type SettingsTabId = 'team' | 'account' | 'carriers' | 'addresses' | 'packages' | 'emails';

export interface SettingsTab {
  id: SettingsTabId;
  label: string;
}

/** The settings tabs in menu order (spec §2). */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { id: 'team', label: t.tabs.team },
  { id: 'account', label: t.tabs.account },
  { id: 'carriers', label: t.tabs.carriers },
  { id: 'addresses', label: t.tabs.addresses },
  { id: 'packages', label: t.tabs.packages },
  { id: 'emails', label: t.tabs.emails },
];

export const DEFAULT_SETTINGS_TAB: SettingsTabId = 'team';

/** Where the shell mounts this remote: its app.tsx routes `/dashboard/settings/*` here. */
export const SETTINGS_BASE_PATH = '/dashboard/settings';

/** The tab a path segment names (`/dashboard/settings/{tab}`), or null when it names none. */
export function parseSettingsTab(segment: string | undefined): SettingsTabId | null {
  return SETTINGS_TABS.find((tab) => tab.id === segment)?.id ?? null;
}

export function settingsTabPath(id: SettingsTabId): string {
  return `${SETTINGS_BASE_PATH}/${id}`;
}
