import type { BulkCreateJson, OrderShipmentJson } from '@smista/contracts';
import { canUpdateTracking, createdToast, labelShipmentIds, settleInPool, trackingOrderIds, trackingToast, unpaidOrders } from './bulk';

const shipment = (over: Partial<OrderShipmentJson>): OrderShipmentJson => ({
  id: 1,
  status: 'pending',
  trackingNumber: null,
  carrierProvider: 'gls',
  carrierIntegrationId: 1,
  hasLabel: false,
  updatedAt: '',
  ...over,
});

describe('labelShipmentIds', () => {
  it("takes the selected orders' live shipments with a label, in order", () => {
    const orders = [
      { shipments: [shipment({ id: 5, hasLabel: true, status: 'shipped' }), shipment({ id: 6 })] },
      { shipments: [] },
      { shipments: [shipment({ id: 2, hasLabel: true, status: 'delivered' }), shipment({ id: 3, hasLabel: true, status: 'CANCELLED' })] },
    ];
    expect(labelShipmentIds(orders)).toEqual([5, 2]);
    expect(labelShipmentIds([{ shipments: [shipment({})] }])).toEqual([]);
  });
});

describe('trackingOrderIds and canUpdateTracking (the row action offers it the same way)', () => {
  it('takes the orders of a marketplace that takes tracking with a live shipment carrying a tracking number', () => {
    const orders = [
      { id: 1, marketplace: 'ebay' as const, shipments: [shipment({ trackingNumber: 'GLS1', status: 'shipped' })] },
      { id: 2, marketplace: 'ebay' as const, shipments: [shipment({ trackingNumber: ' ' })] },
      { id: 3, marketplace: 'ebay' as const, shipments: [shipment({ trackingNumber: 'GLS3', status: 'cancelled' })] },
      { id: 4, marketplace: 'ebay' as const, shipments: [] },
      // Every marketplace of the catalogue takes tracking (AliExpress's too); one outside it does not.
      { id: 5, marketplace: 'aliexpress' as const, shipments: [shipment({ trackingNumber: 'GLS5', status: 'shipped' })] },
      { id: 6, marketplace: 'vinted' as never, shipments: [shipment({ trackingNumber: 'GLS6', status: 'shipped' })] },
    ];
    expect(trackingOrderIds(orders)).toEqual([1, 5]);
    expect(orders.map(canUpdateTracking)).toEqual([true, false, false, false, true, false]);
    expect(canUpdateTracking({ marketplace: 'EBAY' as never, shipments: [shipment({ trackingNumber: 'X', status: 'delivered' })] })).toBe(true);
  });
});

describe('unpaidOrders', () => {
  it('the orders whose payment is in attesa or non riuscito', () => {
    const orders = [{ paymentStatus: 'pagato' }, { paymentStatus: 'in_attesa' }, { paymentStatus: 'fallito' }, { paymentStatus: 'rimborsato' }] as const;
    expect(unpaidOrders(orders).map((o) => o.paymentStatus)).toEqual(['in_attesa', 'fallito']);
  });
});

describe('createdToast (spec §8)', () => {
  const answer = (created: number, message: string): BulkCreateJson => ({ created, skipped: 0, message, outcomes: [] });
  it("says 'Spedizioni create' with the summary", () => {
    expect(createdToast(answer(3, '3 spedizioni create'))).toEqual({ title: 'Spedizioni create', description: '3 spedizioni create' });
  });
  it('says why nothing was created', () => {
    const message = 'Nessuna spedizione creata: gli ordini selezionati hanno già una spedizione';
    expect(createdToast(answer(0, message))).toEqual({ title: message });
  });
});

describe('trackingToast (spec §8)', () => {
  it('tells a full, a partial and a failed update apart', () => {
    expect(trackingToast(3, 3, undefined)).toEqual({ title: 'Tracking aggiornato', description: '3 ordini aggiornati' });
    expect(trackingToast(2, 3, 'Quota eBay esaurita')).toEqual({ title: 'Aggiornamento parziale (2/3)', description: 'Quota eBay esaurita', variant: 'destructive' });
    expect(trackingToast(0, 2, 'eBay non risponde')).toEqual({ title: 'Errore aggiornamento tracking', description: 'eBay non risponde', variant: 'destructive' });
  });
});

describe('settleInPool', () => {
  it('runs every item, at most `limit` at once, and reports each in order', async () => {
    let running = 0;
    let peak = 0;
    const results = await settleInPool([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 3) throw new Error('tre');
      return n * 10;
    });
    expect(peak).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 20, 'tre', 40, 50]);
  });
  it('is empty for no items', async () => {
    expect(await settleInPool([], 4, async () => 1)).toEqual([]);
  });
});
