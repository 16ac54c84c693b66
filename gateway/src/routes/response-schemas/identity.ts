import { z } from 'zod';
import {
  roles,
  type CreatedInviteJson,
  type CreatedMerchantJson,
  type InviteDetailsJson,
  type InviteJson,
  type LoggedOutJson,
  type MemberJson,
  type MemberRoleJson,
  type MerchantJson,
  type MerchantLogoJson,
  type MerchantSelectedJson,
  type PasswordChangedJson,
  type ResetTokenValidJson,
  type SsoRequirementJson,
  type SsoSignedInJson,
  type UserJson,
  type UserUpdatedJson,
} from '@smista/contracts';

/**
 * Users, sessions, merchants, the team and its invites (contracts `api-types/identity.ts`), and
 * the merchant's logo (contracts `merchant-logo.ts`, no api-types file of its own).
 */

const role = z.enum(roles);

/** The user as a change answers it (`presenters.ts` `userJson`): how the session was opened is not said. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable().describe('A data URL of the image, or null'),
  createdAt: z.string(),
  hasPassword: z.boolean().describe("False for a user created by single sign-on who has not set a Smista password ('Accesso tramite SSO')"),
}) satisfies z.ZodType<UserJson>;

/** `GET /api/user`, login, register: the user and how this session was opened. */
export const signedInUserResponse = userSchema.extend({
  signedInWithSso: z.boolean().describe("This session was opened with 'Accedi con SSO'"),
}) satisfies z.ZodType<UserJson>;

/** `POST /api/sso/session`: the user, and the invite page the sign-in was started from, if any. */
export const ssoSignedInResponse = signedInUserResponse.extend({
  returnTo: z.string().optional().describe('The invite page to go back to, when the sign-in started from one'),
}) satisfies z.ZodType<SsoSignedInJson>;

/** `PUT /api/user/profile`, `PUT /api/user/avatar`. */
export const userUpdatedResponse = z.object({ success: z.literal(true), user: userSchema }) satisfies z.ZodType<UserUpdatedJson>;

/** `PUT` and `POST /api/user/password`: the user and the Italian text to show. */
export const passwordChangedResponse = z.object({ success: z.literal(true), user: userSchema, message: z.string() }) satisfies z.ZodType<PasswordChangedJson>;

/** `POST /api/logout`. */
export const loggedOutResponse = z.object({ success: z.literal(true), message: z.string() }) satisfies z.ZodType<LoggedOutJson>;

/** `GET /api/verify-reset-token/{token}` when the link is valid. */
export const resetTokenValidResponse = z.object({ valid: z.literal(true) }) satisfies z.ZodType<ResetTokenValidJson>;

/** `POST /api/sso/backchannel-logout`: nothing to say (Keycloak reads the status only). */
export const backchannelLogoutResponse = z.object({});

/** An item of `GET /api/merchants`: the caller's role in that merchant. */
export const merchantSchema = z.object({
  id: z.string(),
  name: z.string(),
  role,
  ssoRequired: z.boolean().describe("Its members work in it only from a session opened with 'Accedi con SSO'"),
}) satisfies z.ZodType<MerchantJson>;

export const merchantsResponse = z.array(merchantSchema);

/** `POST /api/merchants` (201). */
export const createdMerchantResponse = merchantSchema.extend({ createdAt: z.string() }) satisfies z.ZodType<CreatedMerchantJson>;

/** `POST /api/merchants/set-current`, `/select`, `POST /api/invites/{token}/accept`: the merchant entered. */
export const merchantSelectedResponse = z.object({
  success: z.literal(true),
  merchant: z.object({ id: z.string(), name: z.string(), role }),
}) satisfies z.ZodType<MerchantSelectedJson>;

/** `PUT /api/merchants/{merchantId}/sso-required`. */
export const ssoRequirementResponse = z.object({ success: z.literal(true), merchantId: z.string(), ssoRequired: z.boolean() }) satisfies z.ZodType<SsoRequirementJson>;

/** A team member: `id` is the user's id. */
export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  role,
  joinedAt: z.string(),
}) satisfies z.ZodType<MemberJson>;

export const membersResponse = z.array(memberSchema);

/** `PATCH /api/merchants/{merchantId}/users/{userId}`: the member's new role (`id`: the user's). */
export const memberRoleResponse = z.object({ id: z.string(), merchantId: z.string(), role }) satisfies z.ZodType<MemberRoleJson>;

/** A pending invite; the token is never answered. */
export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role,
  createdAt: z.string(),
  expiresAt: z.string(),
  inviterEmail: z.string().nullable(),
}) satisfies z.ZodType<InviteJson>;

export const invitesResponse = z.array(inviteSchema);

/** `POST /api/merchants/{merchantId}/invites` (201). */
export const createdInviteResponse = inviteSchema.omit({ inviterEmail: true }) satisfies z.ZodType<CreatedInviteJson>;

/** `GET /api/invites/{token}` (public): what the invite link offers. */
export const inviteDetailsResponse = z.object({
  email: z.string(),
  role,
  merchant: z.object({ id: z.string(), name: z.string() }),
  inviterEmail: z.string(),
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
}) satisfies z.ZodType<InviteDetailsJson>;

/** `GET`/`PUT /api/merchants/current/logo`: the logo as a data URL, or null (width and height 0). */
export const merchantLogoResponse = z.object({
  logo: z.string().nullable().describe('A PNG or JPEG data URL, or null when the merchant has none'),
  width: z.number(),
  height: z.number(),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<MerchantLogoJson>;
