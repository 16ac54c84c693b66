import {
  buyerDataErasedActivity,
  carrierChangedActivity,
  carriersAssignedActivity,
  deliveredActivity,
  labelCreatedActivity,
  marketplaceChangedActivity,
  ordersCsvImportedActivity,
  ordersImportedActivity,
  privacyRequestedActivity,
  ruleChangedActivity,
  shipmentCancelledActivity,
  ssoRequiredChangedActivity,
  trackingPushedActivity,
  workdayClosedActivity,
} from './activity';

const at = new Date('2026-06-01T10:00:42Z');

describe('recent activity from events', () => {
  it('the orders a sync imported for the first time are one line with their count; updates of orders already there are no import', () => {
    const draft = ordersImportedActivity({ jobId: 9, provider: 'ebay', ordersNew: 12 }, at)!;
    expect(draft).toMatchObject({ kind: 'orders_imported', groupKey: 'sync:9', count: 12, merge: 'set', occurredAt: at });
    expect(draft.text(12, 0)).toBe('12 ordini importati da eBay');
    expect(draft.text(1, 0)).toBe('1 ordine importato da eBay');
    // A sync that read 13 orders again after a tracking push (ordersSynced 13), none new: no line.
    expect(ordersImportedActivity({ jobId: 10, provider: 'ebay', ordersNew: 0 }, at)).toBeNull();
  });

  it('the labels of a run are one line that grows (by the minute without a run)', () => {
    const draft = labelCreatedActivity({ runId: 'r1', shipmentId: 4 }, at);
    expect(draft).toMatchObject({ kind: 'labels_created', groupKey: 'labels:r1', count: 1, merge: 'add', member: '4' });
    expect(draft.text(1, 0)).toBe('1 etichetta creata');
    expect(draft.text(12, 0)).toBe('12 etichette create');
    expect(labelCreatedActivity({ runId: '', shipmentId: 4 }, at).groupKey).toBe('labels:2026-06-01T10:00');
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

  it('a GLS workday close is one line with the shipments it confirmed', () => {
    const draft = workdayClosedActivity({ carrierIntegrationId: 5, carrierProvider: 'gls', shipmentIds: [1, 2, 3], manifestId: 8 }, at)!;
    expect(draft).toMatchObject({ kind: 'workday_closed', groupKey: 'workday-closed:5:m8', count: 3, merge: 'set' });
    expect(draft.text(3, 0)).toBe('Giornata GLS chiusa: 3 spedizioni confermate');
    expect(draft.text(1, 0)).toBe('Giornata GLS chiusa: 1 spedizione confermata');
    expect(workdayClosedActivity({ carrierIntegrationId: 5, carrierProvider: 'gls', shipmentIds: [], manifestId: 0 }, at)).toBeNull();
  });

  it('requiring single sign-on of the team, and lifting it, are a line each, every time', () => {
    const on = ssoRequiredChangedActivity({ required: true, changedByUserId: 'u1' }, at);
    expect(on).toMatchObject({ kind: 'sso_required_changed', merge: 'set', count: 1 });
    expect(on.text(1, 0)).toBe('Accesso con SSO reso obbligatorio per i membri del team');
    const off = ssoRequiredChangedActivity({ required: false, changedByUserId: 'u1' }, at);
    expect(off.text(1, 0)).toBe('Accesso con SSO non più obbligatorio per i membri del team');
    expect(new Set([on.groupKey, off.groupKey, ssoRequiredChangedActivity({ required: true, changedByUserId: 'u1' }, new Date(at.getTime() + 1000)).groupKey]).size).toBe(3);
  });

  it('a cancellation is a line per shipment', () => {
    expect(shipmentCancelledActivity({ shipmentId: 12 }, at)).toMatchObject({ kind: 'shipment_cancelled', groupKey: 'cancelled:12', merge: 'set' });
    expect(shipmentCancelledActivity({ shipmentId: 12 }, at).text(1, 0)).toBe('Spedizione #12 annullata');
  });

  it("the tracking a marketplace took: one line per run and marketplace, each shipment once; by the minute when asked by hand; retries and skips say nothing", () => {
    const draft = trackingPushedActivity({ shipmentId: 7, marketplace: 'ebay', status: 'pushed', runId: 'r1' }, at)!;
    expect(draft).toMatchObject({ kind: 'tracking_pushed', groupKey: 'tracking:ebay:r1', merge: 'add', member: '7' });
    expect(draft.text(13, 0)).toBe('Tracking inviato a eBay per 13 spedizioni');
    expect(draft.text(1, 0)).toBe('Tracking inviato a eBay per 1 spedizione');
    expect(trackingPushedActivity({ shipmentId: 7, marketplace: 'ebay', status: 'pushed', runId: '' }, at)!.groupKey).toBe('tracking:ebay:2026-06-01T10:00');
    for (const status of ['retrying', 'failed', 'skipped']) expect(trackingPushedActivity({ shipmentId: 7, marketplace: 'ebay', status, runId: 'r1' }, at)).toBeNull();
    // A delivery told to Shopify (issue 26) is not a tracking sent.
    expect(trackingPushedActivity({ shipmentId: 7, marketplace: 'shopify', status: 'pushed', runId: '', kind: 'delivery' }, at)).toBeNull();
  });

  it('carriers connected, switched and disconnected; credential changes say nothing', () => {
    const base = { integrationId: 3, provider: 'gls', connectionName: 'GLS Milano', active: true, deleted: false };
    expect(carrierChangedActivity({ ...base, change: 'created' }, at)).toMatchObject({ kind: 'carrier_connected' });
    expect(carrierChangedActivity({ ...base, change: 'created' }, at)!.text(1, 0)).toBe('Corriere GLS collegato: «GLS Milano»');
    expect(carrierChangedActivity({ ...base, active: false, change: 'toggled' }, at)!.text(1, 0)).toBe('Corriere GLS disattivato: «GLS Milano»');
    expect(carrierChangedActivity({ ...base, deleted: true, change: 'deleted' }, at)).toMatchObject({ kind: 'carrier_disconnected' });
    expect(carrierChangedActivity({ ...base, deleted: true, change: 'deleted' }, at)!.text(1, 0)).toBe('Corriere GLS scollegato: «GLS Milano»');
    for (const change of ['updated', 'status', '']) expect(carrierChangedActivity({ ...base, change }, at)).toBeNull();
  });

  it('marketplaces connected, connected again, switched and disconnected; token refreshes say nothing', () => {
    const base = { integrationId: 4, provider: 'ebay', account: 'bottega_demo', active: true, deleted: false };
    expect(marketplaceChangedActivity({ ...base, change: 'connected' }, true, at)!.text(1, 0)).toBe('eBay collegato: account «bottega_demo»');
    expect(marketplaceChangedActivity({ ...base, change: 'reconnected' }, false, at)!.text(1, 0)).toBe('eBay ricollegato: account «bottega_demo»');
    expect(marketplaceChangedActivity({ ...base, active: false, change: 'toggled' }, false, at)).toMatchObject({ kind: 'marketplace_switched' });
    expect(marketplaceChangedActivity({ ...base, deleted: true, change: 'deleted' }, false, at)!.text(1, 0)).toBe('eBay scollegato: account «bottega_demo»');
    for (const change of ['token_refreshed', 'token_refused', 'settings']) expect(marketplaceChangedActivity({ ...base, change }, false, at)).toBeNull();
    // An older publisher's event: a first connection is told, the rest not.
    expect(marketplaceChangedActivity({ ...base, change: '' }, true, at)).toMatchObject({ kind: 'marketplace_connected' });
    expect(marketplaceChangedActivity({ ...base, change: '' }, false, at)).toBeNull();
  });

  it("Amazon's buyers' data erased after delivery: one line per round that grows by batch, each batch once", () => {
    const batch = { orderIds: [12, 10, 11], marketplace: 'amazon', retentionDays: 30, roundId: 'r-1' };
    const draft = buyerDataErasedActivity(batch, at)!;
    expect(draft).toMatchObject({ kind: 'buyer_data_erased', groupKey: 'buyer-erased:r-1', merge: 'add', count: 3, member: '10' });
    expect(draft.text(3, 0)).toBe('Dati personali di 3 ordini Amazon cancellati dopo 30 giorni dalla consegna (politica di protezione dei dati di Amazon)');
    expect(draft.text(1, 0)).toBe('Dati personali di 1 ordine Amazon cancellati dopo 30 giorni dalla consegna (politica di protezione dei dati di Amazon)');
    expect(buyerDataErasedActivity({ ...batch, orderIds: [] }, at)).toBeNull();
  });

  it("a marketplace's privacy request: one line per delivery saying what was asked and what was done, never the customer's e-mail", () => {
    const base = { integrationId: 9, provider: 'shopify', externalOrderIds: ['820982911946154508', '5000000002'], customerEmail: 'ornella@example.it', dataRequestId: '', webhookId: 'w-1' };
    const redact = privacyRequestedActivity({ ...base, request: 'redact_customer' }, at)!;
    expect(redact).toMatchObject({ kind: 'privacy_requested', groupKey: 'privacy:9:redact_customer:w-1', merge: 'set', count: 2 });
    expect(redact.text(2, 0)).toBe(
      'Richiesta privacy di Shopify eseguita: cancellati i dati personali di un cliente da ordini e spedizioni (ordini 820982911946154508, 5000000002 e quelli del suo indirizzo e-mail)',
    );
    expect(privacyRequestedActivity({ ...base, externalOrderIds: [], request: 'redact_customer' }, at)!.text(0, 0)).toContain('(gli ordini del suo indirizzo e-mail)');
    expect(privacyRequestedActivity({ ...base, customerEmail: '', request: 'redact_customer' }, at)!.text(2, 0)).toMatch(/\(ordini 820982911946154508, 5000000002\)$/);
    expect(redact.text(2, 0)).not.toContain('ornella');
    expect(privacyRequestedActivity({ ...base, externalOrderIds: [], request: 'redact_shop' }, at)!.text(0, 0)).toBe(
      'Richiesta privacy di Shopify eseguita: cancellati i dati personali dei clienti del negozio da tutti i suoi ordini e spedizioni',
    );
    const asked = privacyRequestedActivity({ ...base, externalOrderIds: ['5000000002'], dataRequestId: '9999', request: 'customer_data_request' }, at)!;
    expect(asked.text(1, 0)).toBe("Richiesta di Shopify dei dati di un cliente (n. 9999) registrata: i suoi dati in Smista sono nell'ordine 5000000002; nessun dato cancellato");
    const many = Array.from({ length: 7 }, (_, i) => String(1001 + i));
    expect(privacyRequestedActivity({ ...base, externalOrderIds: many, request: 'customer_data_request' }, at)!.text(7, 0)).toContain('negli ordini 1001, 1002, 1003, 1004, 1005 e altri 2');
    // Without a delivery id, by its time; an unknown request says nothing.
    expect(privacyRequestedActivity({ ...base, webhookId: '', request: 'redact_shop' }, at)!.groupKey).toBe(`privacy:9:redact_shop:${at.toISOString()}`);
    expect(privacyRequestedActivity({ ...base, request: 'something_else' }, at)).toBeNull();
  });
});

describe('ordersCsvImportedActivity', () => {
  it('one line per job, saying the file, the orders created and those already there; none without a job id', () => {
    const draft = ordersCsvImportedActivity({ importId: 7, fileName: ' ordini.csv ', createdOrders: 1, skippedOrders: 3 }, at)!;
    expect([draft.groupKey, draft.text(draft.count, draft.total)]).toEqual(['orders-csv:7', 'Importazione CSV «ordini.csv»: 1 ordine creato, 3 già presenti']);
    expect(ordersCsvImportedActivity({ importId: 0, fileName: 'x.csv', createdOrders: 1, skippedOrders: 0 }, at)).toBeNull();
  });
});
