import { randomUUID } from 'node:crypto';
import { GrpcStatus } from '@smista/service-kit';
import { common, merchantsEvents } from '@smista/proto';
import { messages, teamMessages } from '@smista/contracts';
import { subjects } from '../src/events/publishers';
import { failure, publishedEvents, snapshot, startTestStack, type MerchantsApi, type TestStack, type TestUser } from './support/harness';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

const { ROLE_ADMIN, ROLE_USER } = common.Role;

/** Adds a registered user to a merchant directly (invites have their own suite). */
async function join(merchantId: string, user: TestUser, role: 'admin' | 'user'): Promise<MerchantsApi> {
  await stack.pool.query('INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, $3)', [user.id, merchantId, role]);
  return stack.as(user);
}

async function roleOf(merchantId: string, userId: string): Promise<string | undefined> {
  const { rows } = await stack.pool.query('SELECT role FROM memberships WHERE merchant_id = $1 AND user_id = $2', [merchantId, userId]);
  return rows[0]?.role;
}

describe('ListMembers', () => {
  it('answers every member with the profile from identity and the role, by join date, to any member', async () => {
    const { admin, merchantId, api } = await stack.newMerchant();
    const luca = await stack.register({ firstName: 'Luca', lastName: 'Rossi' });
    const lucaApi = await join(merchantId, luca, 'user');

    const { members } = await api.listMembers({ merchantId });
    expect(members).toEqual([
      {
        userId: admin.id,
        firstName: 'Anna',
        lastName: 'Verdi',
        username: admin.username,
        email: admin.email,
        role: ROLE_ADMIN,
        joinedAt: expect.any(String),
      },
      {
        userId: luca.id,
        firstName: 'Luca',
        lastName: 'Rossi',
        username: luca.username,
        email: luca.email,
        role: ROLE_USER,
        joinedAt: expect.any(String),
      },
    ]);
    // A plain user reads the team too.
    expect((await lucaApi.listMembers({ merchantId: merchantId.toUpperCase() })).members).toEqual(members);
  });

  it('answers NOT_FOUND to a non-member and for unknown or malformed ids', async () => {
    const { merchantId } = await stack.newMerchant();
    const stranger = await stack.as(await stack.register());
    const notFound = { code: GrpcStatus.NOT_FOUND, details: messages.errors.merchantNotFound };
    for (const id of [merchantId, randomUUID(), 'nope', '']) expect(await failure(stranger.listMembers({ merchantId: id }))).toEqual(notFound);
  });
});

describe('role rules', () => {
  it('refuses a plain user to invite, cancel, change roles and remove, writing nothing', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    const luca = await stack.register();
    const lucaApi = await join(merchantId, luca, 'user');
    const invite = await api.createInvite({ merchantId, email: `nuovo.${randomUUID()}@example.it`, role: ROLE_USER });

    const before = await snapshot(stack.pool);
    const adminOnly = { code: GrpcStatus.PERMISSION_DENIED, details: teamMessages.adminOnly };
    expect(await failure(lucaApi.createInvite({ merchantId, email: 'altro@example.it', role: ROLE_USER }))).toEqual(adminOnly);
    expect(await failure(lucaApi.cancelInvite({ merchantId, inviteId: invite.id }))).toEqual(adminOnly);
    expect(await failure(lucaApi.updateMemberRole({ merchantId, userId: admin.id, role: ROLE_USER }))).toEqual(adminOnly);
    expect(await failure(lucaApi.updateMemberRole({ merchantId, userId: luca.id, role: ROLE_ADMIN }))).toEqual(adminOnly);
    expect(await failure(lucaApi.removeMember({ merchantId, userId: admin.id }))).toEqual(adminOnly);
    expect(await snapshot(stack.pool)).toEqual(before);
    expect((await stack.pool.query('SELECT cancelled_at FROM invites WHERE id = $1', [invite.id])).rows[0].cancelled_at).toBeNull();

    // ...but reads the team and the invites.
    expect((await lucaApi.listMembers({ merchantId })).members).toHaveLength(2);
    expect((await lucaApi.listInvites({ merchantId })).invites.map((i) => i.id)).toEqual([invite.id]);
  });

  it('reads the role from the memberships table, not from the caller token', async () => {
    const { merchantId } = await stack.newMerchant();
    const luca = await stack.register();
    await join(merchantId, luca, 'user');
    const claimsAdmin = await stack.as(luca, { merchantId, role: 'admin' });
    expect(await failure(claimsAdmin.removeMember({ merchantId, userId: luca.id }))).toEqual({
      code: GrpcStatus.PERMISSION_DENIED,
      details: teamMessages.adminOnly,
    });
  });
});

describe('UpdateMemberRole', () => {
  it('promotes and demotes, and publishes the new role as merchants.member.added', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const luca = await stack.register();
    await join(merchantId, luca, 'user');

    expect(await api.updateMemberRole({ merchantId, userId: luca.id, role: ROLE_ADMIN })).toEqual({ merchantId, userId: luca.id, role: ROLE_ADMIN });
    expect(await roleOf(merchantId, luca.id)).toBe('admin');
    expect(await api.updateMemberRole({ merchantId, userId: luca.id.toUpperCase(), role: ROLE_USER })).toEqual({ merchantId, userId: luca.id, role: ROLE_USER });
    expect(await roleOf(merchantId, luca.id)).toBe('user');

    const added = (await publishedEvents(stack.pool))
      .filter((e) => e.subject === subjects.memberAdded)
      .map((e) => merchantsEvents.MemberAdded.decode(e.payload))
      .filter((e) => e.userId === luca.id);
    expect(added.map((e) => [e.merchantId, e.role])).toEqual([
      [merchantId, ROLE_ADMIN],
      [merchantId, ROLE_USER],
    ]);
  });

  it('changes nothing and publishes nothing when the role is already the asked one', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    const before = await snapshot(stack.pool);
    expect(await api.updateMemberRole({ merchantId, userId: admin.id, role: ROLE_ADMIN })).toEqual({ merchantId, userId: admin.id, role: ROLE_ADMIN });
    expect(await snapshot(stack.pool)).toEqual(before);
  });

  it('refuses an unspecified or unknown role in Italian', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    const invalid = { code: GrpcStatus.INVALID_ARGUMENT, details: teamMessages.roleInvalid };
    expect(await failure(api.updateMemberRole({ merchantId, userId: admin.id, role: common.Role.ROLE_UNSPECIFIED }))).toEqual(invalid);
    expect(await failure(api.updateMemberRole({ merchantId, userId: admin.id, role: 7 as common.Role }))).toEqual(invalid);
  });

  it('answers MEMBER_NOT_FOUND for an unknown, malformed or non-member user', async () => {
    const { merchantId, api } = await stack.newMerchant();
    const outsider = await stack.register();
    const notFound = { code: GrpcStatus.NOT_FOUND, details: teamMessages.memberNotFound };
    for (const userId of [randomUUID(), 'nope', outsider.id]) {
      expect(await failure(api.updateMemberRole({ merchantId, userId, role: ROLE_ADMIN }))).toEqual(notFound);
      expect(await failure(api.removeMember({ merchantId, userId }))).toEqual(notFound);
    }
  });
});

describe('last admin', () => {
  it('cannot be demoted nor removed, also by themselves', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    const luca = await stack.register();
    await join(merchantId, luca, 'user');
    const before = await snapshot(stack.pool);
    const lastAdmin = { code: GrpcStatus.FAILED_PRECONDITION, details: teamMessages.lastAdmin };
    expect(await failure(api.updateMemberRole({ merchantId, userId: admin.id, role: ROLE_USER }))).toEqual(lastAdmin);
    expect(await failure(api.removeMember({ merchantId, userId: admin.id }))).toEqual(lastAdmin);
    expect(await snapshot(stack.pool)).toEqual(before);
    expect(await roleOf(merchantId, admin.id)).toBe('admin');
  });

  it('of two admins, one can be demoted and then the other is the last', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    const marco = await stack.register();
    const marcoApi = await join(merchantId, marco, 'admin');

    await marcoApi.updateMemberRole({ merchantId, userId: admin.id, role: ROLE_USER });
    expect(await roleOf(merchantId, admin.id)).toBe('user');
    expect(await failure(marcoApi.updateMemberRole({ merchantId, userId: marco.id, role: ROLE_USER }))).toEqual({
      code: GrpcStatus.FAILED_PRECONDITION,
      details: teamMessages.lastAdmin,
    });
    // The demoted admin lost the right to manage the team at once.
    expect(await failure(api.updateMemberRole({ merchantId, userId: admin.id, role: ROLE_ADMIN }))).toEqual({
      code: GrpcStatus.PERMISSION_DENIED,
      details: teamMessages.adminOnly,
    });
  });

  it('of two admins, one can be removed; the removal is published', async () => {
    const { merchantId, admin, api } = await stack.newMerchant();
    const marco = await stack.register();
    await join(merchantId, marco, 'admin');
    await api.removeMember({ merchantId, userId: marco.id });
    expect(await roleOf(merchantId, marco.id)).toBeUndefined();

    const removed = (await publishedEvents(stack.pool))
      .filter((e) => e.subject === subjects.memberRemoved)
      .map((e) => merchantsEvents.MemberRemoved.decode(e.payload))
      .filter((e) => e.merchantId === merchantId);
    expect(removed).toEqual([{ merchantId, userId: marco.id, removedByUserId: admin.id, occurredAt: expect.any(String) }]);
  });

  it('two admins demoting each other at the same time: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { merchantId, admin, api } = await stack.newMerchant();
      const marco = await stack.register();
      const marcoApi = await join(merchantId, marco, 'admin');
      const results = await Promise.allSettled([
        api.updateMemberRole({ merchantId, userId: marco.id, role: ROLE_USER }),
        marcoApi.updateMemberRole({ merchantId, userId: admin.id, role: ROLE_USER }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const { rows } = await stack.pool.query(`SELECT count(*)::int AS n FROM memberships WHERE merchant_id = $1 AND role = 'admin'`, [merchantId]);
      expect(rows[0].n).toBe(1);
    }
  });

  it('two admins removing each other at the same time: one admin remains', async () => {
    for (let round = 0; round < 5; round++) {
      const { merchantId, admin, api } = await stack.newMerchant();
      const marco = await stack.register();
      const marcoApi = await join(merchantId, marco, 'admin');
      await Promise.allSettled([api.removeMember({ merchantId, userId: marco.id }), marcoApi.removeMember({ merchantId, userId: admin.id })]);
      const { rows } = await stack.pool.query(`SELECT count(*)::int AS n FROM memberships WHERE merchant_id = $1 AND role = 'admin'`, [merchantId]);
      expect(rows[0].n).toBe(1);
    }
  });
});
