import type { BulkCreateJson, OrderShipmentJson } from '@smista/contracts';
import { createdToast, labelShipmentIds, settleInPool, trackingOrderIds, trackingToast } from './bulk';

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

describe('trackingOrderIds', () => {
  it('takes the orders with a live shipment carrying a tracking number', () => {
    const orders = [
      { id: 1, shipments: [shipment({ trackingNumber: 'GLS1', status: 'shipped' })] },
      { id: 2, shipments: [shipment({ trackingNumber: ' ' })] },
      { id: 3, shipments: [shipment({ trackingNumber: 'GLS3', status: 'cancelled' })] },
      { id: 4, shipments: [] },
    ];
    expect(trackingOrderIds(orders)).toEqual([1]);
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
