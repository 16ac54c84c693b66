import { isLineShipped, lineFulfilmentStatuses, linesToShip } from './orders';
import { MARKETPLACE_CATALOGUE, marketplaceCapabilities, marketplaceEntry, marketplaceIds, marketplaceName, marketplaceNames, syncPaceText } from './marketplace-catalogue';

describe('the marketplace catalogue, written once', () => {
  it('has the five marketplaces of spec §1 in order, ids unique, names as the merchant knows them', () => {
    expect(marketplaceIds).toEqual(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy']);
    expect(marketplaceNames).toEqual({ ebay: 'eBay', amazon: 'Amazon', shopify: 'Shopify', aliexpress: 'AliExpress', etsy: 'Etsy' });
    for (const m of MARKETPLACE_CATALOGUE) expect(m.logoUrl).toBe(`/assets/marketplaces/${m.id}.svg`);
  });

  it('connects all five through the seller\'s consent (OAuth), none from settings', () => {
    for (const m of MARKETPLACE_CATALOGUE) expect({ id: m.id, connectMethod: m.connectMethod, requiredSettings: m.requiredSettings }).toEqual({ id: m.id, connectMethod: 'oauth', requiredSettings: [] });
    expect(marketplaceEntry(' EBay ')?.connectMethod).toBe('oauth');
    expect(marketplaceEntry('shopify')?.connectMethod).toBe('oauth');
    expect(marketplaceEntry('amazon')).toMatchObject({ connectMethod: 'oauth', requiredSettings: [] });
    expect(marketplaceEntry('etsy')).toMatchObject({ connectMethod: 'oauth', requiredSettings: [] });
    expect(marketplaceEntry('aliexpress')).toMatchObject({ connectMethod: 'oauth', requiredSettings: [] });
    expect(marketplaceEntry('vinted')).toBeUndefined();
  });

  it('says what Smista does with each marketplace as data: all five take tracking and refresh their token; Etsy per receipt, the others per line', () => {
    expect(marketplaceCapabilities('ebay')).toEqual({ trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false });
    expect(marketplaceCapabilities('EBAY').trackingPush).toBe(true);
    expect(marketplaceCapabilities('shopify')).toEqual({ trackingPush: true, partialShipment: true, refreshToken: true, webhooks: true });
    expect(marketplaceCapabilities('amazon')).toEqual({ trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false });
    expect(marketplaceCapabilities('etsy')).toEqual({ trackingPush: true, partialShipment: false, refreshToken: true, webhooks: false });
    expect(marketplaceCapabilities(' AliExpress ')).toEqual({ trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false });
    for (const id of ['vinted', '']) expect(marketplaceCapabilities(id)).toEqual({ trackingPush: false, partialShipment: false, refreshToken: false, webhooks: false });
  });
});

describe('marketplaceName', () => {
  it('shows the marketplace as the merchant knows it, whatever the id’s case; an unknown id as given', () => {
    expect(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy', ' EBAY '].map(marketplaceName)).toEqual(['eBay', 'Amazon', 'Shopify', 'AliExpress', 'Etsy', 'eBay']);
    expect(marketplaceName('vinted')).toBe('vinted');
    expect(marketplaceName('')).toBe('marketplace');
    expect(marketplaceName('constructor')).toBe('constructor');
  });
});

describe('line fulfilment, in Smista’s words', () => {
  it('is shipped only when the marketplace shows every unit shipped', () => {
    expect(lineFulfilmentStatuses).toEqual(['da_spedire', 'parzialmente_spedito', 'spedito']);
    expect(['spedito', ' Spedito ', 'parzialmente_spedito', 'da_spedire', '', null, undefined].map(isLineShipped)).toEqual([true, true, false, false, false, false, false]);
  });

  const line = (externalItemId: string, fulfillmentStatus: string | null) => ({ externalItemId, fulfillmentStatus });

  it('a shipment carries the lines the marketplace does not show shipped (it would refuse the whole fulfilment), partly shipped and unknown ones too', () => {
    expect(linesToShip([line('A', 'spedito'), line('B', 'da_spedire'), line('C', 'parzialmente_spedito'), line('D', null), line('E', ''), line('F', ' SPEDITO ')]).map((l) => l.externalItemId)).toEqual(['B', 'C', 'D', 'E']);
  });

  it('keeps every line when all are shipped there: the merchant ships again on purpose, the refusal says why', () => {
    expect(linesToShip([line('A', 'spedito'), line('B', 'spedito')]).map((l) => l.externalItemId)).toEqual(['A', 'B']);
    expect(linesToShip([])).toEqual([]);
  });
});

describe("a marketplace's sync pace", () => {
  it("tells Amazon's pace with the time the orders still to read take; nothing for the others", () => {
    expect(syncPaceText('amazon', 1000)).toBe('Amazon consente circa 100 ordini ogni 3 minuti: tempo stimato circa 30 minuti');
    expect(syncPaceText('amazon', 40)).toBe('Amazon consente circa 100 ordini ogni 3 minuti: tempo stimato circa 3 minuti');
    expect(syncPaceText('amazon', 4200)).toBe('Amazon consente circa 100 ordini ogni 3 minuti: tempo stimato circa 2 ore e 6 minuti');
    expect(syncPaceText('ebay', 1000)).toBeNull();
    expect(syncPaceText('sconosciuto', 1000)).toBeNull();
  });
});
