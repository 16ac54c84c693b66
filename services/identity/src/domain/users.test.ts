import { ZodError } from 'zod';
import { messages } from '@smista/contracts';
import { firstTakenField, parseAvatar, parseProfile, parseRegistration, toUserView } from './users';

const valid = { firstName: 'Anna', lastName: 'Rossi', email: ' Anna.Rossi@Example.IT ', username: 'AnnaR', password: 'Segreta1' };

function firstMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ZodError) return err.issues[0].message;
    throw err;
  }
  throw new Error('no error');
}

describe('registration', () => {
  it('lowercases the e-mail, keeps the username spelling and trims the invite token', () => {
    const r = parseRegistration({ ...valid, inviteToken: '  tok  ' });
    expect(r).toEqual({ firstName: 'Anna', lastName: 'Rossi', email: 'anna.rossi@example.it', username: 'AnnaR', password: 'Segreta1', inviteToken: 'tok' });
  });

  it('drops a blank invite token', () => {
    expect(parseRegistration({ ...valid, inviteToken: '   ' }).inviteToken).toBeUndefined();
  });

  it.each([
    [{ firstName: '' }, messages.validation.firstNameRequired],
    [{ lastName: ' ' }, messages.validation.lastNameRequired],
    [{ email: 'not-an-email' }, messages.validation.emailInvalid],
    [{ username: 'ab' }, messages.validation.usernameMin],
    [{ password: 'Ab1' }, messages.validation.passwordMin],
    [{ password: 'abcdef1' }, messages.validation.passwordUppercase],
    [{ password: 'Abcdefg' }, messages.validation.passwordDigit],
  ])('refuses %p', (patch, message) => {
    expect(firstMessage(() => parseRegistration({ ...valid, ...patch }))).toBe(message);
  });
});

describe('profile', () => {
  it('normalizes the e-mail', () => {
    expect(parseProfile(valid).email).toBe('anna.rossi@example.it');
  });
  it('needs a 3-character username', () => {
    expect(firstMessage(() => parseProfile({ ...valid, username: 'ab' }))).toBe(messages.validation.usernameMin);
  });
});

describe('avatar', () => {
  it('accepts an image data URL', () => {
    expect(parseAvatar({ avatar: 'data:image/png;base64,iVBORw0KGgo=' })).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
  it('refuses anything that is not an image', () => {
    expect(firstMessage(() => parseAvatar({ avatar: 'data:text/html;base64,PGgxPg==' }))).toBe(messages.validation.avatarNotImage);
    expect(firstMessage(() => parseAvatar({ avatar: 'https://example.com/me.png' }))).toBe(messages.validation.avatarNotImage);
  });
  it('refuses an image over 1 MB decoded', () => {
    const big = 'data:image/jpeg;base64,' + 'A'.repeat(Math.ceil((1024 * 1024 * 4) / 3) + 8);
    expect(firstMessage(() => parseAvatar({ avatar: big }))).toBe(messages.validation.avatarTooLarge);
  });
});

describe('uniqueness clash and view', () => {
  it('reports the e-mail first when both clash', () => {
    expect(firstTakenField({ emailTaken: true, usernameTaken: true })).toBe('email');
    expect(firstTakenField({ emailTaken: false, usernameTaken: true })).toBe('username');
    expect(firstTakenField({ emailTaken: false, usernameTaken: false })).toBeUndefined();
  });

  it('maps a record to the view with an ISO date and no null avatar', () => {
    const view = toUserView({ id: 'u1', username: 'a', firstName: 'A', lastName: 'B', email: 'a@b.it', avatar: null, createdAt: new Date('2026-01-02T03:04:05Z'), hasPassword: false });
    expect(view).toEqual({ id: 'u1', username: 'a', firstName: 'A', lastName: 'B', email: 'a@b.it', avatar: undefined, createdAt: '2026-01-02T03:04:05.000Z', hasPassword: false });
  });
});
