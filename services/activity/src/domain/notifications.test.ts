import { activityMessages as m, marketplaceMessages } from '@smista/contracts';
import {
  codesLowNotification,
  labelFailureGroup,
  labelsFailedNotification,
  syncFailedNotification,
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
    const draft = syncFailedNotification({ jobId: 12, provider: 'ebay', status: 'failed', errorMessage: 'eBay non risponde' });
    expect(draft).toEqual({
      kind: 'sync_failed',
      dedupKey: 'sync-failed:12',
      title: 'Sincronizzazione non riuscita',
      text: 'La sincronizzazione degli ordini eBay non è riuscita: eBay non risponde',
      link: '/dashboard/marketplaces',
    });
  });

  it('says nothing of a completed one', () => {
    expect(syncFailedNotification({ jobId: 12, provider: 'ebay', status: 'completed', errorMessage: '' })).toBeNull();
  });
});

describe('marketplace tokens', () => {
  it('a refusal notifies when the integration goes into error, not while it stays there', () => {
    const refused = integration({ status: 'error', changedAt: new Date('2026-05-02T09:00:00Z') });
    expect(tokenRefusedNotification({ status: 'active' }, refused)).toMatchObject({
      kind: 'token_refused',
      dedupKey: 'token-refused:7:2026-05-02T09:00:00.000Z',
      text: m.tokenRefused('ebay'),
      link: '/dashboard/marketplaces',
    });
    expect(tokenRefusedNotification(null, refused)).not.toBeNull();
    expect(tokenRefusedNotification({ status: 'error' }, refused)).toBeNull();
    expect(tokenRefusedNotification({ status: 'active' }, { ...refused, deleted: true })).toBeNull();
    expect(tokenRefusedNotification({ status: 'error' }, integration())).toBeNull();
  });

  it('an expiry within 30 days notifies once per integration and expiry date', () => {
    const expiresAt = new Date(now.getTime() + 30 * day);
    const draft = tokenExpiringNotification(integration({ refreshTokenExpiresAt: expiresAt }), now);
    expect(draft).toEqual({
      kind: 'token_expiring',
      dedupKey: `token-expiring:7:${expiresAt.toISOString()}`,
      title: 'Autorizzazione in scadenza',
      text: marketplaceMessages.tokenExpiresSoon('eBay', '01/07/2026'),
      link: '/dashboard/marketplaces',
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
});

describe('tracking codes under 10', () => {
  it("links the carrier's setup page of the pool, once per fall", () => {
    expect(codesLowNotification({ integrationId: 3, provider: 'posta_1', available: 4, occurredAt: '2026-06-01T10:00:00.000Z' })).toEqual({
      kind: 'codes_low',
      dedupKey: 'codes-low:3:2026-06-01T10:00:00.000Z',
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
});

describe('failed labels', () => {
  it('are grouped per processing run, or per minute without one', () => {
    const at = new Date('2026-06-01T10:00:42Z');
    expect(labelFailureGroup({ runId: 'run-1', occurredAt: at })).toBe('labels-failed:run-1');
    expect(labelFailureGroup({ runId: '', occurredAt: at })).toBe('labels-failed:2026-06-01T10:00');
  });

  it('one says why; many say how many, with the Errori tab', () => {
    expect(labelsFailedNotification('labels-failed:run-1', 1, 'CAP non valido')).toEqual({
      kind: 'labels_failed',
      dedupKey: 'labels-failed:run-1',
      title: 'Etichette non create',
      text: '1 etichetta non creata: CAP non valido',
      link: '/dashboard/shipments?status=error',
    });
    expect(labelsFailedNotification('labels-failed:run-1', 12, 'CAP non valido').text).toBe(
      '12 etichette non create: correggi le spedizioni in errore e processale di nuovo.',
    );
  });
});

describe('a GLS day left open', () => {
  it('once per merchant and day, with the shipments page', () => {
    expect(workdayOpenNotification('2026-06-01', 3)).toEqual({
      kind: 'workday_open',
      dedupKey: 'workday-open:2026-06-01',
      title: 'Giornata GLS non chiusa',
      text: '3 spedizioni GLS di oggi non sono ancora state chiuse: chiudi la giornata GLS prima del ritiro.',
      link: '/dashboard/shipments',
    });
    expect(workdayOpenNotification('2026-06-01', 1)?.text).toBe('1 spedizione GLS di oggi non è ancora stata chiusa: chiudi la giornata GLS prima del ritiro.');
    expect(workdayOpenNotification('2026-06-01', 0)).toBeNull();
  });
});
