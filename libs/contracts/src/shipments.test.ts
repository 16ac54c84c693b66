import { bulkCreateSchema, shipmentMessages as m } from './shipments';

describe('bulk create summary', () => {
  it.each([
    [3, {}, '3 spedizioni create'],
    [1, {}, '1 spedizione creata'],
    [0, { existing: 1 }, 'Nessuna spedizione creata: 1 ordine ha già una spedizione'],
    [0, { existing: 2 }, 'Nessuna spedizione creata: 2 ordini hanno già una spedizione'],
    [0, { notFound: 2 }, 'Nessuna spedizione creata: 2 ordini non trovati'],
    [0, { existing: 1, notFound: 1, cancelled: 1 }, 'Nessuna spedizione creata: 1 ordine ha già una spedizione, 1 ordine non trovato, 1 ordine annullato'],
    [0, { unpaid: 2 }, 'Nessuna spedizione creata: 2 ordini non pagati (da confermare)'],
    [1, { unpaid: 1 }, '1 spedizione creata; 1 ordine saltato (1 ordine non pagato (da confermare))'],
    [3, { existing: 1, notFound: 1 }, '3 spedizioni create; 2 ordini saltati (1 ordine ha già una spedizione, 1 ordine non trovato)'],
    [1, { cancelled: 1 }, '1 spedizione creata; 1 ordine saltato (1 ordine annullato)'],
  ] as const)('%i created, skipped %j: %s', (created, skipped, text) => {
    expect(m.bulkCreated(created, skipped)).toBe(text);
  });

  it('never says an order has a shipment when none of the skipped has one', () => {
    expect(m.bulkCreated(0, { notFound: 3 })).not.toContain('già una spedizione');
  });
});

describe('bulkCreateSchema (issue 19: confirmUnpaid)', () => {
  it('confirmUnpaid is optional (false) and must be a boolean when given', () => {
    expect(bulkCreateSchema.parse({ orderIds: [3, 3, 4] })).toEqual({ orderIds: [3, 4], confirmUnpaid: false });
    expect(bulkCreateSchema.parse({ orderIds: [3], confirmUnpaid: true })).toEqual({ orderIds: [3], confirmUnpaid: true });
    expect(bulkCreateSchema.parse({ orderIds: [3], confirmUnpaid: null })).toEqual({ orderIds: [3], confirmUnpaid: false });
    for (const confirmUnpaid of ['true', 1, {}]) {
      expect(bulkCreateSchema.safeParse({ orderIds: [3], confirmUnpaid }).error?.issues[0]?.message).toBe(m.confirmUnpaidInvalid);
    }
  });
});
