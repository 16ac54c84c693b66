import { isUuid, kitErrors, type CallContext, type Queryable } from '@smista/service-kit';
import { assertMayWorkIn, merchantsErrors, parseMerchantId, type Actor } from '../domain';
import { findMembership, type MembershipWithMerchant } from '../store';

/**
 * The verified caller as a domain actor. Identity signs tokens for user ids, which are uuids; a
 * token whose subject is not one cannot name a user here and is refused like a bad token.
 */
export async function actorOf(ctx: CallContext): Promise<Actor> {
  const caller = await ctx.caller();
  if (!isUuid(caller.userId)) throw kitErrors.unauthenticated();
  return { userId: caller.userId.toLowerCase(), sso: caller.sso === true };
}

/**
 * The actor's membership in the merchant a request names, with the role read from the
 * memberships table (never from the token). Not a member, unknown or malformed id: one answer,
 * MERCHANT_NOT_FOUND. A merchant that requires single sign-on refuses a password session here
 * (SSO_REQUIRED), so every merchant-scoped call of such a session is refused.
 */
export async function membershipOf(db: Queryable, actor: Actor, rawMerchantId: string): Promise<MembershipWithMerchant> {
  const merchantId = parseMerchantId(rawMerchantId);
  const membership = await findMembership(db, actor.userId, merchantId);
  if (!membership) throw merchantsErrors.merchantNotFound();
  assertMayWorkIn(membership, actor);
  return membership;
}

/**
 * The caller and their membership in the merchant selected in their session (the token's
 * merchant), verified against the memberships table. No merchant selected: NO_MERCHANT_SELECTED.
 */
export async function selectedMembershipOf(ctx: CallContext, db: Queryable): Promise<{ actor: Actor; membership: MembershipWithMerchant }> {
  const actor = await actorOf(ctx);
  const { merchantId } = await ctx.caller();
  if (!merchantId) throw merchantsErrors.noMerchantSelected();
  return { actor, membership: await membershipOf(db, actor, merchantId) };
}
