import type { MarketplaceIntegrationJson, SyncJobJson } from '@smista/contracts';
import {
  AUTO_SYNC_AFTER_MS,
  integrationLabel,
  isSyncDisabled,
  jobsEndedToast,
  progressPercent,
  progressText,
  shouldAutoSync,
  syncStartToast,
  trackJobs,
  paceText,
  type WatchedJob,
} from './sync';

const job = (over: Partial<SyncJobJson> = {}): SyncJobJson => ({
  id: 1,
  merchantId: 'm1',
  integrationId: 7,
  provider: 'ebay',
  type: 'orders_sync',
  executionMode: 'background',
  triggeredBy: 'user',
  status: 'running',
  startedAt: '2026-11-22T10:00:00Z',
  completedAt: null,
  ordersFound: 0,
  ordersSynced: 0,
  errorMessage: null,
  createdAt: '2026-11-22T10:00:00Z',
  ...over,
});

const integration = (over: Partial<MarketplaceIntegrationJson> = {}): MarketplaceIntegrationJson => ({
  id: 7,
  merchantId: 'm1',
  type: 'marketplace',
  provider: 'ebay',
  marketplaceName: 'eBay',
  logoUrl: '',
  status: 'active',
  statusMessage: null,
  active: true,
  connectedAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  accessToken: null,
  refreshToken: null,
  refreshTokenPreview: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
  config: '{}',
  autoUpdateTracking: false,
  userId: null,
  username: 'negozio_rossi',
  email: null,
  accountType: null,
  tokenWarning: null,
  lastSyncedAt: null,
  currentJob: null,
  lastJob: null,
  ...over,
});

describe('progress', () => {
  it('says synced of found, and searching before the total is known', () => {
    expect(progressText({ ordersFound: 1000, ordersSynced: 120 })).toBe('Sincronizzazione in corso: 120/1000 ordini');
    expect(progressText({ ordersFound: 10000, ordersSynced: 10000 })).toBe('Sincronizzazione in corso: 10.000/10.000 ordini');
    expect(progressText({ ordersFound: 0, ordersSynced: 0 })).toBe('Sincronizzazione in corso: ricerca degli ordini...');
    expect(progressText({ ordersFound: 5, ordersSynced: 9 })).toBe('Sincronizzazione in corso: 5/5 ordini');
  });
  it('turns it into a percentage, null while unknown', () => {
    expect(progressPercent({ ordersFound: 1000, ordersSynced: 120 })).toBe(12);
    expect(progressPercent({ ordersFound: 3, ordersSynced: 3 })).toBe(100);
    expect(progressPercent({ ordersFound: 0, ordersSynced: 0 })).toBeNull();
  });
});

describe('isSyncDisabled (spec §2 sync icon)', () => {
  it('is off for an inactive integration, a pending or running job, or a request on its way', () => {
    expect(isSyncDisabled(integration(), false)).toBe(false);
    expect(isSyncDisabled(integration({ active: false }), false)).toBe(true);
    expect(isSyncDisabled(integration({ currentJob: job({ status: 'pending' }) }), false)).toBe(true);
    expect(isSyncDisabled(integration({ currentJob: job({ status: 'running' }) }), false)).toBe(true);
    expect(isSyncDisabled(integration({ currentJob: job({ status: 'completed' }) }), false)).toBe(false);
    expect(isSyncDisabled(integration(), true)).toBe(true);
  });
});

describe('shouldAutoSync (spec §9)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('syncs when never synced or more than 5 minutes ago', () => {
    expect(shouldAutoSync(null, now)).toBe(true);
    expect(shouldAutoSync('rotto', now)).toBe(true);
    expect(shouldAutoSync(String(now - AUTO_SYNC_AFTER_MS - 1), now)).toBe(true);
    expect(shouldAutoSync(new Date(now - 10 * 60_000).toISOString(), now)).toBe(true);
  });
  it('waits within 5 minutes, and distrusts a time in the future', () => {
    expect(shouldAutoSync(String(now - AUTO_SYNC_AFTER_MS), now)).toBe(false);
    expect(shouldAutoSync(String(now - 1000), now)).toBe(false);
    expect(shouldAutoSync(String(now + 60_000), now)).toBe(true);
  });
});

describe('integrationLabel', () => {
  it('names the marketplace, with the account when asked', () => {
    expect(integrationLabel(integration())).toBe('eBay');
    expect(integrationLabel(integration(), true)).toBe('eBay · negozio_rossi');
    expect(integrationLabel(integration({ username: null }), true)).toBe('eBay');
  });
});

describe('trackJobs', () => {
  const watch = (entries: [number, WatchedJob][]) => new Map(entries);
  it('starts watching a job under way, silently when the schedule started it', () => {
    const user = trackJobs(new Map(), [integration({ currentJob: job({ id: 3 }) })]);
    expect([...user.watched]).toEqual([[7, { jobId: 3, announce: true }]]);
    const scheduled = trackJobs(new Map(), [integration({ currentJob: job({ id: 4, triggeredBy: 'schedule' }) })]);
    expect([...scheduled.watched]).toEqual([[7, { jobId: 4, announce: false }]]);
    expect(user.ended).toEqual([]);
  });

  it('keeps a job while it runs and reports it with its final state when it ends', () => {
    const watched = watch([[7, { jobId: 3, announce: true }]]);
    expect(trackJobs(watched, [integration({ currentJob: job({ id: 3, ordersFound: 10, ordersSynced: 4 }) })]).ended).toEqual([]);
    const done = job({ id: 3, status: 'completed', ordersFound: 10, ordersSynced: 10 });
    const after = trackJobs(watched, [integration({ currentJob: null, lastJob: done })]);
    expect(after.watched.size).toBe(0);
    expect(after.ended).toEqual([{ integration: expect.objectContaining({ id: 7 }), job: done, announce: true }]);
  });

  it('ends a job that finished before it ever showed as current (its answer already final)', () => {
    const done = job({ id: 5, status: 'completed', ordersSynced: 2 });
    const after = trackJobs(watch([[7, { jobId: 5, announce: true }]]), [integration({ currentJob: done })]);
    expect(after.ended).toEqual([{ integration: expect.objectContaining({ id: 7 }), job: done, announce: true }]);
  });

  it('ends a job replaced by another (final state unknown) and watches the new one', () => {
    const after = trackJobs(watch([[7, { jobId: 3, announce: true }]]), [integration({ currentJob: job({ id: 9 }), lastJob: job({ id: 8, status: 'completed' }) })]);
    expect(after.ended).toEqual([{ integration: expect.objectContaining({ id: 7 }), job: null, announce: true }]);
    expect(after.watched.get(7)).toEqual({ jobId: 9, announce: true });
  });

  it('ends the job of an integration that is gone', () => {
    const after = trackJobs(watch([[7, { jobId: 3, announce: true }]]), []);
    expect(after.ended).toEqual([{ integration: null, job: null, announce: true }]);
  });
});

describe('syncStartToast (spec §8)', () => {
  it('speaks of one sync when one integration alone was started', () => {
    expect(syncStartToast([{ ok: true, message: 'Sincronizzazione di eBay avviata' }])).toEqual({ title: 'Sincronizzazione avviata', description: 'Sincronizzazione di eBay avviata' });
    expect(syncStartToast([{ ok: true, message: 'Sincronizzazione avviata' }])).toEqual({ title: 'Sincronizzazione avviata', description: undefined });
    expect(syncStartToast([{ ok: false, status: 409, message: "L'integrazione è disattivata" }])).toEqual({
      title: 'Errore durante la sincronizzazione: 409',
      description: "L'integrazione è disattivata",
      variant: 'destructive',
    });
    expect(syncStartToast([{ ok: false, status: null, message: null }])).toMatchObject({
      title: "Si è verificato un errore durante l'avvio della sincronizzazione",
      variant: 'destructive',
    });
  });
  it('counts the successes of a bulk start', () => {
    expect(syncStartToast([{ ok: true, message: '' }, { ok: false, status: 500, message: null }, { ok: true, message: '' }])).toEqual({
      title: 'Sincronizzazioni avviate',
      description: '2 di 3 integrazioni in sincronizzazione',
    });
    expect(syncStartToast([{ ok: false, status: 500, message: 'Servizio non disponibile' }, { ok: false, status: 502, message: null }])).toEqual({
      title: "Si è verificato un errore durante l'avvio delle sincronizzazioni",
      description: 'Servizio non disponibile',
      variant: 'destructive',
    });
  });
});

describe('jobsEndedToast', () => {
  const ebay = integration();
  it('says how many orders one sync imported, and from where', () => {
    expect(jobsEndedToast([{ integration: ebay, job: job({ status: 'completed', ordersSynced: 1000 }), announce: true }])).toEqual({
      title: 'Sincronizzazione completata',
      description: '1000 ordini importati da eBay',
    });
    expect(jobsEndedToast([{ integration: ebay, job: job({ status: 'completed', ordersSynced: 1 }), announce: true }])?.description).toBe('1 ordine importato da eBay');
  });
  it("adds up several, and shows a failed job's Italian error", () => {
    const two = [
      { integration: ebay, job: job({ status: 'completed', ordersSynced: 12000 }), announce: true },
      { integration: integration({ id: 8, username: 'altro' }), job: job({ id: 2, status: 'completed', ordersSynced: 5 }), announce: true },
    ];
    expect(jobsEndedToast(two)).toEqual({ title: 'Sincronizzazioni completate', description: '12.005 ordini importati' });
    expect(jobsEndedToast([{ integration: ebay, job: job({ status: 'failed', errorMessage: 'eBay: troppe richieste in poco tempo' }), announce: true }])).toEqual({
      title: 'Sincronizzazione non riuscita',
      description: 'eBay: troppe richieste in poco tempo',
      variant: 'destructive',
    });
    expect(jobsEndedToast([{ integration: ebay, job: job({ status: 'failed' }), announce: true }])?.description).toBe(
      'La sincronizzazione si è interrotta per un errore. Riprova più tardi.',
    );
  });
  it('says nothing for silent jobs or unknown outcomes', () => {
    expect(jobsEndedToast([{ integration: ebay, job: job({ status: 'completed' }), announce: false }])).toBeNull();
    expect(jobsEndedToast([{ integration: ebay, job: null, announce: true }])).toBeNull();
    expect(jobsEndedToast([])).toBeNull();
  });
});

describe('the pace of a slow marketplace', () => {
  it("tells Amazon's pace and the time the rest of the job should take; nothing for eBay", () => {
    expect(paceText('amazon', { ordersFound: 1000, ordersSynced: 400 })).toBe('Amazon consente circa 100 ordini ogni 3 minuti: tempo stimato circa 18 minuti');
    expect(paceText('ebay', { ordersFound: 1000, ordersSynced: 400 })).toBeNull();
  });
});
