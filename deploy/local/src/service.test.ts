import path from 'node:path';
import { getFreePort, isPortFree } from './ports';
import { repoRoot } from './paths';
import { ServiceStartError, startService } from './service';

const fixtures = path.join(repoRoot, 'deploy/local/fixtures');

test('starts a gRPC service, waits for SERVING, prefixes and renders its logs, stops it', async () => {
  const port = await getFreePort();
  const out: string[] = [];
  const started = Date.now();
  const service = await startService({
    name: 'identity',
    cwd: fixtures,
    entry: 'fake-grpc.js',
    env: { GRPC_PORT: String(port), FAKE_READY_DELAY_MS: '400' },
    health: { kind: 'grpc', address: `127.0.0.1:${port}` },
    output: { mode: 'pretty', width: 10, write: (t) => out.push(t) },
    detached: false,
  });
  // Not before the service declared itself SERVING.
  expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  const text = out.join('');
  expect(text).toMatch(/^identity   │ \d\d:\d\d:\d\d\.\d{3} INFO  listening port=\d+$/m);
  expect(text).toMatch(/^identity   │ .* INFO  serving$/m);
  expect(text).not.toContain('"level"');

  await service.stop();
  expect(out.join('')).toMatch(/INFO  draining/);
  expect(await isPortFree(port)).toBe(true);
});

test('an http component is healthy when GET /healthz answers 200', async () => {
  const port = await getFreePort();
  const service = await startService({
    name: 'gateway',
    cwd: fixtures,
    entry: 'fake-http.js',
    env: { PORT: String(port) },
    health: { kind: 'http', url: `http://127.0.0.1:${port}/healthz` },
    output: { mode: 'pretty', write: () => undefined },
    detached: false,
  });
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  await service.stop();
});

test('a health timeout names the service and the reason, shows its last log lines, kills it', async () => {
  const port = await getFreePort();
  const error = (await startService({
    name: 'gateway',
    cwd: fixtures,
    entry: 'fake-http.js',
    env: { PORT: String(port), FAKE_HEALTH_STATUS: '503' },
    health: { kind: 'http', url: `http://127.0.0.1:${port}/healthz` },
    timeoutMs: 1000,
    output: { mode: 'pretty', write: () => undefined },
    detached: false,
  }).catch((e: unknown) => e)) as ServiceStartError;
  expect(error).toBeInstanceOf(ServiceStartError);
  const [first, ...rest] = error.message.split('\n');
  expect(first).toMatch(
    new RegExp(`^gateway: non è pronto dopo \\d+ s.*: aspettavo 200 da GET http://127\\.0\\.0\\.1:${port}/healthz, ultima risposta: GET http://127\\.0\\.0\\.1:${port}/healthz → 503$`),
  );
  expect(rest.join('\n')).toContain('plain line before json');
  expect(await isPortFree(port)).toBe(true);
});

test('a process that exits during start fails at once with its exit code and output', async () => {
  const error = (await startService({
    name: 'merchants',
    cwd: fixtures,
    entry: 'crash.js',
    env: {},
    health: { kind: 'grpc', address: '127.0.0.1:1' },
    timeoutMs: 20_000,
    output: { mode: 'pretty', write: () => undefined },
    detached: false,
  }).catch((e: unknown) => e)) as ServiceStartError;
  expect(error.message.split('\n')[0]).toBe("merchants: è terminato durante l'avvio (codice 3)");
  expect(error.lastLines).toContain('Configurazione non valida: DATABASE_URL mancante');
});

test('a missing build is reported as such', async () => {
  await expect(
    startService({
      name: 'orders',
      cwd: path.join(repoRoot, 'services/orders-does-not-exist'),
      env: {},
      health: { kind: 'grpc', address: '127.0.0.1:1' },
      output: { mode: 'pretty', write: () => undefined },
    }),
  ).rejects.toThrow('orders: manca services/orders-does-not-exist/dist/main.js: esegui prima la build (make build)');
});
