import { orderMessages as m } from '@smista/contracts';
import { InvalidEventError } from './errors';
import {
  changeFromCancelled,
  changeFromCreated,
  changeFromLabelled,
  changeFromTrackingUpdated,
  orderStatusFollowing,
  shipmentToTrack,
  type OrderShipment,
} from './order-shipments';

const MERCHANT = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
const at = '2026-11-23T10:00:00.000Z';
const s = (status: OrderShipment['status'], trackingStatus: OrderShipment['trackingStatus'] = null) => ({ status, trackingStatus });

describe('orderStatusFollowing', () => {
  it('no shipment, or none that left: what the marketplace says', () => {
    expect(orderStatusFollowing('da_spedire', [], 'pagato')).toBe('da_spedire');
    for (const status of ['pending', 'processing', 'error'] as const) expect(orderStatusFollowing('da_spedire', [s(status)], 'pagato')).toBe('da_spedire');
    expect(orderStatusFollowing('spedito', [], 'pagato')).toBe('spedito');
  });

  it('a labelled shipment → spedito; tracking in transit (or held) → in_transito; delivered → consegnato', () => {
    expect(orderStatusFollowing('da_spedire', [s('shipped')], 'pagato')).toBe('spedito');
    expect(orderStatusFollowing('da_spedire', [s('shipped', 'info')], 'pagato')).toBe('spedito');
    expect(orderStatusFollowing('da_spedire', [s('shipped', 'in_transit')], 'pagato')).toBe('in_transito');
    expect(orderStatusFollowing('da_spedire', [s('shipped', 'exception')], 'pagato')).toBe('in_transito');
    expect(orderStatusFollowing('da_spedire', [s('delivered', 'delivered')], 'pagato')).toBe('consegnato');
    expect(orderStatusFollowing('spedito', [s('delivered')], 'pagato')).toBe('consegnato');
  });

  it('cancelling its only live shipment gives the marketplace’s status back', () => {
    expect(orderStatusFollowing('da_spedire', [s('cancelled')], 'pagato')).toBe('da_spedire');
    // eBay was told the tracking (FULFILLED) before the cancel: eBay's word stands.
    expect(orderStatusFollowing('spedito', [s('cancelled')], 'pagato')).toBe('spedito');
    // A new shipment after a cancelled one counts.
    expect(orderStatusFollowing('da_spedire', [s('shipped'), s('cancelled')], 'pagato')).toBe('spedito');
  });

  it('the marketplace cancelling the order wins over every shipment', () => {
    expect(orderStatusFollowing('annullato', [s('shipped')], 'pagato')).toBe('annullato');
    expect(orderStatusFollowing('annullato', [s('delivered', 'delivered')], 'pagato')).toBe('annullato');
  });

  it('an unchanged NOT_STARTED order read again (da_spedire) does not take a shipped order back', () => {
    expect(orderStatusFollowing('da_spedire', [s('shipped', 'in_transit')], 'pagato')).toBe('in_transito');
  });

  it('not paid (in attesa, non riuscito) and still to ship: da_pagare, also with a shipment not left yet (issue 19)', () => {
    for (const payment of ['in_attesa', 'fallito'] as const) {
      expect(orderStatusFollowing('da_spedire', [], payment)).toBe('da_pagare');
      expect(orderStatusFollowing('da_spedire', [s('pending')], payment)).toBe('da_pagare');
      expect(orderStatusFollowing('da_spedire', [s('shipped'), s('cancelled')], payment)).toBe('spedito');
      expect(orderStatusFollowing('annullato', [], payment)).toBe('annullato');
    }
    // Refunded is not held back: the refunded order with a live shipment is the shipments' Errori problem.
    expect(orderStatusFollowing('da_spedire', [s('pending')], 'rimborsato')).toBe('da_spedire');
  });

  it('several live shipments: the furthest along', () => {
    expect(orderStatusFollowing('da_spedire', [s('pending'), s('shipped'), s('delivered')], 'pagato')).toBe('consegnato');
  });
});

describe('shipmentToTrack', () => {
  const row = (shipmentId: number, status: OrderShipment['status'], trackingNumber: string | null) => ({ shipmentId, status, trackingNumber });

  it('the newest live shipment with a tracking number', () => {
    expect(shipmentToTrack([row(3, 'cancelled', 'C3'), row(2, 'shipped', 'B2'), row(1, 'delivered', 'A1')]).shipmentId).toBe(2);
    expect(shipmentToTrack([row(1, 'delivered', 'A1'), row(5, 'pending', null)]).shipmentId).toBe(1);
  });

  it('none: FAILED_PRECONDITION Nessun tracking da aggiornare', () => {
    for (const list of [[], [row(1, 'pending', null)], [row(2, 'cancelled', 'X1')], [row(3, 'shipped', '  ')]]) {
      expect(() => shipmentToTrack(list)).toThrow(expect.objectContaining({ code: 'NO_TRACKING_TO_UPDATE', message: m.noTrackingToUpdate }));
    }
  });
});

describe('changes from the shipments events', () => {
  const base = { shipmentId: 7, merchantId: MERCHANT.toUpperCase(), orderId: 42, occurredAt: at };

  it('created: pending with its carrier', () => {
    expect(changeFromCreated({ ...base, carrierIntegrationId: 3, carrierProvider: 'gls' })).toEqual({
      shipmentId: 7,
      merchantId: MERCHANT,
      orderId: 42,
      occurredAt: new Date(at),
      status: 'pending',
      carrierProvider: 'gls',
      carrierIntegrationId: 3,
    });
    expect(changeFromCreated({ ...base, carrierIntegrationId: 0, carrierProvider: '' })).not.toHaveProperty('carrierProvider');
  });

  it('labelled: shipped, with label, tracking number and shipping time', () => {
    expect(changeFromLabelled({ ...base, carrierIntegrationId: 3, carrierProvider: 'gls', trackingNumber: ' MI123 ', shippedAt: '2026-11-23T09:00:00Z' })).toMatchObject({
      status: 'shipped',
      hasLabel: true,
      trackingNumber: 'MI123',
      shippedAt: new Date('2026-11-23T09:00:00Z'),
    });
  });

  it('cancelled; tracking updated (delivered wins, the status the event gives otherwise)', () => {
    expect(changeFromCancelled(base).status).toBe('cancelled');
    const tracking = { ...base, trackingNumber: 'MI123', description: '' };
    expect(changeFromTrackingUpdated({ ...tracking, trackingStatus: 'in_transit', delivered: false, status: 'shipped' })).toMatchObject({ status: 'shipped', trackingStatus: 'in_transit' });
    expect(changeFromTrackingUpdated({ ...tracking, trackingStatus: 'delivered', delivered: true, status: 'delivered' })).toMatchObject({ status: 'delivered', trackingStatus: 'delivered' });
    expect(changeFromTrackingUpdated({ ...tracking, trackingStatus: '', delivered: true, status: '' })).toMatchObject({ status: 'delivered', trackingStatus: 'delivered' });
    expect(changeFromTrackingUpdated({ ...tracking, trackingStatus: 'boh', delivered: false, status: '' })).not.toHaveProperty('trackingStatus');
  });

  it.each([
    ['no shipment id', { ...base, shipmentId: 0 }],
    ['a merchant that is not a uuid', { ...base, merchantId: 'shop' }],
    ['no order id', { ...base, orderId: 0 }],
    ['no time', { ...base, occurredAt: '' }],
    ['a time that is not one', { ...base, occurredAt: 'ieri' }],
  ])('refuses %s (dead-lettered after the retries)', (_what, event) => {
    expect(() => changeFromCancelled(event)).toThrow(InvalidEventError);
  });
});
