import { carriersAssignedActivity, deliveredActivity, labelCreatedActivity, ordersImportedActivity, ruleChangedActivity } from './activity';

const at = new Date('2026-06-01T10:00:42Z');

describe('recent activity from events', () => {
  it('the orders of a sync are one line with its count', () => {
    const draft = ordersImportedActivity({ jobId: 9, provider: 'ebay', ordersSynced: 12 }, at)!;
    expect(draft).toMatchObject({ kind: 'orders_imported', groupKey: 'sync:9', count: 12, merge: 'set', occurredAt: at });
    expect(draft.text(12, 0)).toBe('12 ordini importati da eBay');
    expect(draft.text(1, 0)).toBe('1 ordine importato da eBay');
    expect(ordersImportedActivity({ jobId: 9, provider: 'ebay', ordersSynced: 0 }, at)).toBeNull();
  });

  it('the labels of a run are one line that grows (by the minute without a run)', () => {
    const draft = labelCreatedActivity({ runId: 'r1' }, at);
    expect(draft).toMatchObject({ kind: 'labels_created', groupKey: 'labels:r1', count: 1, merge: 'add' });
    expect(draft.text(1, 0)).toBe('1 etichetta creata');
    expect(draft.text(12, 0)).toBe('12 etichette create');
    expect(labelCreatedActivity({ runId: '' }, at).groupKey).toBe('labels:2026-06-01T10:00');
  });

  it('a delivery is a line per shipment; other tracking news none', () => {
    const draft = deliveredActivity({ shipmentId: 885, delivered: true }, at)!;
    expect(draft).toMatchObject({ kind: 'shipment_delivered', groupKey: 'delivered:885', merge: 'set' });
    expect(draft.text(1, 0)).toBe('Spedizione #885 consegnata');
    expect(deliveredActivity({ shipmentId: 885, delivered: false }, at)).toBeNull();
  });

  it('a rule created, changed or deleted', () => {
    expect(ruleChangedActivity({ ruleId: 4, name: 'Italia standard', change: 'created' }, at).text(1, 0)).toBe('Regola di spedizione "Italia standard" creata');
    expect(ruleChangedActivity({ ruleId: 4, name: 'Italia standard', change: 'updated' }, at).text(1, 0)).toBe('Regola di spedizione "Italia standard" aggiornata');
    expect(ruleChangedActivity({ ruleId: 4, name: 'Italia standard', change: 'deleted' }, at).text(1, 0)).toBe('Regola di spedizione "Italia standard" eliminata');
  });

  it("'Assegna Corrieri' is a line each; the rules applied on import are summed per minute and silent when they assigned nothing", () => {
    const byUser = carriersAssignedActivity({ assigned: 3, total: 5, assignedByUserId: 'u1' }, at)!;
    expect(byUser).toMatchObject({ kind: 'carriers_assigned', merge: 'set', count: 3, total: 5 });
    expect(byUser.text(3, 5)).toBe('Assegna Corrieri: corriere assegnato a 3 ordini su 5');
    const onImport = carriersAssignedActivity({ assigned: 1, total: 50, assignedByUserId: '' }, at)!;
    expect(onImport).toMatchObject({ groupKey: 'assign-import:2026-06-01T10:00', merge: 'add' });
    expect(onImport.text(1, 50)).toBe('Regole applicate agli ordini importati: corriere assegnato a 1 ordine su 50');
    expect(carriersAssignedActivity({ assigned: 0, total: 50, assignedByUserId: '' }, at)).toBeNull();
  });
});
