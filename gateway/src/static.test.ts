import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { createLogger } from '@smista/service-kit';
import { diskAnnouncements, openRemotesRegistry, type RemotesRegistry } from './remotes';
import { acceptsEncoding, cacheControlFor, staticRouter } from './static';

/** An mf-manifest.json as @module-federation/enhanced writes it (the parts the registry reads). */
const mfManifest = (name: string, version = '0.1.0', pad = '') =>
  JSON.stringify({ name, metaData: { buildInfo: { buildVersion: version } }, shared: [{ name: 'react', version: '19.2.0', singleton: true }], pad });

describe('static hosting', () => {
  it('caches hashed files for a year and revalidates everything else', () => {
    expect(cacheControlFor('/x/assets/main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/assets/main.3f9a1c2b.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
  });

  it('announces the remotes built on disk, never the shell, deployed when their manifest was written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    for (const name of ['shell', 'settings', 'orders', 'rules', 'broken']) fs.mkdirSync(path.join(dir, name, 'dist'), { recursive: true });
    for (const name of ['shell', 'settings', 'rules']) fs.writeFileSync(path.join(dir, name, 'dist', 'mf-manifest.json'), mfManifest(name, '2.0.0'));
    fs.writeFileSync(path.join(dir, 'broken', 'dist', 'mf-manifest.json'), '{}');
    const found = await diskAnnouncements(dir, 'gw-1');
    expect(found.map((a) => [a.name, a.manifest, a.version, a.instance])).toEqual([
      ['rules', '/remotes/rules/mf-manifest.json', '2.0.0', 'gw-1'],
      ['settings', '/remotes/settings/mf-manifest.json', '2.0.0', 'gw-1'],
    ]);
    expect(found[0]!.startedAt).toBe(fs.statSync(path.join(dir, 'rules', 'dist', 'mf-manifest.json')).mtime.toISOString());
    expect(await diskAnnouncements(path.join(dir, 'missing'), 'gw-1')).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', true],
    ['gzip, deflate, br, zstd', 'gzip', true],
    ['gzip', 'br', false],
    ['br;q=0, gzip', 'br', false],
    ['BR;Q=0.5', 'br', true],
    ['*', 'br', true],
    ['*;q=0', 'gzip', false],
    ['gzip;q=0, *', 'gzip', false],
    ['gzip;q=0, *', 'br', true],
    ['identity', 'gzip', false],
    ['', 'br', false],
    [undefined, 'br', false],
  ])('Accept-Encoding %p allows %s: %p', (header, coding, allowed) => {
    expect(acceptsEncoding(header, coding)).toBe(allowed);
  });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, never decoded. */
  body: Buffer;
}

/** A raw HTTP request: fetch would decode the body and hide Content-Encoding's effect. */
function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = 'gzip, deflate, br, zstd';
const brotli = (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 9 });
/** Some kilobytes of JavaScript that compress well, like a bundle. */
const bundle = (name: string) => Buffer.from(Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = () => "${name}-${i}";\n`).join(''));

describe('precompressed micro-frontends', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  let remotes: RemotesRegistry;
  const files: Record<string, Buffer> = {};

  /** Writes a file of the build and, as frontends/compress-assets.js does, its variants. */
  const write = (rel: string, data: Buffer, variants: ('br' | 'gz')[] = ['br', 'gz']) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    if (variants.includes('br')) fs.writeFileSync(`${file}.br`, brotli(data));
    if (variants.includes('gz')) fs.writeFileSync(`${file}.gz`, gzip(data));
    files[rel] = data;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
    write('shell/dist/assets/main.3f9a1c2b.js', bundle('main'));
    write('shell/dist/assets/main.3f9a1c2b.css', Buffer.from('.smista{color:red}\n'.repeat(200)));
    write('shell/dist/assets/only-gzip.0a1b2c3d.js', bundle('gz'), ['gz']);
    write('shell/dist/assets/tiny.0a1b2c3d.js', Buffer.from('console.log(1);\n'), []);
    write('shell/dist/index.html', Buffer.from(`<!doctype html><html lang="it"><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`));
    write('orders/dist/remoteEntry.js', bundle('remote'));
    write('orders/dist/mf-manifest.json', Buffer.from(mfManifest('orders', '0.1.0', 'x'.repeat(2000))));
    // A variant without its original is never served.
    fs.writeFileSync(path.join(dir, 'shell/dist/assets/ghost.0a1b2c3d.js.br'), brotli(bundle('ghost')));
    const app = express();
    remotes = openRemotesRegistry({ config: { origins: [], local: true, bucket: 'unused', natsUrl: undefined }, frontendsDir: dir, logger: createLogger('test', 'silent') });
    await remotes.ready;
    app.use(staticRouter({ frontendsDir: dir, remotes, serveLocalRemotes: true }));
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await remotes.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends brotli to a browser, with the plain file’s type and caching and the variant’s own length and ETag', async () => {
    const plain = await request(`${base}/assets/main.3f9a1c2b.js`);
    const br = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers['content-type']).toMatch(/^(?:text|application)\/javascript; charset=utf-8$/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(files['shell/dist/assets/main.3f9a1c2b.js'].length / 4);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(files['shell/dist/assets/main.3f9a1c2b.js']);
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    // Range is off for variants: the whole compressed file, never a slice of it.
    expect(br.headers['accept-ranges']).toBeUndefined();
  });

  it('sends gzip when brotli is not accepted or not built, and CSS the same way', async () => {
    const gz = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body)).toEqual(files['shell/dist/assets/main.3f9a1c2b.js']);
    const br = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': BROWSER });
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const onlyGzip = await request(`${base}/assets/only-gzip.0a1b2c3d.js`, { 'accept-encoding': BROWSER });
    expect(onlyGzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(onlyGzip.body)).toEqual(files['shell/dist/assets/only-gzip.0a1b2c3d.js']);

    const css = await request(`${base}/assets/main.3f9a1c2b.css`, { 'accept-encoding': BROWSER });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(zlib.brotliDecompressSync(css.body)).toEqual(files['shell/dist/assets/main.3f9a1c2b.css']);
  });

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0', 'compress'])('sends the plain file for Accept-Encoding %p, still saying it varies', async (accept) => {
    const res = await request(`${base}/assets/main.3f9a1c2b.js`, accept === undefined ? {} : { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toEqual(files['shell/dist/assets/main.3f9a1c2b.js']);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD with the variant’s headers and no body', async () => {
    const get = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': BROWSER });
    const head = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': BROWSER }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers.vary).toMatch(/accept-encoding/i);
    expect(head.body.length).toBe(0);
  });

  it('revalidates each variant by its own ETag', async () => {
    const br = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': BROWSER });
    const again = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': BROWSER, 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    // The brotli ETag does not validate the gzip variant.
    const gz = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('ignores Range for a variant and keeps it for the plain file', async () => {
    const br = await request(`${base}/assets/main.3f9a1c2b.js`, { 'accept-encoding': BROWSER, range: 'bytes=0-9' });
    expect(br.status).toBe(200);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(files['shell/dist/assets/main.3f9a1c2b.js']);
    const plain = await request(`${base}/assets/main.3f9a1c2b.js`, { range: 'bytes=0-9' });
    expect(plain.status).toBe(206);
    expect(plain.body.length).toBe(10);
  });

  it('leaves small files without variants alone and never serves a variant without its file', async () => {
    const tiny = await request(`${base}/assets/tiny.0a1b2c3d.js`, { 'accept-encoding': BROWSER });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body).toEqual(files['shell/dist/assets/tiny.0a1b2c3d.js']);
    const ghost = await request(`${base}/assets/ghost.0a1b2c3d.js`, { 'accept-encoding': BROWSER });
    expect(ghost.status).toBe(404);
    expect(ghost.headers['content-encoding']).toBeUndefined();
    const outside = await request(`${base}/..%2F..%2Forders/dist/remoteEntry.js`, { 'accept-encoding': BROWSER });
    expect(outside.headers['content-encoding']).toBeUndefined();
    expect(outside.status).not.toBe(200);
  });

  it('compresses the remotes’ files with their CORS headers and no-cache', async () => {
    for (const rel of ['remoteEntry.js', 'mf-manifest.json']) {
      const res = await request(`${base}/remotes/orders/${rel}`, { 'accept-encoding': BROWSER });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body)).toEqual(files[`orders/dist/${rel}`]);
    }
    const json = await request(`${base}/remotes/orders/mf-manifest.json`, { 'accept-encoding': BROWSER });
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const plain = await request(`${base}/remotes/orders/remoteEntry.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.body).toEqual(files['orders/dist/remoteEntry.js']);
  });

  it('sends the compressed index.html for client-side routes and index.html itself', async () => {
    for (const url of ['/dashboard/orders', '/auth?x=1', '/index.html']) {
      const res = await request(`${base}${url}`, { accept: 'text/html', 'accept-encoding': BROWSER });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body)).toEqual(files['shell/dist/index.html']);
    }
    const plain = await request(`${base}/dashboard/orders`, { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(files['shell/dist/index.html']);
    const head = await request(`${base}/dashboard/orders`, { accept: 'text/html', 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
  });
});
