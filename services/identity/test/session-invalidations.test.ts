/**
 * `identity.sessions.invalidated`: what tells the gateways' session caches to drop a session. Each
 * change that makes a cached lookup wrong publishes it in the same transaction (outbox), and a
 * request's change has it on NATS before the call answers (the gateway replica that serves the
 * browser's next request must already have dropped its copy).
 */
import { createHash, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Subscription } from '@nats-io/transport-node';
import { common, identityEvents, merchantsEvents } from '@smista/proto';
import { mailsTo, newRegistration, PUBLIC_URL, startMerchantsPeer, startTestIdentity, waitFor, type Memberships, type TestIdentity } from './support/harness';

const SUBJECT = 'identity.sessions.invalidated';
const Reason = identityEvents.SessionsInvalidatedReason;
const sha256 = (s: string) => createHash('sha256').update(s).digest();
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let id: TestIdentity;
let peer: Awaited<ReturnType<typeof startMerchantsPeer>>;
const memberships: Memberships = new Map();
/** Every invalidation heard on a plain subscription, as a gateway hears them (other suites' too). */
const heard: identityEvents.SessionsInvalidated[] = [];
let sub: Subscription;

beforeAll(async () => {
  peer = await startMerchantsPeer(memberships);
  id = await startTestIdentity({ merchantsAddr: `127.0.0.1:${peer.port}` });
  sub = id.nats.nc.subscribe(SUBJECT, { callback: (_err, msg) => void heard.push(identityEvents.SessionsInvalidated.decode(msg.data)) });
  await id.nats.nc.flush();
}, 60_000);

afterAll(async () => {
  sub?.unsubscribe();
  await id?.stop();
  await peer?.shutdown(1_000);
}, 30_000);

/** This user's invalidations in the outbox, oldest first, with whether each is published. */
async function outboxOf(userId: string) {
  const { rows } = await id.pool.query<{ id: string; payload: Buffer; published_at: Date | null }>(
    'SELECT id, payload, published_at FROM outbox WHERE subject = $1 ORDER BY seq',
    [SUBJECT],
  );
  return rows
    .map((r) => ({ id: r.id, published: r.published_at !== null, event: identityEvents.SessionsInvalidated.decode(r.payload) }))
    .filter((r) => r.event.userId === userId);
}

const heardFor = (userId: string) => heard.filter((e) => e.userId === userId);

/**
 * The call's invalidation is already published when it answers (the relay would take it only
 * seconds later), and a plain subscriber receives it once.
 */
async function expectPublishedBeforeAnswer(userId: string, expected: { reason: identityEvents.SessionsInvalidatedReason; tokenHash?: Buffer }) {
  const rows = await outboxOf(userId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ published: true, event: { userId, reason: expected.reason } });
  expect(rows[0].event.tokenHash ? Buffer.from(rows[0].event.tokenHash) : undefined).toEqual(expected.tokenHash);
  await waitFor('the invalidation on NATS', async () => heardFor(userId).length > 0, 2_000);
  expect(heardFor(userId)).toHaveLength(1);
}

async function registered() {
  const reg = newRegistration();
  const session = await id.api.register(reg);
  return { reg, userId: session.user!.id, sessionToken: session.sessionToken };
}

describe('identity.sessions.invalidated from a request, published before it answers', () => {
  it('logout: that session, by the hash of its token; a session already gone publishes nothing', async () => {
    const { userId, sessionToken } = await registered();
    await id.api.logout({ sessionToken });
    await expectPublishedBeforeAnswer(userId, { reason: Reason.SESSIONS_INVALIDATED_REASON_LOGOUT, tokenHash: sha256(sessionToken) });
    await id.api.logout({ sessionToken });
    expect(await outboxOf(userId)).toHaveLength(1);
  });

  it('merchant selection: that session', async () => {
    const { userId, sessionToken } = await registered();
    const merchantId = randomUUID();
    memberships.set(userId, new Map([[merchantId, { merchantName: 'Bottega', role: common.Role.ROLE_ADMIN }]]));
    await id.api.selectMerchant({ sessionToken, merchantId });
    await expectPublishedBeforeAnswer(userId, { reason: Reason.SESSIONS_INVALIDATED_REASON_MERCHANT_SELECTED, tokenHash: sha256(sessionToken) });
  });

  it('profile and avatar changes: every session of the user', async () => {
    const { reg, userId } = await registered();
    const api = await id.as(userId);
    await api.updateProfile({ firstName: 'Anna', lastName: reg.lastName, email: reg.email, username: reg.username });
    await expectPublishedBeforeAnswer(userId, { reason: Reason.SESSIONS_INVALIDATED_REASON_PROFILE_CHANGED });
    await api.updateAvatar({ avatar: PNG });
    expect((await outboxOf(userId)).map((r) => [r.published, r.event.reason, r.event.tokenHash])).toEqual([
      [true, Reason.SESSIONS_INVALIDATED_REASON_PROFILE_CHANGED, undefined],
      [true, Reason.SESSIONS_INVALIDATED_REASON_PROFILE_CHANGED, undefined],
    ]);
  });

  it('password change: every session of the user when others ended, nothing when there were none', async () => {
    const { reg, userId, sessionToken } = await registered();
    const api = await id.as(userId);
    await api.changePassword({ currentPassword: reg.password, newPassword: 'Nuova1234', keepSessionToken: sessionToken });
    expect(await outboxOf(userId)).toEqual([]);

    await id.api.login({ email: reg.email, password: 'Nuova1234' });
    await api.changePassword({ currentPassword: 'Nuova1234', newPassword: 'Ancora1234', keepSessionToken: sessionToken });
    await expectPublishedBeforeAnswer(userId, { reason: Reason.SESSIONS_INVALIDATED_REASON_PASSWORD_CHANGED });
  });

  it('password reset: every session of the user', async () => {
    const { reg, userId } = await registered();
    await id.api.requestPasswordReset({ email: reg.email });
    const mail = await waitFor('the reset e-mail', async () => (await mailsTo(reg.email))[0]);
    const token = new RegExp(`${PUBLIC_URL.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)![1];
    await id.api.resetPassword({ token, password: 'Nuova1234' });
    await expectPublishedBeforeAnswer(userId, { reason: Reason.SESSIONS_INVALIDATED_REASON_PASSWORD_RESET });
  });
});

describe('identity.sessions.invalidated from a membership event', () => {
  /** A user working in a merchant with role user (one live session). */
  async function member() {
    const { userId, sessionToken } = await registered();
    const merchantId = randomUUID();
    memberships.set(userId, new Map([[merchantId, { merchantName: 'Bottega', role: common.Role.ROLE_USER }]]));
    await id.api.selectMerchant({ sessionToken, merchantId });
    await id.pool.query('DELETE FROM outbox WHERE subject = $1', [SUBJECT]);
    return { userId, sessionToken, merchantId };
  }

  const membershipChanges = (userId: string) => heardFor(userId).filter((e) => e.reason === Reason.SESSIONS_INVALIDATED_REASON_MEMBERSHIP_CHANGED);
  const processed = (messageId: string) =>
    waitFor('the event to be handled', async () => (await id.pool.query('SELECT 1 FROM inbox WHERE message_id = $1', [messageId])).rowCount === 1);

  it('a new role: every session of the user, through the relay as soon as the consumer commits; the same role again, nothing', async () => {
    const { userId, merchantId } = await member();
    const added = (role: common.Role) => merchantsEvents.MemberAdded.encode({ merchantId, userId, role, occurredAt: new Date().toISOString() }).finish();
    const first = randomUUID();
    await id.nats.js.publish('merchants.member.added', added(common.Role.ROLE_ADMIN), { msgID: first });
    await waitFor('the invalidation on NATS', async () => membershipChanges(userId).length > 0, 3_000);
    expect(membershipChanges(userId)).toEqual([{ userId, reason: Reason.SESSIONS_INVALIDATED_REASON_MEMBERSHIP_CHANGED, occurredAt: expect.any(String) }]);

    const again = randomUUID();
    await id.nats.js.publish('merchants.member.added', added(common.Role.ROLE_ADMIN), { msgID: again });
    await processed(again);
    expect(await outboxOf(userId)).toHaveLength(1);
  });

  it('removal from the merchant: every session of the user', async () => {
    const { userId, merchantId } = await member();
    const event = merchantsEvents.MemberRemoved.encode({ merchantId, userId, removedByUserId: randomUUID(), occurredAt: new Date().toISOString() }).finish();
    await id.nats.js.publish('merchants.member.removed', event, { msgID: randomUUID() });
    await waitFor('the invalidation on NATS', async () => membershipChanges(userId).length > 0, 3_000);
    expect(membershipChanges(userId)).toEqual([{ userId, reason: Reason.SESSIONS_INVALIDATED_REASON_MEMBERSHIP_CHANGED, occurredAt: expect.any(String) }]);
  });
});

describe('ResolveSession', () => {
  it('tells when its caller token expires, so a cache of the answer can stop in time', async () => {
    const { sessionToken } = await registered();
    const resolved = await id.api.resolveSession({ sessionToken });
    const exp = decodeJwt(resolved.callerToken).exp! * 1000;
    const told = Date.parse(resolved.callerTokenExpiresAt);
    expect(told).toBeLessThanOrEqual(exp);
    expect(told).toBeGreaterThan(exp - 2_000);
  });
});
