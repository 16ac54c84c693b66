import { randomUUID } from 'node:crypto';
import { GrpcStatus } from '@smista/service-kit';
import { common, merchantsEvents } from '@smista/proto';
import { INVITE_TTL_DAYS, messages, teamMessages } from '@smista/contracts';
import { extractLinks, listMails, waitForMail } from '../../../e2e/support/mail';
import { hashInviteToken } from '../src/domain';
import { subjects } from '../src/events/publishers';
import { failure, IDENTITY_STREAM, PUBLIC_URL, publishedEvents, snapshot, startTestStack, waitFor, type MerchantsApi, type TestStack, type TestUser } from './support/harness';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

const { ROLE_ADMIN, ROLE_USER, ROLE_UNSPECIFIED } = common.Role;
const invalidInvite = { code: GrpcStatus.NOT_FOUND, details: teamMessages.inviteInvalid };

function newEmail(name = 'luca'): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.it`;
}

/** Creates an invite and reads its token from the real e-mail's link. */
async function inviteAndReadToken(api: MerchantsApi, merchantId: string, email: string, role = ROLE_USER) {
  const since = new Date(Date.now() - 1_000);
  const invite = await api.createInvite({ merchantId, email, role });
  const mail = await waitForMail({ to: email.trim().toLowerCase(), since });
  const link = extractLinks(mail).find((l) => l.includes('/accept-invite'))!;
  return { invite, mail, link, token: new URL(link).searchParams.get('token')! };
}

async function membership(merchantId: string, userId: string) {
  const { rows } = await stack.pool.query('SELECT role FROM memberships WHERE merchant_id = $1 AND user_id = $2', [merchantId, userId]);
  return rows[0] as { role: string } | undefined;
}

async function inviteRow(id: string) {
  const { rows } = await stack.pool.query('SELECT * FROM invites WHERE id = $1', [id]);
  return rows[0];
}

describe('CreateInvite', () => {
  it('stores the invite (token hashed), publishes InviteCreated without the token and e-mails the Italian invite', async () => {
    const merchantName = `Bottega ${randomUUID().slice(0, 6)}`;
    const { merchantId, admin, api } = await stack.newMerchant(merchantName);
    const email = newEmail();
    const before = Date.now();
    const { invite, mail, link, token } = await inviteAndReadToken(api, merchantId, `  ${email.toUpperCase()} `, ROLE_ADMIN);

    expect(invite).toEqual({
      id: expect.any(String),
      merchantId,
      email,
      role: ROLE_ADMIN,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      inviterEmail: admin.email,
    });
    const ttl = Date.parse(invite.expiresAt) - Date.parse(invite.createdAt);
    expect(ttl).toBe(INVITE_TTL_DAYS * 24 * 3600 * 1000);
    expect(Date.parse(invite.createdAt)).toBeGreaterThanOrEqual(before - 1_000);

    // The e-mail: subject, inviter (name and e-mail), merchant, role and the link.
    expect(mail.subject).toBe(teamMessages.inviteSubject(merchantName));
    expect(mail.text).toContain(`Anna Verdi (${admin.email}) ti ha invitato a unirti al team di ${merchantName}`);
    expect(mail.text).toContain('con il ruolo di Amministratore');
    expect(mail.html).toContain('Amministratore');
    expect(link).toBe(`${PUBLIC_URL}/accept-invite?token=${token}&email=${encodeURIComponent(email)}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(link);

    // Only the hash is stored; the event carries no token.
    const row = await inviteRow(invite.id);
    expect(row.token_hash).toBe(hashInviteToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const events = (await publishedEvents(stack.pool)).filter((e) => e.subject === subjects.inviteCreated);
    const mine = events.map((e) => ({ raw: e.payload, event: merchantsEvents.InviteCreated.decode(e.payload) })).filter((e) => e.event.inviteId === invite.id);
    expect(mine.map((m) => m.event)).toEqual([
      {
        inviteId: invite.id,
        merchantId,
        email,
        role: ROLE_ADMIN,
        invitedByUserId: admin.id,
        expiresAt: invite.expiresAt,
        occurredAt: invite.createdAt,
      },
    ]);
    expect(mine[0].raw.toString('latin1')).not.toContain(token);
  });

  it('invites as Utente by default', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const email = newEmail();
    const { invite, mail } = await inviteAndReadToken(api, merchantId, email, ROLE_UNSPECIFIED);
    expect(invite.role).toBe(ROLE_USER);
    expect(mail.text).toContain('con il ruolo di Utente');
  });

  it.each(['', '   ', 'luca', 'luca@', 'luca@@example.it', 'luca rossi@example.it'])(
    'refuses the malformed e-mail %j in Italian, writing and sending nothing',
    async (email) => {
      const { merchantId, api } = await stack.newMerchant();
      const before = await snapshot(stack.pool);
      expect(await failure(api.createInvite({ merchantId, email, role: ROLE_USER }))).toEqual({
        code: GrpcStatus.INVALID_ARGUMENT,
        details: teamMessages.inviteEmailInvalid,
      });
      expect(await snapshot(stack.pool)).toEqual(before);
    },
  );

  it('refuses an unknown role', async () => {
    const { merchantId, api } = await stack.newMerchant();
    expect(await failure(api.createInvite({ merchantId, email: newEmail(), role: 9 as common.Role }))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: teamMessages.roleInvalid,
    });
  });

  it('refuses a second pending invite for the same address (any case), and an address that is already a member', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    const email = newEmail();
    await api.createInvite({ merchantId, email, role: ROLE_USER });
    const before = await snapshot(stack.pool);
    expect(await failure(api.createInvite({ merchantId, email: email.toUpperCase(), role: ROLE_ADMIN }))).toEqual({
      code: GrpcStatus.ALREADY_EXISTS,
      details: teamMessages.invitePending,
    });
    expect(await failure(api.createInvite({ merchantId, email: ` ${admin.email.toUpperCase()}`, role: ROLE_USER }))).toEqual({
      code: GrpcStatus.ALREADY_EXISTS,
      details: teamMessages.alreadyMember,
    });
    expect(await snapshot(stack.pool)).toEqual(before);
    // The same address may be invited by another merchant.
    const other = await stack.newMerchant();
    await other.api.createInvite({ merchantId: other.merchantId, email, role: ROLE_USER });
  });

  it('lets only one of two simultaneous invites for one address through', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const marco = await stack.register();
    await stack.pool.query(`INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, 'admin')`, [marco.id, merchantId]);
    const marcoApi = await stack.as(marco);
    for (let round = 0; round < 5; round++) {
      const email = newEmail();
      const results = await Promise.allSettled([
        api.createInvite({ merchantId, email, role: ROLE_USER }),
        marcoApi.createInvite({ merchantId, email, role: ROLE_USER }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS, details: teamMessages.invitePending });
      const { rows } = await stack.pool.query('SELECT count(*)::int AS n FROM invites WHERE merchant_id = $1 AND email = $2', [merchantId, email]);
      expect(rows[0].n).toBe(1);
    }
  });

  it('allows a new invite once the old one has expired', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const email = newEmail();
    const first = await api.createInvite({ merchantId, email, role: ROLE_USER });
    await stack.pool.query(`UPDATE invites SET created_at = now() - interval '8 days', expires_at = now() - interval '1 day' WHERE id = $1`, [first.id]);
    const second = await api.createInvite({ merchantId, email, role: ROLE_ADMIN });
    expect(second.id).not.toBe(first.id);
    expect((await api.listInvites({ merchantId })).invites.map((i) => i.id)).toEqual([second.id]);
  });
});

describe('ListInvites and CancelInvite', () => {
  it('lists pending invites newest first, without accepted, cancelled or expired ones', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const a = await api.createInvite({ merchantId, email: newEmail('a'), role: ROLE_USER });
    const b = await api.createInvite({ merchantId, email: newEmail('b'), role: ROLE_ADMIN });
    const c = await api.createInvite({ merchantId, email: newEmail('c'), role: ROLE_USER });
    const d = await api.createInvite({ merchantId, email: newEmail('d'), role: ROLE_USER });
    await stack.pool.query(`UPDATE invites SET created_at = created_at - interval '1 hour', expires_at = now() - interval '1 second' WHERE id = $1`, [c.id]);
    await api.cancelInvite({ merchantId, inviteId: d.id });
    expect((await api.listInvites({ merchantId })).invites).toEqual([b, a]);
  });

  it('cancels a pending invite once; unknown, malformed or cancelled ids are INVITE_NOT_FOUND', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const email = newEmail();
    const { invite, token } = await inviteAndReadToken(api, merchantId, email);
    expect(await api.cancelInvite({ merchantId, inviteId: invite.id })).toEqual({});
    expect((await inviteRow(invite.id)).cancelled_at).toBeInstanceOf(Date);
    expect(await failure(stack.anonymous.getInvite({ token }))).toEqual(invalidInvite);

    const notFound = { code: GrpcStatus.NOT_FOUND, details: teamMessages.inviteNotFound };
    for (const inviteId of [invite.id, randomUUID(), 'nope', '']) expect(await failure(api.cancelInvite({ merchantId, inviteId }))).toEqual(notFound);
    // After cancelling, the address can be invited again.
    await api.createInvite({ merchantId, email, role: ROLE_USER });
  });
});

describe('GetInvite', () => {
  it('answers the invite to anyone (no caller token) while it is pending', async () => {
    const merchantName = `Emporio ${randomUUID().slice(0, 6)}`;
    const { merchantId, admin, api } = await stack.newMerchant(merchantName);
    const email = newEmail();
    const { invite, token } = await inviteAndReadToken(api, merchantId, email, ROLE_ADMIN);
    expect(await stack.anonymous.getInvite({ token: ` ${token} ` })).toEqual({
      email,
      role: ROLE_ADMIN,
      merchantId,
      merchantName,
      inviterEmail: admin.email,
      inviterName: 'Anna Verdi',
      expiresAt: invite.expiresAt,
    });
  });

  it("answers 'Invito non valido' for unknown, blank and expired tokens", async () => {
    const { merchantId, api } = await stack.newMerchant();
    const { invite, token } = await inviteAndReadToken(api, merchantId, newEmail());
    for (const t of ['', '  ', 'x'.repeat(43), 'x'.repeat(500)]) expect(await failure(stack.anonymous.getInvite({ token: t }))).toEqual(invalidInvite);
    await stack.pool.query(`UPDATE invites SET created_at = now() - interval '8 days', expires_at = now() - interval '1 minute' WHERE id = $1`, [invite.id]);
    expect(await failure(stack.anonymous.getInvite({ token }))).toEqual(invalidInvite);
  });
});

describe('AcceptInvite', () => {
  async function invited(role = ROLE_USER) {
    const m = await stack.newMerchant();
    const email = newEmail();
    const { invite, token } = await inviteAndReadToken(m.api, m.merchantId, email, role);
    return { ...m, email, invite, token };
  }

  it('makes the caller a member with the invite role, once; a second accept is an invalid invite', async () => {
    const { merchantId, email, invite, token } = await invited(ROLE_ADMIN);
    const luca = await stack.register({ email: email.toUpperCase() });
    const lucaApi = await stack.as(luca);
    const merchantName = (await stack.pool.query('SELECT name FROM merchants WHERE id = $1', [merchantId])).rows[0].name;

    expect(await lucaApi.acceptInvite({ token })).toEqual({ merchantId, merchantName, role: ROLE_ADMIN });
    expect(await membership(merchantId, luca.id)).toEqual({ role: 'admin' });
    const row = await inviteRow(invite.id);
    expect(row.accepted_by).toBe(luca.id);
    expect(row.accepted_at).toBeInstanceOf(Date);

    const added = (await publishedEvents(stack.pool))
      .filter((e) => e.subject === subjects.memberAdded)
      .map((e) => merchantsEvents.MemberAdded.decode(e.payload))
      .filter((e) => e.userId === luca.id);
    expect(added).toEqual([{ merchantId, userId: luca.id, role: ROLE_ADMIN, occurredAt: expect.any(String) }]);

    const before = await snapshot(stack.pool);
    expect(await failure(lucaApi.acceptInvite({ token }))).toEqual(invalidInvite);
    expect(await failure(stack.anonymous.getInvite({ token }))).toEqual(invalidInvite);
    expect(await snapshot(stack.pool)).toEqual(before);
    expect((await lucaApi.listMyMerchants({})).merchants.map((m) => m.id)).toEqual([merchantId]);
  });

  it('refuses a caller with another e-mail and writes nothing; the invite stays usable', async () => {
    const { merchantId, email, invite, token } = await invited();
    const marco = await stack.register();
    const before = await snapshot(stack.pool);
    expect(await failure((await stack.as(marco)).acceptInvite({ token }))).toEqual({
      code: GrpcStatus.PERMISSION_DENIED,
      details: teamMessages.inviteEmailMismatch,
    });
    expect(await snapshot(stack.pool)).toEqual(before);
    expect(await membership(merchantId, marco.id)).toBeUndefined();
    expect((await inviteRow(invite.id)).accepted_at).toBeNull();
    expect((await stack.anonymous.getInvite({ token })).email).toBe(email);
  });

  it('refuses an expired invite and writes nothing', async () => {
    const { merchantId, email, invite, token } = await invited();
    await stack.pool.query(`UPDATE invites SET created_at = now() - interval '8 days', expires_at = now() - interval '1 second' WHERE id = $1`, [invite.id]);
    const luca = await stack.register({ email });
    const before = await snapshot(stack.pool);
    expect(await failure((await stack.as(luca)).acceptInvite({ token }))).toEqual(invalidInvite);
    expect(await snapshot(stack.pool)).toEqual(before);
    expect(await membership(merchantId, luca.id)).toBeUndefined();
  });

  it('refuses a cancelled invite', async () => {
    const { merchantId, api, email, invite, token } = await invited();
    await api.cancelInvite({ merchantId, inviteId: invite.id });
    const luca = await stack.register({ email });
    expect(await failure((await stack.as(luca)).acceptInvite({ token }))).toEqual(invalidInvite);
  });

  it('answers the existing membership to somebody who is already a member, and closes the invite', async () => {
    const { merchantId, email, invite, token } = await invited(ROLE_ADMIN);
    const luca = await stack.register({ email });
    // Added some other way in the meantime, as a plain user.
    await stack.pool.query(`INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, 'user')`, [luca.id, merchantId]);
    const before = await snapshot(stack.pool, ['memberships', 'outbox']);
    expect(await (await stack.as(luca)).acceptInvite({ token })).toMatchObject({ merchantId, role: ROLE_USER });
    expect(await snapshot(stack.pool, ['memberships', 'outbox'])).toEqual(before);
    expect((await inviteRow(invite.id)).accepted_by).toBe(luca.id);
  });

  it('needs a caller token', async () => {
    const { token } = await invited();
    expect(await failure(stack.anonymous.acceptInvite({ token }))).toEqual({ code: GrpcStatus.UNAUTHENTICATED, details: messages.errors.notAuthenticated });
    expect(await failure((await stack.as(randomUUID())).acceptInvite({ token: '' }))).toEqual(invalidInvite);
  });
});

describe('registration from an invite link (identity.user.registered)', () => {
  const durable = () => `merchants-user-registered${stack.durableSuffix}`;

  it('adds the membership exactly once, also when the event is delivered again', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const email = newEmail('nuovo');
    const { invite, token } = await inviteAndReadToken(api, merchantId, email, ROLE_ADMIN);

    const luca: TestUser = await stack.register({ email, inviteToken: token });
    await waitFor('the membership', () => membership(merchantId, luca.id));
    expect(await membership(merchantId, luca.id)).toEqual({ role: 'admin' });
    expect((await inviteRow(invite.id)).accepted_by).toBe(luca.id);
    const memberAdded = async () =>
      (await publishedEvents(stack.pool))
        .filter((e) => e.subject === subjects.memberAdded)
        .map((e) => merchantsEvents.MemberAdded.decode(e.payload))
        .filter((e) => e.userId === luca.id);
    expect(await memberAdded()).toEqual([{ merchantId, userId: luca.id, role: ROLE_ADMIN, occurredAt: expect.any(String) }]);

    // The state moves on (the member is removed, the invite reopened by hand), then the consumer is
    // reset and JetStream delivers the old registration again (same Nats-Msg-Id): the inbox makes
    // it a no-op, so nobody is added back.
    await stack.pool.query('DELETE FROM memberships WHERE merchant_id = $1 AND user_id = $2', [merchantId, luca.id]);
    await stack.pool.query('UPDATE invites SET accepted_at = NULL, accepted_by = NULL WHERE id = $1', [invite.id]);
    const lastSeq = (await stack.nats.jsm.streams.info(IDENTITY_STREAM.name)).state.last_seq;
    await stack.restartMerchants(async () => {
      await stack.nats.jsm.consumers.delete(IDENTITY_STREAM.name, durable());
    });
    await waitFor('the replay to be acknowledged', async () => {
      const info = await stack.nats.jsm.consumers.info(IDENTITY_STREAM.name, durable());
      return info.num_pending === 0 && info.num_ack_pending === 0 && info.ack_floor.stream_seq >= lastSeq;
    }, 20_000);
    expect(await membership(merchantId, luca.id)).toBeUndefined();
    expect(await memberAdded()).toHaveLength(1);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM dead_letters')).rows[0].n).toBe(0);
  });

  it('adds nobody for another e-mail or an unknown token, and does not retry', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const { invite, token } = await inviteAndReadToken(api, merchantId, newEmail('invitato'));
    const marco = await stack.register({ inviteToken: token });
    const giulia = await stack.register({ inviteToken: 'token-che-non-esiste' });
    const lastSeq = (await stack.nats.jsm.streams.info(IDENTITY_STREAM.name)).state.last_seq;
    await waitFor('the consumer to acknowledge both', async () => {
      const info = await stack.nats.jsm.consumers.info(IDENTITY_STREAM.name, durable());
      return info.num_pending === 0 && info.num_ack_pending === 0 && info.ack_floor.stream_seq >= lastSeq;
    });
    expect(await membership(merchantId, marco.id)).toBeUndefined();
    expect(await membership(merchantId, giulia.id)).toBeUndefined();
    expect((await inviteRow(invite.id)).accepted_at).toBeNull();
    const { rows } = await stack.pool.query(
      'SELECT count(*)::int AS n FROM inbox WHERE consumer = $1',
      [durable()],
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM dead_letters')).rows[0].n).toBe(0);
  });
});

describe('mail', () => {
  it('sends nothing for refused invites', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    await failure(api.createInvite({ merchantId, email: admin.email, role: ROLE_USER }));
    await new Promise((r) => setTimeout(r, 200));
    expect((await listMails({ to: admin.email })).filter((m) => m.subject.startsWith('Invito'))).toEqual([]);
  });
});
