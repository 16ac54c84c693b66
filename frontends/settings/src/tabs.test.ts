import { DEFAULT_SETTINGS_TAB, parseSettingsTab, settingsTabPath, SETTINGS_TABS } from './tabs';

describe('parseSettingsTab', () => {
  it('reads every tab', () => {
    expect(parseSettingsTab('team')).toBe('team');
    expect(parseSettingsTab('account')).toBe('account');
    expect(parseSettingsTab('carriers')).toBe('carriers');
    expect(parseSettingsTab('addresses')).toBe('addresses');
    expect(parseSettingsTab('packages')).toBe('packages');
    expect(parseSettingsTab('emails')).toBe('emails');
  });

  it('names none for an unknown or missing segment (the routes then go to the default tab)', () => {
    expect(parseSettingsTab('unknown')).toBeNull();
    expect(parseSettingsTab('Team')).toBeNull();
    expect(parseSettingsTab('')).toBeNull();
    expect(parseSettingsTab(undefined)).toBeNull();
  });
});

describe('tabs', () => {
  it('defaults to team, in the spec order, then the package presets (issue 25) and the e-mails to buyers (issue 26)', () => {
    expect(DEFAULT_SETTINGS_TAB).toBe('team');
    expect(SETTINGS_TABS.map((tab) => tab.label)).toEqual(['Gestione Team', 'Profilo Utente', 'Corrieri', 'Indirizzi', 'Imballaggi', 'E-mail ai clienti']);
  });

  it('builds tab paths', () => {
    expect(settingsTabPath('account')).toBe('/dashboard/settings/account');
  });
});
