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

describe('Ordini', () => {
  const orders = NAV_ITEMS.find((item) => item.to === '/dashboard/orders')!;

  it('stays lit on the /orders list and on one order', () => {
    expect(isActiveElsewhere(orders, '/orders')).toBe(true);
    expect(isActiveElsewhere(orders, '/orders/42')).toBe(true);
    expect(isActiveElsewhere(orders, '/ordersx')).toBe(false);
    expect(NAV_ITEMS.filter((item) => item !== orders).some((item) => isActiveElsewhere(item, '/orders/42'))).toBe(false);
  });
});
