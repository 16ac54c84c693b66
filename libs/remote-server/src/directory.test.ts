import { announcementFromManifest, announcementKey, type RemoteAnnouncement } from './announcement';
import { RemoteDirectory } from './directory';

const at = (iso: string) => new Date(iso);
const manifest = (name: string, version: string, shared: Record<string, string> = { react: '19.2.0' }) => ({
  name,
  metaData: { buildInfo: { buildVersion: version } },
  shared: Object.entries(shared).map(([n, v]) => ({ name: n, version: v, singleton: true })),
});
const announce = (name: string, version: string, instance: string, startedAt: string, url = `/remotes/${name}/mf-manifest.json`): RemoteAnnouncement =>
  announcementFromManifest(manifest(name, version), { manifestUrl: url, instance, startedAt: at(startedAt) });

describe('announcementFromManifest', () => {
  it('takes the name, the build version and the shared singletons’ versions from mf-manifest.json', () => {
    const a = announcementFromManifest(
      { ...manifest('orders', '1.3.0', { react: '19.2.0', '@smista/ui-kit': '0.1.0' }), shared: [...manifest('orders', '1', { react: '19.2.0', '@smista/ui-kit': '0.1.0' }).shared, { name: 'zod', version: '4.1.0', singleton: false }] },
      { manifestUrl: '/remotes/orders/mf-manifest.json', instance: 'orders-abc-1', startedAt: at('2026-11-28T10:00:00Z') },
    );
    expect(a).toEqual({
      name: 'orders',
      version: '1.3.0',
      manifest: '/remotes/orders/mf-manifest.json',
      shared: { react: '19.2.0', '@smista/ui-kit': '0.1.0' },
      instance: 'orders-abc-1',
      startedAt: '2026-11-28T10:00:00.000Z',
    });
    expect(announcementKey(a)).toBe('orders.orders-abc-1');
  });

  it('refuses a manifest that is not a remote’s, or a URL the browser cannot use', () => {
    const where = { manifestUrl: '/remotes/x/mf-manifest.json', instance: 'i', startedAt: new Date() };
    expect(() => announcementFromManifest({}, where)).toThrow();
    expect(() => announcementFromManifest(manifest('Orders!', '1'), where)).toThrow();
    expect(() => announcementFromManifest(manifest('orders', '1'), { ...where, manifestUrl: '//evil.example/m.json' })).toThrow();
    expect(() => announcementFromManifest(manifest('orders', '1'), { ...where, manifestUrl: 'javascript:alert(1)' })).toThrow();
  });
});

describe('RemoteDirectory', () => {
  const t0 = Date.parse('2026-11-28T10:00:00Z');

  it('lists each remote once, the newest deployment’s build, by name', () => {
    const dir = new RemoteDirectory({ ttlMs: 30_000 });
    const old = announce('orders', '1.0.0', 'a', '2026-11-28T09:00:00Z');
    const oldReplica = announce('orders', '1.0.0', 'b', '2026-11-28T09:00:01Z');
    const next = announce('orders', '1.1.0', 'c', '2026-11-28T09:59:00Z');
    const rules = announce('rules', '0.1.0', 'd', '2026-11-28T08:00:00Z');
    for (const a of [rules, old, oldReplica]) expect(dir.put(announcementKey(a), a, t0)).toBeNull();
    expect(dir.listing(t0 + 1)).toEqual({
      orders: { entry: '/remotes/orders/mf-manifest.json', version: '1.0.0', shared: { react: '19.2.0' } },
      rules: { entry: '/remotes/rules/mf-manifest.json', version: '0.1.0', shared: { react: '19.2.0' } },
    });
    expect(Object.keys(dir.listing(t0 + 1))).toEqual(['orders', 'rules']);
    // A new version takes over as soon as one of its servers announces itself…
    dir.put(announcementKey(next), next, t0 + 2);
    expect(dir.listing(t0 + 3).orders!.version).toBe('1.1.0');
    // …and a rollback is a newer deployment of the older build.
    const rollback = announce('orders', '1.0.0', 'e', '2026-11-28T10:00:05Z');
    dir.put(announcementKey(rollback), rollback, t0 + 5_000);
    expect(dir.listing(t0 + 5_001).orders!.version).toBe('1.0.0');
    // A server that says goodbye is gone at once.
    dir.remove(announcementKey(rollback));
    expect(dir.listing(t0 + 5_002).orders!.version).toBe('1.1.0');
  });

  it('forgets an announcement not renewed within the TTL', () => {
    const dir = new RemoteDirectory({ ttlMs: 30_000 });
    const a = announce('orders', '1.0.0', 'a', '2026-11-28T09:00:00Z');
    dir.put(announcementKey(a), a, t0);
    expect(Object.keys(dir.listing(t0 + 29_999))).toEqual(['orders']);
    dir.put(announcementKey(a), a, t0 + 20_000);
    expect(Object.keys(dir.listing(t0 + 49_999))).toEqual(['orders']);
    expect(dir.listing(t0 + 50_000)).toEqual({});
  });

  it('never takes an older write over a newer one of the same key', () => {
    const dir = new RemoteDirectory();
    const v2 = announce('orders', '2.0.0', 'a', '2026-11-28T09:00:00Z');
    const v1 = announce('orders', '1.0.0', 'a', '2026-11-28T09:00:00Z');
    dir.put(announcementKey(v2), v2, t0 + 10);
    dir.put(announcementKey(v1), v1, t0);
    expect(dir.listing(t0 + 11).orders!.version).toBe('2.0.0');
  });

  it('refuses unreadable announcements, a key that is not theirs, and origins it does not accept', () => {
    const dir = new RemoteDirectory({ acceptsManifest: (url) => url.startsWith('/') || url.startsWith('https://cdn.smista.example/') });
    const cdn = announce('orders', '1.0.0', 'a', '2026-11-28T09:00:00Z', 'https://cdn.smista.example/orders/mf-manifest.json');
    const elsewhere = announce('rules', '1.0.0', 'b', '2026-11-28T09:00:00Z', 'https://evil.example/rules/mf-manifest.json');
    expect(dir.put(announcementKey(cdn), cdn, t0)).toBeNull();
    expect(dir.put(announcementKey(elsewhere), elsewhere, t0)).toBe('origin');
    expect(dir.put('settings.x', { name: 'settings' }, t0)).toBe('unreadable');
    expect(dir.put('shipments.other', announce('shipments', '1', 'mine', '2026-11-28T09:00:00Z'), t0)).toBe('unreadable');
    expect(Object.keys(dir.listing(t0 + 1))).toEqual(['orders']);
  });
});
