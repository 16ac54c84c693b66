import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { GrpcStatus } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { BACKCHANNEL_LOGOUT_EVENT, createSsoTokenVerifier, SSO_CLOCK_SKEW_SECONDS } from '../src/app/sso-tokens';
import { nonceHash } from '../src/domain/sso';
import { KEYCLOAK_ADMIN, KEYCLOAK_CLIENT_ID } from '../../../deploy/local/src/keycloak';
import { createRealmUser, keycloakAdmin, keycloakUrl, randomNonce, realmIssuer, signInWithKeycloak, DEV_REDIRECT_URI, type RealmUser } from '../../../e2e/support/keycloak';
import { count, failure, newRegistration, startTestIdentity, type TestIdentity } from './support/harness';

/*
 * SignInWithSso against the shared test Keycloak (the real server): ID tokens the realm signs for
 * the shell's client after the code flow with PKCE, and hostile ones. Every refusal writes nothing.
 */

const e = messages.errors;
let id: TestIdentity;
let ssoOff: TestIdentity;

beforeAll(async () => {
  [id, ssoOff] = await Promise.all([
    startTestIdentity({ env: { SSO_ISSUER_URL: realmIssuer(), SSO_CLIENT_ID: KEYCLOAK_CLIENT_ID } }),
    startTestIdentity(),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([id?.stop(), ssoOff?.stop()]);
}, 30_000);

const TABLES = ['users', 'sessions', 'sso_links', 'sso_used_nonces', 'outbox'];
const writes = () => Promise.all(TABLES.map((t) => count(id.pool, t)));

/** An ID token of the realm for this user, and the hash of its nonce as the gateway's cookie holds it. */
async function idTokenOf(user: { username: string; password: string }) {
  const nonce = randomNonce();
  const tokens = await signInWithKeycloak(user, { nonce });
  return { idToken: tokens.id_token, nonceHash: nonceHash(nonce) };
}

/** Asserts the call is refused with this status and text, and nothing was written. */
async function refusedWithoutWrites(call: () => Promise<unknown>, code: GrpcStatus, details: string) {
  const before = await writes();
  expect(await failure(call())).toEqual({ code, details });
  expect(await writes()).toEqual(before);
}

describe('first sign-in', () => {
  it('creates the user of a verified e-mail from the claims (no password, a unique username), links (issuer, sub) and opens a session bound to the SSO session', async () => {
    const kc = await createRealmUser({ emailVerified: true, firstName: 'Sara', lastName: 'Conti' });
    // Someone already has the preferred username (in another letter case): the new user gets the next one.
    await id.api.register(newRegistration({ username: kc.username.toUpperCase(), email: `altro.${kc.username}@esempio.it` }));
    const res = await id.api.signInWithSso(await idTokenOf(kc));
    expect(res.user).toMatchObject({ email: kc.email, firstName: 'Sara', lastName: 'Conti', username: `${kc.username}-2` });
    expect(res.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows: users } = await id.pool.query('SELECT password_hash FROM users WHERE id = $1', [res.user!.id]);
    expect(users[0].password_hash).toBeNull();
    const { rows: links } = await id.pool.query('SELECT issuer, subject FROM sso_links WHERE user_id = $1', [res.user!.id]);
    expect(links).toEqual([{ issuer: realmIssuer(), subject: kc.id }]);
    const { rows: sessions } = await id.pool.query('SELECT sso_issuer, sso_session_id FROM sessions WHERE user_id = $1', [res.user!.id]);
    expect(sessions).toEqual([{ sso_issuer: realmIssuer(), sso_session_id: expect.stringMatching(/\S+/) }]);
    expect((await id.api.resolveSession({ sessionToken: res.sessionToken })).user!.id).toBe(res.user!.id);

    // The next sign-in of the same account signs the same user in; nobody new.
    const usersBefore = await count(id.pool, 'users');
    const again = await id.api.signInWithSso(await idTokenOf(kc));
    expect(again.user!.id).toBe(res.user!.id);
    expect(await count(id.pool, 'users')).toBe(usersBefore);
    // An SSO-only user has no password to log in with: the same answer as a wrong one.
    expect(await failure(id.api.login({ email: kc.email, password: kc.password }))).toEqual({ code: GrpcStatus.UNAUTHENTICATED, details: e.invalidCredentials });
  }, 60_000);

  it("links the e-mail of a password user only with that user's Smista password", async () => {
    const kc = await createRealmUser({ emailVerified: true });
    const reg = newRegistration({ email: kc.email, username: `pw.${kc.username}` });
    const smista = await id.api.register(reg);
    const token = await idTokenOf(kc);
    await refusedWithoutWrites(() => id.api.signInWithSso(token), GrpcStatus.ALREADY_EXISTS, e.ssoLinkPasswordRequired);
    await refusedWithoutWrites(() => id.api.signInWithSso({ ...token, password: 'Sbagliata1' }), GrpcStatus.INVALID_ARGUMENT, e.ssoLinkPasswordWrong);
    const linked = await id.api.signInWithSso({ ...token, password: reg.password });
    expect(linked.user!.id).toBe(smista.user!.id);
    // Linked once: later sign-ins need no password, and the password still works too.
    expect((await id.api.signInWithSso(await idTokenOf(kc))).user!.id).toBe(smista.user!.id);
    expect((await id.api.login({ email: kc.email, password: reg.password })).user!.id).toBe(smista.user!.id);
  }, 60_000);

  it('refuses an e-mail the provider has not verified, saying what to do', async () => {
    const kc = await createRealmUser({ emailVerified: false });
    await refusedWithoutWrites(async () => id.api.signInWithSso(await idTokenOf(kc)), GrpcStatus.PERMISSION_DENIED, e.ssoEmailUnverified);
  }, 60_000);
});

describe('hostile tokens: 4xx in Italian, nothing written', () => {
  let kc: RealmUser;
  beforeAll(async () => {
    kc = await createRealmUser({ emailVerified: true });
  }, 30_000);

  it('a replayed token (its nonce already used), and a nonce another browser bound', async () => {
    const token = await idTokenOf(kc);
    await id.api.signInWithSso(token);
    await refusedWithoutWrites(() => id.api.signInWithSso(token), GrpcStatus.UNAUTHENTICATED, e.ssoNonceInvalid);
    const fresh = await idTokenOf(kc);
    await refusedWithoutWrites(() => id.api.signInWithSso({ ...fresh, nonceHash: nonceHash(randomNonce()) }), GrpcStatus.UNAUTHENTICATED, e.ssoNonceInvalid);
    await refusedWithoutWrites(() => id.api.signInWithSso({ ...fresh, nonceHash: '' }), GrpcStatus.UNAUTHENTICATED, e.ssoNonceInvalid);
  }, 60_000);

  it("another key (a kid the realm does not have, and the realm's kid), alg none, a token made to look like the realm's", async () => {
    const real = await idTokenOf(kc);
    const claims = decodeJwt(real.idToken);
    const { kid } = decodeProtectedHeader(real.idToken);
    const { privateKey } = await generateKeyPair('RS256');
    for (const header of [{ alg: 'RS256', kid: 'not-the-realms' }, { alg: 'RS256', kid: kid! }]) {
      const forged = await new SignJWT(claims).setProtectedHeader(header).sign(privateKey);
      await refusedWithoutWrites(() => id.api.signInWithSso({ ...real, idToken: forged }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
    }
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    await refusedWithoutWrites(() => id.api.signInWithSso({ ...real, idToken: unsigned }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
    // The real token with a byte of its signature changed.
    const [h, p, s] = real.idToken.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    await refusedWithoutWrites(() => id.api.signInWithSso({ ...real, idToken: tampered }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
    // The untouched token still works: the refusals used nothing up.
    expect((await id.api.signInWithSso(real)).user!.email).toBe(kc.email);
  }, 60_000);

  it("another audience (a token of another client of the realm) and another issuer (the master realm's)", async () => {
    const otherClient = `smista-test-${Date.now()}`;
    await keycloakAdmin('POST', '/clients', {
      clientId: otherClient,
      publicClient: true,
      standardFlowEnabled: true,
      directAccessGrantsEnabled: false,
      redirectUris: [DEV_REDIRECT_URI],
      attributes: { 'pkce.code.challenge.method': 'S256' },
    });
    const nonce = randomNonce();
    const other = await signInWithKeycloak(kc, { nonce, clientId: otherClient });
    await refusedWithoutWrites(() => id.api.signInWithSso({ idToken: other.id_token, nonceHash: nonceHash(nonce) }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);

    const master = await fetch(`${keycloakUrl()}/realms/master/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: KEYCLOAK_ADMIN.username, password: KEYCLOAK_ADMIN.password, scope: 'openid' }),
    });
    const masterIdToken = ((await master.json()) as { id_token: string }).id_token;
    expect(decodeJwt(masterIdToken).iss).toBe(`${keycloakUrl()}/realms/master`);
    await refusedWithoutWrites(() => id.api.signInWithSso({ idToken: masterIdToken, nonceHash: nonceHash('x') }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
  }, 60_000);

  it('an oversize token, and a token that is no JWT', async () => {
    const real = await idTokenOf(kc);
    await refusedWithoutWrites(() => id.api.signInWithSso({ ...real, idToken: `${real.idToken}${'A'.repeat(17_000)}` }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
    await refusedWithoutWrites(() => id.api.signInWithSso({ ...real, idToken: 'non-un-token' }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
  }, 60_000);

  it(`an expired token: refused once past its exp plus ${SSO_CLOCK_SKEW_SECONDS} s, accepted within the skew`, async () => {
    const real = await idTokenOf(kc);
    const exp = decodeJwt(real.idToken).exp! * 1000;
    const settings = { issuer: realmIssuer(), clientId: KEYCLOAK_CLIENT_ID, audience: KEYCLOAK_CLIENT_ID };
    const late = createSsoTokenVerifier(settings, { now: () => new Date(exp + (SSO_CLOCK_SKEW_SECONDS + 5) * 1000) });
    await expect(late.verifyIdToken(real.idToken)).rejects.toMatchObject({ code: 'SSO_TOKEN_INVALID', message: e.ssoTokenInvalid });
    const withinSkew = createSsoTokenVerifier(settings, { now: () => new Date(exp + (SSO_CLOCK_SKEW_SECONDS - 5) * 1000) });
    await expect(withinSkew.verifyIdToken(real.idToken)).resolves.toMatchObject({ subject: kc.id, email: kc.email, emailVerified: true });
  }, 60_000);

  it('a service without SSO configured refuses every token', async () => {
    const real = await idTokenOf(kc);
    expect(await failure(ssoOff.api.signInWithSso(real))).toEqual({ code: GrpcStatus.FAILED_PRECONDITION, details: e.ssoNotConfigured });
    expect(await count(ssoOff.pool, 'sessions')).toBe(0);
  }, 60_000);
});

describe('back-channel logout (EndSsoSessions)', () => {
  it("ends every Smista session of a Keycloak session when Keycloak's logout token says so", async () => {
    // The token Keycloak sends is verified like an ID token; here it is made with a key of the test's
    // own (the realm never signs a token on demand), so what each claim does can be seen.
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
    const settings = { issuer: realmIssuer(), clientId: KEYCLOAK_CLIENT_ID, audience: KEYCLOAK_CLIENT_ID };
    const verifier = createSsoTokenVerifier(settings, { keys });
    const now = Math.floor(Date.now() / 1000);
    // Claims set to undefined are left out of the token.
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(
        JSON.parse(
          JSON.stringify({
            iss: settings.issuer,
            aud: settings.clientId,
            sub: 'sub-1',
            iat: now,
            exp: now + 120,
            jti: 'j1',
            typ: 'Logout',
            sid: 'sid-1',
            events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
            ...claims,
          }),
        ),
      )
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(privateKey);
    await expect(verifier.verifyLogoutToken(await sign({}))).resolves.toEqual({ issuer: settings.issuer, subject: 'sub-1', sessionId: 'sid-1' });
    for (const hostile of [{ events: undefined }, { events: { 'http://altro': {} } }, { nonce: 'n' }, { typ: 'ID' }, { sid: undefined, sub: undefined }]) {
      await expect(verifier.verifyLogoutToken(await sign(hostile))).rejects.toMatchObject({ code: 'SSO_TOKEN_INVALID', message: e.ssoTokenInvalid });
    }
    // An ID token is no logout token, and the other way round.
    await expect(verifier.verifyIdToken(await sign({ nonce: 'n' }))).rejects.toMatchObject({ code: 'SSO_TOKEN_INVALID' });
  });

  it('refuses a logout token that is not the realm\'s, ending nothing', async () => {
    const kc = await createRealmUser({ emailVerified: true });
    await id.api.signInWithSso(await idTokenOf(kc));
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ typ: 'Logout', sid: 'x', events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } })
      .setProtectedHeader({ alg: 'RS256', kid: 'other' })
      .setIssuer(realmIssuer())
      .setAudience(KEYCLOAK_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(privateKey);
    await refusedWithoutWrites(() => id.api.endSsoSessions({ logoutToken: forged }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
    await refusedWithoutWrites(() => id.api.endSsoSessions({ logoutToken: 'x'.repeat(17_000) }), GrpcStatus.UNAUTHENTICATED, e.ssoTokenInvalid);
    expect(await failure(ssoOff.api.endSsoSessions({ logoutToken: forged }))).toEqual({ code: GrpcStatus.FAILED_PRECONDITION, details: e.ssoNotConfigured });
  }, 60_000);
});
