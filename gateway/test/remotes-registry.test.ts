/**
 * The remotes registry against the real NATS of the test run and real remote servers
 * (libs/remote-server/dist/main.js, built): a server announces its remote and the gateway's
 * registry lists it with its version and shared singletons; its files come with CORS and brotli;
 * a newer deployment takes over, a stopped server is withdrawn at once, and a remote announced on
 * an origin REMOTE_ORIGINS does not name is never listed. The gateway serves no remote files
 * itself without LOCAL_REMOTES.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { createLogger } from '@smista/service-kit';
import { getFreePort } from '../../deploy/local/src/ports';
import { repoRoot } from '../../deploy/local/src/paths';
import { openRemotesRegistry, type RemotesRegistry } from '../src/remotes';
import { staticRouter } from '../src/static';

const natsUrl = process.env.TEST_NATS_URL!;
const bucket = `smista_remotes_test_${crypto.randomBytes(4).toString('hex')}`;
const logger = createLogger('remotes-test', 'silent');
const tmp: string[] = [];

/** A built remote: its mf-manifest.json (as @module-federation/enhanced writes it) and a remoteEntry.js with variants. */
function build(name: string, version: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `remote-${name}-`));
  tmp.push(dir);
  const manifest = JSON.stringify({ name, metaData: { buildInfo: { buildVersion: version } }, shared: [{ name: 'react', version: '19.3.1', singleton: true }] });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifest);
  const entry = Buffer.from(`/* ${name} ${version} */\n${'console.log(1);\n'.repeat(300)}`);
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), entry);
  fs.writeFileSync(path.join(dir, 'remoteEntry.js.br'), zlib.brotliCompressSync(entry));
  return dir;
}

/** Starts the remote server for `dir`; resolves once it has announced itself. */
async function serve(dir: string, publicUrl: (port: number) => string) {
  const port = await getFreePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'libs/remote-server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(await getFreePort()), REMOTE_DIR: dir, REMOTE_PUBLIC_URL: publicUrl(port), NATS_URL: natsUrl, REMOTES_BUCKET: bucket, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('remote announced')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`remote server exited (${code}): ${out}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { port, url: `http://127.0.0.1:${port}`, stop: () => (child.kill('SIGTERM'), exited) };
}

async function until<T>(check: () => T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

let registry: RemotesRegistry;
let cdnPort: number;

beforeAll(async () => {
  cdnPort = await getFreePort();
  registry = openRemotesRegistry({
    config: { origins: [`http://127.0.0.1:${cdnPort}`], local: false, bucket, natsUrl },
    frontendsDir: os.tmpdir(),
    logger,
  });
});

afterAll(async () => {
  await registry.close();
  for (const dir of tmp) fs.rmSync(dir, { recursive: true, force: true });
});

test('a remote server announces its build; the gateway lists it, a newer deployment takes over, a stopped one is withdrawn', async () => {
  const v1 = await serve(build('orders', '1.0.0'), () => '/remotes/orders/');
  try {
    await until(() => expect(registry.listing().orders).toEqual({ entry: '/remotes/orders/mf-manifest.json', version: '1.0.0', shared: { react: '19.3.1' } }));
    // Its own files, as the shell loads them: CORS, the brotli variant, revalidated.
    const res = await fetch(`${v1.url}/remotes/orders/remoteEntry.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('orders 1.0.0');
    expect((await fetch(`${v1.url}/remotes/orders/nope.js`)).status).toBe(404);

    const v2 = await serve(build('orders', '1.1.0'), () => '/remotes/orders/');
    try {
      await until(() => expect(registry.listing().orders?.version).toBe('1.1.0'));
    } finally {
      await v2.stop();
    }
    // Withdrawn on SIGTERM: the build still running is listed again at once (a rollback).
    await until(() => expect(registry.listing().orders?.version).toBe('1.0.0'), 15_000);
  } finally {
    await v1.stop();
  }
  await until(() => expect(registry.listing().orders).toBeUndefined(), 15_000);
});

test('a remote on an origin REMOTE_ORIGINS names is listed with its absolute URL; on another origin it is not', async () => {
  const cdn = await serve(build('rules', '2.0.0'), () => `http://127.0.0.1:${cdnPort}/rules/`);
  const elsewhere = await serve(build('settings', '3.0.0'), (port) => `http://127.0.0.1:${port}/settings/`);
  try {
    await until(() => expect(registry.listing().rules).toEqual({ entry: `http://127.0.0.1:${cdnPort}/rules/mf-manifest.json`, version: '2.0.0', shared: { react: '19.3.1' } }));
    // Both announced at about the same time: the refused one had its chance.
    await new Promise((r) => setTimeout(r, 300));
    expect(registry.listing().settings).toBeUndefined();
  } finally {
    await Promise.all([cdn.stop(), elsewhere.stop()]);
  }
});

test('without LOCAL_REMOTES the gateway serves no remote files, and /remotes.json is the registry’s list', async () => {
  const app = express();
  app.use(staticRouter({ frontendsDir: path.join(repoRoot, 'frontends'), remotes: registry, serveLocalRemotes: false }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const v1 = await serve(build('shipments', '4.0.0'), () => '/remotes/shipments/');
    try {
      await until(() => expect(registry.listing().shipments?.version).toBe('4.0.0'));
      const list = await fetch(`${base}/remotes.json`);
      expect(list.headers.get('cache-control')).toBe('no-store');
      expect(((await list.json()) as Record<string, { version: string }>).shipments?.version).toBe('4.0.0');
      expect((await fetch(`${base}/remotes/shipments/mf-manifest.json`)).status).toBe(404);
    } finally {
      await v1.stop();
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
