import { shipmentStatusBadge, TONE_CLASSES } from './badge-looks';

describe('shipmentStatusBadge (spec §4 shipment labels)', () => {
  it('labels the shipment statuses in Italian, in the tone of their meaning', () => {
    expect(shipmentStatusBadge('pending')).toEqual({ tone: 'orange', label: 'In attesa' });
    expect(shipmentStatusBadge('PROCESSING')).toEqual({ tone: 'blue', label: 'In elaborazione' });
    expect(shipmentStatusBadge('completed')).toEqual({ tone: 'green', label: 'Completato' });
    expect(shipmentStatusBadge('failed')).toEqual({ tone: 'red', label: 'Errore' });
    expect(shipmentStatusBadge('SHIPPED')).toEqual({ tone: 'blue', label: 'Spedito' });
    expect(shipmentStatusBadge('delivered')).toEqual({ tone: 'green', label: 'Consegnato' });
    expect(shipmentStatusBadge('error')).toEqual({ tone: 'red', label: 'Errore' });
    expect(shipmentStatusBadge(' Cancelled ')).toEqual({ tone: 'red', label: 'Annullato' });
  });
  it('shows unknown statuses raw, in grey, and none as a dash', () => {
    expect(shipmentStatusBadge('held')).toEqual({ tone: 'grey', label: 'held' });
    expect(shipmentStatusBadge('constructor')).toEqual({ tone: 'grey', label: 'constructor' });
    expect(shipmentStatusBadge('')).toEqual({ tone: 'grey', label: '—' });
    expect(shipmentStatusBadge(null)).toEqual({ tone: 'grey', label: '—' });
  });
});

describe('TONE_CLASSES', () => {
  it('gives every tone its own colours', () => {
    const classes = Object.values(TONE_CLASSES);
    expect(new Set(classes).size).toBe(5);
    expect(TONE_CLASSES.blue).toContain('bg-blue-100');
  });
});
