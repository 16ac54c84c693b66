/**
 * Authentication and user routes (spec §7) over real HTTP against the real identity and merchants
 * services, PostgreSQL, NATS and the mail catcher. After every refused request the state is checked
 * to be unchanged.
 */
import { Client } from 'pg';
import { messages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { extractLinks, waitForMail } from '../../e2e/support/mail';
import { waitFor } from '../../deploy/local/src/machine-load';
import { Browser, newUser } from './support/http';

let app: TestApp;

beforeAll(async () => {
  app = await startApp({
    componentEnv: {
      gateway: {
        // Low per-e-mail limits to reach them; per-IP ones high, every test runs from 127.0.0.1.
        RATE_LIMIT_LOGIN_PER_EMAIL: '3',
        RATE_LIMIT_LOGIN_PER_IP: '1000',
        RATE_LIMIT_REGISTER_PER_IP: '1000',
        RATE_LIMIT_RESET_PER_EMAIL: '3',
        RATE_LIMIT_RESET_PER_IP: '1000',
        RATE_LIMIT_CHECK_EMAIL_PER_IP: '1000',
      },
    },
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

const browser = () => new Browser(app.baseUrl);

async function registered(overrides: Parameters<typeof newUser>[0] = {}) {
  const b = browser();
  const fields = newUser(overrides);
  const res = await b.post('/api/register', fields);
  expect(res.status).toBe(201);
  return { b, fields, user: res.body };
}

async function exists(email: string): Promise<boolean> {
  const res = await browser().post('/api/check-email', { email });
  expect(res.status).toBe(200);
  return res.body.exists;
}

describe('register, session, logout', () => {
  it('register answers 201 with the user and a session cookie that GET /api/user resolves', async () => {
    const b = browser();
    const fields = newUser();
    const res = await b.post('/api/register', { ...fields, confirmPassword: fields.password, terms: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username: fields.username,
      firstName: 'Mario',
      lastName: 'Rossi',
      email: fields.email,
      avatar: null,
      createdAt: expect.any(String),
      hasPassword: true,
      signedInWithSso: false,
    });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^smista_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)![1])).toBeGreaterThan(3600);

    const me = await b.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    expect(await exists(fields.email)).toBe(true);
  });

  it('GET /api/user is 401 in Italian without a session or with a made-up one', async () => {
    const b = browser();
    let res = await b.get('/api/user');
    expect(res).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
    b.cookie = 'smista_session=made-up-token';
    res = await b.get('/api/user');
    expect(res).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
    // Refused, and left as it is (see the replaced session below).
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('login answers the user and a new session', async () => {
    const { fields, user } = await registered();
    const b = browser();
    const res = await b.post('/api/login', { email: fields.email.toUpperCase(), password: fields.password });
    expect(res).toMatchObject({ status: 200, body: user });
    expect((await b.get('/api/user')).body).toEqual(user);
  });

  it('logging in over an existing session ends the old session; a late answer about the old one never clears the new cookie', async () => {
    const { b, fields } = await registered();
    const old = b.cookie!;
    expect((await b.post('/api/login', { email: fields.email, password: fields.password })).status).toBe(200);
    const fresh = b.cookie!;
    expect(fresh).not.toBe(old);
    expect((await b.get('/api/user')).status).toBe(200);
    // The old session is revoked off the response path: a request still carrying it (a tab's, sent
    // before the login answered) is refused once that is done…
    const late = await waitFor('the replaced session refused', async () => {
      const tab = browser();
      tab.cookie = old;
      const res = await tab.get('/api/user');
      return res.status === 401 ? res : undefined;
    });
    expect(late.body).toEqual({ message: messages.errors.notAuthenticated });
    // …without a Set-Cookie: in a browser it would land after the new cookie and erase it (seen in
    // e2e: the step after a signIn found itself logged out).
    expect(late.headers.get('set-cookie')).toBeNull();
    expect(b.cookie).toBe(fresh);
    expect((await b.get('/api/user')).status).toBe(200);
  });

  it('wrong password and unknown e-mail get the same 401', async () => {
    const { fields } = await registered();
    const wrong = await browser().post('/api/login', { email: fields.email, password: 'Sbagliata1' });
    const unknown = await browser().post('/api/login', { email: `nobody.${Date.now()}@example.it`, password: 'Sbagliata1' });
    expect(wrong).toMatchObject({ status: 401, body: { message: messages.errors.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: { message: messages.errors.invalidCredentials } });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('logout kills the session: the old cookie no longer works', async () => {
    const { b } = await registered();
    const cookie = b.cookie!;
    const res = await b.post('/api/logout');
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Hai effettuato il logout con successo' } });
    expect(b.cookie).toBeUndefined();
    const replay = browser();
    replay.cookie = cookie;
    expect((await replay.get('/api/user')).status).toBe(401);
    // Logging out twice is harmless.
    expect((await replay.post('/api/logout')).status).toBe(200);
  });
});

describe('registration refused, nothing written', () => {
  it('a taken e-mail is 409 and the second password does not log in', async () => {
    const { fields } = await registered();
    const again = newUser({ email: fields.email.toUpperCase(), password: 'Altra1234' });
    const res = await browser().post('/api/register', again);
    expect(res).toMatchObject({ status: 409, body: { message: 'Questo indirizzo email è già registrato' } });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await browser().post('/api/login', { email: fields.email, password: 'Altra1234' })).status).toBe(401);
    expect((await browser().post('/api/login', { email: fields.email, password: fields.password })).status).toBe(200);
  });

  it('a taken username is 409 and the new e-mail stays free', async () => {
    const { fields } = await registered();
    const again = newUser({ username: fields.username });
    const res = await browser().post('/api/register', again);
    expect(res).toMatchObject({ status: 409, body: { message: 'Questo username è già in uso' } });
    expect(await exists(again.email)).toBe(false);
  });

  it.each([
    ['Ab1', messages.validation.passwordMin],
    ['abcdef1', messages.validation.passwordUppercase],
    ['Abcdefg', messages.validation.passwordDigit],
  ])('password %s is 400 with %s', async (password, message) => {
    const fields = newUser({ password });
    const res = await browser().post('/api/register', fields);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ path: 'password', message }]));
    expect(await exists(fields.email)).toBe(false);
  });

  it('missing and invalid fields are 400 in Italian', async () => {
    const res = await browser().post('/api/register', { ...newUser(), email: 'non-una-email', firstName: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: messages.validation.firstNameRequired },
        { path: 'email', message: messages.validation.emailInvalid },
      ]),
    );
    const empty = await browser().post('/api/register', {});
    expect(empty).toMatchObject({ status: 400, body: { message: messages.validation.required } });
  });

  it('malformed JSON is 400 and a body over the limit is 413', async () => {
    const fields = newUser();
    const broken = await browser().post('/api/register', JSON.stringify(fields).slice(0, -5));
    expect(broken).toMatchObject({ status: 400, body: { message: messages.errors.invalidJson } });
    const huge = await browser().post('/api/register', { ...fields, lastName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge).toMatchObject({ status: 413, body: { message: messages.errors.bodyTooLarge } });
    expect(await exists(fields.email)).toBe(false);
  });

  it('a text/plain body is 415', async () => {
    const fields = newUser();
    const res = await browser().post('/api/register', JSON.stringify(fields), { 'content-type': 'text/plain' });
    expect(res).toMatchObject({ status: 415, body: { message: messages.errors.unsupportedContentType } });
    expect(await exists(fields.email)).toBe(false);
  });

  it('a foreign Origin or Sec-Fetch-Site: cross-site is 403', async () => {
    const fields = newUser();
    const foreign = await browser().post('/api/register', fields, { origin: 'https://evil.example' });
    expect(foreign).toMatchObject({ status: 403, body: { message: messages.errors.crossOrigin } });
    const crossSite = await browser().post('/api/register', fields, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite).toMatchObject({ status: 403, body: { message: messages.errors.crossOrigin } });
    expect(await exists(fields.email)).toBe(false);
    // The same request from the app's own origin goes through.
    const own = await browser().post('/api/register', fields, { origin: app.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(201);
  });

  it('a cross-site logout does not end the session', async () => {
    const { b } = await registered();
    expect((await b.post('/api/logout', undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await b.get('/api/user')).status).toBe(200);
  });
});

describe('login rate limit', () => {
  it('after 3 failed attempts for one e-mail even the right password gets 429 in Italian', async () => {
    const { fields } = await registered();
    for (let i = 0; i < 3; i++) {
      expect((await browser().post('/api/login', { email: fields.email, password: `Sbagliata${i}` })).status).toBe(401);
    }
    const res = await browser().post('/api/login', { email: fields.email, password: fields.password });
    expect(res).toMatchObject({ status: 429, body: { message: messages.errors.tooManyLoginAttempts } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('set-cookie')).toBeNull();
    // Another account from the same address is not affected.
    const other = await registered();
    expect((await browser().post('/api/login', { email: other.fields.email, password: other.fields.password })).status).toBe(200);
  });
});

describe('profile, password, avatar', () => {
  it('updates the profile and answers {success, user}', async () => {
    const { b, fields } = await registered();
    const update = { firstName: 'Luigi', lastName: 'Verdi', email: `luigi.${Date.now()}@example.it`, username: `${fields.username}_x` };
    const res = await b.put('/api/user/profile', update);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user: expect.objectContaining(update) });
    expect((await b.get('/api/user')).body).toMatchObject(update);
  });

  it('a profile with a taken username is 409 and changes nothing', async () => {
    const other = await registered();
    const { b, user } = await registered();
    const res = await b.put('/api/user/profile', { firstName: 'X', lastName: 'Y', email: user.email, username: other.fields.username });
    expect(res).toMatchObject({ status: 409, body: { message: 'Questo username è già in uso' } });
    expect((await b.get('/api/user')).body).toEqual(user);
  });

  it('changes the password only with the right current one', async () => {
    const { b, fields } = await registered();
    const wrong = await b.put('/api/user/password', { currentPassword: 'Sbagliata1', newPassword: 'Nuova1234' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'La password attuale non è corretta' } });
    expect((await browser().post('/api/login', { email: fields.email, password: 'Nuova1234' })).status).toBe(401);

    const weak = await b.put('/api/user/password', { currentPassword: fields.password, newPassword: 'nuova' });
    expect(weak).toMatchObject({ status: 400, body: { message: messages.validation.passwordMin } });

    const res = await b.put('/api/user/password', { currentPassword: fields.password, newPassword: 'Nuova1234' });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Password aggiornata', user: { email: fields.email } } });
    expect((await browser().post('/api/login', { email: fields.email, password: 'Nuova1234' })).status).toBe(200);
    expect((await browser().post('/api/login', { email: fields.email, password: fields.password })).status).toBe(401);
  });

  it('accepts an image data URL as avatar and refuses anything else', async () => {
    const { b } = await registered();
    const notImage = await b.put('/api/user/avatar', { avatar: 'data:text/html;base64,PGgxPmhpPC9oMT4=' });
    expect(notImage).toMatchObject({ status: 400, body: { message: messages.validation.avatarNotImage } });
    expect((await b.get('/api/user')).body.avatar).toBeNull();

    const tooBig = await b.put('/api/user/avatar', { avatar: 'data:image/png;base64,' + 'A'.repeat(1.6 * 1024 * 1024) });
    expect(tooBig.status).toBe(413);

    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const res = await b.put('/api/user/avatar', { avatar: png });
    expect(res).toMatchObject({ status: 200, body: { success: true, user: { avatar: png } } });
    expect((await b.get('/api/user')).body.avatar).toBe(png);
  });

  it('needs a session', async () => {
    const res = await browser().put('/api/user/profile', { firstName: 'A', lastName: 'B', email: 'a@b.it', username: 'abc' });
    expect(res).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
  });
});

describe('password reset', () => {
  async function resetToken(email: string, since: Date): Promise<string> {
    const mail = await waitForMail({ to: email, subjectIncludes: messages.mail.resetSubject, since, mailUrl: app.mailUrl });
    const link = extractLinks(mail).find((l) => l.includes('/reset-password?token='));
    expect(link).toBeDefined();
    return new URL(link!).searchParams.get('token')!;
  }

  it('answers the same message for a known and an unknown address', async () => {
    const { fields } = await registered();
    const known = await browser().post('/api/request-password-reset', { email: fields.email });
    const unknown = await browser().post('/api/request-password-reset', { email: `nobody.${Date.now()}@example.it` });
    expect(known).toEqual(expect.objectContaining({ status: 200, body: { message: messages.success.resetRequested } }));
    expect(unknown).toEqual(expect.objectContaining({ status: 200, body: known.body }));
    const invalid = await browser().post('/api/request-password-reset', { email: 'nope' });
    expect(invalid).toMatchObject({ status: 400, body: { message: 'Inserisci un indirizzo email valido' } });
  });

  it('verifies the token, resets once, then the link is invalid', async () => {
    const { fields } = await registered();
    const since = new Date(Date.now() - 1000);
    expect((await browser().post('/api/request-password-reset', { email: fields.email })).status).toBe(200);
    const token = await resetToken(fields.email, since);

    expect(await browser().get(`/api/verify-reset-token/${encodeURIComponent(token)}`)).toMatchObject({ status: 200, body: { valid: true } });

    const mismatch = await browser().post('/api/reset-password', { token, password: 'Nuova1234', confirmPassword: 'Nuova12345' });
    expect(mismatch).toMatchObject({ status: 400, body: { message: messages.validation.passwordsMismatch } });
    const weak = await browser().post('/api/reset-password', { token, password: 'nuova1234', confirmPassword: 'nuova1234' });
    expect(weak).toMatchObject({ status: 400, body: { message: messages.validation.passwordUppercase } });

    const res = await browser().post('/api/reset-password', { token, password: 'Nuova1234', confirmPassword: 'Nuova1234' });
    expect(res).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await browser().post('/api/login', { email: fields.email, password: 'Nuova1234' })).status).toBe(200);
    expect((await browser().post('/api/login', { email: fields.email, password: fields.password })).status).toBe(401);

    // Used: both the check and a second reset refuse it, and the password stays the new one.
    expect(await browser().get(`/api/verify-reset-token/${encodeURIComponent(token)}`)).toMatchObject({ status: 400, body: { message: 'Link non valido' } });
    const reuse = await browser().post('/api/reset-password', { token, password: 'Terza1234', confirmPassword: 'Terza1234' });
    expect(reuse).toMatchObject({ status: 400, body: { message: 'Link non valido' } });
    expect((await browser().post('/api/login', { email: fields.email, password: 'Terza1234' })).status).toBe(401);
  });

  it('an expired or made-up token is Link non valido', async () => {
    const { fields } = await registered();
    const since = new Date(Date.now() - 1000);
    await browser().post('/api/request-password-reset', { email: fields.email });
    const token = await resetToken(fields.email, since);
    const db = new Client({ connectionString: app.databases.identity });
    await db.connect();
    try {
      await db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
        fields.email.toLowerCase(),
      ]);
    } finally {
      await db.end();
    }
    expect(await browser().get(`/api/verify-reset-token/${encodeURIComponent(token)}`)).toMatchObject({ status: 400, body: { message: 'Link non valido' } });
    const res = await browser().post('/api/reset-password', { token, password: 'Nuova1234', confirmPassword: 'Nuova1234' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Link non valido' } });
    expect((await browser().post('/api/login', { email: fields.email, password: fields.password })).status).toBe(200);

    expect(await browser().get('/api/verify-reset-token/made-up')).toMatchObject({ status: 400, body: { message: 'Link non valido' } });
  });

  it('limits reset requests per e-mail with an Italian 429', async () => {
    const email = `flood.${Date.now()}@example.it`;
    for (let i = 0; i < 3; i++) expect((await browser().post('/api/request-password-reset', { email })).status).toBe(200);
    const res = await browser().post('/api/request-password-reset', { email });
    expect(res).toMatchObject({ status: 429, body: { message: messages.errors.tooManyResetRequests } });
  });
});

describe('routing', () => {
  it('unknown /api paths are 404 JSON; /healthz is 200', async () => {
    expect(await browser().get('/api/does-not-exist')).toMatchObject({ status: 404, body: { message: messages.errors.notFound } });
    expect((await browser().get('/healthz')).status).toBe(200);
  });
});
