import { carrierKeys, integrationPath, integrationsPath } from './carriers-api';
import { distintaUrl } from '../tracking-codes/tracking-codes-api';

describe('carrierKeys', () => {
  it('nests integrations under their merchant and codes under their integration', () => {
    expect(carrierKeys.integrations('m1')).toEqual(['carriers', 'm1', 'integrations']);
    expect(carrierKeys.integration('m1', '7')).toEqual(['carriers', 'm1', 'integrations', '7']);
    expect(carrierKeys.codeStats('m1', '7')).toEqual(['carriers', 'm1', 'integrations', '7', 'codes', 'stats']);
    expect(carrierKeys.codePage('m1', '7', 'used', 2, 20)).toEqual(['carriers', 'm1', 'integrations', '7', 'codes', 'list', 'used', 2, 20]);
    const prefix = (key: readonly unknown[], of: readonly unknown[]) => expect(key.slice(0, of.length)).toEqual([...of]);
    prefix(carrierKeys.codePage('m1', '7', 'all', 1, 20), carrierKeys.codes('m1', '7'));
    prefix(carrierKeys.codeStats('m1', '7'), carrierKeys.codes('m1', '7'));
    prefix(carrierKeys.codes('m1', '7'), carrierKeys.integration('m1', '7'));
    prefix(carrierKeys.integration('m1', '7'), carrierKeys.integrations('m1'));
  });
  it('keeps merchants apart and the catalogue outside every merchant', () => {
    expect(carrierKeys.integrations('m1')).not.toEqual(carrierKeys.integrations('m2'));
    expect(carrierKeys.catalogue()).toEqual(['carriers', 'catalogue']);
  });
  it("is the settings remote's key for the merchant's list (one cache entry for both screens)", () => {
    expect(carrierKeys.integrations('m1')).toEqual(['carriers', 'm1', 'integrations']);
  });
});

describe('paths', () => {
  it('scopes every integration call to the merchant, ids escaped', () => {
    expect(integrationsPath('m-1')).toBe('/api/merchants/m-1/carrier-integrations');
    expect(integrationPath('m-1', '4/2')).toBe('/api/merchants/m-1/carrier-integrations/4%2F2');
  });
  it('downloads the distinta of a day in either format', () => {
    expect(distintaUrl('m1', '7', '2026-03-05', 'pdf')).toBe('/api/merchants/m1/carrier-integrations/7/tracking-codes/distinta?date=2026-03-05&format=pdf');
  });
});
