/// <reference types="node" />
// frontends/compress-assets.js, the build step of every frontend (tested here: jest looks for the
// frontends' tests under their src).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

interface Compressed {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}
const { compressDir } = require('../../compress-assets.js') as { compressDir(dir: string): Promise<Compressed[]> };

describe('compress-assets', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-assets-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (rel: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), data);
  };

  it('writes brotli and gzip beside every text file over 1 KB, in subfolders too', async () => {
    const js = 'export const a = "smista";\n'.repeat(200);
    write('assets/main.0a1b2c3d.js', js);
    write('assets/main.0a1b2c3d.css', '.a{color:red}\n'.repeat(200));
    write('index.html', `<!doctype html>${'<p>ciao</p>'.repeat(200)}`);
    write('mf-manifest.json', JSON.stringify({ pad: 'x'.repeat(2000) }));
    const done = await compressDir(dir);
    expect(done.map((d) => path.relative(dir, d.file)).sort()).toEqual(['assets/main.0a1b2c3d.css', 'assets/main.0a1b2c3d.js', 'index.html', 'mf-manifest.json']);
    const br = fs.readFileSync(path.join(dir, 'assets/main.0a1b2c3d.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets/main.0a1b2c3d.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(js);
    expect(zlib.gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(js.length / 10);
  });

  it('leaves small files, images and fonts alone', async () => {
    write('assets/tiny.0a1b2c3d.js', 'console.log(1);');
    write('logo.png', Buffer.alloc(4096, 7));
    write('font.woff2', Buffer.alloc(4096, 7));
    expect(await compressDir(dir)).toEqual([]);
    expect(fs.readdirSync(dir, { recursive: true }).filter((f) => /\.(br|gz)$/.test(String(f)))).toEqual([]);
  });

  it('never keeps a variant that is not smaller, nor a stale one from an earlier build', async () => {
    // Random bytes do not compress: no variant, and the old one (other content) is removed.
    write('assets/noise.js', Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))));
    write('assets/noise.js.br', 'stale');
    write('assets/noise.js.gz', 'stale');
    await compressDir(dir);
    expect(fs.existsSync(path.join(dir, 'assets/noise.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/noise.js.gz'))).toBe(false);
  });
});
