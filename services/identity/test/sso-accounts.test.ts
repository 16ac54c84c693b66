import { randomUUID } from 'node:crypto';
import { GrpcStatus, verifyCallerToken } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { common, merchantsEvents } from '@smista/proto';
import { nonceHash } from '../src/domain/sso';
import { KEYCLOAK_CLIENT_ID } from '../../../deploy/local/src/keycloak';
import { createRealmUser, randomNonce, realmIssuer, signInWithKeycloak } from '../../../e2e/support/keycloak';
import { count, failure, mailsTo, PUBLIC_URL, SECRET, startMerchantsPeer, startTestIdentity, waitFor, type Memberships, type TestIdentity } from './support/harness';

/*
 * Issue 24, the accounts single sign-on makes: users without a password (and their first one),
 * sessions that remember how they were opened, and merchants that require SSO.
 */

const e = messages.errors;
let id: TestIdentity;
let peer: Awaited<ReturnType<typeof startMerchantsPeer>>;
const memberships: Memberships = new Map();

beforeAll(async () => {
  peer = await startMerchantsPeer(memberships);
  id = await startTestIdentity({ merchantsAddr: `127.0.0.1:${peer.port}`, env: { SSO_ISSUER_URL: realmIssuer(), SSO_CLIENT_ID: KEYCLOAK_CLIENT_ID } });
}, 90_000);

afterAll(async () => {
  await id?.stop();
  await peer?.shutdown(1_000);
}, 30_000);

/** A new realm user signed in to Smista with SSO: their Smista user (created without a password) and session. */
async function ssoUser() {
  const kc = await createRealmUser({ emailVerified: true });
  const signIn = async () => {
    const nonce = randomNonce();
    const tokens = await signInWithKeycloak(kc, { nonce });
    return id.api.signInWithSso({ idToken: tokens.id_token, nonceHash: nonceHash(nonce) });
  };
  const first = await signIn();
  return { kc, user: first.user!, sessionToken: first.sessionToken, signIn };
}

const LINK = new RegExp(`${PUBLIC_URL.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]{43})`);

describe('a user created by SSO has no password', () => {
  it('says so, and nothing logs in with a password: not the empty one, not a wrong one, not the SSO one', async () => {
    const { kc, user, sessionToken } = await ssoUser();
    expect(user.hasPassword).toBe(false);
    expect((await id.api.resolveSession({ sessionToken })).user!.hasPassword).toBe(false);
    const invalid = { code: GrpcStatus.UNAUTHENTICATED, details: e.invalidCredentials };
    expect(await failure(id.api.login({ email: kc.email, password: 'Sbagliata1' }))).toEqual(invalid);
    expect(await failure(id.api.login({ email: kc.email, password: kc.password }))).toEqual(invalid);
    // The empty password is refused by the rules before any lookup (spec §5), in Italian.
    expect(await failure(id.api.login({ email: kc.email, password: '' }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: messages.validation.passwordRequired });
    const { rows } = await id.pool.query('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(rows[0].password_hash).toBeNull();
  }, 60_000);

  it('sets a first password (the rules of §5), then signs in both ways; a second one is refused', async () => {
    const { kc, user, signIn } = await ssoUser();
    const as = await id.as(user.id);
    expect(await failure(as.setPassword({ newPassword: 'debole' }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: messages.validation.passwordUppercase });
    expect(await failure(as.setPassword({ newPassword: `Nul\u0000Pass1` }))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    const { rows: before } = await id.pool.query('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(before[0].password_hash).toBeNull();

    const updated = await as.setPassword({ newPassword: 'Nuova-Pass1' });
    expect(updated).toMatchObject({ id: user.id, hasPassword: true });
    expect((await id.api.login({ email: kc.email, password: 'Nuova-Pass1' })).user!.id).toBe(user.id);
    expect((await signIn()).user!.id).toBe(user.id);
    expect(await failure(as.setPassword({ newPassword: 'Altra-Pass2' }))).toEqual({ code: GrpcStatus.FAILED_PRECONDITION, details: e.passwordAlreadySet });
    expect((await id.api.login({ email: kc.email, password: 'Nuova-Pass1' })).user!.id).toBe(user.id);
  }, 60_000);

  it('resets the password like anyone: the e-mail, the new password, then a password login', async () => {
    const { kc, user } = await ssoUser();
    await id.api.requestPasswordReset({ email: kc.email });
    const mail = await waitFor('the reset e-mail', async () => (await mailsTo(kc.email))[0]);
    const token = LINK.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    await id.api.resetPassword({ token: token!, password: 'Reimpostata1' });
    expect((await id.api.login({ email: kc.email, password: 'Reimpostata1' })).user).toMatchObject({ id: user.id, hasPassword: true });
  }, 60_000);
});

describe('a session remembers how it was opened', () => {
  it('SSO: ResolveSession and the caller token say so; a password login of the same user does not', async () => {
    const { user, sessionToken } = await ssoUser();
    await (await id.as(user.id)).setPassword({ newPassword: 'Nuova-Pass1' });
    const sso = await id.api.resolveSession({ sessionToken });
    expect(sso.signedInWithSso).toBe(true);
    expect(await verifyCallerToken(sso.callerToken, SECRET)).toMatchObject({ userId: user.id, sso: true });

    const password = await id.api.login({ email: user.email, password: 'Nuova-Pass1' });
    const resolved = await id.api.resolveSession({ sessionToken: password.sessionToken });
    expect(resolved.signedInWithSso).toBe(false);
    expect(await verifyCallerToken(resolved.callerToken, SECRET)).not.toHaveProperty('sso');
  }, 60_000);
});

describe('a merchant that requires SSO', () => {
  /** An SSO user with a password too, member of a new merchant; one session of each kind. */
  async function memberWithBothSessions(ssoRequired: boolean) {
    const { user, sessionToken: ssoSession } = await ssoUser();
    await (await id.as(user.id)).setPassword({ newPassword: 'Nuova-Pass1' });
    const { sessionToken: passwordSession } = await id.api.login({ email: user.email, password: 'Nuova-Pass1' });
    const merchantId = randomUUID();
    memberships.set(user.id, new Map([[merchantId, { merchantName: 'Bottega SSO', role: common.Role.ROLE_USER, ssoRequired }]]));
    return { user, ssoSession, passwordSession, merchantId };
  }

  const requirementChanged = (merchantId: string, required: boolean, at = new Date()) =>
    id.nats.js.publish(
      'merchants.merchant.sso_required_changed',
      merchantsEvents.MerchantSsoRequiredChanged.encode({ merchantId, required, changedByUserId: randomUUID(), occurredAt: at.toISOString() }).finish(),
      { msgID: randomUUID() },
    );

  it('cannot be selected from a password session (in Italian, nothing written); an SSO session selects it', async () => {
    const { ssoSession, passwordSession, merchantId } = await memberWithBothSessions(true);
    const outbox = await count(id.pool, 'outbox');
    expect(await failure(id.api.selectMerchant({ sessionToken: passwordSession, merchantId }))).toEqual({ code: GrpcStatus.PERMISSION_DENIED, details: e.ssoRequiredByMerchant });
    expect((await id.api.resolveSession({ sessionToken: passwordSession })).merchantId).toBeUndefined();
    expect(await count(id.pool, 'outbox')).toBe(outbox);

    expect(await id.api.selectMerchant({ sessionToken: ssoSession, merchantId })).toMatchObject({ merchantId });
    const resolved = await id.api.resolveSession({ sessionToken: ssoSession });
    expect(resolved.merchantId).toBe(merchantId);
    expect(await verifyCallerToken(resolved.callerToken, SECRET)).toMatchObject({ merchantId, sso: true });
  }, 60_000);

  it('once required (the event), password sessions leave it and cannot select it again; SSO sessions stay; turned off, they may again', async () => {
    const { ssoSession, passwordSession, merchantId } = await memberWithBothSessions(false);
    await id.api.selectMerchant({ sessionToken: passwordSession, merchantId });
    await id.api.selectMerchant({ sessionToken: ssoSession, merchantId });

    const requiredAt = new Date();
    await requirementChanged(merchantId, true, requiredAt);
    await waitFor('the password session to leave the merchant', async () => (await id.api.resolveSession({ sessionToken: passwordSession })).merchantId === undefined);
    expect((await id.api.resolveSession({ sessionToken: ssoSession })).merchantId).toBe(merchantId);
    // Even while merchants' answer would still allow it, identity's copy refuses the selection.
    expect(await failure(id.api.selectMerchant({ sessionToken: passwordSession, merchantId }))).toEqual({ code: GrpcStatus.PERMISSION_DENIED, details: e.ssoRequiredByMerchant });

    // An older change delivered late changes nothing.
    await requirementChanged(merchantId, false, new Date(requiredAt.getTime() - 60_000));
    await requirementChanged(randomUUID(), true);
    await waitFor('both events consumed', async () => (await id.pool.query('SELECT count(*)::int AS n FROM inbox')).rows[0].n >= 3 || undefined);
    expect(await failure(id.api.selectMerchant({ sessionToken: passwordSession, merchantId }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });

    await requirementChanged(merchantId, false);
    await waitFor('the requirement lifted', async () => {
      const { rows } = await id.pool.query('SELECT required FROM merchant_sso_requirements WHERE merchant_id = $1', [merchantId]);
      return rows[0]?.required === false;
    });
    expect(await id.api.selectMerchant({ sessionToken: passwordSession, merchantId })).toMatchObject({ merchantId });
  }, 60_000);
});
