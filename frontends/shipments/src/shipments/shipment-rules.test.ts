import type { CarrierIntegrationJson, ShipmentJson } from '@smista/contracts';
import {
  canCancel,
  canCloseWorkday,
  canPrintLabel,
  canProcess,
  canUpdateTracking,
  carrierLabel,
  isRowToggleClick,
  labelFrom,
  marketplaceTrackingView,
  orderLabel,
  recipientLabel,
  workdayShipmentIds,
} from './shipment-rules';

const shipment = (over: Partial<ShipmentJson>): ShipmentJson => ({ id: 1, status: 'pending', carrierProvider: 'gls', trackingNumber: null, hasLabel: false, labelData: null, ...over }) as ShipmentJson;

describe('spec §4 allowed actions', () => {
  it('processes only pending shipments, case-insensitively', () => {
    expect(canProcess(shipment({ status: 'pending' }))).toBe(true);
    expect(canProcess(shipment({ status: 'PENDING' }))).toBe(true);
    for (const status of ['processing', 'shipped', 'delivered', 'error', 'cancelled']) expect(canProcess(shipment({ status }))).toBe(false);
  });
  it('cancels pending or shipped ones', () => {
    expect(canCancel(shipment({ status: 'pending' }))).toBe(true);
    expect(canCancel(shipment({ status: 'Shipped' }))).toBe(true);
    for (const status of ['processing', 'delivered', 'error', 'cancelled']) expect(canCancel(shipment({ status }))).toBe(false);
  });
  it('closes the workday only for GLS and shipped', () => {
    expect(canCloseWorkday(shipment({ status: 'shipped', carrierProvider: 'gls' }))).toBe(true);
    expect(canCloseWorkday(shipment({ status: 'shipped', carrierProvider: 'GLS' }))).toBe(true);
    expect(canCloseWorkday(shipment({ status: 'pending', carrierProvider: 'gls' }))).toBe(false);
    expect(canCloseWorkday(shipment({ status: 'shipped', carrierProvider: 'posta_1' }))).toBe(false);
    expect(canCloseWorkday(shipment({ status: 'shipped', carrierProvider: null }))).toBe(false);
  });
  it('updates tracking with a tracking number, prints with a label', () => {
    expect(canUpdateTracking(shipment({ trackingNumber: 'GLS123' }))).toBe(true);
    expect(canUpdateTracking(shipment({ trackingNumber: '  ' }))).toBe(false);
    expect(canUpdateTracking(shipment({ trackingNumber: null }))).toBe(false);
    expect(canPrintLabel(shipment({ hasLabel: true }))).toBe(true);
    expect(canPrintLabel(shipment({ labelData: '/api/shipments/1/label' }))).toBe(true);
    expect(canPrintLabel(shipment({}))).toBe(false);
    // A label voided in Smista only (the carrier could not cancel) is never printed again.
    expect(canPrintLabel(shipment({ hasLabel: true, labelVoidReason: "Poste Delivery Business non offre l'annullamento di una lettera di vettura" }))).toBe(false);
  });
  it("'Trasmetti GLS' takes the selected GLS shipped shipments only", () => {
    const list = [
      shipment({ id: 1, status: 'shipped', carrierProvider: 'gls' }),
      shipment({ id: 2, status: 'pending', carrierProvider: 'gls' }),
      shipment({ id: 3, status: 'shipped', carrierProvider: 'posta_1' }),
      shipment({ id: 4, status: 'shipped', carrierProvider: 'gls' }),
    ];
    expect(workdayShipmentIds(list)).toEqual([1, 4]);
    expect(workdayShipmentIds(list.slice(1, 3))).toEqual([]);
  });
});

describe('row texts', () => {
  it('names the order by its marketplace id, else ours', () => {
    expect(orderLabel({ orderExternalId: '12-34', orderId: 9 })).toBe('#12-34');
    expect(orderLabel({ orderExternalId: '', orderId: 9 })).toBe('#9');
  });
  it("falls back to 'Nome non disponibile' (spec §2)", () => {
    expect(recipientLabel({ recipientName: 'Mario Rossi' })).toBe('Mario Rossi');
    expect(recipientLabel({ recipientName: ' ' })).toBe('Nome non disponibile');
    expect(recipientLabel({ recipientName: null })).toBe('Nome non disponibile');
  });
  it('names the carrier by its connection name', () => {
    const carriers = [{ id: 3, connectionName: 'GLS Milano' }] as CarrierIntegrationJson[];
    expect(carrierLabel({ carrierIntegrationId: 3, carrierProvider: 'gls' }, carriers)).toBe('GLS Milano');
    expect(carrierLabel({ carrierIntegrationId: 4, carrierProvider: 'gls' }, carriers)).toBe('GLS');
    expect(carrierLabel({ carrierIntegrationId: 4, carrierProvider: null }, undefined)).toBe('Integrazione #4');
    expect(carrierLabel({ carrierIntegrationId: null, carrierProvider: null }, carriers)).toBe('Nessun corriere');
  });
});

describe('labelFrom', () => {
  it('reads a table, else the raw value', () => {
    expect(labelFrom({ ok: 'Riuscita' }, 'ok')).toBe('Riuscita');
    expect(labelFrom({ ok: 'Riuscita' }, 'OK')).toBe('Riuscita');
    expect(labelFrom({ ok: 'Riuscita' }, 'strano')).toBe('strano');
    expect(labelFrom({}, null)).toBe('—');
  });
});

describe('isRowToggleClick', () => {
  const el = (matches: boolean) => ({ closest: () => (matches ? {} : null) });
  const row = (inside: boolean) => ({ contains: () => inside });
  it('toggles on the row itself, not on its controls nor in what it portalled', () => {
    expect(isRowToggleClick(row(true), el(false))).toBe(true);
    expect(isRowToggleClick(row(true), el(true))).toBe(false);
    expect(isRowToggleClick(row(false), el(false))).toBe(false);
  });
});

describe('the tracking sent to the marketplace, in the details', () => {
  const when = (iso: string | null) => (iso ? `il ${iso}` : null);
  const base = {
    marketplaceTrackingStatus: null,
    marketplaceTrackingError: null,
    marketplaceTrackingAttempts: 0,
    marketplaceTrackingLastAttempt: null,
    marketplaceTrackingUpdatedAt: null,
    trackingNumber: 'MI800000001',
    marketplaceIntegrationId: 4,
  } as const;
  const keys = (v: ReturnType<typeof marketplaceTrackingView>) => v.rows.map((r) => [r.key, r.label, r.value]);

  it("skipped with automatic tracking off: 'Non inviato' and why, no time sent, no attempt; says so and offers to send it", () => {
    const view = marketplaceTrackingView({ ...base, marketplaceTrackingStatus: 'skipped', marketplaceTrackingError: 'Aggiornamento automatico disattivato' }, false, when);
    expect(keys(view)).toEqual([
      ['status', 'Stato invio', 'Non inviato'],
      ['reason', 'Motivo', 'Aggiornamento automatico disattivato'],
    ]);
    expect(view).toMatchObject({ autoOff: true, offerSend: true });
  });

  it("pushed: 'Inviato' with the time it was sent, nothing offered even with automatic tracking off", () => {
    const view = marketplaceTrackingView(
      { ...base, marketplaceTrackingStatus: 'pushed', marketplaceTrackingAttempts: 1, marketplaceTrackingLastAttempt: 't1', marketplaceTrackingUpdatedAt: 't1' },
      false,
      when,
    );
    expect(keys(view)).toEqual([
      ['status', 'Stato invio', 'Inviato'],
      ['attempts', 'Tentativi', '1'],
      ['lastAttempt', 'Ultimo tentativo', 'il t1'],
      ['sentAt', 'Inviato il', 'il t1'],
    ]);
    expect(view).toMatchObject({ autoOff: false, offerSend: false });
  });

  it('refused: the error in red, sent again on demand; waiting for a retry: nothing offered while automatic tracking is on', () => {
    const failed = marketplaceTrackingView({ ...base, marketplaceTrackingStatus: 'failed', marketplaceTrackingError: 'eBay: ordine annullato', marketplaceTrackingAttempts: 2, marketplaceTrackingLastAttempt: 't2' }, true, when);
    expect(failed.rows.find((r) => r.key === 'error')).toMatchObject({ label: 'Errore', className: 'text-red-700' });
    expect(failed.rows.some((r) => r.key === 'sentAt')).toBe(false);
    expect(failed).toMatchObject({ autoOff: false, offerSend: true });
    expect(marketplaceTrackingView({ ...base, marketplaceTrackingStatus: 'pending', marketplaceTrackingAttempts: 1 }, true, when).offerSend).toBe(false);
  });

  it('nothing offered without a tracking number, an integration, or before the integration is known', () => {
    expect(marketplaceTrackingView({ ...base, trackingNumber: null }, false, when).offerSend).toBe(false);
    expect(marketplaceTrackingView({ ...base, marketplaceIntegrationId: null }, false, when).offerSend).toBe(false);
    expect(marketplaceTrackingView(base, null, when)).toMatchObject({ rows: [], autoOff: false, offerSend: false });
  });
});
