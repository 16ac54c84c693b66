import {
  auditOperationLabel,
  bulkCreateSchema,
  auditOutcomeLabel,
  carrierTrackingStatusLabel,
  isProblemTrackingStatus,
  marketplaceTrackingStatusLabel,
  readShipmentDetailsParam,
  readShipmentsUrlQuery,
  shipmentDetailsLink,
  shipmentMessages as m,
  postalAddressOfShipment,
  shipmentAddressOfPostal,
  shipmentAddressSchema,
  trackingStatuses,
  trackingStatusText,
  workdayCloseStatusLabel,
} from './shipments';

describe('bulk create summary', () => {
  it.each([
    [3, {}, '3 spedizioni create'],
    [1, {}, '1 spedizione creata'],
    [0, { existing: 1 }, 'Nessuna spedizione creata: 1 ordine ha già una spedizione'],
    [0, { existing: 2 }, 'Nessuna spedizione creata: 2 ordini hanno già una spedizione'],
    [0, { notFound: 2 }, 'Nessuna spedizione creata: 2 ordini non trovati'],
    [0, { existing: 1, notFound: 1, cancelled: 1 }, 'Nessuna spedizione creata: 1 ordine ha già una spedizione, 1 ordine non trovato, 1 ordine annullato'],
    [0, { unpaid: 2 }, 'Nessuna spedizione creata: 2 ordini non pagati (da confermare)'],
    [1, { unpaid: 1 }, '1 spedizione creata; 1 ordine saltato (1 ordine non pagato (da confermare))'],
    [3, { existing: 1, notFound: 1 }, '3 spedizioni create; 2 ordini saltati (1 ordine ha già una spedizione, 1 ordine non trovato)'],
    [1, { cancelled: 1 }, '1 spedizione creata; 1 ordine saltato (1 ordine annullato)'],
  ] as const)('%i created, skipped %j: %s', (created, skipped, text) => {
    expect(m.bulkCreated(created, skipped)).toBe(text);
  });

  it('never says an order has a shipment when none of the skipped has one', () => {
    expect(m.bulkCreated(0, { notFound: 3 })).not.toContain('già una spedizione');
  });
});

describe('the link that opens a shipment on the shipments screen', () => {
  it('names the shipment in the query, and the screen reads it back', () => {
    expect(shipmentDetailsLink(42)).toBe('/dashboard/shipments?shipment=42');
    const query = new URL(shipmentDetailsLink(42), 'http://x').searchParams;
    expect(readShipmentDetailsParam(query)).toBe(42);
  });

  it('opens nothing for a missing or bad id', () => {
    for (const raw of ['', 'shipment=', 'shipment=0', 'shipment=-3', 'shipment=abc', 'shipment=4.5', 'shipment=1e3', `shipment=${'9'.repeat(16)}`]) {
      expect({ raw, id: readShipmentDetailsParam(new URLSearchParams(raw)) }).toEqual({ raw, id: null });
    }
    expect(readShipmentDetailsParam(new URLSearchParams('shipment=%2007%20'))).toBe(7);
  });

  it('is no part of the list view (the list reads the same page with or without it)', () => {
    expect(readShipmentsUrlQuery(new URLSearchParams('shipment=42&status=shipped'))).toEqual(readShipmentsUrlQuery(new URLSearchParams('status=shipped')));
  });
});

describe('statuses and codes in Italian', () => {
  it('the carrier tracking status (the drawer showed in_transit), the marketplace push, the close and the audit trail', () => {
    expect(['in_transit', 'DELIVERED', 'exception', 'info'].map(carrierTrackingStatusLabel)).toEqual(['In transito', 'Consegnata', 'Problema di consegna', 'Aggiornamento del corriere']);
    expect(['pushed', 'skipped', 'failed', 'pending'].map(marketplaceTrackingStatusLabel)).toEqual(['Inviato', 'Non inviato', 'Non riuscito', 'In attesa di invio']);
    expect(workdayCloseStatusLabel('closed')).toBe('Chiusa');
    expect(auditOperationLabel('PushTracking')).toBe('Invio tracking al marketplace');
    // A skipped push made no call: never 'Riuscita'.
    expect(auditOutcomeLabel('skipped')).toBe('Non eseguita');
    expect(auditOutcomeLabel('ok')).toBe('Riuscita');
    // Own keys only, and an unknown code as it is.
    expect(carrierTrackingStatusLabel('constructor')).toBe('constructor');
  });
});

describe('tracking statuses for the screens (issue 26)', () => {
  it('every status in Italian; an unknown one reads as the carrier update, never as its code', () => {
    expect(trackingStatuses.map(trackingStatusText)).toEqual([
      'In transito',
      'In consegna',
      'Consegnata',
      'In giacenza',
      'Problema di consegna',
      'Reso al mittente',
      'Aggiornamento del corriere',
    ]);
    expect(trackingStatusText(' HELD ')).toBe('In giacenza');
    for (const raw of ['906', 'constructor', '']) expect(trackingStatusText(raw)).toBe('Aggiornamento del corriere');
  });

  it('held, exception and returned are the problems the list marks', () => {
    expect(trackingStatuses.filter(isProblemTrackingStatus)).toEqual(['held', 'exception', 'returned']);
    expect([null, undefined, 'HELD'].some(isProblemTrackingStatus)).toBe(false);
  });

  it("the Errori tab's tracking reasons quote the carrier and count working days", () => {
    expect(m.problemHeld('IN GIACENZA - MILANO')).toBe('Pacco in giacenza: IN GIACENZA - MILANO');
    expect(m.problemReturned('  ')).toBe('Reso al mittente');
    expect(m.problemStalled(3)).toBe('Nessun movimento da 3 giorni lavorativi');
    expect(m.problemStalled(1)).toBe('Nessun movimento da 1 giorno lavorativo');
    expect(m.problemLate).toBe('Consegna in ritardo rispetto alla data promessa');
  });
});

describe('bulkCreateSchema (issue 19: confirmUnpaid)', () => {
  it('confirmUnpaid is optional (false) and must be a boolean when given', () => {
    expect(bulkCreateSchema.parse({ orderIds: [3, 3, 4] })).toEqual({ orderIds: [3, 4], confirmUnpaid: false });
    expect(bulkCreateSchema.parse({ orderIds: [3], confirmUnpaid: true })).toEqual({ orderIds: [3], confirmUnpaid: true });
    expect(bulkCreateSchema.parse({ orderIds: [3], confirmUnpaid: null })).toEqual({ orderIds: [3], confirmUnpaid: false });
    for (const confirmUnpaid of ['true', 1, {}]) {
      expect(bulkCreateSchema.safeParse({ orderIds: [3], confirmUnpaid }).error?.issues[0]?.message).toBe(m.confirmUnpaidInvalid);
    }
  });
});

describe("a shipment's address as the one postal address", () => {
  const spec = { recipientName: 'Maria Bianchi', addressLine1: 'Corso Francia 20', addressLine2: 'Scala C', city: 'Torino', state: 'TO', postalCode: '10138', country: 'Italia', countryCode: 'IT', phoneNumber: '+39 011 1234567', recipientEmail: 'maria@example.it' };

  it('the spec names travel as name, province, phone and email, and come back as they were', () => {
    const postal = postalAddressOfShipment(spec);
    expect(postal).toEqual({ name: 'Maria Bianchi', companyName: '', contactName: '', addressLine1: 'Corso Francia 20', addressLine2: 'Scala C', city: 'Torino', province: 'TO', postalCode: '10138', country: 'Italia', countryCode: 'IT', phone: '+39 011 1234567', email: 'maria@example.it' });
    expect(shipmentAddressOfPostal(postal)).toEqual(spec);
  });

  it('absent parts are empty strings on the wire, and an absent address is all empty (the schema then refuses it)', () => {
    const postal = postalAddressOfShipment({ ...spec, recipientName: null, addressLine2: null, state: null, phoneNumber: null, recipientEmail: null });
    expect(postal).toMatchObject({ name: '', addressLine2: '', province: '', phone: '', email: '' });
    expect(shipmentAddressSchema.safeParse(shipmentAddressOfPostal(undefined)).success).toBe(false);
  });
});
