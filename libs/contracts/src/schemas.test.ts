import { avatarSchema, registerRequestSchema, registerFormSchema, passwordRules, profileSchema, messages } from './index';

const valid = { firstName: 'Anna', lastName: 'Rossi', email: 'anna@example.it', username: 'anna', password: 'Segreta1' };

describe('registration rules', () => {
  it('accepts a valid registration and trims the invite token', () => {
    const r = registerRequestSchema.parse({ ...valid, inviteToken: '  abc  ' });
    expect(r.inviteToken).toBe('abc');
  });
  it.each([
    ['Ab1', messages.validation.passwordMin],
    ['segreta1', messages.validation.passwordUppercase],
    ['Segretaa', messages.validation.passwordDigit],
  ])('refuses password %s with its own message', (password, message) => {
    const r = registerRequestSchema.safeParse({ ...valid, password });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(message);
  });
  it('puts the mismatch on confirmPassword and requires the terms', () => {
    const r = registerFormSchema.safeParse({ ...valid, confirmPassword: 'Altro123', terms: false });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath.terms).toBe(messages.validation.termsRequired);
    expect(byPath.confirmPassword).toBe(messages.validation.passwordsMismatch);
  });
  it('live checklist follows the three rules', () => {
    expect(passwordRules.map((r) => r.test('Abcdef1'))).toEqual([true, true, true]);
    expect(passwordRules.map((r) => r.test('abc'))).toEqual([false, false, false]);
  });
});

describe('profile and avatar', () => {
  it('requires a 3-character username', () => {
    const r = profileSchema.safeParse({ ...valid, username: 'ab' });
    expect(r.error!.issues[0].message).toBe(messages.validation.usernameMin);
  });
  it('accepts an image data URL and refuses anything else', () => {
    expect(avatarSchema.safeParse({ avatar: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
    const r = avatarSchema.safeParse({ avatar: 'data:text/html;base64,PGgxPg==' });
    expect(r.error!.issues[0].message).toBe(messages.validation.avatarNotImage);
  });
  it('refuses an image over 1 MB', () => {
    const big = 'data:image/png;base64,' + 'A'.repeat(1_500_000);
    const r = avatarSchema.safeParse({ avatar: big });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe(messages.validation.avatarTooLarge);
  });
});
