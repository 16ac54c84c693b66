import type { ShipmentTrackingEventJson } from '@smista/contracts';
import { buyerTrackingLink, trackingBadge, trackingSteps } from './tracking-view';

const event = (over: Partial<ShipmentTrackingEventJson>): ShipmentTrackingEventJson => ({
  at: '2026-11-20T09:00:00.000Z',
  status: 'in_transit',
  statusLabel: 'In transito',
  code: '902',
  description: 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.',
  location: 'MILANO',
  ...over,
});

describe('the tracking status badge (issue 26)', () => {
  it('every status in Italian, in the tone of its meaning; the three problems marked', () => {
    const looks = ['in_transit', 'out_for_delivery', 'delivered', 'held', 'exception', 'returned', 'info'].map(trackingBadge);
    expect(looks).toEqual([
      { tone: 'blue', label: 'In transito', alert: false },
      { tone: 'blue', label: 'In consegna', alert: false },
      { tone: 'green', label: 'Consegnata', alert: false },
      { tone: 'orange', label: 'In giacenza', alert: true },
      { tone: 'red', label: 'Problema di consegna', alert: true },
      { tone: 'red', label: 'Reso al mittente', alert: true },
      { tone: 'grey', label: 'Aggiornamento del corriere', alert: false },
    ]);
  });

  it('nothing before the first event; an unknown or differently written status never shows its code', () => {
    expect(trackingBadge(null)).toBeNull();
    expect(trackingBadge('  ')).toBeNull();
    expect(trackingBadge('HELD')).toEqual({ tone: 'orange', label: 'In giacenza', alert: true });
    expect(trackingBadge('906')).toEqual({ tone: 'grey', label: 'Aggiornamento del corriere', alert: false });
  });
});

describe('the steps of the drawer', () => {
  it('newest first, a tie in the order answered, each with its badge, words and place', () => {
    const steps = trackingSteps([
      event({ at: '2026-11-20T09:00:00.000Z', status: 'info', code: '901', description: 'DATI SPEDIZIONE TRASMESSI A GLS' }),
      event({ at: '2026-11-21T10:30:00.000Z', status: 'delivered', code: '906', description: 'CONSEGNATA.', location: 'TORINO' }),
      event({ at: '2026-11-20T09:00:00.000Z', status: 'in_transit', code: '902' }),
    ]);
    expect(steps.map((s) => [s.badge.label, s.text, s.place])).toEqual([
      ['Consegnata', 'CONSEGNATA.', 'TORINO'],
      ['Aggiornamento del corriere', 'DATI SPEDIZIONE TRASMESSI A GLS', 'MILANO'],
      ['In transito', 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', 'MILANO'],
    ]);
    expect(new Set(steps.map((s) => s.key)).size).toBe(3);
  });

  it('a step without words says its status; none at all is an empty list', () => {
    expect(trackingSteps([event({ status: 'held', description: ' ', location: '' })])).toEqual([
      expect.objectContaining({ text: 'In giacenza', place: '', badge: { tone: 'orange', label: 'In giacenza', alert: true } }),
    ]);
    expect(trackingSteps([])).toEqual([]);
    expect(trackingSteps(undefined)).toEqual([]);
  });
});

describe('buyerTrackingLink (issue 26)', () => {
  it("is the details' path on the site's origin, for a shipped or delivered shipment only", () => {
    expect(buyerTrackingLink({ publicTrackingUrl: '/t/abc_-1', status: 'shipped' }, 'https://app.smista.it')).toBe('https://app.smista.it/t/abc_-1');
    expect(buyerTrackingLink({ publicTrackingUrl: '/t/abc', status: 'delivered' }, 'http://localhost:8080')).toBe('http://localhost:8080/t/abc');
    expect(buyerTrackingLink({ publicTrackingUrl: '/t/abc', status: 'cancelled' }, 'https://app.smista.it')).toBeNull();
    expect(buyerTrackingLink({ publicTrackingUrl: null, status: 'shipped' }, 'https://app.smista.it')).toBeNull();
    expect(buyerTrackingLink({ status: 'pending' }, 'https://app.smista.it')).toBeNull();
  });
});
