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

  it("links a pool's page by carrier and integration", () => {
    expect(notificationLinks.carrierCodes('posta_1', 12)).toBe('/carriers/posta_1/setup?edit=12');
  });

  it('counts in Italian, singular and plural', () => {
    expect(m.unread(1)).toBe('1 da leggere');
    expect(m.unread(3)).toBe('3 da leggere');
    expect(m.labelsCreated(1, 'gls')).toBe('1 etichetta creata con GLS');
    expect(m.ordersImported(2, 'ebay')).toBe('2 ordini importati da eBay');
    expect(m.syncFailed('ebay', '')).toBe('La sincronizzazione degli ordini eBay non è riuscita.');
  });
});
