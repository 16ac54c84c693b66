/**
 * Team and invite routes (spec §7 "Merchants, team and invites", §6) over real HTTP: gateway →
 * merchants (and identity) over gRPC → PostgreSQL, NATS (registration from an invite link) and the
 * mail catcher (the invite e-mail). After every refused request the state is checked unchanged.
 */
import crypto from 'node:crypto';
import { messages, teamMessages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { newUser } from './support/http';
import { Client, eventually, invite, inviteLinkFor, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

const INVITES_PER_USER = 8;
const LOOKUPS_PER_IP = 5;

let app: TestApp;

beforeAll(async () => {
  app = await startApp({
    componentEnv: {
      gateway: suiteGatewayEnv({
        RATE_LIMIT_INVITES_PER_USER: String(INVITES_PER_USER),
        RATE_LIMIT_INVITE_LOOKUPS_PER_IP: String(LOOKUPS_PER_IP),
      }),
    },
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

const user = (overrides: Parameters<typeof newUser>[0] = {}, ip?: string) => registered(app.baseUrl, overrides, ip);
const freshEmail = () => `collega.${crypto.randomBytes(4).toString('hex')}@example.it`;
const members = async (b: Client, merchantId: string) => (await b.get(`/api/merchants/${merchantId}/users`)).body;
const pending = async (b: Client, merchantId: string) => (await b.get(`/api/merchants/${merchantId}/invites`)).body;

/** An admin with a selected merchant, and a colleague who joined it with `role` and selected it too. */
async function team(role: 'admin' | 'user' = 'user') {
  const admin = await user();
  const merchant = await ownMerchant(admin);
  const colleague = await user({ firstName: 'Giulia', lastName: 'Verdi' });
  await join(admin, merchant, colleague, role);
  expect((await colleague.b.post('/api/merchants/select', { merchantId: merchant.id })).status).toBe(200);
  return { admin, merchant, colleague };
}

describe('invite by e-mail and registration from the link', () => {
  it('the invite arrives by e-mail; the colleague registers with its token and becomes a user member', async () => {
    const admin = await user();
    const merchant = await ownMerchant(admin);
    const email = freshEmail();

    const created = await admin.b.post(`/api/merchants/${merchant.id}/invites`, { email: `  ${email.toUpperCase()} `, role: 'user' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      role: 'user',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const days = (Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(await pending(admin.b, merchant.id)).toEqual([{ ...created.body, inviterEmail: admin.email }]);

    const { link, token } = await inviteLinkFor(email, merchant.name);
    expect(new URL(link).pathname).toBe('/accept-invite');
    expect(new URL(link).searchParams.get('email')).toBe(email);

    // Public: the accept page and the registration banner ask before anyone is logged in.
    const anonymous = new Client(app.baseUrl);
    const details = await anonymous.get(`/api/invites/${encodeURIComponent(token)}`);
    expect(details).toMatchObject({ status: 200 });
    expect(details.body).toEqual({
      email,
      role: 'user',
      merchant: { id: merchant.id, name: merchant.name },
      inviterEmail: admin.email,
      inviterName: 'Mario Rossi',
      expiresAt: created.body.expiresAt,
    });

    const colleague = new Client(app.baseUrl);
    const fields = newUser({ email, firstName: 'Giulia', lastName: 'Verdi' });
    expect((await colleague.post('/api/register', { ...fields, inviteToken: ` ${token} ` })).status).toBe(201);

    // The membership is made by the merchants service on identity.user.registered.
    const joined = await eventually(async () => (await colleague.get('/api/merchants')).body?.length === 1);
    expect(joined).toBe(true);
    expect((await colleague.get('/api/merchants')).body).toEqual([{ id: merchant.id, name: merchant.name, role: 'user', ssoRequired: false }]);
    expect((await colleague.post('/api/merchants/select', { merchantId: merchant.id })).body).toEqual({
      success: true,
      merchant: { id: merchant.id, name: merchant.name, role: 'user' },
    });

    const team = await members(admin.b, merchant.id);
    expect(team).toHaveLength(2);
    expect(team).toEqual(
      expect.arrayContaining([
        {
          id: admin.user.id,
          firstName: 'Mario',
          lastName: 'Rossi',
          username: admin.user.username,
          email: admin.email,
          role: 'admin',
          joinedAt: expect.any(String),
        },
        {
          id: expect.any(String),
          firstName: 'Giulia',
          lastName: 'Verdi',
          username: fields.username,
          email,
          role: 'user',
          joinedAt: expect.any(String),
        },
      ]),
    );
    expect(team[0].id).toBe(admin.user.id); // by join date
    expect(await pending(admin.b, merchant.id)).toEqual([]);
    expect(await anonymous.get(`/api/invites/${encodeURIComponent(token)}`)).toMatchObject({ status: 404, body: { message: teamMessages.inviteInvalid } });
  }, 30_000);

  it('an existing user accepts an invite to a second merchant and can select both', async () => {
    const admin = await user();
    const merchant = await ownMerchant(admin);
    const other = await user();
    const own = await ownMerchant(other, 'Negozio Proprio');

    const { token } = await invite(admin, merchant, other.email, 'admin');
    const details = await other.b.get(`/api/invites/${token}`);
    expect(details.body).toMatchObject({ email: other.email, role: 'admin', merchant: { id: merchant.id, name: merchant.name } });

    const accepted = await other.b.post(`/api/invites/${token}/accept`, {});
    expect(accepted).toMatchObject({ status: 200, body: { success: true, merchant: { id: merchant.id, name: merchant.name, role: 'admin' } } });

    const list = (await other.b.get('/api/merchants')).body;
    expect(list).toHaveLength(2);
    expect(list).toEqual(expect.arrayContaining([{ ...own, role: 'admin', ssoRequired: false }, { ...merchant, role: 'admin', ssoRequired: false }]));
    for (const m of [merchant, own, merchant]) {
      expect(await other.b.post('/api/merchants/select', { merchantId: m.id })).toMatchObject({ status: 200, body: { merchant: { id: m.id, role: 'admin' } } });
    }

    // The link is used: a second accept and a lookup are "Invito non valido".
    expect(await other.b.post(`/api/invites/${token}/accept`, {})).toMatchObject({ status: 404, body: { message: teamMessages.inviteInvalid } });
    expect(await other.b.get(`/api/invites/${token}`)).toMatchObject({ status: 404, body: { message: teamMessages.inviteInvalid } });
    expect(await members(admin.b, merchant.id)).toHaveLength(2);
  }, 30_000);

  it('accepting an invite meant for another e-mail is 403 and writes nothing', async () => {
    const admin = await user();
    const merchant = await ownMerchant(admin);
    const email = freshEmail();
    const { id, token } = await invite(admin, merchant, email);
    const intruder = await user();

    const res = await intruder.b.post(`/api/invites/${token}/accept`, {});
    expect(res).toMatchObject({ status: 403, body: { message: teamMessages.inviteEmailMismatch } });
    expect((await intruder.b.get('/api/merchants')).body).toEqual([]);
    expect(await intruder.b.post('/api/merchants/select', { merchantId: merchant.id })).toMatchObject({ status: 404 });
    expect((await members(admin.b, merchant.id)).map((m: { id: string }) => m.id)).toEqual([admin.user.id]);
    expect((await pending(admin.b, merchant.id)).map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await intruder.b.get(`/api/invites/${token}`)).status).toBe(200);
  }, 30_000);

  it('an unknown, malformed or empty-looking token is 404 "Invito non valido"; accepting needs a session', async () => {
    const anonymous = new Client(app.baseUrl);
    for (const token of ['x', crypto.randomBytes(32).toString('base64url'), '%20', 'a'.repeat(500)]) {
      expect(await anonymous.get(`/api/invites/${token}`)).toMatchObject({ status: 404, body: { message: teamMessages.inviteInvalid } });
    }
    expect(await anonymous.post(`/api/invites/whatever/accept`, {})).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
    // Not even percent-decodable: names nothing (404), never a 500.
    expect(await anonymous.get('/api/invites/%E0')).toMatchObject({ status: 404, body: { message: messages.errors.notFound } });
  });

  it('a malformed e-mail or role is 400 in Italian and creates no invite; a repeated or member address is 409', async () => {
    const { admin, merchant, colleague } = await team();
    const url = `/api/merchants/${merchant.id}/invites`;

    expect(await admin.b.post(url, { email: 'non-una-mail', role: 'user' })).toMatchObject({ status: 400, body: { message: teamMessages.inviteEmailInvalid } });
    expect(await admin.b.post(url, { email: '   ', role: 'user' })).toMatchObject({ status: 400, body: { message: teamMessages.inviteEmailInvalid } });
    expect(await admin.b.post(url, { email: freshEmail(), role: 'capo' })).toMatchObject({ status: 400, body: { message: teamMessages.roleInvalid } });
    expect(await pending(admin.b, merchant.id)).toEqual([]);

    const email = freshEmail();
    const first = await admin.b.post(url, { email });
    expect(first).toMatchObject({ status: 201, body: { email, role: 'user' } }); // role defaults to user
    expect(await admin.b.post(url, { email: email.toUpperCase(), role: 'admin' })).toMatchObject({ status: 409, body: { message: teamMessages.invitePending } });
    expect(await admin.b.post(url, { email: colleague.email, role: 'user' })).toMatchObject({ status: 409, body: { message: teamMessages.alreadyMember } });
    expect((await pending(admin.b, merchant.id)).map((i: { id: string }) => i.id)).toEqual([first.body.id]);
  }, 30_000);

  it('an admin cancels a pending invite: its link stops working; cancelling again is 404', async () => {
    const admin = await user();
    const merchant = await ownMerchant(admin);
    const { id, token } = await invite(admin, merchant, freshEmail());

    expect(await admin.b.delete(`/api/merchants/${merchant.id}/invites/${id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect(await pending(admin.b, merchant.id)).toEqual([]);
    expect(await admin.b.get(`/api/invites/${token}`)).toMatchObject({ status: 404, body: { message: teamMessages.inviteInvalid } });
    expect(await admin.b.delete(`/api/merchants/${merchant.id}/invites/${id}`)).toMatchObject({ status: 404, body: { message: teamMessages.inviteNotFound } });
    expect(await admin.b.delete(`/api/merchants/${merchant.id}/invites/not-an-id`)).toMatchObject({ status: 404, body: { message: teamMessages.inviteNotFound } });
  }, 30_000);
});

describe('roles', () => {
  it('a plain user reads the team and works with addresses, but every team change is 403 and changes nothing', async () => {
    const { admin, merchant, colleague } = await team('user');
    const { id: inviteId } = await invite(admin, merchant, freshEmail());
    const teamBefore = await members(admin.b, merchant.id);
    const invitesBefore = await pending(admin.b, merchant.id);

    expect(await colleague.b.get(`/api/merchants/${merchant.id}/users`)).toMatchObject({ status: 200, body: teamBefore });
    expect(await colleague.b.get(`/api/merchants/${merchant.id}/invites`)).toMatchObject({ status: 200, body: invitesBefore });

    const refused = { status: 403, body: { message: teamMessages.adminOnly } };
    expect(await colleague.b.post(`/api/merchants/${merchant.id}/invites`, { email: freshEmail(), role: 'user' })).toMatchObject(refused);
    expect(await colleague.b.delete(`/api/merchants/${merchant.id}/invites/${inviteId}`)).toMatchObject(refused);
    expect(await colleague.b.patch(`/api/merchants/${merchant.id}/users/${admin.user.id}`, { role: 'user' })).toMatchObject(refused);
    expect(await colleague.b.patch(`/api/merchants/${merchant.id}/users/${colleague.user.id}`, { role: 'admin' })).toMatchObject(refused);
    expect(await colleague.b.delete(`/api/merchants/${merchant.id}/users/${admin.user.id}`)).toMatchObject(refused);
    expect(await members(admin.b, merchant.id)).toEqual(teamBefore);
    expect(await pending(admin.b, merchant.id)).toEqual(invitesBefore);

    const address = { addressTypes: ['pickup'], companyName: 'Magazzino Verdi', addressLine1: 'Via Po 2', city: 'Torino', postalCode: '10100' };
    const created = await colleague.b.post('/api/merchant-addresses', address);
    expect(created).toMatchObject({ status: 201, body: { ...address, merchantId: merchant.id } });
    expect((await admin.b.get('/api/merchant-addresses')).body).toEqual([created.body]);
    expect(await colleague.b.patch(`/api/merchant-addresses/${created.body.id}`, { notes: 'Citofono 3' })).toMatchObject({ status: 200, body: { notes: 'Citofono 3' } });
    expect(await colleague.b.delete(`/api/merchant-addresses/${created.body.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect((await admin.b.get('/api/merchant-addresses')).body).toEqual([]);
  }, 30_000);

  it('an admin changes a role and removes a member; the removed member loses the merchant', async () => {
    const { admin, merchant, colleague } = await team('user');
    const memberUrl = `/api/merchants/${merchant.id}/users/${colleague.user.id}`;

    expect(await admin.b.patch(memberUrl, { role: 'admin' })).toMatchObject({ status: 200, body: { id: colleague.user.id, role: 'admin' } });
    expect((await members(admin.b, merchant.id)).find((m: { id: string }) => m.id === colleague.user.id).role).toBe('admin');
    expect((await colleague.b.get('/api/merchants')).body).toEqual([{ ...merchant, role: 'admin', ssoRequired: false }]);
    // Now an admin, the colleague may invite.
    expect((await colleague.b.post(`/api/merchants/${merchant.id}/invites`, { email: freshEmail() })).status).toBe(201);

    expect(await admin.b.patch(memberUrl, { role: 'user' })).toMatchObject({ status: 200, body: { id: colleague.user.id, role: 'user' } });
    expect(await admin.b.patch(memberUrl, { role: 'capo' })).toMatchObject({ status: 400, body: { message: teamMessages.roleInvalid } });
    expect(await admin.b.patch(memberUrl, {})).toMatchObject({ status: 400 });

    expect(await admin.b.delete(memberUrl)).toMatchObject({ status: 200, body: { success: true } });
    expect((await members(admin.b, merchant.id)).map((m: { id: string }) => m.id)).toEqual([admin.user.id]);
    expect((await colleague.b.get('/api/merchants')).body).toEqual([]);
    expect(await colleague.b.get(`/api/merchants/${merchant.id}/users`)).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    expect(await admin.b.delete(memberUrl)).toMatchObject({ status: 404, body: { message: teamMessages.memberNotFound } });
    expect(await admin.b.patch(`/api/merchants/${merchant.id}/users/not-an-id`, { role: 'user' })).toMatchObject({ status: 404, body: { message: teamMessages.memberNotFound } });
  }, 30_000);

  it('the last admin can be neither demoted nor removed (400 in Italian, nothing changed)', async () => {
    const { admin, merchant } = await team('user');
    const before = await members(admin.b, merchant.id);
    const self = `/api/merchants/${merchant.id}/users/${admin.user.id}`;

    expect(await admin.b.patch(self, { role: 'user' })).toMatchObject({ status: 400, body: { message: teamMessages.lastAdmin } });
    expect(await admin.b.delete(self)).toMatchObject({ status: 400, body: { message: teamMessages.lastAdmin } });
    expect(await members(admin.b, merchant.id)).toEqual(before);
    // Keeping the role is no change at all.
    expect(await admin.b.patch(self, { role: 'admin' })).toMatchObject({ status: 200, body: { id: admin.user.id, role: 'admin' } });
  }, 30_000);

  it('without a session every team route is 401', async () => {
    const anonymous = new Client(app.baseUrl);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await anonymous.get(`/api/merchants/${id}/users`),
      await anonymous.get(`/api/merchants/${id}/invites`),
      await anonymous.post(`/api/merchants/${id}/invites`, { email: freshEmail() }),
      await anonymous.delete(`/api/merchants/${id}/invites/${id}`),
      await anonymous.patch(`/api/merchants/${id}/users/${id}`, { role: 'user' }),
      await anonymous.delete(`/api/merchants/${id}/users/${id}`),
    ]) {
      expect(res).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
    }
  });
});

describe('rate limits', () => {
  it(`an admin may send ${INVITES_PER_USER} invites per window; then 429 in Italian, and nothing more is created`, async () => {
    const admin: Member = await user();
    const merchant = await ownMerchant(admin);
    const url = `/api/merchants/${merchant.id}/invites`;
    for (let i = 0; i < INVITES_PER_USER; i++) expect((await admin.b.post(url, { email: freshEmail() })).status).toBe(201);

    expect(await admin.b.post(url, { email: freshEmail() })).toMatchObject({ status: 429, body: { message: messages.errors.tooManyInvites } });
    expect(await pending(admin.b, merchant.id)).toHaveLength(INVITES_PER_USER);

    // The counter is the user's, not the address's: another admin from the same IP still invites.
    const other = await user({}, admin.b.ip);
    const otherMerchant = await ownMerchant(other);
    expect((await other.b.post(`/api/merchants/${otherMerchant.id}/invites`, { email: freshEmail() })).status).toBe(201);
  }, 30_000);

  it(`guessing invite tokens: ${LOOKUPS_PER_IP} refused lookups per IP, then 429; real links and other IPs still answer`, async () => {
    const guesser = new Client(app.baseUrl);
    for (let i = 0; i < LOOKUPS_PER_IP; i++) {
      expect((await guesser.get(`/api/invites/${crypto.randomBytes(32).toString('base64url')}`)).status).toBe(404);
    }
    expect(await guesser.get(`/api/invites/${crypto.randomBytes(32).toString('base64url')}`)).toMatchObject({
      status: 429,
      body: { message: messages.errors.tooManyRequests },
    });
    expect((await new Client(app.baseUrl).get(`/api/invites/guess`)).status).toBe(404);

    // Successful lookups are not counted.
    const admin = await user();
    const merchant = await ownMerchant(admin);
    const { token } = await invite(admin, merchant, freshEmail());
    const reader = new Client(app.baseUrl);
    for (let i = 0; i < LOOKUPS_PER_IP + 2; i++) expect((await reader.get(`/api/invites/${token}`)).status).toBe(200);
  }, 30_000);
});
