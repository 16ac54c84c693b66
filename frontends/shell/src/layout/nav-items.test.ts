import { isActiveElsewhere, NAV_ITEMS } from './nav-items';

describe('isActiveElsewhere', () => {
  const integrations = NAV_ITEMS.find((item) => item.to === '/dashboard/integrations')!;

  it('keeps Integrazioni lit on the carrier screens', () => {
    expect(isActiveElsewhere(integrations, '/carriers')).toBe(true);
    expect(isActiveElsewhere(integrations, '/carriers/gls/setup')).toBe(true);
  });

  it('does not light it on other paths, nor other entries on the carrier screens', () => {
    expect(isActiveElsewhere(integrations, '/carriersx')).toBe(false);
    expect(isActiveElsewhere(integrations, '/dashboard/settings/carriers')).toBe(false);
    const others = NAV_ITEMS.filter((item) => item !== integrations);
    expect(others.some((item) => isActiveElsewhere(item, '/carriers/gls/setup'))).toBe(false);
  });
});
