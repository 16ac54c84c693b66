import { mapOrderStatus, mapPaymentStatus } from './statuses';

describe('mapOrderStatus', () => {
  it.each([
    ['da_spedire', 'da_spedire'],
    ['in_transito', 'in_transito'],
    ['spedito', 'spedito'],
    ['consegnato', 'consegnato'],
    ['annullato', 'annullato'],
    ['TO_SHIP', 'da_spedire'],
    ['shipped', 'spedito'],
    [' Delivered ', 'consegnato'],
    ['CANCELLED', 'annullato'],
  ])('%s → %s (known)', (raw, value) => {
    expect(mapOrderStatus(raw)).toEqual({ value, known: true });
  });

  it.each(['', 'all', 'FULFILLED', 'in consegna', 'NOT_STARTED'])('%j → da_spedire, flagged unknown', (raw) => {
    expect(mapOrderStatus(raw)).toEqual({ value: 'da_spedire', known: false });
  });
});

describe('mapPaymentStatus', () => {
  it.each(['in_attesa', 'pagato', 'fallito', 'rimborsato', 'parzialmente_rimborsato', ' PAGATO '])('%j is known', (raw) => {
    expect(mapPaymentStatus(raw)).toEqual({ value: raw.trim().toLowerCase(), known: true });
  });

  it.each(['', 'PAID', 'FULLY_REFUNDED', 'pending'])('%j → in_attesa, flagged unknown', (raw) => {
    expect(mapPaymentStatus(raw)).toEqual({ value: 'in_attesa', known: false });
  });
});
