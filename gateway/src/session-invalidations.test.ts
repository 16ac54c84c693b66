/**
 * The session cache's link to identity's invalidations, against a real nats-server of this suite
 * alone (it is stopped and started again; the run's shared one must stay up for other suites).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { identityEvents, type identity } from '@smista/proto';
import { createLogger } from '@smista/service-kit';
import { startNats, type NatsHandle } from '../../deploy/local/src/nats';
import { tmpDir } from '../../deploy/local/src/paths';
import { getFreePort } from '../../deploy/local/src/ports';
import { SessionCache, type CachedSession } from './session-cache';
import { INVALIDATIONS_SUBJECT, openSessionCache, startSessionInvalidations, type SessionInvalidations } from './session-invalidations';

const storeDir = path.join(tmpDir, `gateway-invalidations-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`, 'nats');
const logger = createLogger('gateway-test', 'silent');

const user = (id: string): identity.User => ({ id, username: id, firstName: 'Mario', lastName: 'Rossi', email: `${id}@example.it`, createdAt: '2026-11-01T00:00:00.000Z', hasPassword: true });
const session = (userId: string): CachedSession => ({ user: user(userId), merchantId: 'm1', role: 'user', callerToken: `t-${userId}`, signedInWithSso: false, withAvatar: false });

async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

describe('session invalidations over NATS', () => {
  let ports: { port: number; monitorPort: number };
  let nats: NatsHandle | undefined;
  let publisher: NatsConnection | undefined;
  let link: SessionInvalidations | undefined;
  const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 100 });
  const put = (key: string, s: CachedSession) => cache.set(key, s, Date.now() + 30_000, cache.generation());
  const publish = async (event: Partial<identityEvents.SessionsInvalidated>) => {
    publisher!.publish(INVALIDATIONS_SUBJECT, identityEvents.SessionsInvalidated.encode({ userId: '', reason: 0, occurredAt: new Date().toISOString(), ...event }).finish());
    await publisher!.flush();
  };

  beforeAll(async () => {
    ports = { port: await getFreePort(), monitorPort: await getFreePort() };
  });

  afterAll(async () => {
    await link?.close();
    await publisher?.close().catch(() => undefined);
    await nats?.stop();
    fs.rmSync(path.dirname(storeDir), { recursive: true, force: true });
  });

  it('stays off while NATS cannot be reached at start, and turns on once subscribed', async () => {
    link = startSessionInvalidations({ natsUrl: `nats://127.0.0.1:${ports.port}`, cache, logger, reconnectWaitMs: 100, pingIntervalMs: 1_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(cache.enabled).toBe(false);
    put('k0', session('u0'));
    expect(cache.size).toBe(0);

    nats = await startNats({ storeDir, ...ports, fresh: true });
    await waitFor('the cache on', () => cache.enabled);
    publisher = await connect({ servers: nats.url, name: 'gateway-test-publisher', maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  }, 30_000);

  it('drops the session named by its token hash, or every session of the user', async () => {
    const token = crypto.randomBytes(32).toString('base64url');
    const key = SessionCache.keyOf(token);
    put(key, session('ua'));
    put('other-of-ua', session('ua'));
    put('of-ub', session('ub'));

    await publish({ userId: 'ua', tokenHash: crypto.createHash('sha256').update(token).digest(), reason: identityEvents.SessionsInvalidatedReason.SESSIONS_INVALIDATED_REASON_LOGOUT });
    await waitFor('the session dropped', () => cache.get(key, false) === undefined, 2_000);
    expect(cache.get('other-of-ua', false)).toBeDefined();

    await publish({ userId: 'ua', reason: identityEvents.SessionsInvalidatedReason.SESSIONS_INVALIDATED_REASON_PASSWORD_CHANGED });
    await waitFor('the user dropped', () => cache.get('other-of-ua', false) === undefined, 2_000);
    expect(cache.get('of-ub', false)).toBeDefined();
  });

  it('is bypassed as soon as NATS goes away, and comes back empty when it returns', async () => {
    put('before-outage', session('uc'));
    await publisher!.close();
    await nats!.stop();
    await waitFor('the cache off', () => !cache.enabled, 5_000);
    expect(cache.get('before-outage', false)).toBeUndefined();
    put('during-outage', session('uc'));
    expect(cache.size).toBe(0);

    nats = await startNats({ storeDir, ...ports });
    await waitFor('the cache on again', () => cache.enabled, 15_000);
    expect(cache.size).toBe(0);
    // Subscribed again: invalidations arrive as before.
    put('after', session('ud'));
    publisher = await connect({ servers: nats.url, name: 'gateway-test-publisher' });
    await publish({ userId: 'ud', reason: identityEvents.SessionsInvalidatedReason.SESSIONS_INVALIDATED_REASON_PROFILE_CHANGED });
    await waitFor('the user dropped after the reconnection', () => cache.get('after', false) === undefined, 5_000);
  }, 40_000);

  it('empties the cache on a message it cannot read', async () => {
    put('k1', session('ue'));
    publisher!.publish(INVALIDATIONS_SUBJECT, new Uint8Array([0xff, 0xff, 0xff]));
    await publisher!.flush();
    await waitFor('the cache emptied', () => cache.size === 0, 2_000);
    expect(cache.enabled).toBe(true);
  });

  it('turns off when closed', async () => {
    await link!.close();
    link = undefined;
    expect(cache.enabled).toBe(false);
  });
});

describe('openSessionCache', () => {
  it('makes no cache without NATS_URL or with a TTL of 0', async () => {
    expect(openSessionCache({ ttlMs: 10_000, maxEntries: 10 }, logger).cache).toBeUndefined();
    expect(openSessionCache({ natsUrl: 'nats://127.0.0.1:1', ttlMs: 0, maxEntries: 10 }, logger).cache).toBeUndefined();
  });
});
