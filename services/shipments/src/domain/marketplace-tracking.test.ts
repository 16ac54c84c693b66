import { deliveryAudit, marketplaceTrackingStatusOf, pushAudit } from './marketplace-tracking';
import { closeMessage } from './workday';
import { shipmentMessages as m, trackingPushMessages } from '@smista/contracts';

describe('marketplace tracking attempts', () => {
  it('map to the shipment status (a retry to come is pending) and to an audit row', () => {
    expect(['pushed', 'retrying', 'failed', 'skipped', 'other'].map(marketplaceTrackingStatusOf)).toEqual(['pushed', 'pending', 'failed', 'skipped', 'failed']);
    expect(pushAudit({ status: 'pushed', errorMessage: '', marketplace: 'ebay' })).toEqual({ outcome: 'ok', message: 'Tracking inviato a eBay' });
    expect(pushAudit({ status: 'pushed', errorCode: '', errorMessage: '', marketplace: 'ebay' })).toEqual({ outcome: 'ok', message: 'Tracking inviato a eBay' });
    // Our fulfilment was already at eBay (an earlier answer lost): said so.
    expect(pushAudit({ status: 'pushed', errorCode: '32700', errorMessage: '', marketplace: 'ebay' })).toEqual({ outcome: 'ok', message: 'Tracking già inviato a eBay' });
    expect(pushAudit({ status: 'failed', errorMessage: 'Ordine non trovato su eBay', marketplace: 'ebay' })).toEqual({ outcome: 'refused', message: 'Ordine non trovato su eBay' });
    expect(pushAudit({ status: 'retrying', errorMessage: '', marketplace: 'ebay' }).outcome).toBe('unavailable');
  });

  it("a skipped push made no call: its own outcome with the reason, never 'ok' (the drawer said 'Riuscita')", () => {
    expect(pushAudit({ status: 'skipped', errorMessage: trackingPushMessages.autoUpdateOff, marketplace: 'ebay' })).toEqual({ outcome: 'skipped', message: trackingPushMessages.autoUpdateOff });
    expect(pushAudit({ status: 'skipped', errorMessage: '', marketplace: 'ebay' })).toEqual({ outcome: 'skipped', message: trackingPushMessages.skipped });
  });
});

describe('deliveryAudit (issue 26)', () => {
  it('told, retried or refused with the reason', () => {
    expect(deliveryAudit({ status: 'pushed', errorMessage: '', marketplace: 'shopify' })).toEqual({ outcome: 'ok', message: trackingPushMessages.deliveryReported('Shopify') });
    expect(deliveryAudit({ status: 'retrying', errorMessage: '', marketplace: 'shopify' })).toEqual({ outcome: 'unavailable', message: trackingPushMessages.deliveryRetrying });
    expect(deliveryAudit({ status: 'failed', errorMessage: 'Ricollega il negozio', marketplace: 'shopify' })).toEqual({ outcome: 'refused', message: 'Ricollega il negozio' });
  });
});

describe('closeMessage', () => {
  it('all, some or none confirmed', () => {
    expect(closeMessage(3, 0)).toBe(m.workdayClosed(3));
    expect(closeMessage(2, 1)).toBe(m.workdayPartial(2, 1));
    expect(closeMessage(0, 2)).toBe(m.workdayFailed);
  });
});
