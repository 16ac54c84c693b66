import { randomUUID } from 'node:crypto';
import { connectNats } from '@smista/service-kit';
import { stream as identityStream } from '../src/events/publishers';
import { common, identityEvents, merchantsEvents } from '@smista/proto';
import { count, MERCHANTS_STREAM, newRegistration, startMerchantsPeer, startTestIdentity, waitFor, type Memberships, type TestIdentity } from './support/harness';

let id: TestIdentity;
let peer: Awaited<ReturnType<typeof startMerchantsPeer>>;
const memberships: Memberships = new Map();

beforeAll(async () => {
  peer = await startMerchantsPeer(memberships);
  id = await startTestIdentity({ merchantsAddr: `127.0.0.1:${peer.port}` });
}, 60_000);

afterAll(async () => {
  await id?.stop();
  await peer?.shutdown(1_000);
}, 30_000);

/** Every message of a stream, read back with an ordered consumer. */
/**
 * A new user who is a member (role user) of one merchant and of another with `otherRole`, with one
 * live session working in each.
 */
async function memberOfTwoMerchants(otherRole: common.Role) {
  const { sessionToken, user } = await id.api.register(newRegistration());
  const merchantId = randomUUID();
  const otherMerchant = randomUUID();
  memberships.set(
    user!.id,
    new Map([
      [merchantId, { merchantName: 'Bottega', role: common.Role.ROLE_USER }],
      [otherMerchant, { merchantName: 'Altro', role: otherRole }],
    ]),
  );
  await id.api.selectMerchant({ sessionToken, merchantId });
  const elsewhere = await id.api.login({ email: user!.email, password: 'Segreta1' });
  await id.api.selectMerchant({ sessionToken: elsewhere.sessionToken, merchantId: otherMerchant });
  return { sessionToken, user, merchantId, otherMerchant, elsewhere };
}

async function readStream(stream: string) {
  const info = await id.nats.jsm.streams.info(stream);
  if (info.state.messages === 0) return [];
  const consumer = await id.nats.js.consumers.get(stream);
  const iter = await consumer.consume();
  const out: { subject: string; data: Uint8Array; msgId?: string }[] = [];
  for await (const m of iter) {
    out.push({ subject: m.subject, data: m.data, msgId: m.headers?.get('Nats-Msg-Id') });
    if (m.info.pending === 0) break;
  }
  await iter.close();
  return out;
}

describe('identity.user.registered', () => {
  it('lands in the IDENTITY stream exactly once, with the invite token, via the outbox', async () => {
    const inviteToken = randomUUID();
    const reg = newRegistration({ inviteToken: `  ${inviteToken} ` });
    const { user } = await id.api.register(reg);
    const outboxRow = await waitFor('the relay to publish', async () => {
      const { rows } = await id.pool.query(`SELECT id, payload FROM outbox WHERE subject = 'identity.user.registered' AND published_at IS NOT NULL`);
      return rows.find((r) => identityEvents.UserRegistered.decode(r.payload).userId === user!.id);
    });
    // Read after publication; JetStream de-duplicates relay retries by Nats-Msg-Id = outbox id.
    const mine = (await readStream(identityStream.name))
      .filter((m) => m.subject === 'identity.user.registered')
      .map((m) => ({ msgId: m.msgId, event: identityEvents.UserRegistered.decode(m.data) }))
      .filter((m) => m.event.userId === user!.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].event).toEqual({ userId: user!.id, email: reg.email, inviteToken, occurredAt: user!.createdAt });
    expect(mine[0].msgId).toBe(outboxRow.id);
  });

  it('carries no invite token when none was given', async () => {
    const { user } = await id.api.register(newRegistration());
    const event = await waitFor('the event', async () =>
      (await readStream(identityStream.name))
        .map((m) => identityEvents.UserRegistered.decode(m.data))
        .find((e) => e.userId === user!.id),
    );
    expect(event.inviteToken).toBeUndefined();
  });
});

describe('merchants.member.added', () => {
  it('refreshes the role of the live sessions in that merchant, and a redelivery changes nothing', async () => {
    const { sessionToken, user, merchantId, otherMerchant, elsewhere } = await memberOfTwoMerchants(common.Role.ROLE_USER);

    const messageId = randomUUID();
    const event = merchantsEvents.MemberAdded.encode({
      merchantId,
      userId: user!.id,
      role: common.Role.ROLE_ADMIN,
      occurredAt: new Date().toISOString(),
    }).finish();
    const published = await id.nats.js.publish('merchants.member.added', event, { msgID: messageId });

    await waitFor('the role refresh', async () => (await id.api.resolveSession({ sessionToken })).role === common.Role.ROLE_ADMIN);
    expect((await id.api.resolveSession({ sessionToken: elsewhere.sessionToken })).role).toBe(common.Role.ROLE_USER);
    const durable = `identity-member-added${id.durableSuffix}`;
    const inbox = await id.pool.query('SELECT consumer FROM inbox WHERE message_id = $1', [messageId]);
    expect(inbox.rows).toEqual([{ consumer: durable }]);

    // A later change moved the role on; then the consumer is reset and JetStream delivers the old
    // message again (same Nats-Msg-Id). The inbox must make it a no-op.
    await id.pool.query(`UPDATE sessions SET role = 'user' WHERE user_id = $1 AND merchant_id = $2`, [user!.id, merchantId]);
    const { config, durableSuffix } = id;
    await id.stop();
    const nats = await connectNats(config.NATS_URL, 'identity-test-reset');
    await nats.jsm.consumers.delete(MERCHANTS_STREAM.name, durable);
    await nats.nc.drain();
    id = await startTestIdentity({ databaseUrl: config.DATABASE_URL, merchantsAddr: config.MERCHANTS_GRPC_ADDR, durableSuffix });

    await waitFor('the replay to be acknowledged', async () => {
      const info = await id.nats.jsm.consumers.info(MERCHANTS_STREAM.name, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0 && info.ack_floor.stream_seq >= published.seq;
    });
    expect((await id.api.resolveSession({ sessionToken })).role).toBe(common.Role.ROLE_USER);
    expect(await id.pool.query('SELECT count(*)::int AS n FROM inbox WHERE message_id = $1', [messageId])).toMatchObject({ rows: [{ n: 1 }] });
    expect(await count(id.pool, 'dead_letters')).toBe(0);
  });
});

describe('merchants.member.removed', () => {
  it('takes the merchant out of the removed member’s live sessions, leaving other merchants alone', async () => {
    const { sessionToken, user, merchantId, otherMerchant, elsewhere } = await memberOfTwoMerchants(common.Role.ROLE_ADMIN);

    const event = merchantsEvents.MemberRemoved.encode({
      merchantId,
      userId: user!.id,
      removedByUserId: randomUUID(),
      occurredAt: new Date().toISOString(),
    }).finish();
    await id.nats.js.publish('merchants.member.removed', event, { msgID: randomUUID() });

    await waitFor('the session to leave the merchant', async () => (await id.api.resolveSession({ sessionToken })).merchantId === undefined);
    const kept = await id.api.resolveSession({ sessionToken: elsewhere.sessionToken });
    expect(kept.merchantId).toBe(otherMerchant);
    expect(kept.role).toBe(common.Role.ROLE_ADMIN);
  });
});
