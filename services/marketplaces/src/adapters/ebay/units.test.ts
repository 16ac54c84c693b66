import { amountText, ebayInstant, ebayTrackingNumber, externalOrderStatus, fromCents, isExpressService, isoInstant, lineFulfilmentOf, orderStatusOf, paymentStatusOf, shippingCarrierCodeOf, toCents, unitPrice } from './units';

/* eBay's codes and units to ours. */

describe('isExpressService', () => {
  it("reads eBay's express services as express, the others not", () => {
    for (const code of ['IT_ExpressCourier', 'IT_ExpressCourierInternational', 'ExpeditedShippingFromOutsideUS', 'UK_OneDay', 'NextDay', 'Corriere espresso 24h']) expect(isExpressService(code)).toBe(true);
    for (const code of ['', 'IT_Gls', 'IT_RegularMail', 'IT_QuickPackage1', 'IT_StandardInternational']) expect(isExpressService(code)).toBe(false);
  });
});

describe('lineFulfilmentOf', () => {
  it.each([
    ['NOT_STARTED', 'da_spedire'],
    ['IN_PROGRESS', 'parzialmente_spedito'],
    ['FULFILLED', 'spedito'],
    [' fulfilled ', 'spedito'],
    ['', ''],
    ['SOMETHING_NEW', ''],
  ])("eBay's line state %j → %j", (ebay, ours) => {
    expect(lineFulfilmentOf(ebay)).toBe(ours);
  });
});

describe('orderStatusOf', () => {
  it.each([
    ['NOT_STARTED', 'NONE_REQUESTED', 'da_spedire'],
    ['IN_PROGRESS', 'NONE_REQUESTED', 'da_spedire'],
    ['FULFILLED', 'NONE_REQUESTED', 'spedito'],
    ['NOT_STARTED', 'CANCELED', 'annullato'],
    ['FULFILLED', 'CANCELED', 'annullato'],
    ['NOT_STARTED', 'IN_PROGRESS', 'da_spedire'],
    ['FULFILLED', 'IN_PROGRESS', 'spedito'],
    ['fulfilled', '', 'spedito'],
    ['', '', 'da_spedire'],
    ['SOMETHING_NEW', 'NONE_REQUESTED', 'da_spedire'],
    ['NOT_STARTED', 'canceled', 'annullato'],
  ])('%s with cancel state %s → %s', (fulfillment, cancel, ours) => {
    expect(orderStatusOf(fulfillment, cancel)).toBe(ours);
  });

  it.each([
    ['NOT_STARTED', 'FULLY_REFUNDED', 'annullato'],
    ['NOT_STARTED', 'PARTIALLY_REFUNDED', 'da_spedire'],
    ['IN_PROGRESS', 'FULLY_REFUNDED', 'da_spedire'],
    ['FULFILLED', 'FULLY_REFUNDED', 'spedito'],
    ['NOT_STARTED', 'PAID', 'da_spedire'],
  ])('%s with payment %s → %s (a refunded order not yet shipped is not to ship)', (fulfillment, payment, ours) => {
    expect(orderStatusOf(fulfillment, 'NONE_REQUESTED', payment)).toBe(ours);
  });
});

describe('paymentStatusOf', () => {
  it.each([
    ['PAID', 'pagato'],
    ['PENDING', 'in_attesa'],
    ['FAILED', 'fallito'],
    ['FULLY_REFUNDED', 'rimborsato'],
    ['PARTIALLY_REFUNDED', 'parzialmente_rimborsato'],
    ['paid', 'pagato'],
    ['', 'in_attesa'],
    ['ON_HOLD', 'in_attesa'],
  ])('%s → %s', (theirs, ours) => {
    expect(paymentStatusOf(theirs)).toBe(ours);
  });
});

describe('externalOrderStatus', () => {
  it("keeps eBay's fulfilment status, and the cancel state once a cancellation is asked or made", () => {
    expect(externalOrderStatus('NOT_STARTED', 'NONE_REQUESTED')).toBe('NOT_STARTED');
    expect(externalOrderStatus('FULFILLED', '')).toBe('FULFILLED');
    expect(externalOrderStatus('NOT_STARTED', 'IN_PROGRESS')).toBe('NOT_STARTED/CANCEL_IN_PROGRESS');
    expect(externalOrderStatus('not_started', 'canceled')).toBe('NOT_STARTED/CANCEL_CANCELED');
    expect(externalOrderStatus('', 'CANCELED')).toBe('CANCEL_CANCELED');
  });
});

describe('amounts', () => {
  it('reads decimal text as cents without binary rounding', () => {
    expect(toCents('12.34')).toBe(1234);
    expect(toCents('12.3')).toBe(1230);
    expect(toCents('1200')).toBe(120000);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('1.005')).toBe(101);
    expect(toCents('1.004')).toBe(100);
    expect(toCents('-5.00')).toBe(-500);
    expect(toCents(' 7.5 ')).toBe(750);
    expect(toCents('12,34')).toBeUndefined();
    expect(toCents('')).toBeUndefined();
    expect(toCents('abc')).toBeUndefined();
  });

  it('writes cents with two decimals', () => {
    expect(fromCents(1230)).toBe('12.30');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-505)).toBe('-5.05');
    expect(amountText('12.3')).toBe('12.30');
    expect(amountText('')).toBe('');
    expect(amountText('n/a')).toBe('');
  });

  it('divides the line cost by the quantity, to the cent', () => {
    expect(unitPrice('30.00', 3)).toBe('10.00');
    expect(unitPrice('10.00', 3)).toBe('3.33');
    expect(unitPrice('20.00', 3)).toBe('6.67');
    expect(unitPrice('19.99', 1)).toBe('19.99');
    expect(unitPrice('19.99', 0)).toBe('');
    expect(unitPrice('', 2)).toBe('');
  });
});

describe('instants', () => {
  it('reads eBay instants as ISO-8601 UTC and writes ours with milliseconds', () => {
    expect(isoInstant('2026-03-05T09:00:00.000Z')).toBe('2026-03-05T09:00:00.000Z');
    expect(isoInstant('2026-03-05T10:00:00+01:00')).toBe('2026-03-05T09:00:00.000Z');
    expect(isoInstant('')).toBe('');
    expect(isoInstant('ieri')).toBe('');
    expect(ebayInstant(new Date(Date.UTC(2016, 1, 21, 8, 25, 43, 511)))).toBe('2016-02-21T08:25:43.511Z');
  });
});

describe('shippingCarrierCodeOf', () => {
  it.each([
    ['gls', 'GLS'],
    [' GLS ', 'GLS'],
    ['poste_delivery', 'PosteItaliane'],
    ['posta_1', 'PosteItaliane'],
    ['posta_rc', 'PosteItaliane'],
    ['posta_pr_intl', 'PosteItaliane'],
    ['posta_rc_intl', 'PosteItaliane'],
    ['POSTA_1', 'PosteItaliane'],
    ['brt', 'Other'],
    ['dhl_express', 'Other'],
  ])('%j → %s', (ours, ebay) => {
    expect(shippingCarrierCodeOf(ours)).toBe(ebay);
  });

  it('empty stays empty (the builder refuses a push without a carrier)', () => {
    expect(shippingCarrierCodeOf('  ')).toBe('');
  });
});

describe('ebayTrackingNumber', () => {
  it('removes the spaces carriers print, and nothing else', () => {
    expect(ebayTrackingNumber(' MI 123 456\t789 ')).toBe('MI123456789');
    expect(ebayTrackingNumber('MI-123/456')).toBe('MI-123/456');
  });
});
