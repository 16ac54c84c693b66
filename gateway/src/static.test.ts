import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheControlFor, discoverRemotes } from './static';

describe('static hosting', () => {
  it('caches hashed files for a year and revalidates everything else', () => {
    expect(cacheControlFor('/x/assets/main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/assets/main.3f9a1c2b.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
  });

  it('discovers built remotes, never the shell', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    for (const name of ['shell', 'settings', 'orders', 'rules']) fs.mkdirSync(path.join(dir, name, 'dist'), { recursive: true });
    for (const name of ['shell', 'settings', 'rules']) fs.writeFileSync(path.join(dir, name, 'dist', 'mf-manifest.json'), '{}');
    expect(await discoverRemotes(dir)).toEqual({
      rules: '/remotes/rules/mf-manifest.json',
      settings: '/remotes/settings/mf-manifest.json',
    });
    expect(await discoverRemotes(path.join(dir, 'missing'))).toEqual({});
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
