import { DomainError } from '@smista/service-kit';
import { addressMessages, merchantLogoMessages, messages, teamMessages } from '@smista/contracts';

/** Stable codes of the merchants domain; `grpc/error-status.ts` maps each to one gRPC status. */
export const MerchantsErrorCode = {
  InvalidMerchantName: 'INVALID_MERCHANT_NAME',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  Forbidden: 'FORBIDDEN',
  NoMerchantSelected: 'NO_MERCHANT_SELECTED',
  AdminOnly: 'ADMIN_ONLY',
  LastAdmin: 'LAST_ADMIN',
  MemberNotFound: 'MEMBER_NOT_FOUND',
  InvalidRole: 'INVALID_ROLE',
  InvalidInvite: 'INVALID_INVITE',
  AlreadyMember: 'ALREADY_MEMBER',
  InvitePending: 'INVITE_PENDING',
  InviteNotFound: 'INVITE_NOT_FOUND',
  InviteInvalid: 'INVITE_INVALID',
  InviteEmailMismatch: 'INVITE_EMAIL_MISMATCH',
  InvalidAddress: 'INVALID_ADDRESS',
  AddressNotFound: 'ADDRESS_NOT_FOUND',
  UserUnknown: 'USER_UNKNOWN',
  DependencyUnavailable: 'DEPENDENCY_UNAVAILABLE',
  SsoRequired: 'SSO_REQUIRED',
  SsoSessionNeeded: 'SSO_SESSION_NEEDED',
  InvalidSsoRequirement: 'INVALID_SSO_REQUIREMENT',
  /** A logo that is not a PNG or JPEG within the limits (issue 25). */
  InvalidLogo: 'INVALID_LOGO',
} as const;
export type MerchantsErrorCode = (typeof MerchantsErrorCode)[keyof typeof MerchantsErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class MerchantsError extends DomainError<MerchantsErrorCode> {}

const E = MerchantsErrorCode;
const make = (code: MerchantsErrorCode, message: string) => () => new MerchantsError(code, message);

export const merchantsErrors = {
  invalidMerchantName: (message: string) => new MerchantsError(E.InvalidMerchantName, message),
  /**
   * The merchant does not exist, the id is malformed, or the user is not a member: one answer for
   * all three, so nobody learns which merchants exist (tenancy rule).
   */
  merchantNotFound: make(E.MerchantNotFound, messages.errors.merchantNotFound),
  forbidden: make(E.Forbidden, messages.errors.forbidden),
  /** A merchant-scoped call (addresses) from a session without a selected merchant. */
  noMerchantSelected: make(E.NoMerchantSelected, messages.errors.noMerchantSelected),
  /** A plain user asked for something only an admin may do (invite, cancel, change role, remove). */
  adminOnly: make(E.AdminOnly, teamMessages.adminOnly),
  lastAdmin: make(E.LastAdmin, teamMessages.lastAdmin),
  /** Unknown, malformed, or a member of another merchant: one answer. */
  memberNotFound: make(E.MemberNotFound, teamMessages.memberNotFound),
  invalidRole: make(E.InvalidRole, teamMessages.roleInvalid),
  invalidInvite: (message: string) => new MerchantsError(E.InvalidInvite, message),
  alreadyMember: make(E.AlreadyMember, teamMessages.alreadyMember),
  invitePending: make(E.InvitePending, teamMessages.invitePending),
  /** CancelInvite: unknown, malformed or another merchant's invite id. */
  inviteNotFound: make(E.InviteNotFound, teamMessages.inviteNotFound),
  /** An invite token that is unknown, used, cancelled or expired: 'Invito non valido' for all. */
  inviteInvalid: make(E.InviteInvalid, teamMessages.inviteInvalid),
  inviteEmailMismatch: make(E.InviteEmailMismatch, teamMessages.inviteEmailMismatch),
  invalidAddress: (message: string) => new MerchantsError(E.InvalidAddress, message),
  invalidLogo: (message: string) => new MerchantsError(E.InvalidLogo, message),
  /** A user (not an admin) asked to change or remove the logo. */
  logoAdminOnly: make(E.AdminOnly, merchantLogoMessages.adminOnly),
  /** Unknown, malformed, or another merchant's address id: one answer. */
  addressNotFound: make(E.AddressNotFound, addressMessages.notFound),
  /** A valid caller token for a user identity does not know (any more). */
  userUnknown: make(E.UserUnknown, messages.errors.notAuthenticated),
  /** Identity could not answer in time. */
  dependencyUnavailable: make(E.DependencyUnavailable, messages.errors.unavailable),
  /** A session opened with a password, in a merchant that requires single sign-on. */
  ssoRequired: make(E.SsoRequired, messages.errors.ssoRequiredByMerchant),
  /** Turning the SSO requirement on from a password session (that admin would be locked out). */
  ssoSessionNeeded: make(E.SsoSessionNeeded, messages.errors.ssoRequiredNeedsSsoSession),
  invalidSsoRequirement: make(E.InvalidSsoRequirement, teamMessages.ssoRequiredInvalid),
};
