import { randomUUID } from 'node:crypto';
import { GrpcStatus } from '@smista/service-kit';
import { common, merchants } from '@smista/proto';
import { addressMessages, messages, teamMessages } from '@smista/contracts';
import { failure, snapshot, startTestStack, type MerchantsApi, type TestStack, type TestUser } from './support/harness';

/**
 * Tenancy: a member of merchant B (admin there, so role rules never get in the way) reaches
 * nothing of merchant A. Every answer is NOT_FOUND, identical to the one for an id that does not
 * exist, and nothing of A changes.
 */
let stack: TestStack;
let a: { merchantId: string; admin: TestUser; luca: TestUser; addressId: string; inviteId: string };
let b: { merchantId: string; admin: TestUser; api: MerchantsApi; working: MerchantsApi };

const merchantNotFound = { code: GrpcStatus.NOT_FOUND, details: messages.errors.merchantNotFound };
const addressNotFound = { code: GrpcStatus.NOT_FOUND, details: addressMessages.notFound };
const inviteNotFound = { code: GrpcStatus.NOT_FOUND, details: teamMessages.inviteNotFound };
const memberNotFound = { code: GrpcStatus.NOT_FOUND, details: teamMessages.memberNotFound };
const fields = merchants.MerchantAddressFields.fromPartial({
  addressTypes: ['pickup'],
  companyName: 'Sede A',
  addressLine1: 'Via A 1',
  postalCode: '00100',
  city: 'Roma',
  isDefault: true,
});

beforeAll(async () => {
  stack = await startTestStack();
  const ma = await stack.newMerchant('Negozio A');
  const luca = await stack.register();
  await stack.pool.query(`INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, 'user')`, [luca.id, ma.merchantId]);
  const aWorking = await stack.as(ma.admin, { merchantId: ma.merchantId, role: 'admin' });
  const address = await aWorking.createAddress({ fields });
  const invite = await ma.api.createInvite({ merchantId: ma.merchantId, email: `x.${randomUUID().slice(0, 6)}@example.it`, role: common.Role.ROLE_USER });
  a = { merchantId: ma.merchantId, admin: ma.admin, luca, addressId: address.id, inviteId: invite.id };

  const mb = await stack.newMerchant('Negozio B');
  b = { ...mb, working: await stack.as(mb.admin, { merchantId: mb.merchantId, role: 'admin' }) };
}, 60_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

describe("a member of B and A's data", () => {
  let before: Record<string, number>;
  beforeEach(async () => {
    before = await snapshot(stack.pool);
  });
  afterEach(async () => {
    expect(await snapshot(stack.pool)).toEqual(before);
  });

  it("does not see A's addresses and cannot update or delete them by id", async () => {
    expect((await b.working.listAddresses({})).addresses).toEqual([]);
    const update = (id: string) => b.working.updateAddress({ id, fields: merchants.MerchantAddressFields.fromPartial({ city: 'Milano' }), updateMask: [] });
    expect(await failure(update(a.addressId))).toEqual(addressNotFound);
    expect(await failure(update(randomUUID()))).toEqual(addressNotFound);
    expect(await failure(update('nope'))).toEqual(addressNotFound);
    expect(await failure(b.working.deleteAddress({ id: a.addressId }))).toEqual(addressNotFound);
    expect(await failure(b.working.deleteAddress({ id: randomUUID() }))).toEqual(addressNotFound);
    const { rows } = await stack.pool.query('SELECT city, is_default FROM merchant_addresses WHERE id = $1', [a.addressId]);
    expect(rows).toEqual([{ city: 'Roma', is_default: true }]);
  });

  it('cannot work in A by putting A in the caller token', async () => {
    const forged = await stack.as(b.admin, { merchantId: a.merchantId, role: 'admin' });
    expect(await failure(forged.listAddresses({}))).toEqual(merchantNotFound);
    expect(await failure(forged.createAddress({ fields }))).toEqual(merchantNotFound);
    expect(await failure(forged.updateAddress({ id: a.addressId, fields, updateMask: [] }))).toEqual(merchantNotFound);
    expect(await failure(forged.deleteAddress({ id: a.addressId }))).toEqual(merchantNotFound);
  });

  it("cannot list, create or cancel A's invites", async () => {
    expect(await failure(b.api.listInvites({ merchantId: a.merchantId }))).toEqual(merchantNotFound);
    expect(await failure(b.api.createInvite({ merchantId: a.merchantId, email: 'spia@example.it', role: common.Role.ROLE_ADMIN }))).toEqual(merchantNotFound);
    expect(await failure(b.api.cancelInvite({ merchantId: a.merchantId, inviteId: a.inviteId }))).toEqual(merchantNotFound);
    // A's invite id under B's merchant: the same answer as an id that does not exist.
    expect(await failure(b.api.cancelInvite({ merchantId: b.merchantId, inviteId: a.inviteId }))).toEqual(inviteNotFound);
    expect(await failure(b.api.cancelInvite({ merchantId: b.merchantId, inviteId: randomUUID() }))).toEqual(inviteNotFound);
    expect((await b.api.listInvites({ merchantId: b.merchantId })).invites).toEqual([]);
  });

  it("cannot list A's members, change their roles or remove them", async () => {
    expect(await failure(b.api.listMembers({ merchantId: a.merchantId }))).toEqual(merchantNotFound);
    expect(await failure(b.api.updateMemberRole({ merchantId: a.merchantId, userId: a.luca.id, role: common.Role.ROLE_ADMIN }))).toEqual(merchantNotFound);
    expect(await failure(b.api.removeMember({ merchantId: a.merchantId, userId: a.admin.id }))).toEqual(merchantNotFound);
    // A's member under B's merchant: the same answer as a user that does not exist.
    expect(await failure(b.api.updateMemberRole({ merchantId: b.merchantId, userId: a.luca.id, role: common.Role.ROLE_ADMIN }))).toEqual(memberNotFound);
    expect(await failure(b.api.removeMember({ merchantId: b.merchantId, userId: a.luca.id }))).toEqual(memberNotFound);
    expect(await failure(b.api.removeMember({ merchantId: b.merchantId, userId: randomUUID() }))).toEqual(memberNotFound);
    expect((await b.api.listMembers({ merchantId: b.merchantId })).members.map((m) => m.userId)).toEqual([b.admin.id]);
  });

  it('gets NOT_FOUND for its own membership in A, like for a merchant that does not exist', async () => {
    expect(await failure(b.api.getMembership({ userId: b.admin.id, merchantId: a.merchantId }))).toEqual(merchantNotFound);
    expect(await failure(b.api.getMembership({ userId: b.admin.id, merchantId: randomUUID() }))).toEqual(merchantNotFound);
  });
});

describe('caller token', () => {
  it('is required by every rpc except GetInvite', async () => {
    const api = stack.anonymous;
    const unauthenticated = { code: GrpcStatus.UNAUTHENTICATED, details: messages.errors.notAuthenticated };
    const m = a.merchantId;
    const calls: [string, () => Promise<unknown>][] = [
      ['ListMembers', () => api.listMembers({ merchantId: m })],
      ['UpdateMemberRole', () => api.updateMemberRole({ merchantId: m, userId: a.luca.id, role: common.Role.ROLE_ADMIN })],
      ['RemoveMember', () => api.removeMember({ merchantId: m, userId: a.luca.id })],
      ['ListInvites', () => api.listInvites({ merchantId: m })],
      ['CreateInvite', () => api.createInvite({ merchantId: m, email: 'x@example.it', role: common.Role.ROLE_USER })],
      ['CancelInvite', () => api.cancelInvite({ merchantId: m, inviteId: a.inviteId })],
      ['AcceptInvite', () => api.acceptInvite({ token: 'x' })],
      ['ListAddresses', () => api.listAddresses({})],
      ['CreateAddress', () => api.createAddress({ fields })],
      ['UpdateAddress', () => api.updateAddress({ id: a.addressId, fields, updateMask: [] })],
      ['DeleteAddress', () => api.deleteAddress({ id: a.addressId })],
    ];
    const before = await snapshot(stack.pool);
    for (const [name, call] of calls) expect({ name, ...(await failure(call())) }).toEqual({ name, ...unauthenticated });
    expect(await snapshot(stack.pool)).toEqual(before);
    // GetInvite is public: an unknown token is simply an invalid invite.
    expect(await failure(api.getInvite({ token: 'x' }))).toEqual({ code: GrpcStatus.NOT_FOUND, details: teamMessages.inviteInvalid });
  });
});
