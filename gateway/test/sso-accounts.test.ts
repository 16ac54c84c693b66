/**
 * The accounts single sign-on makes (issue 24), over HTTP against the real gateway, services and
 * Keycloak: a user created by SSO has no password (and may set one), and a merchant whose admin
 * requires SSO refuses every merchant-scoped call of a session opened with a password. Every
 * refusal is a 4xx in Italian with nothing written.
 */
import { Client as Pg } from 'pg';
import { messages, teamMessages, activityMessages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { createRealmUser, randomNonce, signInWithKeycloak } from '../../e2e/support/keycloak';
import { newUser } from './support/http';
import { Client, eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

const e = messages.errors;
let app: TestApp;
let clientId: string;

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  clientId = ((await new Client(app.baseUrl).get('/api/public-config')).body as { sso: { clientId: string } }).sso.clientId;
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

/** A new realm user signed in through 'Accedi con SSO' as the shell does it: a Member whose session was opened by SSO. */
async function ssoMember(): Promise<Member & { password: string }> {
  const kc = await createRealmUser({ emailVerified: true });
  const b = new Client(app.baseUrl);
  const nonce = randomNonce();
  expect((await b.post('/api/sso/nonce', { nonce })).status).toBe(204);
  const tokens = await signInWithKeycloak(kc, { nonce, clientId, redirectUri: `${app.baseUrl}/auth/sso` });
  const res = await b.post('/api/sso/session', { idToken: tokens.id_token });
  expect(res.status).toBe(200);
  return { b, user: res.body, email: kc.email, password: kc.password };
}

async function query<T = Record<string, unknown>>(database: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const db = new Pg({ connectionString: database });
  await db.connect();
  try {
    return (await db.query(sql, values)).rows as T[];
  } finally {
    await db.end();
  }
}

const passwordHashOf = async (userId: string) => (await query<{ password_hash: string | null }>(app.databases.identity, 'SELECT password_hash FROM users WHERE id = $1', [userId]))[0]?.password_hash;
const ssoRequiredOf = async (merchantId: string) => (await query<{ sso_required: boolean }>(app.databases.merchants, 'SELECT sso_required FROM merchants WHERE id = $1', [merchantId]))[0]?.sso_required;

describe('a user created by SSO', () => {
  it("has no password: /api/user says so, and a password login is refused in Italian (empty, wrong, the provider's)", async () => {
    const m = await ssoMember();
    expect((await m.b.get('/api/user')).body).toMatchObject({ email: m.email, hasPassword: false, signedInWithSso: true });
    const stranger = new Client(app.baseUrl);
    expect(await stranger.post('/api/login', { email: m.email, password: '' })).toMatchObject({ status: 400, body: { message: messages.validation.passwordRequired } });
    for (const password of ['Sbagliata1', m.password, ' ']) {
      expect(await stranger.post('/api/login', { email: m.email, password })).toMatchObject({ status: 401, body: { message: e.invalidCredentials } });
    }
  }, 60_000);

  it('sets a first password through POST /api/user/password (hostile bodies refused, nothing written), then logs in with it too', async () => {
    const m = await ssoMember();
    const refused = async (body: unknown, status: number, message?: string) => {
      const res = await m.b.post('/api/user/password', body);
      expect(res.status).toBe(status);
      if (message) expect(res.body).toMatchObject({ message });
      else expect(typeof (res.body as { message?: unknown }).message).toBe('string');
      expect(await passwordHashOf(m.user.id)).toBeNull();
    };
    await refused({}, 400);
    await refused({ newPassword: 123456 }, 400);
    await refused({ newPassword: ['Nuova-Pass1'] }, 400);
    await refused({ newPassword: 'debole' }, 400, messages.validation.passwordUppercase);
    await refused({ newPassword: 'Nuova\u0000Pass1' }, 400, messages.validation.invalidCharacters);
    await refused({ newPassword: 'Nuova-Pass1', currentPassword: 'x' }, 400);
    await refused({ newPassword: `A1${'x'.repeat(2_000_000)}` }, 413, e.bodyTooLarge);
    expect((await new Client(app.baseUrl).post('/api/user/password', { newPassword: 'Nuova-Pass1' })).status).toBe(401);

    const set = await m.b.post('/api/user/password', { newPassword: 'Nuova-Pass1' });
    expect(set).toMatchObject({ status: 201, body: { success: true, message: messages.success.passwordSet, user: { id: m.user.id, hasPassword: true } } });
    expect((await m.b.get('/api/user')).body).toMatchObject({ hasPassword: true, signedInWithSso: true });
    // A second time is 'Cambia password''s job.
    expect(await m.b.post('/api/user/password', { newPassword: 'Altra-Pass2' })).toMatchObject({ status: 400, body: { message: e.passwordAlreadySet } });
    const other = new Client(app.baseUrl);
    expect((await other.post('/api/login', { email: m.email, password: 'Nuova-Pass1' })).status).toBe(200);
    expect((await other.get('/api/user')).body).toMatchObject({ hasPassword: true, signedInWithSso: false });
  }, 60_000);
});

describe('a merchant that requires SSO', () => {
  /** An SSO admin with a merchant, a colleague (admin) and a plain member who joined with passwords. */
  async function team() {
    const admin = await ssoMember();
    const merchant = await ownMerchant(admin);
    const colleague = await registered(app.baseUrl);
    await join(admin, merchant, colleague, 'admin');
    const member = await registered(app.baseUrl);
    await join(admin, merchant, member, 'user');
    return { admin, merchant, colleague, member };
  }

  it('is turned on only by an admin signed in with SSO; hostile requests are refused in Italian, nothing written', async () => {
    const { admin, merchant, colleague, member } = await team();
    const path = `/api/merchants/${merchant.id}/sso-required`;
    const refused = async (who: Client, url: string, body: unknown, status: number, message?: string) => {
      const res = await who.put(url, body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject(message ? { message } : { message: expect.any(String) });
      expect(await ssoRequiredOf(merchant.id)).toBe(false);
    };
    // The admin of a password session would lock themself out.
    await colleague.b.post('/api/merchants/select', { merchantId: merchant.id });
    await refused(colleague.b, path, { required: true }, 403, e.ssoRequiredNeedsSsoSession);
    await refused(member.b, path, { required: true }, 403);
    // Another merchant's admin, and ids that are not a merchant: like a merchant that does not exist.
    const stranger = await ssoMember();
    await ownMerchant(stranger);
    await refused(stranger.b, path, { required: true }, 404, e.merchantNotFound);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) await refused(admin.b, `/api/merchants/${id}/sso-required`, { required: true }, 404, e.merchantNotFound);
    await refused(admin.b, '/api/merchants/%00/sso-required', { required: true }, 400, messages.validation.invalidCharacters);
    // Wrong types, unknown fields, NUL, empty and huge bodies.
    await refused(admin.b, path, { required: 'true' }, 400, teamMessages.ssoRequiredInvalid);
    await refused(admin.b, path, { required: 1 }, 400, teamMessages.ssoRequiredInvalid);
    await refused(admin.b, path, {}, 400, teamMessages.ssoRequiredInvalid);
    await refused(admin.b, path, { required: true, merchantId: merchant.id }, 400);
    await refused(admin.b, path, { required: true, note: 'a\u0000b' }, 400);
    await refused(admin.b, path, { required: true, pad: 'x'.repeat(2_000_000) }, 413, e.bodyTooLarge);
    expect((await new Client(app.baseUrl).put(path, { required: true })).status).toBe(401);

    expect(await admin.b.put(path, { required: true })).toMatchObject({ status: 200, body: { success: true, merchantId: merchant.id, ssoRequired: true } });
    expect(await ssoRequiredOf(merchant.id)).toBe(true);
    expect((await admin.b.get('/api/merchants')).body).toEqual([expect.objectContaining({ id: merchant.id, ssoRequired: true })]);
    // The change is a line of the merchant's activity.
    expect(
      await eventually(async () => ((await admin.b.get('/api/activity')).body as { text: string }[]).some((a) => a.text === activityMessages.ssoRequiredChanged(true))),
    ).toBe(true);
  }, 90_000);

  it("refuses a password session's selection and every merchant-scoped call; an SSO session works; another admin with SSO turns it off", async () => {
    const { admin, merchant, colleague, member } = await team();
    // The member works in it with a password session before the change.
    expect((await member.b.post('/api/merchants/select', { merchantId: merchant.id })).status).toBe(200);
    expect((await member.b.get('/api/merchant-addresses')).status).toBe(200);

    expect((await admin.b.put(`/api/merchants/${merchant.id}/sso-required`, { required: true })).status).toBe(200);
    // The session leaves the merchant as soon as identity hears of the change: every call refused.
    expect(await eventually(async () => (await member.b.get('/api/merchant-addresses')).status === 400)).toBe(true);
    for (const path of ['/api/merchant-addresses', '/api/orders', '/api/shipping-rules', '/api/activity']) {
      expect(await member.b.get(path)).toMatchObject({ status: 400, body: { message: e.noMerchantSelected } });
    }
    expect(await member.b.get(`/api/merchants/${merchant.id}/users`)).toMatchObject({ status: 403, body: { message: e.ssoRequiredByMerchant } });
    expect(await member.b.get(`/api/merchants/${merchant.id}/invites`)).toMatchObject({ status: 403, body: { message: e.ssoRequiredByMerchant } });
    expect(await member.b.post('/api/merchants/select', { merchantId: merchant.id })).toMatchObject({ status: 403, body: { message: e.ssoRequiredByMerchant } });
    // The list still names it, with the requirement: the shell says to use 'Accedi con SSO'.
    expect((await member.b.get('/api/merchants')).body).toEqual([expect.objectContaining({ id: merchant.id, ssoRequired: true })]);
    // The admin's own SSO session works on.
    expect((await admin.b.get('/api/merchant-addresses')).status).toBe(200);
    expect((await admin.b.get(`/api/merchants/${merchant.id}/users`)).body).toHaveLength(3);

    // The colleague admin signs in with SSO (their e-mail linked with their password) and turns it off.
    const kc = await createRealmUser({ emailVerified: true, email: colleague.email, username: `sso.${colleague.user.username}`.toLowerCase() });
    const b = new Client(app.baseUrl);
    const nonce = randomNonce();
    await b.post('/api/sso/nonce', { nonce });
    const tokens = await signInWithKeycloak(kc, { nonce, clientId, redirectUri: `${app.baseUrl}/auth/sso` });
    expect((await b.post('/api/sso/session', { idToken: tokens.id_token, password: newUser().password })).status).toBe(200);
    expect((await b.post('/api/merchants/select', { merchantId: merchant.id })).status).toBe(200);
    expect(await b.put(`/api/merchants/${merchant.id}/sso-required`, { required: false })).toMatchObject({ status: 200, body: { ssoRequired: false } });
    // Identity keeps its copy of the requirement from merchants' event: the selection works once it has heard.
    expect(await eventually(async () => (await member.b.post('/api/merchants/select', { merchantId: merchant.id })).status === 200)).toBe(true);
    expect((await member.b.get('/api/merchant-addresses')).status).toBe(200);
  }, 90_000);
});
