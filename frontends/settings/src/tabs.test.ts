import { settingsTabPath, tabFromPath } from './tabs';

describe('tabFromPath', () => {
  it('reads the third path segment', () => {
    expect(tabFromPath('/dashboard/settings/account')).toBe('account');
    expect(tabFromPath('/dashboard/settings/carriers/')).toBe('carriers');
    expect(tabFromPath('/dashboard/settings/addresses')).toBe('addresses');
  });

  it('defaults to team', () => {
    expect(tabFromPath('/dashboard/settings')).toBe('team');
    expect(tabFromPath('/dashboard/settings/unknown')).toBe('team');
  });

  it('builds tab paths', () => {
    expect(settingsTabPath('account')).toBe('/dashboard/settings/account');
  });
});
