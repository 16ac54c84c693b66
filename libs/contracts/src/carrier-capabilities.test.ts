import { cancellationMessages, cancellationOf, carrierDestinations, destinationRefusal } from './carrier-capabilities';
import { posteMessages } from './poste-messages';

describe('carrier destinations: the one check of the label and the rules', () => {
  it('GLS ships anywhere', () => {
    expect(carrierDestinations({ carrierCode: 'gls' }).scope).toBe('any');
    expect(destinationRefusal({ carrierCode: 'gls' }, 'AT')).toBeNull();
  });

  it('the domestic letter services serve Italy, San Marino and the Vatican only', () => {
    for (const country of ['IT', 'sm', ' VA ']) expect(destinationRefusal({ carrierCode: 'posta_1' }, country)).toBeNull();
    expect(destinationRefusal({ carrierCode: 'posta_1' }, 'AT')).toBe(posteMessages.letters.domesticOnly('Posta1'));
    expect(destinationRefusal({ carrierCode: 'posta_1' }, 'AT')).toMatch(/^Posta1 vale solo per l'Italia/);
    expect(destinationRefusal({ carrierCode: 'posta_rc' }, 'FR')).toBe(posteMessages.letters.domesticOnly('Raccomandata'));
  });

  it('the international letter services serve everything but the domestic area', () => {
    expect(destinationRefusal({ carrierCode: 'posta_pr_intl' }, 'AT')).toBeNull();
    expect(destinationRefusal({ carrierCode: 'posta_rc_intl' }, 'IT')).toBe(posteMessages.letters.internationalOnly('Raccomandata Internazionale'));
    expect(destinationRefusal({ carrierCode: 'posta_pr_intl' }, 'SM')).toBe(posteMessages.letters.internationalOnly('Postapriority Internazionale'));
  });

  it("Poste Delivery by the integration's product: '' is Standard, unknown (null) is not checked", () => {
    expect(destinationRefusal({ carrierCode: 'poste_delivery', serviceType: 'APT000902' }, 'AT')).toBe(posteMessages.productDomesticOnly('Standard', 'Austria'));
    expect(destinationRefusal({ carrierCode: 'poste_delivery', serviceType: '' }, 'AT')).toBe(posteMessages.productDomesticOnly('Standard', 'Austria'));
    expect(destinationRefusal({ carrierCode: 'poste_delivery', serviceType: 'APT000901' }, 'IT')).toBeNull();
    expect(destinationRefusal({ carrierCode: 'poste_delivery', serviceType: 'APT000904' }, 'AT')).toBeNull();
    expect(destinationRefusal({ carrierCode: 'poste_delivery', serviceType: 'APT000903' }, 'IT')).toBe(posteMessages.productInternationalOnly('Internazionale Express'));
    // Poste Delivery's domestic area is Italy alone (receiver ITA1), unlike the letters'.
    expect(destinationRefusal({ carrierCode: 'poste_delivery', serviceType: 'APT000902' }, 'SM')).not.toBeNull();
    expect(destinationRefusal({ carrierCode: 'poste_delivery', serviceType: null }, 'AT')).toBeNull();
    expect(destinationRefusal({ carrierCode: 'poste_delivery' }, 'AT')).toBeNull();
  });
});

describe('cancellation: at the carrier, or in Smista only where the carrier cannot', () => {
  it('a pending shipment is cancelled here; other statuses not at all', () => {
    expect(cancellationOf({ carrierProvider: 'poste_delivery', status: 'pending' })).toEqual({ kind: 'here' });
    for (const status of ['processing', 'delivered', 'error', 'cancelled']) expect(cancellationOf({ carrierProvider: 'gls', status })).toBeNull();
  });

  it('GLS deletes before the workday close, never after', () => {
    expect(cancellationOf({ carrierProvider: 'gls', status: 'shipped', closeWorkdayStatus: null })).toEqual({ kind: 'carrier' });
    expect(cancellationOf({ carrierProvider: 'gls', status: 'shipped', closeWorkdayStatus: 'failed' })).toEqual({ kind: 'carrier' });
    expect(cancellationOf({ carrierProvider: 'gls', status: 'SHIPPED', closeWorkdayStatus: 'closed' })).toEqual({ kind: 'smista_only', reason: cancellationMessages.glsAfterClose });
  });

  it('Poste Delivery Business offers no cancellation', () => {
    expect(cancellationOf({ carrierProvider: 'poste_delivery', status: 'shipped' })).toEqual({ kind: 'smista_only', reason: cancellationMessages.posteDelivery });
  });

  it("a letter's code goes back to the pool until its label is handed out", () => {
    expect(cancellationOf({ carrierProvider: 'posta_1', status: 'shipped', labelPrintedAt: null })).toEqual({ kind: 'pool' });
    expect(cancellationOf({ carrierProvider: 'posta_rc', status: 'shipped', labelPrintedAt: '2026-03-05T10:00:00Z' })).toEqual({
      kind: 'smista_only',
      reason: cancellationMessages.letterPrinted('Raccomandata'),
    });
  });
});
