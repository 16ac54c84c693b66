import { activityMessages as m, marketplaceMessages } from '@smista/contracts';
import {
  codesLowNotification,
  codesRestockedResolution,
  carrierDeletedResolution,
  integrationResolutions,
  labelFailureGroup,
  labelsFailedNotification,
  parcelNotifications,
  parcelResolution,
  syncFailedNotification,
  syncSucceededResolution,
  workdayClosedResolution,
  tokenExpiringNotification,
  tokenRefusedNotification,
  workdayOpenNotification,
  type IntegrationState,
} from './notifications';

const now = new Date('2026-06-01T10:00:00Z');
const day = 86_400_000;
const integration = (patch: Partial<IntegrationState> = {}): IntegrationState => ({
  integrationId: 7,
  provider: 'ebay',
  status: 'active',
  deleted: false,
  refreshTokenExpiresAt: new Date(now.getTime() + 60 * day),
  changedAt: new Date('2026-05-01T08:00:00Z'),
  ...patch,
});

describe('a failed sync', () => {
  it('notifies with the reason and the marketplaces page, once per job', () => {
    const draft = syncFailedNotification({ jobId: 12, integrationId: 7, provider: 'ebay', status: 'failed', errorMessage: 'eBay non risponde' });
    expect(draft).toEqual({
      kind: 'sync_failed',
      dedupKey: 'sync-failed:12',
      subject: 'marketplace:7',
      title: 'Sincronizzazione non riuscita',
      text: 'La sincronizzazione degli ordini eBay non è riuscita: eBay non risponde',
      link: '/dashboard/integration/7',
    });
  });

  it('says nothing of a completed one, which answers the failed ones of its integration', () => {
    expect(syncFailedNotification({ jobId: 12, integrationId: 7, provider: 'ebay', status: 'completed', errorMessage: '' })).toBeNull();
    expect(syncSucceededResolution({ integrationId: 7, status: 'completed' }, now)).toEqual({ kinds: ['sync_failed'], subject: 'marketplace:7', at: now });
    expect(syncSucceededResolution({ integrationId: 7, status: 'failed' }, now)).toBeNull();
  });
});

describe('marketplace tokens', () => {
  it('a refusal notifies when the integration goes into error, not while it stays there', () => {
    const refused = integration({ status: 'error', changedAt: new Date('2026-05-02T09:00:00Z') });
    expect(tokenRefusedNotification({ status: 'active' }, refused)).toMatchObject({
      kind: 'token_refused',
      dedupKey: 'token-refused:7:2026-05-02T09:00:00.000Z',
      subject: 'marketplace:7',
      text: m.tokenRefused('ebay'),
      link: '/dashboard/integration/7',
    });
    expect(tokenRefusedNotification(null, refused)).not.toBeNull();
    expect(tokenRefusedNotification({ status: 'error' }, refused)).toBeNull();
    expect(tokenRefusedNotification({ status: 'active' }, { ...refused, deleted: true })).toBeNull();
    expect(tokenRefusedNotification({ status: 'error' }, integration())).toBeNull();
    // Said by the change itself: switched off and on while refused is no new refusal.
    expect(tokenRefusedNotification({ status: 'inactive' }, refused, 'toggled')).toBeNull();
    expect(tokenRefusedNotification({ status: 'active' }, refused, 'token_refused')).not.toBeNull();
    expect(tokenRefusedNotification({ status: 'error' }, refused, 'token_refused')).toBeNull();
  });

  it('an expiry within 30 days notifies once per integration and expiry date', () => {
    const expiresAt = new Date(now.getTime() + 30 * day);
    const draft = tokenExpiringNotification(integration({ refreshTokenExpiresAt: expiresAt }), now);
    expect(draft).toEqual({
      kind: 'token_expiring',
      dedupKey: `token-expiring:7:${expiresAt.toISOString()}`,
      subject: 'marketplace:7',
      title: 'Autorizzazione in scadenza',
      text: marketplaceMessages.tokenExpiresSoon('eBay', '01/07/2026'),
      link: '/dashboard/integration/7',
    });
    // the same expiry, read an hour later: the same key
    expect(tokenExpiringNotification(integration({ refreshTokenExpiresAt: expiresAt }), new Date(now.getTime() + 3_600_000))?.dedupKey).toBe(draft?.dedupKey);
  });

  it('an expiry 30 days and a minute away, unknown, in error or deleted says nothing', () => {
    expect(tokenExpiringNotification(integration({ refreshTokenExpiresAt: new Date(now.getTime() + 30 * day + 60_000) }), now)).toBeNull();
    expect(tokenExpiringNotification(integration({ refreshTokenExpiresAt: null }), now)).toBeNull();
    expect(tokenExpiringNotification(integration({ status: 'error', refreshTokenExpiresAt: now }), now)).toBeNull();
    expect(tokenExpiringNotification(integration({ deleted: true, refreshTokenExpiresAt: now }), now)).toBeNull();
  });

  it('an expired token says so', () => {
    const draft = tokenExpiringNotification(integration({ refreshTokenExpiresAt: new Date(now.getTime() - day) }), now);
    expect(draft).toMatchObject({ title: 'Autorizzazione scaduta', text: marketplaceMessages.tokenExpired('eBay', '31/05/2026') });
  });

  describe('what a change takes away', () => {
    const at = new Date('2026-06-01T09:00:00Z');
    const kindsOf = (previous: IntegrationState | null, next: IntegrationState, change: string) =>
      integrationResolutions(previous, next, change, now).map((r) => ({ kinds: [...r.kinds], subject: r.subject, at: r.at }));
    const near = new Date(now.getTime() + 10 * day);
    const far = new Date(now.getTime() + 500 * day);

    it('deleted: every notification of the integration', () => {
      expect(kindsOf(integration(), integration({ deleted: true, changedAt: at }), 'deleted')).toEqual([
        { kinds: ['sync_failed', 'token_refused', 'token_expiring'], subject: 'marketplace:7', at },
      ]);
    });

    it('connected again after a refusal: the refusal and the old expiry', () => {
      expect(kindsOf(integration({ status: 'error', refreshTokenExpiresAt: near }), integration({ refreshTokenExpiresAt: far, changedAt: at }), 'reconnected')).toEqual([
        { kinds: ['token_refused'], subject: 'marketplace:7', at },
        { kinds: ['token_expiring'], subject: 'marketplace:7', at },
      ]);
    });

    it("an access-token refresh keeps the refresh token: a near expiry's warning stands", () => {
      const resolved = kindsOf(integration({ refreshTokenExpiresAt: near }), integration({ refreshTokenExpiresAt: near, changedAt: at }), 'token_refreshed');
      expect(resolved.flatMap((r) => r.kinds)).toEqual(['token_refused']);
    });

    it('still refused, or switched off while refused: nothing is answered', () => {
      expect(kindsOf(integration({ status: 'error' }), integration({ status: 'error', changedAt: at }), 'toggled')).toEqual([]);
      expect(kindsOf(integration({ status: 'error', refreshTokenExpiresAt: near }), integration({ status: 'inactive', refreshTokenExpiresAt: near, changedAt: at }), 'toggled')).toEqual([]);
    });
  });
});

describe('tracking codes under 10', () => {
  it("links the carrier's setup page of the pool, once per fall", () => {
    expect(codesLowNotification({ integrationId: 3, provider: 'posta_1', available: 4, occurredAt: '2026-06-01T10:00:00.000Z' })).toEqual({
      kind: 'codes_low',
      dedupKey: 'codes-low:3:2026-06-01T10:00:00.000Z',
      subject: 'carrier:3',
      title: 'Codici di tracciamento in esaurimento',
      text: 'Restano 4 codici di tracciamento Posta1: aggiungine altri prima che finiscano.',
      link: '/carriers/posta_1/setup?edit=3',
    });
    expect(codesLowNotification({ integrationId: 3, provider: 'posta_rc', available: 1, occurredAt: 'x' }).text).toBe(
      'Resta 1 codice di tracciamento Raccomandata: aggiungine altri prima che finiscano.',
    );
    expect(codesLowNotification({ integrationId: 3, provider: 'posta_1', available: 0, occurredAt: 'x' }).text).toBe(
      'Sono finiti i codici di tracciamento Posta1: aggiungine altri per continuare a creare etichette.',
    );
  });

  it('answered by a refill, or by the deletion of the carrier integration', () => {
    expect(codesRestockedResolution({ integrationId: 3 }, now)).toEqual({ kinds: ['codes_low'], subject: 'carrier:3', at: now });
    expect(carrierDeletedResolution({ integrationId: 3, deleted: true, change: 'deleted' }, now)).toEqual({ kinds: ['codes_low'], subject: 'carrier:3', at: now });
    expect(carrierDeletedResolution({ integrationId: 3, deleted: false, change: 'toggled' }, now)).toBeNull();
  });
});

describe('failed labels', () => {
  it('are grouped per processing run, or per minute without one', () => {
    const at = new Date('2026-06-01T10:00:42Z');
    expect(labelFailureGroup({ runId: 'run-1', occurredAt: at })).toBe('labels-failed:run-1');
    expect(labelFailureGroup({ runId: '', occurredAt: at })).toBe('labels-failed:2026-06-01T10:00');
  });

  const failure = (shipmentId: number, externalOrderId = `12-0000${shipmentId}-99999`, reason = 'CAP non valido') => ({ shipmentId, reason, externalOrderId });

  it("one says why and leads to its order's shipments (whatever tab it is in now); many say how many, with the Errori tab", () => {
    expect(labelsFailedNotification('labels-failed:run-1', [failure(4)])).toEqual({
      kind: 'labels_failed',
      dedupKey: 'labels-failed:run-1',
      subject: 'labels-failed:run-1',
      title: 'Etichette non create',
      text: '1 etichetta non creata: CAP non valido',
      link: '/dashboard/shipments?search=12-00004-99999',
    });
    const many = labelsFailedNotification('labels-failed:run-1', Array.from({ length: 12 }, (_v, i) => failure(i + 1)))!;
    expect(many.text).toBe('12 etichette non create: correggi le spedizioni in errore e processale di nuovo.');
    expect(many.link).toBe('/dashboard/shipments?status=error');
    // An event of an older publisher names no order: the Errori tab.
    expect(labelsFailedNotification('labels-failed:run-1', [failure(4, '')])!.link).toBe('/dashboard/shipments?status=error');
  });

  it('none left open (labelled or cancelled since): resolved', () => {
    expect(labelsFailedNotification('labels-failed:run-1', [])).toBeNull();
  });
});

describe('a GLS day left open', () => {
  it("once per merchant and day, with the GLS account's shipped shipments ('Trasmetti GLS' is there)", () => {
    expect(workdayOpenNotification('2026-06-01', 3, [5, 5])).toEqual({
      kind: 'workday_open',
      dedupKey: 'workday-open:2026-06-01',
      subject: 'workday:2026-06-01',
      title: 'Giornata GLS non chiusa',
      text: '3 spedizioni GLS di oggi non sono ancora state chiuse: chiudi la giornata GLS prima del ritiro.',
      link: '/dashboard/shipments?status=shipped&carrier=5',
    });
    // Two GLS accounts: every shipped one.
    expect(workdayOpenNotification('2026-06-01', 3, [5, 6])!.link).toBe('/dashboard/shipments?status=shipped');
    expect(workdayClosedResolution('2026-06-01')).toEqual({ kinds: ['workday_open'], subject: 'workday:2026-06-01', at: null });
    expect(workdayOpenNotification('2026-06-01', 1)?.text).toBe('1 spedizione GLS di oggi non è ancora stata chiusa: chiudi la giornata GLS prima del ritiro.');
    expect(workdayOpenNotification('2026-06-01', 0)).toBeNull();
  });
});

describe('parcels on their way (issue 26)', () => {
  const parcel = {
    shipmentId: 7,
    externalOrderId: '12-34567-89012',
    carrierProvider: 'gls',
    trackingNumber: 'MI000000042',
    description: 'IN GIACENZA: INDIRIZZO ERRATO - ROMA',
    alerts: ['held'],
    lastMovementAt: new Date('2026-11-20T10:00:00.000Z'),
    promisedAt: null,
  };

  it('a parcel in giacenza: once per cause, naming the order and the parcel, leading to its shipment', () => {
    expect(parcelNotifications(parcel)).toEqual([
      {
        kind: 'parcel_held',
        dedupKey: 'parcel-held:7:2026-11-20T10:00:00.000Z',
        subject: 'shipment:7',
        title: 'Pacco in giacenza',
        text: "Il pacco dell'ordine 12-34567-89012 (GLS MI000000042) è in giacenza: «IN GIACENZA: INDIRIZZO ERRATO - ROMA»: contatta il destinatario o dai istruzioni al corriere prima che torni indietro.",
        link: '/dashboard/shipments?search=12-34567-89012',
      },
    ]);
  });

  it('each alert its own kind and words; returned is a delivery problem; late once per parcel', () => {
    const drafts = parcelNotifications({ ...parcel, alerts: ['returned', 'stalled', 'late', 'unknown'], promisedAt: new Date('2026-11-21T22:59:00.000Z') });
    expect(drafts.map((d) => [d.kind, d.title, d.dedupKey])).toEqual([
      ['parcel_exception', 'Pacco reso al mittente', 'parcel-returned:7:2026-11-20T10:00:00.000Z'],
      ['parcel_stalled', 'Pacco fermo', 'parcel-stalled:7:2026-11-20T10:00:00.000Z'],
      ['delivery_late', 'Consegna in ritardo', 'parcel-late:7'],
    ]);
    expect(drafts[1]!.text).toBe("Il pacco dell'ordine 12-34567-89012 (GLS MI000000042) non si muove da almeno 3 giorni lavorativi (ultimo movimento il 20/11/2026): chiedi al corriere dove si trova.");
    expect(drafts[2]!.text).toContain("entro la data promessa all'acquirente (21/11/2026)");
    expect(parcelNotifications({ ...parcel, alerts: ['exception'], description: '', externalOrderId: '' })[0]).toMatchObject({
      text: 'Il pacco (GLS MI000000042) non è stato consegnato.',
      link: '/dashboard/shipments?status=error',
    });
  });

  it('what the parcel no longer stands in is resolved: everything once delivered, only the rest while held', () => {
    const at = new Date('2026-11-22T10:00:00.000Z');
    expect(parcelResolution({ shipmentId: 7, alerts: [] }, at)).toEqual({ kinds: ['parcel_held', 'parcel_exception', 'parcel_stalled', 'delivery_late'], subject: 'shipment:7', at });
    expect(parcelResolution({ shipmentId: 7, alerts: ['held'] }, at)).toEqual({ kinds: ['parcel_exception', 'parcel_stalled', 'delivery_late'], subject: 'shipment:7', at });
    expect(parcelResolution({ shipmentId: 7, alerts: ['held', 'exception', 'stalled', 'late'] }, at)).toBeNull();
  });
});
