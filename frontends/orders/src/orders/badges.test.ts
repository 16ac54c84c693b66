import { orderStatusBadge, paymentStatusBadge } from './badges';

describe('orderStatusBadge (spec §4, case-insensitive)', () => {
  it('greens completed and delivered', () => {
    for (const s of ['completed', 'DELIVERED', 'consegnato', 'Consegnato']) expect(orderStatusBadge(s).tone).toBe('green');
    expect(orderStatusBadge('consegnato').label).toBe('Consegnato');
  });
  it("oranges to ship, pending and not started as 'da spedire'", () => {
    for (const s of ['to_ship', 'TO_SHIP', 'da_spedire', 'pending', 'NOT_STARTED', 'not started']) expect(orderStatusBadge(s)).toEqual({ tone: 'orange', label: 'da spedire' });
  });
  it("oranges an order waiting for its payment as 'da pagare' (issue 19)", () => {
    for (const s of ['da_pagare', 'TO_PAY']) expect(orderStatusBadge(s)).toEqual({ tone: 'orange', label: 'da pagare' });
  });
  it('blues shipped and processing', () => {
    for (const s of ['shipped', 'SPEDITO', 'processing', 'in_transito', 'IN_PROGRESS']) expect(orderStatusBadge(s).tone).toBe('blue');
    expect(orderStatusBadge('spedito').label).toBe('Spedito');
    expect(orderStatusBadge('in_transito').label).toBe('In transito');
  });
  it('reds cancelled, canceled and failed', () => {
    for (const s of ['cancelled', 'Canceled', 'FAILED', 'annullato']) expect(orderStatusBadge(s).tone).toBe('red');
    expect(orderStatusBadge('annullato').label).toBe('Annullato');
  });
  it('greys anything else with its own text', () => {
    expect(orderStatusBadge('on_hold')).toEqual({ tone: 'grey', label: 'on_hold' });
    expect(orderStatusBadge('constructor')).toEqual({ tone: 'grey', label: 'constructor' });
    expect(orderStatusBadge(null)).toEqual({ tone: 'grey', label: '—' });
  });
});

describe('paymentStatusBadge', () => {
  it('names our payment statuses in Italian with their colour', () => {
    expect(paymentStatusBadge('pagato')).toEqual({ tone: 'green', label: 'Pagato' });
    expect(paymentStatusBadge('IN_ATTESA')).toEqual({ tone: 'orange', label: 'In attesa' });
    expect(paymentStatusBadge('fallito')).toEqual({ tone: 'red', label: 'Non riuscito' });
    expect(paymentStatusBadge('parzialmente_rimborsato')).toEqual({ tone: 'grey', label: 'Parzialmente rimborsato' });
  });
  it('shows a marketplace word as it came', () => {
    expect(paymentStatusBadge('PAID')).toEqual({ tone: 'green', label: 'PAID' });
    expect(paymentStatusBadge('toString')).toEqual({ tone: 'grey', label: 'toString' });
  });
});
