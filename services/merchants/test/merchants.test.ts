import { randomUUID } from 'node:crypto';
import { GrpcStatus, rpc, signCallerToken } from '@smista/service-kit';
import { stream as MERCHANTS_STREAM } from '../src/events/publishers';
import { common, merchantsEvents } from '@smista/proto';
import { messages } from '@smista/contracts';
import { subjects } from '../src/events/publishers';
import { failure, SECRET, startTestStack, waitFor, type TestStack } from './support/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let stack: TestStack;
let pool: TestStack['pool'];

async function as(userId: string, secret = SECRET) {
  return rpc(stack.client, { callerToken: await signCallerToken({ userId }, secret) });
}

async function count(table: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}

interface StoredEvent {
  subject: string;
  data: Uint8Array;
  msgId: string | undefined;
}

/** Everything in the MERCHANTS stream, read back with an ordered consumer. */
async function merchantsStream(): Promise<StoredEvent[]> {
  const { js, jsm } = stack.nats;
  const info = await jsm.streams.info(MERCHANTS_STREAM.name);
  if (info.state.messages === 0) return [];
  // Unfiltered: the stream holds only merchants.> (and nats-server 2.9 lacks filter_subjects).
  const consumer = await js.consumers.get(MERCHANTS_STREAM.name);
  const messagesIn = await consumer.consume();
  const events: StoredEvent[] = [];
  for await (const m of messagesIn) {
    events.push({ subject: m.subject, data: m.data, msgId: m.headers?.get('Nats-Msg-Id') });
    if (m.info.pending === 0) break;
  }
  await messagesIn.close();
  return events;
}

beforeAll(async () => {
  stack = await startTestStack();
  pool = stack.pool;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

describe('CreateMerchant', () => {
  it('refuses a blank name with the Italian message and writes nothing', async () => {
    const before = await Promise.all(['merchants', 'memberships', 'outbox'].map(count));
    const api = await as(randomUUID());
    for (const name of ['', '   ', '\t\n']) {
      expect(await failure(api.createMerchant({ name }))).toEqual({
        code: GrpcStatus.INVALID_ARGUMENT,
        details: messages.validation.merchantNameRequired,
      });
    }
    expect(await failure(api.createMerchant({ name: 'x'.repeat(121) }))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: messages.validation.merchantNameTooLong,
    });
    expect(await Promise.all(['merchants', 'memberships', 'outbox'].map(count))).toEqual(before);
  });

  it('trims the name and makes the caller its admin', async () => {
    const userId = randomUUID();
    const created = await (await as(userId)).createMerchant({ name: '  Bottega Rossi \n' });
    expect(created).toMatchObject({ name: 'Bottega Rossi', role: common.Role.ROLE_ADMIN });
    expect(created.id).toMatch(UUID);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const { rows } = await pool.query('SELECT user_id, role FROM memberships WHERE merchant_id = $1', [created.id]);
    expect(rows).toEqual([{ user_id: userId, role: 'admin' }]);
    const stored = await pool.query('SELECT name, created_by FROM merchants WHERE id = $1', [created.id]);
    expect(stored.rows).toEqual([{ name: 'Bottega Rossi', created_by: userId }]);
  });

  it('publishes MerchantCreated and MemberAdded to the MERCHANTS stream exactly once each', async () => {
    const userId = randomUUID();
    const created = await (await as(userId)).createMerchant({ name: 'Ferramenta Bianchi' });

    const { rows: outbox } = await pool.query<{ id: string; subject: string }>(
      'SELECT id, subject FROM outbox ORDER BY seq DESC LIMIT 2',
    );
    await waitFor('the relay to publish', async () => {
      const { rows } = await pool.query('SELECT 1 FROM outbox WHERE published_at IS NULL');
      return rows.length === 0;
    });

    const ours = (await merchantsStream()).filter((e) => {
      if (e.subject === subjects.merchantCreated) return merchantsEvents.MerchantCreated.decode(e.data).merchantId === created.id;
      if (e.subject === subjects.memberAdded) return merchantsEvents.MemberAdded.decode(e.data).merchantId === created.id;
      return false;
    });
    expect(ours.map((e) => e.subject)).toEqual([subjects.merchantCreated, subjects.memberAdded]);
    // The relay sets Nats-Msg-Id to the outbox id, so JetStream drops a re-send.
    expect(ours.map((e) => e.msgId).sort()).toEqual(outbox.map((o) => o.id).sort());

    expect(merchantsEvents.MerchantCreated.decode(ours[0].data)).toEqual({
      merchantId: created.id,
      name: 'Ferramenta Bianchi',
      createdByUserId: userId,
      occurredAt: created.createdAt,
    });
    expect(merchantsEvents.MemberAdded.decode(ours[1].data)).toEqual({
      merchantId: created.id,
      userId,
      role: common.Role.ROLE_ADMIN,
      occurredAt: expect.any(String),
    });
  });
});

describe('ListMyMerchants', () => {
  it("answers only the caller's merchants, with role, by name then creation time", async () => {
    const anna = await as(randomUUID());
    const zeta = await anna.createMerchant({ name: 'Zeta Shop' });
    const alfa1 = await anna.createMerchant({ name: 'Alfa Store' });
    const alfa2 = await anna.createMerchant({ name: 'Alfa Store' });
    await (await as(randomUUID())).createMerchant({ name: 'Altro merchant' });

    const { merchants: list } = await anna.listMyMerchants({});
    expect(list.map((m) => m.id)).toEqual([alfa1.id, alfa2.id, zeta.id]);
    expect(list.every((m) => m.role === common.Role.ROLE_ADMIN)).toBe(true);
    expect(list[2]).toEqual(zeta);
  });

  it('shows the user role of a plain member', async () => {
    const owner = randomUUID();
    const member = randomUUID();
    const shop = await (await as(owner)).createMerchant({ name: 'Negozio Condiviso' });
    await pool.query(`INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, 'user')`, [member, shop.id]);

    const { merchants: list } = await (await as(member)).listMyMerchants({});
    expect(list).toEqual([{ ...shop, role: common.Role.ROLE_USER }]);
  });

  it('answers an empty list to a user without merchants', async () => {
    expect(await (await as(randomUUID())).listMyMerchants({})).toEqual({ merchants: [] });
  });
});

describe('GetMembership', () => {
  const owner = randomUUID();
  let shopId: string;
  beforeAll(async () => {
    shopId = (await (await as(owner)).createMerchant({ name: 'Emporio Verdi' })).id;
  });

  const notFound = { code: GrpcStatus.NOT_FOUND, details: messages.errors.merchantNotFound };

  it('answers the merchant name and role to the member', async () => {
    expect(await (await as(owner)).getMembership({ userId: owner, merchantId: shopId })).toEqual({
      userId: owner,
      merchantId: shopId,
      merchantName: 'Emporio Verdi',
      role: common.Role.ROLE_ADMIN,
      ssoRequired: false,
    });
    const upper = await (await as(owner)).getMembership({ userId: owner, merchantId: shopId.toUpperCase() });
    expect(upper.merchantId).toBe(shopId);
  });

  it('answers NOT_FOUND alike for a non-member, an unknown id and a malformed id', async () => {
    const stranger = randomUUID();
    const api = await as(stranger);
    expect(await failure(api.getMembership({ userId: stranger, merchantId: shopId }))).toEqual(notFound);
    expect(await failure(api.getMembership({ userId: stranger, merchantId: randomUUID() }))).toEqual(notFound);
    expect(await failure(api.getMembership({ userId: stranger, merchantId: 'not-a-uuid' }))).toEqual(notFound);
    expect(await failure(api.getMembership({ userId: stranger, merchantId: '' }))).toEqual(notFound);
    expect(await failure((await as(owner)).getMembership({ userId: owner, merchantId: randomUUID() }))).toEqual(notFound);
  });

  it("refuses a caller asking for someone else's membership", async () => {
    const other = await as(randomUUID());
    expect(await failure(other.getMembership({ userId: owner, merchantId: shopId }))).toEqual({
      code: GrpcStatus.PERMISSION_DENIED,
      details: messages.errors.forbidden,
    });
  });
});

describe('caller token', () => {
  const calls = (api: Awaited<ReturnType<typeof as>>) => [
    () => api.listMyMerchants({}),
    () => api.createMerchant({ name: 'Senza accesso' }),
    () => api.getMembership({ userId: randomUUID(), merchantId: randomUUID() }),
  ];
  const unauthenticated = { code: GrpcStatus.UNAUTHENTICATED, details: messages.errors.notAuthenticated };

  it('refuses every call without a token, writing nothing', async () => {
    const before = await count('merchants');
    for (const call of calls(stack.anonymous)) expect(await failure(call())).toEqual(unauthenticated);
    expect(await count('merchants')).toBe(before);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await as(randomUUID(), 'someone-elses-secret-0123456789-abcdef');
    for (const call of calls(forged)) expect(await failure(call())).toEqual(unauthenticated);
  });

  it('refuses a garbage token and a token whose subject is not a user id', async () => {
    for (const call of calls(rpc(stack.client, { callerToken: 'not.a.jwt' }))) expect(await failure(call())).toEqual(unauthenticated);
    for (const call of calls(await as('admin'))) expect(await failure(call())).toEqual(unauthenticated);
  });
});
