import { z } from 'zod';
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

const nameField = (message: string) => z.string().trim().min(1, message).max(limits.nameMax, v.fieldTooLong);
const usernameField = z
  .string()
  .trim()
  .min(1, v.usernameRequired)
  .min(limits.usernameMin, v.usernameMin)
  .max(limits.usernameMax, v.fieldTooLong);

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

/** The registration form: the request plus confirmation and terms. */
export const registerFormSchema = registerRequestSchema
  .extend({
    confirmPassword: z.string(),
    terms: z.boolean().refine((t) => t === true, v.termsRequired),
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
  username: z.string().trim().min(limits.usernameMin, v.usernameMin).max(limits.usernameMax, v.fieldTooLong),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** What the server accepts on PUT /api/user/password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, v.currentPasswordRequired).max(limits.passwordMax, v.fieldTooLong),
  newPassword: newPasswordSchema,
});

/** The 'Cambia password' dialog (spec §5: only the minimum length is checked in the form). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, v.currentPasswordRequired),
    newPassword: z.string().min(limits.passwordMin, v.passwordMin),
    confirmPassword: z.string().min(1, v.confirmNewPassword),
  })
  .refine((f) => f.newPassword === f.confirmPassword, { message: v.passwordsMismatch, path: ['confirmPassword'] });

const avatarPattern = /^data:image\/(png|jpe?g|gif|webp|bmp|avif);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Decoded byte length of a base64 payload, without decoding it. */
export function base64ByteLength(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

export const avatarSchema = z.object({
  avatar: z
    .string()
    .max(Math.ceil((limits.avatarMaxBytes * 4) / 3) + 64, v.avatarTooLarge)
    .regex(avatarPattern, v.avatarNotImage)
    .refine((s) => base64ByteLength(s.slice(s.indexOf(',') + 1)) <= limits.avatarMaxBytes, v.avatarTooLarge),
});

export const merchantNameSchema = z.object({
  name: z.string().trim().min(1, v.merchantNameRequired).max(limits.merchantNameMax, v.merchantNameTooLong),
});

export const selectMerchantSchema = z.object({
  merchantId: z.string().trim().pipe(z.uuid(v.merchantIdInvalid)),
});

export type Role = 'admin' | 'user';
export const roleLabel = (role: string): string => (role === 'admin' ? m.roles.admin : m.roles.user);
