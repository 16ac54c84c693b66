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
