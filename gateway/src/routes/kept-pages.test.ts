import { KeptPages, type VersionedAnswer } from './kept-pages';

/** A service that answers pages on condition, as orders.ListOrders does, counting what it is asked. */
function service(pages: Record<string, { version: string; rows: string[] }>) {
  const asked: { key: string; knownVersion: string }[] = [];
  return {
    asked,
    read: (key: string) => async (knownVersion: string): Promise<VersionedAnswer & { rows: string[] }> => {
      asked.push({ key, knownVersion });
      const page = pages[key];
      return knownVersion !== '' && knownVersion === page.version ? { version: page.version, unchanged: true, rows: [] } : { ...page, unchanged: false };
    },
  };
}
const present = (a: { rows: string[] }) => ({ data: a.rows });
const parsed = (json: Buffer) => JSON.parse(json.toString('utf8'));

describe('KeptPages', () => {
  it('sends the kept JSON while the service answers unchanged, and the new page once the version moved', async () => {
    const pages = { 'm1\nq': { version: '7', rows: ['a'] } };
    const svc = service(pages);
    const kept = new KeptPages();
    const first = await kept.json('m1\nq', svc.read('m1\nq'), present);
    expect(parsed(first)).toEqual({ data: ['a'] });
    expect(await kept.json('m1\nq', svc.read('m1\nq'), present)).toBe(first);
    pages['m1\nq'] = { version: '8', rows: ['a', 'b'] };
    expect(parsed(await kept.json('m1\nq', svc.read('m1\nq'), present))).toEqual({ data: ['a', 'b'] });
    expect(svc.asked.map((a) => a.knownVersion)).toEqual(['', '7', '7']);
  });

  it('the same JSON as res.json would send', async () => {
    const svc = service({ k: { version: '1', rows: ['è "quoted" ✓'] } });
    const json = await new KeptPages().json('k', svc.read('k'), present);
    expect(json.toString('utf8')).toBe(JSON.stringify({ data: ['è "quoted" ✓'] }));
  });

  it('keeps pages per key (another merchant sends no known version) and nothing without a version', async () => {
    const svc = service({ 'm1\nq': { version: '3', rows: ['mine'] }, 'm2\nq': { version: '3', rows: ['theirs'] }, 'm3\nq': { version: '', rows: ['none'] } });
    const kept = new KeptPages();
    await kept.json('m1\nq', svc.read('m1\nq'), present);
    expect(parsed(await kept.json('m2\nq', svc.read('m2\nq'), present))).toEqual({ data: ['theirs'] });
    await kept.json('m3\nq', svc.read('m3\nq'), present);
    await kept.json('m3\nq', svc.read('m3\nq'), present);
    expect(svc.asked.map((a) => a.knownVersion)).toEqual(['', '', '', '']);
    expect(kept.size).toBe(2);
  });

  it('keeps at most its capacity, the least recently used going first', async () => {
    const svc = service({ p1: { version: '1', rows: ['1'] }, p2: { version: '1', rows: ['2'] }, p3: { version: '1', rows: ['3'] } });
    const kept = new KeptPages(2);
    for (const key of ['p1', 'p2', 'p1', 'p3', 'p1', 'p2']) await kept.json(key, svc.read(key), present);
    // p2 went when p3 came (p1 was used after it); p1 stayed.
    expect(svc.asked.map((a) => `${a.key}:${a.knownVersion}`)).toEqual(['p1:', 'p2:', 'p1:1', 'p3:', 'p1:1', 'p2:']);
    expect(kept.size).toBe(2);
  });
});
