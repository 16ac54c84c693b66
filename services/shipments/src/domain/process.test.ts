import { shipmentMessages as m } from '@smista/contracts';
import { afterLabelFailure, labelRequestOf, NO_CARRIER_FAILURE } from './process';
import type { Shipment } from './shipment';

describe('a failed label attempt', () => {
  it('a refusal is an error with the carrier reason (the Errori tab)', () => {
    expect(afterLabelFailure({ kind: 'refused', code: 'CARRIER_REFUSED', message: 'Dati non accettabili: CAP non valido' })).toEqual({
      status: 'error',
      errorMessage: 'Dati non accettabili: CAP non valido',
      errorCode: 'CARRIER_REFUSED',
      auditOutcome: 'refused',
    });
  });

  it('an unreachable carrier is a passing fault: back to pending', () => {
    expect(afterLabelFailure({ kind: 'unavailable', message: 'deadline exceeded' })).toEqual({
      status: 'pending',
      errorMessage: m.carrierUnavailable,
      errorCode: 'CARRIER_UNAVAILABLE',
      auditOutcome: 'unavailable',
    });
  });

  it('no carrier: an error the merchant fixes by choosing one', () => {
    expect(afterLabelFailure(NO_CARRIER_FAILURE)).toMatchObject({ status: 'error', errorMessage: m.noCarrier, errorCode: 'NO_CARRIER' });
  });
});

describe('labelRequestOf', () => {
  it("sends our reference and sequence, the recipient and the shipment's parcel (its weight, no size when unknown)", () => {
    const s = {
      id: 42,
      orderId: 7,
      orderExternalId: '12-34567-89012',
      recipientName: 'Mario Rossi',
      addressLine1: 'Via Garibaldi 5',
      addressLine2: null,
      city: 'Torino',
      state: 'TO',
      postalCode: '10121',
      countryCode: 'IT',
      phoneNumber: null,
      recipientEmail: 'mario@example.it',
      contentDescription: 'Libri',
      carrierIntegrationId: 3,
      labelSequence: 1001,
      parcel: { weightGrams: 2300, lengthMm: null, widthMm: null, heightMm: null, packageName: '' },
      customsNeeded: false,
      customs: null,
    } as Shipment & { carrierIntegrationId: number; labelSequence: number };
    expect(labelRequestOf(s)).toEqual({
      integrationId: 3,
      reference: 'SHP-42',
      sequence: 1001,
      recipient: { name: 'Mario Rossi', addressLine1: 'Via Garibaldi 5', addressLine2: '', city: 'Torino', postalCode: '10121', province: 'TO', countryCode: 'IT', phone: '', email: 'mario@example.it' },
      parcels: [{ weightGrams: 2300 }],
      orderId: '12-34567-89012',
      contentDescription: 'Libri',
    });
  });
});
