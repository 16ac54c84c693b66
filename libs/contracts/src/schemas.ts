import { z } from 'zod';
import { visibleText } from './text';
import { messages as m } from './messages';

const v = m.validation;

/** Limits shared by the forms, the gateway and the services (spec §9 plus our own caps). */
export const limits = {
  passwordMin: 6,
  passwordMax: 200,
  usernameMin: 3,
  usernameMax: 50,
  nameMax: 100,
  emailMax: 254,
  merchantNameMax: 120,
  /** Decoded avatar image size cap. */
  avatarMaxBytes: 1024 * 1024,
} as const;

export const emailSchema = z.string().trim().max(limits.emailMax, v.fieldTooLong).pipe(z.email(v.emailInvalid));

/** One rule of the live password checklist (spec §2, §5). */
export interface PasswordRule {
  id: 'length' | 'uppercase' | 'digit';
  label: string;
  test: (password: string) => boolean;
}

export const passwordRules: PasswordRule[] = [
  { id: 'length', label: 'Almeno 6 caratteri', test: (p) => p.length >= limits.passwordMin },
  { id: 'uppercase', label: 'Una lettera maiuscola', test: (p) => /[A-Z]/.test(p) },
  { id: 'digit', label: 'Un numero', test: (p) => /[0-9]/.test(p) },
];

export const newPasswordSchema = z
  .string()
  .min(limits.passwordMin, v.passwordMin)
  .max(limits.passwordMax, v.fieldTooLong)
  .regex(/[A-Z]/, v.passwordUppercase)
  .regex(/[0-9]/, v.passwordDigit);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, v.passwordRequired).max(limits.passwordMax, v.fieldTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

const nameField = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(limits.nameMax, v.fieldTooLong)
    .refine(...visibleText);
const usernameField = z
  .string()
  .trim()
  .min(1, v.usernameRequired)
  .min(limits.usernameMin, v.usernameMin)
  .max(limits.usernameMax, v.fieldTooLong)
  .refine(...visibleText);

/** What the server accepts on POST /api/register (extra form fields are ignored). */
export const registerRequestSchema = z.object({
  firstName: nameField(v.firstNameRequired),
  lastName: nameField(v.lastNameRequired),
  email: emailSchema,
  username: usernameField,
  password: newPasswordSchema,
  inviteToken: z
    .string()
    .trim()
    .max(200, v.fieldTooLong)
    .optional()
    .transform((t) => (t ? t : undefined)),
  createNewMerchant: z.boolean().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The registration form: the request plus confirmation and terms. `POST /api/register` validates
 * the whole form too, so an account is never created without them (a missing confirmation reads as
 * a mismatch, missing terms as not accepted).
 */
export const registerFormSchema = registerRequestSchema
  .extend({
    confirmPassword: z.string({ error: v.passwordsMismatch }).max(limits.passwordMax, v.fieldTooLong),
    terms: z.boolean({ error: v.termsRequired }).refine((t) => t === true, v.termsRequired),
  })
  .refine((f) => f.password === f.confirmPassword, { message: v.passwordsMismatch, path: ['confirmPassword'] });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const checkEmailSchema = z.object({ email: emailSchema });

export const requestPasswordResetSchema = z.object({
  email: z.string().trim().max(limits.emailMax, v.fieldTooLong).pipe(z.email(v.resetEmailInvalid)),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().trim().min(1, v.tokenMissing).max(200, v.fieldTooLong),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((f) => f.password === f.confirmPassword, { message: v.passwordsMismatch, path: ['confirmPassword'] });

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((f) => f.password === f.confirmPassword, { message: v.passwordsMismatch, path: ['confirmPassword'] });

export const profileSchema = z.object({
  firstName: nameField(v.firstNameRequired),
  lastName: nameField(v.lastNameRequired),
  email: emailSchema,
  username: z
    .string()
    .trim()
    .min(limits.usernameMin, v.usernameMin)
    .max(limits.usernameMax, v.fieldTooLong)
    .refine(...visibleText),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** What the server accepts on PUT /api/user/password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, v.currentPasswordRequired).max(limits.passwordMax, v.fieldTooLong),
  newPassword: newPasswordSchema,
});

/** `POST /api/user/password`: the first password of a user created by single sign-on. */
export const setPasswordRequestSchema = z.object({ newPassword: newPasswordSchema });

/** The 'Imposta password' form of an SSO-only user: the rules of registration and a confirmation. */
export const setPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, v.confirmNewPassword),
  })
  .refine((f) => f.newPassword === f.confirmPassword, { message: v.passwordsMismatch, path: ['confirmPassword'] });

/**
 * The 'Cambia password' dialog: the same rules as registration for the new password (6 characters,
 * an uppercase letter, a digit: what the server enforces, shown live by the checklist), the
 * current one required, the confirmation required and equal.
 */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, v.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, v.confirmNewPassword),
  })
  .refine((f) => f.newPassword === f.confirmPassword, { message: v.passwordsMismatch, path: ['confirmPassword'] });

const avatarPattern = /^data:image\/(png|jpe?g|gif|webp|bmp|avif);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Decoded byte length of a base64 payload, without decoding it. */
export function base64ByteLength(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/** The raster formats an avatar may be (no SVG: it is text and can carry script). */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'avif';

/** The MIME type of each {@link ImageFormat}, for the data URL of an avatar. */
export const imageMimeTypes: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
};

/** How many leading bytes {@link imageFormatOf} needs to recognise every format. */
export const IMAGE_SIGNATURE_BYTES = 64;

const ascii = (bytes: ArrayLike<number>, from: number, to: number): string => {
  let text = '';
  for (let i = from; i < to && i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return text;
};
const startsWith = (bytes: ArrayLike<number>, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const uint32be = (bytes: ArrayLike<number>, at: number): number =>
  ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
const uint32le = (bytes: ArrayLike<number>, at: number): number =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

/** BITMAPCOREHEADER, OS/2 v2 (16 and 64), BITMAPINFOHEADER and its V2–V5 successors. */
const BMP_DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/**
 * The image format the leading bytes of a file show (their magic numbers), or null when they are
 * not one of the {@link ImageFormat}s. The name and the declared type of a file say nothing: a text
 * file named `foto.png` is null here. Pass at least {@link IMAGE_SIGNATURE_BYTES} bytes when the
 * file has them. Pure: works in the browser and in Node.
 *
 * @example
 * imageFormatOf(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer())); // 'png'
 */
export function imageFormatOf(bytes: ArrayLike<number>): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // "BM" alone is too weak (any text may start so): the reserved words are zero and the DIB header has a known size.
  if (head.startsWith('BM') && bytes.length >= 18 && uint32le(bytes, 6) === 0 && BMP_DIB_HEADER_SIZES.has(uint32le(bytes, 14))) return 'bmp';
  // ISO BMFF: the first box is `ftyp`; AVIF names avif (still) or avis (sequence) among its brands.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxEnd = Math.min(uint32be(bytes, 0), bytes.length);
    for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/**
 * The first `byteCount` bytes of a base64 payload, decoding only those (an avatar is up to 1 MB);
 * empty when the payload is not base64.
 */
export function base64Head(b64: string, byteCount: number): Uint8Array {
  try {
    const text = atob(b64.slice(0, Math.ceil(byteCount / 3) * 4));
    return Uint8Array.from(text.slice(0, byteCount), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array(0);
  }
}

/** The image format of a base64 data URL's payload (by its bytes), or null. */
export function dataUrlImageFormat(dataUrl: string): ImageFormat | null {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? null : imageFormatOf(base64Head(dataUrl.slice(comma + 1), IMAGE_SIGNATURE_BYTES));
}

/**
 * `PUT /api/user/avatar`: a base64 data URL of a PNG, JPEG, GIF, WebP, BMP or AVIF image of up to
 * 1 MB. The payload's own bytes must be such an image (a text file named `.png` is refused);
 * the declared type only has to be one of them.
 */
export const avatarSchema = z.object({
  avatar: z
    .string()
    .max(Math.ceil((limits.avatarMaxBytes * 4) / 3) + 64, v.avatarTooLarge)
    .regex(avatarPattern, v.avatarNotImage)
    .refine((s) => base64ByteLength(s.slice(s.indexOf(',') + 1)) <= limits.avatarMaxBytes, v.avatarTooLarge)
    .refine((s) => dataUrlImageFormat(s) !== null, v.avatarNotImage),
});

export const merchantNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, v.merchantNameRequired)
    .max(limits.merchantNameMax, v.merchantNameTooLong)
    .refine(...visibleText),
});

export const selectMerchantSchema = z.object({
  merchantId: z.string().trim().pipe(z.uuid(v.merchantIdInvalid)),
});

/** A member's role in a merchant: the one name every layer uses (the wire has `common.v1.Role`). */
export type Role = 'admin' | 'user';
export function isRole(value: unknown): value is Role {
  return value === 'admin' || value === 'user';
}
export const roleLabel = (role: string): string => (role === 'admin' ? m.roles.admin : m.roles.user);
