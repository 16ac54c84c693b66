import { t } from './messages';

export type SettingsTabId = 'team' | 'account' | 'carriers' | 'addresses';

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
];

export const DEFAULT_SETTINGS_TAB: SettingsTabId = 'team';

/**
 * The tab named by the third path segment (`/dashboard/settings/{tab}`); the default (team) when
 * there is none or it is unknown.
 */
export function tabFromPath(pathname: string): SettingsTabId {
  const segment = pathname.split('/').filter(Boolean)[2];
  return SETTINGS_TABS.find((tab) => tab.id === segment)?.id ?? DEFAULT_SETTINGS_TAB;
}

export function settingsTabPath(id: SettingsTabId): string {
  return `/dashboard/settings/${id}`;
}
