import { createHash, randomUUID } from 'node:crypto';
import { GrpcStatus, verifyCallerToken } from '@smista/service-kit';
import { common } from '@smista/proto';
import { messages } from '@smista/contracts';
import {
  count,
  failure,
  newRegistration,
  SECRET,
  startMerchantsPeer,
  startTestIdentity,
  type Memberships,
  type TestIdentity,
} from './support/harness';

const v = messages.validation;
const e = messages.errors;
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

const sha256 = (s: string) => createHash('sha256').update(s).digest();

async function writes() {
  return Promise.all(['users', 'sessions', 'outbox'].map((t) => count(id.pool, t)));
}

describe('Register', () => {
  it('creates the user with a lowercased e-mail and logs them in', async () => {
    const reg = newRegistration({ email: 'Mario.ROSSI.' + randomUUID().slice(0, 6) + '@Example.IT', username: 'MarioR' + randomUUID().slice(0, 6) });
    const res = await id.api.register(reg);
    expect(res.user).toMatchObject({ firstName: 'Giulia', lastName: 'Bianchi', email: reg.email.toLowerCase(), username: reg.username });
    expect(res.user!.avatar).toBeUndefined();
    expect(new Date(res.user!.createdAt).toISOString()).toBe(res.user!.createdAt);
    expect(res.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttlMs = new Date(res.expiresAt).getTime() - Date.now();
    expect(ttlMs).toBeGreaterThan(167 * 3_600_000);
    expect(ttlMs).toBeLessThanOrEqual(168 * 3_600_000);

    // The session is stored only as a hash; the password only as argon2id.
    const { rows } = await id.pool.query('SELECT token_hash, merchant_id, role FROM sessions WHERE user_id = $1', [res.user!.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash.equals(sha256(res.sessionToken))).toBe(true);
    expect(rows[0]).toMatchObject({ merchant_id: null, role: null });
    const user = await id.pool.query('SELECT email, password_hash FROM users WHERE id = $1', [res.user!.id]);
    expect(user.rows[0].email).toBe(reg.email.toLowerCase());
    expect(user.rows[0].password_hash).toMatch(/^\$argon2id\$/);

    const resolved = await id.api.resolveSession({ sessionToken: res.sessionToken });
    expect(resolved.user!.id).toBe(res.user!.id);
  });

  it('refuses a taken e-mail (any case) with ALREADY_EXISTS and writes nothing', async () => {
    const first = newRegistration();
    await id.api.register(first);
    const before = await writes();
    const again = newRegistration({ email: first.email.toUpperCase() });
    expect(await failure(id.api.register(again))).toEqual({ code: GrpcStatus.ALREADY_EXISTS, details: e.emailTaken });
    expect(await writes()).toEqual(before);
  });

  it('refuses a taken username (any case) with ALREADY_EXISTS and writes nothing', async () => {
    const first = newRegistration();
    await id.api.register(first);
    const before = await writes();
    const again = newRegistration({ username: first.username.toUpperCase() });
    expect(await failure(id.api.register(again))).toEqual({ code: GrpcStatus.ALREADY_EXISTS, details: e.usernameTaken });
    expect(await writes()).toEqual(before);
  });

  it('lets exactly one of several simultaneous registrations of an address through', async () => {
    const email = newRegistration().email;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => id.api.register(newRegistration({ email }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS, details: e.emailTaken });
    }
    const { rows } = await id.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ['too short', { password: 'Ab1' }, v.passwordMin],
    ['without an uppercase letter', { password: 'segreta1' }, v.passwordUppercase],
    ['without a digit', { password: 'Segretaa' }, v.passwordDigit],
    ['missing first name', { firstName: ' ' }, v.firstNameRequired],
    ['missing last name', { lastName: '' }, v.lastNameRequired],
    ['bad e-mail', { email: 'giulia@' }, v.emailInvalid],
    ['short username', { username: 'gb' }, v.usernameMin],
  ])('refuses a registration %s with its Italian message and writes nothing', async (_label, patch, message) => {
    const before = await writes();
    expect(await failure(id.api.register(newRegistration(patch)))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: message });
    expect(await writes()).toEqual(before);
  });
});

describe('Login, ResolveSession, Logout', () => {
  it('logs in with any e-mail case and gives a new session', async () => {
    const reg = newRegistration();
    const registered = await id.api.register(reg);
    const res = await id.api.login({ email: `  ${reg.email.toUpperCase()} `, password: reg.password });
    expect(res.user!.id).toBe(registered.user!.id);
    expect(res.sessionToken).not.toBe(registered.sessionToken);
    expect(await count(id.pool, 'sessions')).toBeGreaterThanOrEqual(2);
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const reg = newRegistration();
    await id.api.register(reg);
    const wrong = await failure(id.api.login({ email: reg.email, password: 'Sbagliata1' }));
    const unknown = await failure(id.api.login({ email: `nessuno.${randomUUID()}@example.it`, password: reg.password }));
    expect(wrong).toEqual({ code: GrpcStatus.UNAUTHENTICATED, details: 'Email o password non validi' });
    expect(unknown).toEqual(wrong);
  });

  it('validates the login form', async () => {
    expect(await failure(id.api.login({ email: 'x', password: 'a' }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: v.emailInvalid });
    expect(await failure(id.api.login({ email: 'a@b.it', password: '' }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: v.passwordRequired });
  });

  it('resolves a session into the user (no merchant yet) and a signed caller token', async () => {
    const { sessionToken, user } = await id.api.register(newRegistration());
    const res = await id.api.resolveSession({ sessionToken });
    expect(res.user).toEqual(user);
    expect(res.merchantId).toBeUndefined();
    expect(res.role).toBe(common.Role.ROLE_UNSPECIFIED);
    expect(await verifyCallerToken(res.callerToken, SECRET)).toEqual({ userId: user!.id, merchantId: undefined, role: undefined });
  });

  it.each([['unknown', 'A'.repeat(43)], ['malformed', 'not a token'], ['empty', '']])('refuses an %s session', async (_l, sessionToken) => {
    expect(await failure(id.api.resolveSession({ sessionToken }))).toEqual({ code: GrpcStatus.UNAUTHENTICATED, details: e.notAuthenticated });
  });

  it('refuses an expired session', async () => {
    const { sessionToken } = await id.api.register(newRegistration());
    await id.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(sessionToken)]);
    expect(await failure(id.api.resolveSession({ sessionToken }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
  });

  it('slides the expiry at most once an hour (no write on every call)', async () => {
    const { sessionToken } = await id.api.register(newRegistration());
    const row = async () =>
      (await id.pool.query('SELECT xmin::text AS version, expires_at FROM sessions WHERE token_hash = $1', [sha256(sessionToken)])).rows[0];
    const fresh = await row();
    await id.api.resolveSession({ sessionToken });
    await id.api.resolveSession({ sessionToken });
    expect(await row()).toEqual(fresh);

    await id.pool.query(`UPDATE sessions SET expires_at = now() + interval '100 hours' WHERE token_hash = $1`, [sha256(sessionToken)]);
    await id.api.resolveSession({ sessionToken });
    const bumped = await row();
    expect(bumped.expires_at.getTime()).toBeGreaterThan(Date.now() + 167 * 3_600_000);
    await id.api.resolveSession({ sessionToken });
    expect(await row()).toEqual(bumped);
  });

  it('logout kills the session, and a second logout is harmless', async () => {
    const { sessionToken } = await id.api.register(newRegistration());
    await id.api.logout({ sessionToken });
    expect(await failure(id.api.resolveSession({ sessionToken }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    await expect(id.api.logout({ sessionToken })).resolves.toEqual({});
    const { rows } = await id.pool.query('SELECT 1 FROM sessions WHERE token_hash = $1', [sha256(sessionToken)]);
    expect(rows).toHaveLength(0);
  });
});

describe('CheckEmail', () => {
  it('tells whether an address has an account, in any case', async () => {
    const reg = newRegistration();
    await id.api.register(reg);
    expect(await id.api.checkEmail({ email: reg.email.toUpperCase() })).toEqual({ exists: true });
    expect(await id.api.checkEmail({ email: `nessuno.${randomUUID()}@example.it` })).toEqual({ exists: false });
    expect(await failure(id.api.checkEmail({ email: 'nope' }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: v.emailInvalid });
  });
});

describe('SelectMerchant', () => {
  it('stores the merchant and role the merchants service confirms, and the caller token carries them', async () => {
    const { sessionToken, user } = await id.api.register(newRegistration());
    const merchantId = randomUUID();
    memberships.set(user!.id, new Map([[merchantId, { merchantName: 'Bottega Rossi', role: common.Role.ROLE_USER }]]));
    const res = await id.api.selectMerchant({ sessionToken, merchantId });
    expect(res).toEqual({ merchantId, merchantName: 'Bottega Rossi', role: common.Role.ROLE_USER });
    expect(peer.calls.at(-1)).toEqual({ userId: user!.id, merchantId });

    const resolved = await id.api.resolveSession({ sessionToken });
    expect(resolved).toMatchObject({ merchantId, role: common.Role.ROLE_USER });
    expect(await verifyCallerToken(resolved.callerToken, SECRET)).toEqual({ userId: user!.id, merchantId, role: 'user' });
  });

  it('answers NOT_FOUND for a merchant the user does not belong to, and keeps the session as it was', async () => {
    const { sessionToken } = await id.api.register(newRegistration());
    expect(await failure(id.api.selectMerchant({ sessionToken, merchantId: randomUUID() }))).toEqual({
      code: GrpcStatus.NOT_FOUND,
      details: 'Merchant non trovato',
    });
    expect((await id.api.resolveSession({ sessionToken })).merchantId).toBeUndefined();
  });

  it('refuses a malformed merchant id and a dead session before asking merchants', async () => {
    const { sessionToken } = await id.api.register(newRegistration());
    const calls = peer.calls.length;
    expect(await failure(id.api.selectMerchant({ sessionToken, merchantId: 'abc' }))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: v.merchantIdInvalid,
    });
    expect(await failure(id.api.selectMerchant({ sessionToken: 'B'.repeat(43), merchantId: randomUUID() }))).toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    expect(peer.calls.length).toBe(calls);
  });
});

describe('GetUsers', () => {
  it('answers the asked users in order, skipping unknown ids, for a signed caller only', async () => {
    const a = (await id.api.register(newRegistration())).user!;
    const b = (await id.api.register(newRegistration())).user!;
    const api = await id.as(a.id);
    const res = await api.getUsers({ ids: [b.id, randomUUID(), 'not-a-uuid', a.id, b.id] });
    expect(res.users.map((u) => u.id)).toEqual([b.id, a.id]);
    expect(res.users[0]).toEqual(b);
    expect(await failure(id.api.getUsers({ ids: [a.id] }))).toEqual({ code: GrpcStatus.UNAUTHENTICATED, details: e.notAuthenticated });
  });
});
