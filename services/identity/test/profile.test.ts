import { GrpcStatus } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { failure, newRegistration, startTestIdentity, type TestIdentity } from './support/harness';

const v = messages.validation;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let id: TestIdentity;

beforeAll(async () => {
  id = await startTestIdentity();
}, 60_000);

afterAll(async () => {
  await id?.stop();
}, 30_000);

async function registered() {
  const reg = newRegistration();
  const res = await id.api.register(reg);
  return { reg, user: res.user!, sessionToken: res.sessionToken, api: await id.as(res.user!.id) };
}

describe('UpdateProfile', () => {
  it('updates the caller, lowercasing the e-mail', async () => {
    const { user, api, sessionToken } = await registered();
    const email = `Nuova.${user.username}@Example.IT`;
    const updated = await api.updateProfile({ firstName: ' Anna ', lastName: 'Verdi', email, username: `${user.username}x` });
    expect(updated).toEqual({ ...user, firstName: 'Anna', lastName: 'Verdi', email: email.toLowerCase(), username: `${user.username}x` });
    expect((await id.api.resolveSession({ sessionToken })).user).toEqual(updated);
  });

  it('keeps the caller\'s own username and e-mail (in another case) without a clash', async () => {
    const { user, api } = await registered();
    const updated = await api.updateProfile({ firstName: 'A', lastName: 'B', email: user.email.toUpperCase(), username: user.username.toUpperCase() });
    expect(updated.username).toBe(user.username.toUpperCase());
  });

  it('refuses a username or e-mail taken by someone else with ALREADY_EXISTS', async () => {
    const other = await registered();
    const { user, api } = await registered();
    const base = { firstName: 'A', lastName: 'B', email: user.email, username: user.username };
    expect(await failure(api.updateProfile({ ...base, username: other.user.username.toUpperCase() }))).toEqual({
      code: GrpcStatus.ALREADY_EXISTS,
      details: messages.errors.usernameTaken,
    });
    expect(await failure(api.updateProfile({ ...base, email: other.user.email }))).toEqual({
      code: GrpcStatus.ALREADY_EXISTS,
      details: messages.errors.emailTaken,
    });
    const { rows } = await id.pool.query('SELECT username, email FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ username: user.username, email: user.email });
  });

  it.each([
    [{ firstName: '' }, v.firstNameRequired],
    [{ lastName: '  ' }, v.lastNameRequired],
    [{ email: 'x@' }, v.emailInvalid],
    [{ username: 'ab' }, v.usernameMin],
  ])('validates %p', async (patch, message) => {
    const { user, api } = await registered();
    const base = { firstName: 'A', lastName: 'B', email: user.email, username: user.username };
    expect(await failure(api.updateProfile({ ...base, ...patch }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: message });
  });

  it('needs a caller token', async () => {
    expect(await failure(id.api.updateProfile({ firstName: 'A', lastName: 'B', email: 'a@b.it', username: 'abc' }))).toEqual({
      code: GrpcStatus.UNAUTHENTICATED,
      details: messages.errors.notAuthenticated,
    });
  });
});

describe('ChangePassword', () => {
  it('refuses a wrong current password and keeps the old one', async () => {
    const { reg, api } = await registered();
    expect(await failure(api.changePassword({ currentPassword: 'Sbagliata1', newPassword: 'NuovaPass9' }))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: 'La password attuale non è corretta',
    });
    await expect(id.api.login({ email: reg.email, password: reg.password })).resolves.toBeDefined();
  });

  it('applies the policy to the new password', async () => {
    const { reg, api } = await registered();
    expect(await failure(api.changePassword({ currentPassword: reg.password, newPassword: 'nuovapass9' }))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: v.passwordUppercase,
    });
    expect(await failure(api.changePassword({ currentPassword: '', newPassword: 'NuovaPass9' }))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: v.currentPasswordRequired,
    });
  });

  it('changes the password, keeps the session it was made from and ends every other one', async () => {
    const { reg, user, api, sessionToken } = await registered();
    const phone = await id.api.login({ email: reg.email, password: reg.password });
    const tablet = await id.api.login({ email: reg.email, password: reg.password });
    expect(await api.changePassword({ currentPassword: reg.password, newPassword: 'NuovaPass9', keepSessionToken: sessionToken })).toEqual(user);
    expect(await failure(id.api.login({ email: reg.email, password: reg.password }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    await expect(id.api.resolveSession({ sessionToken })).resolves.toBeDefined();
    for (const other of [phone, tablet]) {
      expect(await failure(id.api.resolveSession({ sessionToken: other.sessionToken }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    }
    await expect(id.api.login({ email: reg.email, password: 'NuovaPass9' })).resolves.toBeDefined();
  });

  it('leaves every session as it was when the current password is wrong', async () => {
    const { reg, api, sessionToken } = await registered();
    const phone = await id.api.login({ email: reg.email, password: reg.password });
    await failure(api.changePassword({ currentPassword: 'Sbagliata1', newPassword: 'NuovaPass9', keepSessionToken: sessionToken }));
    await expect(id.api.resolveSession({ sessionToken: phone.sessionToken })).resolves.toBeDefined();
  });
});

describe('UpdateAvatar', () => {
  it('stores an image data URL, answered by the profile calls but kept off the session hot path', async () => {
    const { user, api, sessionToken } = await registered();
    expect(await api.updateAvatar({ avatar: PNG })).toEqual({ ...user, avatar: PNG });
    expect((await api.getUsers({ ids: [user.id] })).users[0].avatar).toBe(PNG);
    expect((await id.api.resolveSession({ sessionToken })).user!.avatar).toBeUndefined();
  });

  it('refuses anything that is not an image', async () => {
    const { user, api } = await registered();
    // The last one says image/png but its bytes are text (a .png file that holds text).
    const textAsPng = `data:image/png;base64,${Buffer.from('Questo non è un PNG, è solo testo.').toString('base64')}`;
    for (const avatar of ['data:text/html;base64,PGgxPkNpYW88L2gxPg==', 'https://example.com/me.png', '', textAsPng]) {
      expect(await failure(api.updateAvatar({ avatar }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: v.avatarNotImage });
    }
    const { rows } = await id.pool.query('SELECT avatar FROM users WHERE id = $1', [user.id]);
    expect(rows[0].avatar).toBeNull();
  });

  it('refuses an image over 1 MB', async () => {
    const { api } = await registered();
    const big = `data:image/jpeg;base64,${Buffer.alloc(1024 * 1024 + 3, 7).toString('base64')}`;
    expect(await failure(api.updateAvatar({ avatar: big }))).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: v.avatarTooLarge });
  });

  it('accepts an image of exactly 1 MB', async () => {
    const { api } = await registered();
    const jpeg = Buffer.alloc(1024 * 1024, 7);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0]); // a JPEG's leading bytes: the bytes decide, not the declared type
    const max = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    expect((await api.updateAvatar({ avatar: max })).avatar).toBe(max);
  });
});
