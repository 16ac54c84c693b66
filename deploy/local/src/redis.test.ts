import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { profilePaths } from './paths';
import { getFreePort, isPortFree } from './ports';
import { redisCommand, runningRedisPid, startRedis, type RedisHandle } from './redis';

// A private server of its own (not the shared one from globalSetup), so starting and stopping run for real.
const root = path.join(profilePaths('test').root, `unit-redis-${crypto.randomBytes(3).toString('hex')}`);
let server: RedisHandle | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test('starts redis-server on 127.0.0.1 without persistence; counters with an expiry work', async () => {
  const port = await getFreePort();
  const dir = path.join(root, 'redis');
  server = await startRedis({ dir, port });
  expect(server).toMatchObject({ port, url: `redis://127.0.0.1:${port}`, reused: false });
  expect(await redisCommand(server.url, ['PING'])).toBe('PONG');
  expect(await redisCommand(server.url, ['CONFIG', 'GET', 'bind'])).toEqual(['bind', '127.0.0.1']);
  expect(await redisCommand(server.url, ['CONFIG', 'GET', 'save'])).toEqual(['save', '']);
  expect(await redisCommand(server.url, ['CONFIG', 'GET', 'appendonly'])).toEqual(['appendonly', 'no']);
  expect(runningRedisPid(dir, port)).toBe(Number(fs.readFileSync(path.join(dir, 'redis.pid'), 'utf8')));

  // What the rate limiter does: one counter per key, living for its window.
  expect(await redisCommand(server.url, ['SET', 'rl:probe', '1', 'PX', '60000'])).toBe('OK');
  expect(await redisCommand(server.url, ['INCR', 'rl:probe'])).toBe(2);
  expect(Number(await redisCommand(server.url, ['PTTL', 'rl:probe']))).toBeGreaterThan(50_000);
  await expect(redisCommand(server.url, ['NOSUCHCOMMAND'])).rejects.toThrow(/unknown command/);
});

test('dev reuses the server it left running; otherwise the leftover goes and a new one starts empty', async () => {
  const dir = path.join(root, 'redis');
  const { port } = server!;
  const pid = runningRedisPid(dir, port);
  const again = await startRedis({ dir, port, reuse: true });
  expect(again.reused).toBe(true);
  expect(runningRedisPid(dir, port)).toBe(pid);
  expect(await redisCommand(again.url, ['GET', 'rl:probe'])).toBe('2');

  server = await startRedis({ dir, port });
  expect(server.reused).toBe(false);
  expect(runningRedisPid(dir, port)).not.toBe(pid);
  expect(await redisCommand(server.url, ['GET', 'rl:probe'])).toBeNull();

  await server.stop();
  server = undefined;
  expect(await isPortFree(port)).toBe(true);
  expect(runningRedisPid(dir, port)).toBeUndefined();
});

test('a taken port: a clear Italian error quoting the server log', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  try {
    const err = await startRedis({ dir: path.join(root, 'taken'), port }).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(new RegExp(`^redis-server non è partito sulla porta ${port} `));
    expect((err as Error).message).toMatch(/Address already in use/);
  } finally {
    blocker.close();
  }
});

test('a refused connection and an unanswered one fail fast', async () => {
  const port = await getFreePort();
  await expect(redisCommand(`redis://127.0.0.1:${port}`, ['PING'])).rejects.toThrow(/ECONNREFUSED/);
  const silent = net.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const started = Date.now();
    await expect(redisCommand(`redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, ['PING'], 300)).rejects.toThrow(/non risponde/);
    expect(Date.now() - started).toBeLessThan(2_000);
  } finally {
    silent.close();
  }
});

test('the shared test Redis from globalSetup answers', async () => {
  expect(await redisCommand(process.env.TEST_REDIS_URL!, ['PING'])).toBe('PONG');
});
