/**
 * The limiters against a real redis-server: counters shared by two gateways' stores, one key prefix
 * per limiter, and fail-open when Redis is away (at start or later), counting again once it is back.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { profilePaths } from '../../../deploy/local/src/paths';
import { getFreePort } from '../../../deploy/local/src/ports';
import { redisCommand, runningRedisPid, startRedis, type RedisHandle } from '../../../deploy/local/src/redis';
import { parseGatewayConfig } from '../config';
import { errorHandler } from './errors';
import { createLimiters, openRateLimitStore } from './rate-limits';
import { connectSharedLimitStore, type SharedLimitStore } from './rate-limit-store';

const config = (env: Record<string, string> = {}) =>
  parseGatewayConfig({
    IDENTITY_GRPC_ADDR: '127.0.0.1:1',
    MERCHANTS_GRPC_ADDR: '127.0.0.1:2',
    CARRIERS_GRPC_ADDR: '127.0.0.1:3',
    MARKETPLACES_GRPC_ADDR: '127.0.0.1:4',
    ORDERS_GRPC_ADDR: '127.0.0.1:5',
    SHIPMENTS_GRPC_ADDR: '127.0.0.1:6',
    ACTIVITY_GRPC_ADDR: '127.0.0.1:7',
    FRONTENDS_DIR: '/srv/frontends',
    PUBLIC_URL: 'https://smista.example.it',
    RATE_LIMIT_REGISTER_PER_IP: '2',
    ...env,
  });

/** A pino logger whose lines the test reads. */
function capturedLogger() {
  const lines: { level: string; msg: string; [k: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('gateway-test', 'info', stream), lines };
}

const servers: Server[] = [];
const stores: SharedLimitStore[] = [];
const redisDirs: string[] = [];
let redis: RedisHandle | undefined;

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await redis?.stop();
  redis = undefined;
});
afterAll(() => {
  for (const dir of redisDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function ownRedis(port?: number): Promise<RedisHandle> {
  const dir = path.join(profilePaths('test').root, `unit-gw-redis-${crypto.randomBytes(3).toString('hex')}`);
  redisDirs.push(dir);
  redis = await startRedis({ dir, port: port ?? (await getFreePort()) });
  return redis;
}

/** One gateway's registration route behind its limiter, on its own port: `POST /register` answers 201. */
async function gateway(shared: SharedLimitStore | undefined, env: Record<string, string> = {}): Promise<(headers?: Record<string, string>) => Promise<Response>> {
  if (shared) stores.push(shared);
  const limiters = createLimiters(config(env).rateLimit, shared);
  const app = express();
  app.post('/register', express.json(), limiters.registerPerIp, (_req, res) => {
    res.status(201).json({});
  });
  app.use(errorHandler(createLogger('gateway-test', 'silent'), false));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/register`;
  return (headers = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
}

const prefix = () => `smista:rl:test-${crypto.randomBytes(4).toString('hex')}:`;

test('two gateways on one Redis share the counter: the limit is global; each limiter has its own key prefix', async () => {
  const url = process.env.TEST_REDIS_URL!;
  const keys = prefix();
  const a = await gateway(connectSharedLimitStore({ url, prefix: keys, logger: createLogger('a', 'silent') }));
  const b = await gateway(connectSharedLimitStore({ url, prefix: keys, logger: createLogger('b', 'silent') }));
  expect((await a()).status).toBe(201);
  expect((await b()).status).toBe(201);
  // The limit is 2 for both together: the third, on either gateway, is refused.
  for (const send of [a, b]) {
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: messages.errors.tooManyRegistrations });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  }
  expect(await redisCommand(url, ['KEYS', `${keys}*`])).toEqual([`${keys}registerPerIp:127.0.0.1`]);
  expect(await redisCommand(url, ['GET', `${keys}registerPerIp:127.0.0.1`])).toBe('4');

  // Another deployment's prefix on the same Redis counts apart.
  const other = await gateway(connectSharedLimitStore({ url, prefix: prefix(), logger: createLogger('c', 'silent') }));
  expect((await other()).status).toBe(201);
});

test('Redis going away: requests pass at once (no 500, no wait) with one warning; counting resumes when it is back', async () => {
  const server = await ownRedis();
  const { logger, lines } = capturedLogger();
  const send = await gateway(connectSharedLimitStore({ url: server.url, prefix: prefix(), logger }));
  expect((await send()).status).toBe(201);
  expect((await send()).status).toBe(201);
  expect((await send()).status).toBe(429);
  expect(lines.map((l) => l.msg)).toEqual(['rate limits shared across replicas through Redis']);

  const { port } = server;
  await server.stop();
  redis = undefined;
  for (let i = 0; i < 5; i++) {
    const started = Date.now();
    expect((await send()).status).toBe(201);
    expect(Date.now() - started).toBeLessThan(500);
  }
  const warnings = lines.filter((l) => l.level === 'warn');
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ msg: 'Redis unreachable: rate limits not applied until it is back (fail-open)', redis: `redis://127.0.0.1:${port}` });

  // Back, empty (no persistence) and without the limiter's script: the store loads it again.
  await ownRedis(port);
  await waitFor(() => lines.some((l) => l.msg === 'Redis reachable again: rate limits shared across replicas'));
  expect((await send()).status).toBe(201);
  expect((await send()).status).toBe(201);
  expect((await send()).status).toBe(429);
});

test('Redis frozen (connected, never answering): requests wait at most the command deadline, then pass', async () => {
  const server = await ownRedis();
  const { logger, lines } = capturedLogger();
  const keys = prefix();
  const send = await gateway(connectSharedLimitStore({ url: server.url, prefix: keys, logger }));
  expect((await send()).status).toBe(201);
  const pid = runningRedisPid(redisDirs.at(-1)!, server.port)!;
  process.kill(pid, 'SIGSTOP');
  try {
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      expect((await send()).status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    expect(lines.filter((l) => l.level === 'warn').map((l) => [l.msg, l.err])).toEqual([
      ['Redis unreachable: rate limits not applied until it is back (fail-open)', 'Command timed out'],
    ]);
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  // Thawed: the three sent during the freeze reach it late and count too; the limit (2) holds.
  expect((await send()).status).toBe(429);
  expect(await redisCommand(server.url, ['GET', `${keys}registerPerIp:127.0.0.1`])).toBe('5');
});

test('Redis away when the gateway starts: requests pass at once; once Redis is up the limits apply', async () => {
  const port = await getFreePort();
  const { logger, lines } = capturedLogger();
  const send = await gateway(connectSharedLimitStore({ url: `redis://127.0.0.1:${port}`, prefix: prefix(), logger }));
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    expect((await send()).status).toBe(201);
    expect(Date.now() - started).toBeLessThan(500);
  }
  expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual(['Redis unreachable: rate limits not applied until it is back (fail-open)']);

  await ownRedis(port);
  // Its first connection: the same news as a start with Redis up, never 'again'.
  await waitFor(() => lines.some((l) => l.msg === 'rate limits shared across replicas through Redis'));
  expect(lines.some((l) => l.msg === 'Redis reachable again: rate limits shared across replicas')).toBe(false);
  expect((await send()).status).toBe(201);
  expect((await send()).status).toBe(201);
  expect((await send()).status).toBe(429);
});

test('without REDIS_URL the gateway warns that limits are per process; with it, the store is shared', async () => {
  const { logger, lines } = capturedLogger();
  expect(openRateLimitStore(config().rateLimit, logger)).toBeUndefined();
  expect(lines).toEqual([expect.objectContaining({ level: 'warn', msg: 'rate limits are per process: set REDIS_URL to share them across replicas' })]);

  // Limits switched off: nothing to share, nothing to warn about.
  lines.length = 0;
  expect(openRateLimitStore(config({ RATE_LIMIT_ENABLED: 'false' }).rateLimit, logger)).toBeUndefined();
  expect(lines).toEqual([]);

  const keys = prefix();
  const store = openRateLimitStore(config({ REDIS_URL: process.env.TEST_REDIS_URL!, RATE_LIMIT_REDIS_PREFIX: keys }).rateLimit, logger)!;
  const send = await gateway(store);
  expect((await send()).status).toBe(201);
  // Keys start with RATE_LIMIT_REDIS_PREFIX: installations sharing one Redis each set their own.
  expect(await redisCommand(process.env.TEST_REDIS_URL!, ['KEYS', `${keys}*`])).toEqual([`${keys}registerPerIp:127.0.0.1`]);
  expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condizione non raggiunta in tempo');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
