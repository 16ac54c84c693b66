/**
 * Rate limits across gateway replicas, with real gateway processes: two gateways on one Redis
 * (REDIS_URL) in front of the same identity service share their counters, so a limit holds for the
 * deployment, not per replica; a third gateway without REDIS_URL says at start that its limits are
 * per process, and indeed counts on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@smista/contracts';
import { sharedInfra } from '../../e2e/support/env';
import { tmpDir } from '../../deploy/local/src/paths';
import { redisCommand } from '../../deploy/local/src/redis';
import type { ServiceHandle } from '../../deploy/local/src/service';
import { startApp, startReplica, type App } from '../../deploy/local/src/stack';
import { Browser, newUser } from './support/http';
import { partialApp } from './support/partial-app';

const LOGIN_PER_EMAIL = 4;
// Only the per-e-mail limit is reached here; the others are out of the way.
const limits = {
  RATE_LIMIT_LOGIN_PER_EMAIL: String(LOGIN_PER_EMAIL),
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_CHECK_EMAIL_PER_IP: '1000',
};
const PER_PROCESS_WARNING = 'rate limits are per process: set REDIS_URL to share them across replicas';
const SHARED_INFO = 'rate limits shared across replicas through Redis';

// Login needs identity (and identity its peer merchants); the gateway's other peers are not called.
const { components, absentPeers } = partialApp(['identity', 'merchants', 'gateway']);

const logDir = path.join(tmpDir, 'e2e-logs', `rate-limits-shared-${Date.now().toString(36)}`);
let app: App;
const replicas: ServiceHandle[] = [];

/** One more gateway process beside the stack's (same variables, ports of its own), plus `env`. */
async function replica(name: string, env: Record<string, string>): Promise<{ url: string; handle: ServiceHandle }> {
  const started = await startReplica(app, 'gateway', { name, env, logFile: path.join(logDir, `${name}.log`) });
  replicas.push(started.handle);
  return started;
}

const logOf = (name: string): string => fs.readFileSync(path.join(logDir, `${name}.log`), 'utf8');

async function waitForLog(name: string, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!logOf(name).includes(text)) {
    if (Date.now() > deadline) throw new Error(`${name}: "${text}" non è nel log`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let a: string;
let b: string;
let perProcess: string;

beforeAll(async () => {
  app = await startApp({
    infra: sharedInfra(),
    ports: 'free',
    databases: 'fresh',
    components,
    output: { mode: 'files', logDir },
    componentEnv: { gateway: { ...absentPeers, ...limits } },
    detached: false,
  });
  a = app.baseUrl;
  b = (await replica('gateway-b', {})).url;
  // No store: REDIS_URL empty counts as unset.
  perProcess = (await replica('gateway-solo', { REDIS_URL: '' })).url;
}, 120_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await app?.stop();
});

test('the stack gives its gateway the shared Redis; both replicas say so at start, neither warns', async () => {
  expect(app.envs.gateway).toMatchObject({ REDIS_URL: sharedInfra().redisUrl, RATE_LIMIT_REDIS_PREFIX: expect.stringMatching(/^smista:rl:\w+:$/) });
  for (const name of ['gateway', 'gateway-b']) {
    await waitForLog(name, SHARED_INFO);
    expect(logOf(name)).not.toContain(PER_PROCESS_WARNING);
  }
});

test('failed logins split across two gateways hit 429 at the configured total, on both', async () => {
  const { email, password } = newUser();
  expect((await new Browser(a).post('/api/register', newUser({ email, password }))).status).toBe(201);

  // Alternating replicas, as a load balancer would: each sees only half of the attempts.
  for (let i = 0; i < LOGIN_PER_EMAIL; i++) {
    const res = await new Browser(i % 2 ? b : a).post('/api/login', { email, password: `Sbagliata${i}` });
    expect([i, res.status]).toEqual([i, 401]);
  }
  // Per replica that would be 2 of 4 each; shared, the limit is reached on both, right password or not.
  for (const gateway of [a, b]) {
    const res = await new Browser(gateway).post('/api/login', { email, password });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: messages.errors.tooManyLoginAttempts });
  }

  // One counter in Redis for both replicas, under this stack's prefix and the limiter's name.
  const key = `${app.envs.gateway!.RATE_LIMIT_REDIS_PREFIX}loginPerEmail:${email}`;
  expect(await redisCommand(sharedInfra().redisUrl, ['GET', key])).toBe(String(LOGIN_PER_EMAIL + 2));

  // Another e-mail has its own counter.
  const other = newUser();
  expect((await new Browser(b).post('/api/register', other)).status).toBe(201);
  expect((await new Browser(a).post('/api/login', { email: other.email, password: other.password })).status).toBe(200);
});

test('without REDIS_URL a gateway warns at start that its limits are per process, and counts alone', async () => {
  await waitForLog('gateway-solo', PER_PROCESS_WARNING);
  const line = logOf('gateway-solo')
    .split('\n')
    .find((l) => l.includes(PER_PROCESS_WARNING))!;
  expect(JSON.parse(line)).toMatchObject({ level: 'warn', msg: PER_PROCESS_WARNING });
  expect(logOf('gateway-solo')).not.toContain(SHARED_INFO);

  // The shared replicas refuse this e-mail now; the solo one has counted nothing and asks identity.
  const { email, password } = newUser();
  expect((await new Browser(a).post('/api/register', newUser({ email, password }))).status).toBe(201);
  for (let i = 0; i < LOGIN_PER_EMAIL; i++) expect((await new Browser(i % 2 ? b : a).post('/api/login', { email, password: 'Sbagliata1' })).status).toBe(401);
  expect((await new Browser(b).post('/api/login', { email, password })).status).toBe(429);
  expect((await new Browser(perProcess).post('/api/login', { email, password })).status).toBe(200);
});
