import { heldForPayment, mapOrderStatus, mapPaymentStatus } from './statuses';

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
    // Held for payment is ours to decide, never the marketplace's word.
    ['TO_PAY', 'da_spedire'],
    ['da_pagare', 'da_spedire'],
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

describe('heldForPayment', () => {
  it.each(['in_attesa', 'fallito'] as const)('an order to ship whose payment is %s waits in da_pagare', (payment) => {
    expect(heldForPayment('da_spedire', payment)).toBe('da_pagare');
    expect(heldForPayment('da_pagare', payment)).toBe('da_pagare');
  });

  it.each(['pagato', 'rimborsato', 'parzialmente_rimborsato'] as const)('an order to ship whose payment is %s is to ship', (payment) => {
    expect(heldForPayment('da_spedire', payment)).toBe('da_spedire');
    // Paid since: it joins 'Da spedire'.
    expect(heldForPayment('da_pagare', payment)).toBe('da_spedire');
  });

  it.each(['in_transito', 'spedito', 'consegnato', 'annullato'] as const)('%s stays what it is whatever the payment', (status) => {
    expect(heldForPayment(status, 'in_attesa')).toBe(status);
    expect(heldForPayment(status, 'fallito')).toBe(status);
  });
});
