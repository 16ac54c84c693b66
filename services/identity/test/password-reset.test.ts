import { createHash, randomUUID } from 'node:crypto';
import { GrpcStatus } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { count, failure, mailsTo, newRegistration, PUBLIC_URL, startTestIdentity, waitFor, type TestIdentity } from './support/harness';

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const LINK = new RegExp(`${PUBLIC_URL.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]{43})`);
const invalidLink = { code: GrpcStatus.INVALID_ARGUMENT, details: 'Link non valido' };
let id: TestIdentity;

beforeAll(async () => {
  id = await startTestIdentity();
}, 60_000);

afterAll(async () => {
  await id?.stop();
}, 30_000);

/** Registers a user, asks for a reset and reads the token from the real e-mail. */
async function requestReset() {
  const reg = newRegistration();
  const registered = await id.api.register(reg);
  await id.api.requestPasswordReset({ email: reg.email.toUpperCase() });
  const mail = await waitFor('the reset e-mail', async () => (await mailsTo(reg.email))[0]);
  const token = LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return { reg, registered, mail, token };
}

describe('password reset', () => {
  it('sends the Italian e-mail with a one-hour link, and stores only the hash of the token', async () => {
    const { reg, mail, token } = await requestReset();
    expect(mail.subject).toBe(messages.mail.resetSubject);
    expect(mail.text).toContain(`Ciao ${reg.firstName},`);
    expect(mail.text).toContain('valido per 1 ora');
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    const { rows } = await id.pool.query('SELECT token_hash, used, expires_at FROM password_reset_tokens WHERE token_hash = $1', [sha256(token)]);
    expect(rows).toHaveLength(1);
    expect(rows[0].used).toBe(false);
    const ttl = rows[0].expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const email = `nessuno.${randomUUID()}@example.it`;
    const tokens = await count(id.pool, 'password_reset_tokens');
    await expect(id.api.requestPasswordReset({ email })).resolves.toEqual({});
    expect(await count(id.pool, 'password_reset_tokens')).toBe(tokens);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('validates the address', async () => {
    expect(await failure(id.api.requestPasswordReset({ email: 'nope' }))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: messages.validation.resetEmailInvalid,
    });
  });

  it('verifies the link, sets the new password, spends the token and ends every old session', async () => {
    const { reg, registered, token } = await requestReset();
    const second = await id.api.login({ email: reg.email, password: reg.password });
    await expect(id.api.verifyResetToken({ token })).resolves.toEqual({});

    await id.api.resetPassword({ token, password: 'NuovaPass9' });

    for (const sessionToken of [registered.sessionToken, second.sessionToken]) {
      expect(await failure(id.api.resolveSession({ sessionToken }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    }
    expect(await failure(id.api.login({ email: reg.email, password: reg.password }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    const again = await id.api.login({ email: reg.email, password: 'NuovaPass9' });
    expect(again.user!.id).toBe(registered.user!.id);

    // Single use.
    expect(await failure(id.api.verifyResetToken({ token }))).toEqual(invalidLink);
    expect(await failure(id.api.resetPassword({ token, password: 'AltraPass7' }))).toEqual(invalidLink);
    await expect(id.api.login({ email: reg.email, password: 'NuovaPass9' })).resolves.toBeDefined();
  });

  it('refuses a weak new password with the policy message and changes nothing', async () => {
    const { reg, registered, token } = await requestReset();
    for (const [password, message] of [
      ['Ab1', messages.validation.passwordMin],
      ['nuovapass9', messages.validation.passwordUppercase],
      ['NuovaPass', messages.validation.passwordDigit],
    ]) {
      expect(await failure(id.api.resetPassword({ token, password }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: message });
    }
    await expect(id.api.verifyResetToken({ token })).resolves.toEqual({});
    await expect(id.api.resolveSession({ sessionToken: registered.sessionToken })).resolves.toBeDefined();
    await expect(id.api.login({ email: reg.email, password: reg.password })).resolves.toBeDefined();
  });

  it('refuses an expired link', async () => {
    const { reg, registered, token } = await requestReset();
    await id.pool.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    expect(await failure(id.api.verifyResetToken({ token }))).toEqual(invalidLink);
    expect(await failure(id.api.resetPassword({ token, password: 'NuovaPass9' }))).toEqual(invalidLink);
    await expect(id.api.resolveSession({ sessionToken: registered.sessionToken })).resolves.toBeDefined();
    await expect(id.api.login({ email: reg.email, password: reg.password })).resolves.toBeDefined();
  });

  it('refuses unknown and malformed links', async () => {
    for (const token of ['', 'abc', 'C'.repeat(43)]) {
      expect(await failure(id.api.verifyResetToken({ token }))).toEqual(invalidLink);
      expect(await failure(id.api.resetPassword({ token, password: 'NuovaPass9' }))).toEqual(invalidLink);
    }
  });

  it('a used link also spends the older links of the same user', async () => {
    const { reg, token: first } = await requestReset();
    await id.api.requestPasswordReset({ email: reg.email });
    const second = await waitFor('the second e-mail', async () => {
      const mails = await mailsTo(reg.email);
      return mails.length >= 2 ? LINK.exec(mails[0].text)?.[1] : undefined;
    });
    expect(second).not.toBe(first);
    await id.api.resetPassword({ token: second, password: 'NuovaPass9' });
    expect(await failure(id.api.verifyResetToken({ token: first }))).toEqual(invalidLink);
  });
});
