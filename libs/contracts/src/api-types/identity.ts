/**
 * Users, merchants, the team and its invites, and the answers of the auth and profile routes. JSON
 * of `/api` (see `index.ts`); types only.
 */
import type { Role } from '../schemas';
import type { SuccessJson } from './common';

/** The user as the browser sees it (`GET /api/user`, login, register; spec §3 users, without the password). */
export interface UserJson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** A data URL of the image, or null. */
  avatar: string | null;
  createdAt: string;
  /** False for a user created by single sign-on who has not set a Smista password ('Accesso tramite SSO'). */
  hasPassword: boolean;
  /** This session was opened with 'Accedi con SSO' (`GET /api/user`, login, register, SSO sign-in; not in a change's answer). */
  signedInWithSso?: boolean;
}

/** `POST /api/sso/session`: the user signed in, and the invite page the sign-in was started from, if any. */
export interface SsoSignedInJson extends UserJson {
  /** `/accept-invite?…` or `/accept-existing-invite?…`, as `POST /api/sso/nonce` was given it. */
  returnTo?: string;
}

/** An item of `GET /api/merchants` (spec §7: `{id, name, role}`): the caller's role in that merchant. */
export interface MerchantJson {
  id: string;
  name: string;
  role: Role;
  /** Its members work in it only from a session opened with 'Accedi con SSO'. */
  ssoRequired: boolean;
}

/** `PUT /api/merchants/{merchantId}/sso-required`. */
export interface SsoRequirementJson extends SuccessJson {
  merchantId: string;
  ssoRequired: boolean;
}

/** `POST /api/merchants` (201): the new merchant, the creator as admin. */
export interface CreatedMerchantJson extends MerchantJson {
  createdAt: string;
}

/** A team member (`GET /api/merchants/{merchantId}/users`): `id` is the user's id. */
export interface MemberJson {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
  joinedAt: string;
}

/** `PATCH /api/merchants/{merchantId}/users/{userId}`: the member's new role. */
export interface MemberRoleJson {
  /** The user's id. */
  id: string;
  merchantId: string;
  role: Role;
}

/** A pending invite (`GET /api/merchants/{merchantId}/invites`); the token is never answered. */
export interface InviteJson {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  inviterEmail: string | null;
}

/** `POST /api/merchants/{merchantId}/invites` (201): the invite just sent. */
export type CreatedInviteJson = Pick<InviteJson, 'id' | 'email' | 'role' | 'createdAt' | 'expiresAt'>;

/** What an invite link offers (`GET /api/invites/{token}`, public). */
export interface InviteDetailsJson {
  email: string;
  role: Role;
  merchant: { id: string; name: string };
  inviterEmail: string;
  inviterName: string | null;
  expiresAt: string;
}

/** `PUT /api/user/profile` and `PUT /api/user/avatar`: the user as it is now. */
export interface UserUpdatedJson extends SuccessJson {
  user: UserJson;
}

/** `PUT /api/user/password`: the user and 'Password aggiornata' (the user's other sessions are ended). */
export interface PasswordChangedJson extends UserUpdatedJson {
  message: string;
}

/** `POST /api/merchants/set-current`, `/select` and `POST /api/invites/{token}/accept`: the merchant entered. */
export interface MerchantSelectedJson extends SuccessJson {
  merchant: Omit<MerchantJson, 'ssoRequired'>;
}

/** `POST /api/logout`. */
export interface LoggedOutJson extends SuccessJson {
  message: string;
}

/** `POST /api/check-email`. */
export interface CheckEmailJson {
  exists: boolean;
}

/** `GET /api/verify-reset-token/{token}` when the link is valid. */
export interface ResetTokenValidJson {
  valid: true;
}
