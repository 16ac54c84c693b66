import {
  avatarSchema,
  base64Head,
  changePasswordFormSchema,
  dataUrlImageFormat,
  imageFormatOf,
  registerRequestSchema,
  registerFormSchema,
  passwordRules,
  profileSchema,
  messages,
  IMAGE_SIGNATURE_BYTES,
} from './index';

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

describe('change password form', () => {
  const form = { currentPassword: 'Vecchia1', newPassword: 'Nuova2pass', confirmPassword: 'Nuova2pass' };
  const messagesOf = (values: object) => {
    const r = changePasswordFormSchema.safeParse({ ...form, ...values });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('accepts a new password that follows the registration rules', () => {
    expect(messagesOf({})).toEqual([]);
  });
  it('checks the new password like registration does: length, uppercase, digit', () => {
    expect(messagesOf({ newPassword: 'Ab1', confirmPassword: 'Ab1' })).toContain(`newPassword: ${messages.validation.passwordMin}`);
    expect(messagesOf({ newPassword: 'nuova2pass', confirmPassword: 'nuova2pass' })).toEqual([`newPassword: ${messages.validation.passwordUppercase}`]);
    expect(messagesOf({ newPassword: 'Nuovapass', confirmPassword: 'Nuovapass' })).toEqual([`newPassword: ${messages.validation.passwordDigit}`]);
  });
  it('requires the current password and a matching confirmation', () => {
    expect(messagesOf({ currentPassword: '' })).toEqual([`currentPassword: ${messages.validation.currentPasswordRequired}`]);
    expect(messagesOf({ confirmPassword: '' })).toContain(`confirmPassword: ${messages.validation.confirmNewPassword}`);
    expect(messagesOf({ confirmPassword: 'Nuova2pasS' })).toEqual([`confirmPassword: ${messages.validation.passwordsMismatch}`]);
  });
});

/** Bytes from a mix of numbers and ASCII text. */
const bytes = (...parts: (ArrayLike<number> | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : Array.from(p))));
const toBase64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

/** The leading bytes of one real file of each format (what an image editor writes). */
const heads = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 0x0d], 'IHDR'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]),
  gif87: bytes('GIF87a', [1, 0, 1, 0]),
  gif89: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', le32(1234), 'WEBPVP8 '),
  bmp: bytes('BM', le32(70), le32(0), le32(54), le32(40), le32(1), le32(1)),
  avif: bytes([0, 0, 0, 0x1c], 'ftyp', 'avif', [0, 0, 0, 0], 'avif', 'mif1', 'miaf'),
  avifCompatible: bytes([0, 0, 0, 0x20], 'ftyp', 'mif1', [0, 0, 0, 0], 'mif1', 'miaf', 'MA1B', 'avif'),
};

describe('imageFormatOf (the bytes, not the name)', () => {
  it.each([
    ['png', heads.png],
    ['jpeg', heads.jpeg],
    ['gif', heads.gif87],
    ['gif', heads.gif89],
    ['webp', heads.webp],
    ['bmp', heads.bmp],
    ['avif', heads.avif],
    ['avif', heads.avifCompatible],
  ])('recognises %s', (format, head) => {
    expect(imageFormatOf(head)).toBe(format);
  });

  it.each([
    ['text', bytes('Questo non è un\'immagine, anche se il file si chiama foto.png')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', bytes('<!doctype html><h1>ciao</h1>')],
    ['PDF', bytes('%PDF-1.7\n')],
    ['text starting with BM', bytes('BMW e Mercedes: listino prezzi 2026')],
    ['RIFF audio', bytes('RIFF', le32(1234), 'WAVEfmt ')],
    ['MP4 video', bytes([0, 0, 0, 0x18], 'ftyp', 'mp42', [0, 0, 0, 0], 'isommp42')],
    ['a truncated PNG signature', heads.png.slice(0, 4)],
    ['nothing', bytes()],
  ])('refuses %s', (_what, head) => {
    expect(imageFormatOf(head)).toBeNull();
  });
});

describe('base64Head', () => {
  it('decodes only the leading bytes', () => {
    const payload = toBase64(bytes(heads.png, new Array(5000).fill(7)));
    expect([...base64Head(payload, 8)]).toEqual([...heads.png.slice(0, 8)]);
    expect(base64Head(payload, IMAGE_SIGNATURE_BYTES)).toHaveLength(IMAGE_SIGNATURE_BYTES);
  });
  it('is empty for what is not base64', () => {
    expect(base64Head('%%%', 8)).toHaveLength(0);
  });
  it('gives what there is when the payload is shorter', () => {
    expect([...base64Head('iVBORw0KGgo=', 64)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});

describe('avatar bytes', () => {
  const dataUrl = (type: string, head: Uint8Array) => `data:${type};base64,${toBase64(bytes(head, new Array(100).fill(0)))}`;

  it('accepts each format by its bytes, whatever type the data URL declares', () => {
    for (const [name, head] of Object.entries(heads)) {
      expect({ name, ok: avatarSchema.safeParse({ avatar: dataUrl('image/png', head) }).success }).toEqual({ name, ok: true });
    }
    expect(dataUrlImageFormat(dataUrl('image/png', heads.jpeg))).toBe('jpeg');
  });

  it("refuses a text file named .png with 'Puoi caricare solo file immagine.'", () => {
    const text = `data:image/png;base64,${toBase64(bytes('Non sono una foto.\n'.repeat(20)))}`;
    const r = avatarSchema.safeParse({ avatar: text });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([messages.validation.avatarNotImage]);
    expect(messages.validation.avatarNotImage).toBe('Puoi caricare solo file immagine.');
  });
});
