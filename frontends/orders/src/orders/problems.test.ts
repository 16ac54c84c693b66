import type { OrderJson } from '@smista/contracts';
import { orderProblems } from './problems';

const address = (addressLine1: string) => ({ addressLine1 }) as unknown as OrderJson['shippingAddressDetails'];

describe("an order's problems", () => {
  it("says the marketplace withheld the address of an order to ship that came without its street line (Amazon without the restricted role)", () => {
    expect(orderProblems({ marketplace: 'amazon', status: 'da_spedire', shippingAddressDetails: address('') })).toEqual(['Indirizzo non disponibile da Amazon']);
    expect(orderProblems({ marketplace: 'amazon', status: 'da_spedire', shippingAddressDetails: null })).toEqual(['Indirizzo non disponibile da Amazon']);
  });
  it('has none for an order with its address, nor for one already shipped or cancelled', () => {
    expect(orderProblems({ marketplace: 'amazon', status: 'da_spedire', shippingAddressDetails: address('Via Roma 1') })).toEqual([]);
    expect(orderProblems({ marketplace: 'amazon', status: 'spedito', shippingAddressDetails: address('') })).toEqual([]);
    expect(orderProblems({ marketplace: 'ebay', status: 'annullato', shippingAddressDetails: null })).toEqual([]);
  });
});

describe("'Peso mancante' (issue 25)", () => {
  it('is a problem of an order to ship or to pay a line of which has no weight, not of one already shipped', () => {
    const base = { marketplace: 'ebay' as const, shippingAddressDetails: address('Via Roma 1'), weightMissing: true };
    expect(orderProblems({ ...base, status: 'da_spedire' })).toEqual(['Peso mancante']);
    expect(orderProblems({ ...base, status: 'da_pagare' })).toEqual(['Peso mancante']);
    expect(orderProblems({ ...base, status: 'spedito' })).toEqual([]);
    expect(orderProblems({ ...base, status: 'da_spedire', weightMissing: false })).toEqual([]);
  });
});
