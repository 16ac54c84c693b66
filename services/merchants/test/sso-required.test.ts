import { randomUUID } from 'node:crypto';
import { GrpcStatus } from '@smista/service-kit';
import { merchantsEvents } from '@smista/proto';
import { messages, teamMessages } from '@smista/contracts';
import { subjects } from '../src/events/publishers';
import { failure, publishedEvents, snapshot, startTestStack, type TestStack, type TestUser } from './support/harness';

/* Issue 24: a merchant whose admin requires single sign-on of its members (Impostazioni > Team). */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

const e = messages.errors;
const sso = { sso: true };

async function join(merchantId: string, user: TestUser, role: 'admin' | 'user') {
  await stack.pool.query('INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, $3)', [user.id, merchantId, role]);
}

/** The SSO events the outbox holds for this merchant, decoded. */
async function ssoEventsOf(merchantId: string) {
  return (await publishedEvents(stack.pool))
    .filter((r) => r.subject === subjects.ssoRequiredChanged)
    .map((r) => merchantsEvents.MerchantSsoRequiredChanged.decode(r.payload))
    .filter((ev) => ev.merchantId === merchantId);
}

/** Asserts the call is refused with this status and text, and nothing was written. */
async function refusedWithoutWrites(call: Promise<unknown>, code: GrpcStatus, details: string) {
  const before = await snapshot(stack.pool);
  expect(await failure(call)).toEqual({ code, details });
  expect(await snapshot(stack.pool)).toEqual(before);
}

describe('SetSsoRequired', () => {
  it('is turned on only by an admin signed in with SSO: the merchant and its event in one transaction, once', async () => {
    const { admin, merchantId } = await stack.newMerchant();
    const luca = await stack.register({ firstName: 'Luca' });
    await join(merchantId, luca, 'user');

    // A password session would lock this admin out: refused, nothing written.
    await refusedWithoutWrites((await stack.as(admin)).setSsoRequired({ merchantId, required: true }), GrpcStatus.PERMISSION_DENIED, e.ssoRequiredNeedsSsoSession);
    // A plain user, even with SSO.
    await refusedWithoutWrites((await stack.as(luca, undefined, sso)).setSsoRequired({ merchantId, required: true }), GrpcStatus.PERMISSION_DENIED, teamMessages.adminOnly);
    // Another merchant's admin, a malformed id: not found, like a merchant that does not exist.
    const other = await stack.newMerchant();
    await refusedWithoutWrites((await stack.as(other.admin, undefined, sso)).setSsoRequired({ merchantId, required: true }), GrpcStatus.NOT_FOUND, e.merchantNotFound);
    await refusedWithoutWrites((await stack.as(admin, undefined, sso)).setSsoRequired({ merchantId: 'not-a-uuid', required: true }), GrpcStatus.NOT_FOUND, e.merchantNotFound);
    await refusedWithoutWrites((await stack.as(admin, undefined, sso)).setSsoRequired({ merchantId: 'x\u0000', required: true }), GrpcStatus.INVALID_ARGUMENT, messages.validation.invalidCharacters);

    const api = await stack.as(admin, undefined, sso);
    expect(await api.setSsoRequired({ merchantId: merchantId.toUpperCase(), required: true })).toEqual({ merchantId, ssoRequired: true });
    const { rows } = await stack.pool.query('SELECT sso_required FROM merchants WHERE id = $1', [merchantId]);
    expect(rows[0].sso_required).toBe(true);
    expect(await ssoEventsOf(merchantId)).toEqual([{ merchantId, required: true, changedByUserId: admin.id, occurredAt: expect.any(String) }]);

    // Asked again: the same answer, no second event.
    await api.setSsoRequired({ merchantId, required: true });
    expect(await ssoEventsOf(merchantId)).toHaveLength(1);
    expect((await api.listMyMerchants({})).merchants).toEqual([expect.objectContaining({ id: merchantId, ssoRequired: true })]);
    expect(await api.getMembership({ userId: admin.id, merchantId })).toMatchObject({ merchantId, ssoRequired: true });
  });

  it('then refuses every merchant-scoped call of a password session, in Italian; SSO sessions work; any admin with SSO turns it off', async () => {
    const { admin, merchantId } = await stack.newMerchant();
    const bea = await stack.register({ firstName: 'Bea' });
    await join(merchantId, bea, 'admin');
    await (await stack.as(admin, undefined, sso)).setSsoRequired({ merchantId, required: true });

    const password = await stack.as(bea, { merchantId, role: 'admin' });
    const refused = { code: GrpcStatus.PERMISSION_DENIED, details: e.ssoRequiredByMerchant };
    expect(await failure(password.listMembers({ merchantId }))).toEqual(refused);
    expect(await failure(password.listInvites({ merchantId }))).toEqual(refused);
    expect(await failure(password.listAddresses({}))).toEqual(refused);
    await refusedWithoutWrites(password.createInvite({ merchantId, email: `nuovo.${randomUUID().slice(0, 6)}@esempio.it`, role: 0 }), GrpcStatus.PERMISSION_DENIED, e.ssoRequiredByMerchant);
    await refusedWithoutWrites(password.setSsoRequired({ merchantId, required: false }), GrpcStatus.PERMISSION_DENIED, e.ssoRequiredByMerchant);
    // Its list still names the merchant, with the requirement, so the shell can say what to do.
    expect((await password.listMyMerchants({})).merchants).toEqual([expect.objectContaining({ id: merchantId, ssoRequired: true })]);

    const beaSso = await stack.as(bea, { merchantId, role: 'admin' }, sso);
    expect((await beaSso.listMembers({ merchantId })).members).toHaveLength(2);
    expect(await beaSso.listAddresses({})).toEqual({ addresses: [] });

    // Another admin than the one who turned it on turns it off; password sessions work again.
    expect(await beaSso.setSsoRequired({ merchantId, required: false })).toEqual({ merchantId, ssoRequired: false });
    expect((await ssoEventsOf(merchantId)).map((ev) => [ev.required, ev.changedByUserId])).toEqual([
      [true, admin.id],
      [false, bea.id],
    ]);
    expect((await password.listMembers({ merchantId })).members).toHaveLength(2);
  });
});
