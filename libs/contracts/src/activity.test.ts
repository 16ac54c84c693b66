import { activityLimitQuerySchema, activityMessages as m, carrierName, notificationLinks } from './activity';

describe('activity contracts', () => {
  it('reads a limit of 1–100, the default when absent, and refuses anything else in Italian', () => {
    expect(activityLimitQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(activityLimitQuerySchema.parse({ limit: ' ' })).toEqual({ limit: 20 });
    expect(activityLimitQuerySchema.parse({ limit: '100' })).toEqual({ limit: 100 });
    for (const limit of ['0', '101', 'abc', '-1', '2.5', '1e2']) {
      const result = activityLimitQuerySchema.safeParse({ limit });
      expect({ limit, message: result.success ? null : result.error.issues[0]!.message }).toEqual({ limit, message: m.limitInvalid });
    }
  });

  it('names carriers as merchants read them', () => {
    expect(['gls', 'posta_1', 'POSTA_RC', 'poste_delivery', 'dhl'].map(carrierName)).toEqual(['GLS', 'Posta1', 'Raccomandata', 'Poste Delivery Business', 'dhl']);
  });

  it("links where each problem is: a pool's page, an integration's page, an order's shipments, a GLS account's shipped ones", () => {
    expect(notificationLinks.carrierCodes('posta_1', 12)).toBe('/carriers/posta_1/setup?edit=12');
    expect(notificationLinks.marketplaceIntegration(7)).toBe('/dashboard/integration/7');
    expect(notificationLinks.shipmentsOfOrder('12-34567-89012')).toBe('/dashboard/shipments?search=12-34567-89012');
    expect(notificationLinks.shipmentsOfOrder('A&B 1')).toBe('/dashboard/shipments?search=A%26B+1');
    expect(notificationLinks.shippedShipments(5)).toBe('/dashboard/shipments?status=shipped&carrier=5');
    expect(notificationLinks.shippedShipments(null)).toBe('/dashboard/shipments?status=shipped');
  });

  it('tells the actions a merchant looks for, in Italian', () => {
    expect(m.workdayClosed('gls', 1)).toBe('Giornata GLS chiusa: 1 spedizione confermata');
    expect(m.shipmentCancelled(12)).toBe('Spedizione #12 annullata');
    expect(m.trackingPushed(13, 'ebay')).toBe('Tracking inviato a eBay per 13 spedizioni');
    expect(m.carrierChanged('connected', 'posta_1', ' Posta1 sede ')).toBe('Corriere Posta1 collegato: «Posta1 sede»');
    expect(m.carrierChanged('disconnected', 'gls', '')).toBe('Corriere GLS scollegato');
    expect(m.marketplaceChanged('reconnected', 'ebay', 'bottega')).toBe('eBay ricollegato: account «bottega»');
    expect(m.marketplaceChanged('off', 'ebay', '')).toBe('eBay disattivato');
  });

  it('counts in Italian, singular and plural', () => {
    expect(m.unread(1)).toBe('1 da leggere');
    expect(m.unread(3)).toBe('3 da leggere');
    expect(m.labelsCreated(1, 'gls')).toBe('1 etichetta creata con GLS');
    expect(m.ordersImported(2, 'ebay')).toBe('2 ordini importati da eBay');
    expect(m.syncFailed('ebay', '')).toBe('La sincronizzazione degli ordini eBay non è riuscita.');
  });
});
