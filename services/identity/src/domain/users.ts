import {
  avatarSchema,
  changePasswordRequestSchema,
  emailSchema,
  profileSchema,
  registerRequestSchema,
  type ProfileInput,
  type RegisterRequest,
} from '@smista/contracts';
import { identityErrors } from './errors';

/** A user as the rest of the platform sees it (never the password hash). */
export interface UserView {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar?: string;
  /** ISO-8601 */
  createdAt: string;
  /** False for a user created by single sign-on who has not set a Smista password. */
  hasPassword: boolean;
}

/** A user row as the store reads it. */
export interface UserRecord {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  createdAt: Date;
  /** False for a user created by single sign-on who has not set a Smista password. */
  hasPassword: boolean;
}

export function toUserView(user: UserRecord): UserView {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.avatar ?? undefined,
    createdAt: user.createdAt.toISOString(),
    hasPassword: user.hasPassword,
  };
}

/** E-mail addresses are compared and stored lowercased (unique case-insensitively). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Parses an e-mail with the shared rules and normalizes it; ZodError on a bad address. */
export function parseEmail(email: string): string {
  return normalizeEmail(emailSchema.parse(email));
}

export type Registration = Omit<RegisterRequest, 'createNewMerchant'>;

/**
 * Registration rules of spec §5 (required fields, password policy, trimmed invite token), with
 * the e-mail normalized. Throws a ZodError carrying the first rule's Italian message.
 */
export function parseRegistration(input: unknown): Registration {
  const { createNewMerchant: _ignored, ...r } = registerRequestSchema.parse(input);
  return { ...r, email: normalizeEmail(r.email) };
}

/** Profile rules of spec §5, with the e-mail normalized. */
export function parseProfile(input: unknown): ProfileInput {
  const p = profileSchema.parse(input);
  return { ...p, email: normalizeEmail(p.email) };
}

/** Which identity field a uniqueness clash is about; e-mail wins when both clash. */
export type TakenField = 'email' | 'username';

export function firstTakenField(clash: { emailTaken: boolean; usernameTaken: boolean }): TakenField | undefined {
  if (clash.emailTaken) return 'email';
  if (clash.usernameTaken) return 'username';
  return undefined;
}

/** The error for a clash on a field. */
export function takenError(field: TakenField) {
  return field === 'email' ? identityErrors.emailTaken() : identityErrors.usernameTaken();
}

/** Avatar rules: an image data URL only (png, jpeg, gif, webp, svg, bmp, avif), at most 1 MB decoded. */
export function parseAvatar(input: unknown): string {
  return avatarSchema.parse(input).avatar;
}

/** Password-change rules: current password present, new one meeting the policy. */
export function parsePasswordChange(input: unknown): { currentPassword: string; newPassword: string } {
  return changePasswordRequestSchema.parse(input);
}
