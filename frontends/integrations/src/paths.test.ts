import { carrierSetupPath, integrationDetailPath, marketplacesTabPath, mountOf, parseMarketplacesTab, parseSetupTarget } from './paths';

describe('mountOf', () => {
  it('tells the carriers mount from the integrations overview', () => {
    expect(mountOf('/carriers')).toBe('carriers');
    expect(mountOf('/carriers/gls/setup')).toBe('carriers');
    expect(mountOf('/dashboard/integrations')).toBe('integrations');
    expect(mountOf('/dashboard/integrations/x')).toBe('integrations');
    expect(mountOf('/carriersx')).toBe('integrations');
  });
  it('tells the marketplace mounts apart from the overview', () => {
    expect(mountOf('/dashboard/marketplaces')).toBe('marketplaces');
    expect(mountOf('/dashboard/marketplaces/x')).toBe('marketplaces');
    expect(mountOf('/dashboard/integration/42')).toBe('integration');
    expect(mountOf('/dashboard/integration')).toBe('integration');
    expect(mountOf('/dashboard/integrations')).toBe('integrations');
    expect(mountOf('/dashboard/marketplacesx')).toBe('integrations');
  });
});

describe('marketplace paths', () => {
  it('links an integration to its detail page, escaped', () => {
    expect(integrationDetailPath(42)).toBe('/dashboard/integration/42');
    expect(integrationDetailPath('a/b')).toBe('/dashboard/integration/a%2Fb');
  });
  it("keeps the tab in ?tab=, 'disponibili' by default", () => {
    expect(parseMarketplacesTab(new URLSearchParams(''))).toBe('disponibili');
    expect(parseMarketplacesTab(new URLSearchParams('tab=integrati'))).toBe('integrati');
    expect(parseMarketplacesTab(new URLSearchParams('tab=altro'))).toBe('disponibili');
    expect(marketplacesTabPath('integrati')).toBe('/dashboard/marketplaces?tab=integrati');
    expect(marketplacesTabPath('disponibili')).toBe('/dashboard/marketplaces');
  });
});

describe('parseSetupTarget', () => {
  const parse = (query: string) => parseSetupTarget(new URLSearchParams(query));
  it('opens an existing integration with ?edit={id}', () => {
    expect(parse('edit=42')).toEqual({ mode: 'edit', integrationId: '42' });
    expect(parse('edit=%2042%20&mode=new')).toEqual({ mode: 'edit', integrationId: '42' });
  });
  it('opens a new connection with ?mode=new, ?edit=new or no query', () => {
    expect(parse('mode=new')).toEqual({ mode: 'new' });
    expect(parse('edit=new')).toEqual({ mode: 'new' });
    expect(parse('edit=')).toEqual({ mode: 'new' });
    expect(parse('')).toEqual({ mode: 'new' });
  });
});

describe('carrierSetupPath', () => {
  it('builds the new and edit links of spec §2', () => {
    expect(carrierSetupPath('gls')).toBe('/carriers/gls/setup?mode=new');
    expect(carrierSetupPath('posta_1', { mode: 'edit', integrationId: '7' })).toBe('/carriers/posta_1/setup?edit=7');
  });
  it('round-trips through parseSetupTarget', () => {
    const path = carrierSetupPath('gls', { mode: 'edit', integrationId: '12' });
    expect(parseSetupTarget(new URLSearchParams(path.split('?')[1]))).toEqual({ mode: 'edit', integrationId: '12' });
  });
});
