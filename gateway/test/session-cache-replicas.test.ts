/**
 * The gateway's session cache across replicas, with real processes: two gateways in front of the
 * same identity, merchants and carriers, each caching session lookups (NATS_URL, a TTL of 60 s).
 * A session is cached on both (shown by a change made behind identity's back, which neither
 * replica sees); then a logout, a password change or reset, a member removal or a role change
 * made through one replica is seen by the very next request on both, long before any TTL:
 * identity publishes `identity.sessions.invalidated` before it answers (a request's change) or as
 * soon as it has updated the sessions (a membership event), and every replica drops its copy.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { messages } from '@smista/contracts';
import { createPool, type Pool } from '@smista/service-kit';
import { sharedInfra } from '../../e2e/support/env';
import { extractLinks, waitForMail } from '../../e2e/support/mail';
import { startNats, type NatsHandle } from '../../deploy/local/src/nats';
import { tmpDir } from '../../deploy/local/src/paths';
import { getFreePort } from '../../deploy/local/src/ports';
import type { ServiceHandle } from '../../deploy/local/src/service';
import { startApp, startReplica, type App } from '../../deploy/local/src/stack';
import { newUser } from './support/http';
import { partialApp } from './support/partial-app';
import { join, ownMerchant, registered, type Member } from './support/team';

// Sessions and passwords need identity; teams merchants; the role probe carriers. Nothing else is called.
const { components, absentPeers } = partialApp(['identity', 'merchants', 'carriers', 'gateway']);
/** Far longer than any wait below: only an invalidation can explain a change seen at once. */
const gatewayEnv = { ...absentPeers, RATE_LIMIT_ENABLED: 'false', TRUST_PROXY_HOPS: '1', SESSION_CACHE_TTL_MS: '60000' };

const logDir = path.join(tmpDir, 'e2e-logs', `session-cache-replicas-${Date.now().toString(36)}`);
let app: App;
let replicaB: ServiceHandle | undefined;
/** The two replicas' base URLs. */
let A: string;
let B: string;
let identityDb: Pool;
let nats: NatsHandle | undefined;

beforeAll(async () => {
  // A NATS of its own: on the shared one, the parallel suites' identities publish invalidations
  // too, and a lookup in flight when any invalidation arrives is not cached, so the cache this
  // suite proves could stay empty by chance.
  nats = await startNats({ storeDir: path.join(logDir, 'nats'), port: await getFreePort(), monitorPort: await getFreePort(), fresh: true });
  app = await startApp({
    infra: { ...sharedInfra(), natsUrl: nats.url },
    ports: 'free',
    databases: 'fresh',
    components,
    output: { mode: 'files', logDir },
    componentEnv: { gateway: gatewayEnv },
    detached: false,
  });
  A = app.baseUrl;
  // A replica behind the same address: the stack gateway's variables (NATS, services) on ports of its own.
  const b = await startReplica(app, 'gateway', { name: 'gateway-b', logFile: path.join(logDir, 'gateway-b.log') });
  replicaB = b.handle;
  B = b.url;
  identityDb = createPool(app.databases.identity!, 2);
}, 120_000);

afterAll(async () => {
  await identityDb?.end();
  await replicaB?.stop();
  await app?.stop();
  await nats?.stop();
});

/** One request with a given cookie (the browser's, whichever replica the balancer picks). */
async function call(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const me = (base: string, cookie: string) => call(base, cookie, 'GET', '/api/user');

/** A new session of an existing user, logged in through `base`. */
async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().find((c) => c.startsWith('smista_session='))!.split(';')[0]!;
}

/**
 * Looks the sessions up on both replicas, then renames the user behind identity's back (no
 * event): both replicas still answer the old name, so both answer from their cache.
 */
async function cachedOnBoth(userId: string, cookies: string[]) {
  const { rows } = await identityDb.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [userId]);
  const name = rows[0]!.first_name;
  for (const cookie of cookies) for (const base of [A, B]) expect(await me(base, cookie)).toMatchObject({ status: 200, body: { firstName: name } });
  await identityDb.query(`UPDATE users SET first_name = 'Nascosto' WHERE id = $1`, [userId]);
  for (const cookie of cookies) for (const base of [A, B]) expect((await me(base, cookie)).body.firstName).toBe(name);
}

const refused = { status: 401, body: { message: messages.errors.notAuthenticated } };

describe('a session cached on both replicas', () => {
  it('logout through one: the very next request with that cookie is refused by the other, and by the first', async () => {
    const user = await registered(A);
    const cookie = user.b.cookie!;
    await cachedOnBoth(user.user.id, [cookie]);

    expect((await call(A, cookie, 'POST', '/api/logout')).status).toBe(200);
    expect(await me(B, cookie)).toMatchObject(refused);
    expect(await me(A, cookie)).toMatchObject(refused);
  });

  it('logout through the other replica alike', async () => {
    const user = await registered(B);
    const cookie = user.b.cookie!;
    await cachedOnBoth(user.user.id, [cookie]);

    expect((await call(B, cookie, 'POST', '/api/logout')).status).toBe(200);
    expect(await me(A, cookie)).toMatchObject(refused);
    expect(await me(B, cookie)).toMatchObject(refused);
  });

  it('password change: the other sessions are refused at once on both; the one it was made from goes on', async () => {
    const fields = newUser();
    const user = await registered(A, fields);
    const laptop = user.b.cookie!;
    const phone = await login(B, fields.email, fields.password);
    await cachedOnBoth(user.user.id, [laptop, phone]);

    expect((await call(A, laptop, 'PUT', '/api/user/password', { currentPassword: fields.password, newPassword: 'NuovaPass9' })).status).toBe(200);
    expect(await me(B, phone)).toMatchObject(refused);
    expect(await me(A, phone)).toMatchObject(refused);
    for (const base of [B, A]) expect(await me(base, laptop)).toMatchObject({ status: 200, body: { firstName: 'Nascosto' } });
  });

  it('password reset: every session of the user is refused at once on both', async () => {
    const fields = newUser();
    const user = await registered(A, fields);
    const first = user.b.cookie!;
    const second = await login(A, fields.email, fields.password);
    await cachedOnBoth(user.user.id, [first, second]);

    const since = new Date();
    expect((await call(B, '', 'POST', '/api/request-password-reset', { email: fields.email })).status).toBe(200);
    const link = extractLinks(await waitForMail({ to: fields.email, since })).find((l) => l.includes('/reset-password?token='))!;
    const token = new URL(link).searchParams.get('token');
    expect((await call(B, '', 'POST', '/api/reset-password', { token, password: 'NuovaPass9', confirmPassword: 'NuovaPass9' })).status).toBe(200);
    for (const cookie of [first, second]) {
      expect(await me(A, cookie)).toMatchObject(refused);
      expect(await me(B, cookie)).toMatchObject(refused);
    }
  });
});

describe('a member whose session is cached on both replicas', () => {
  /** Polls `probe` on one replica until it answers `status`; answers how long that took. */
  async function msUntil(probe: () => Promise<{ status: number }>, status: number, limitMs = 5_000): Promise<number> {
    const start = Date.now();
    for (;;) {
      if ((await probe()).status === status) return Date.now() - start;
      if (Date.now() - start > limitMs) throw new Error(`still not ${status} after ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** An owner and a colleague who joined the owner's merchant as admin and works in it. */
  async function team(): Promise<{ owner: Member; colleague: Member; merchantId: string; cookie: string }> {
    const owner = await registered(A);
    const merchant = await ownMerchant(owner);
    const colleague = await registered(A);
    await join(owner, merchant, colleague, 'admin');
    expect((await colleague.b.post('/api/merchants/select', { merchantId: merchant.id })).status).toBe(200);
    return { owner, colleague, merchantId: merchant.id, cookie: colleague.b.cookie! };
  }

  /**
   * What the caller token of the session says, through carriers (which trusts it): deleting a
   * carrier integration that does not exist is 404 for an admin, 403 for a user, 400 without a
   * merchant.
   */
  const probe = (base: string, cookie: string, merchantId: string) =>
    call(base, cookie, 'DELETE', `/api/merchants/${merchantId}/carrier-integrations/${crypto.randomInt(1_000_000, 2_000_000)}`);

  it('role change: the new role shows on both replicas at once', async () => {
    const { owner, colleague, merchantId, cookie } = await team();
    for (const base of [A, B]) expect((await probe(base, cookie, merchantId)).status).toBe(404);
    await cachedOnBoth(colleague.user.id, [cookie]);

    const changed = Date.now();
    expect((await owner.b.patch(`/api/merchants/${merchantId}/users/${colleague.user.id}`, { role: 'user' })).status).toBe(200);
    // merchants → member.added → identity updates the sessions and publishes the invalidation.
    await msUntil(() => probe(B, cookie, merchantId), 403);
    expect(await probe(A, cookie, merchantId)).toMatchObject({ status: 403, body: { message: messages.errors.adminOnly } });
    // Within the event's own delay, far inside the 60 s TTL (and the caller token's 10–20 s).
    expect(Date.now() - changed).toBeLessThan(5_000);
  });

  it('removal: the session loses the merchant on both replicas at once', async () => {
    const { owner, colleague, merchantId, cookie } = await team();
    for (const base of [A, B]) expect((await probe(base, cookie, merchantId)).status).toBe(404);
    await cachedOnBoth(colleague.user.id, [cookie]);

    const removed = Date.now();
    expect((await owner.b.delete(`/api/merchants/${merchantId}/users/${colleague.user.id}`)).status).toBe(200);
    await msUntil(() => probe(A, cookie, merchantId), 400);
    expect(await probe(B, cookie, merchantId)).toMatchObject({ status: 400, body: { message: messages.errors.noMerchantSelected } });
    expect(Date.now() - removed).toBeLessThan(5_000);
  });
});
