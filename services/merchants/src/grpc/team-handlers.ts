import { parseId, roleToProto, withTransaction } from '@smista/service-kit';
import { common, merchants } from '@smista/proto';
import { assertKeepsAnAdmin, assertMay, assertMayRequireSso, merchantsErrors, parseRequestedRole, type Actor } from '../domain';
import { deleteMembership, findMemberForUpdate, listMembers, lockAdmins, setSsoRequired, updateMemberRole } from '../store';
import { enqueueMemberAdded, enqueueMemberRemoved, enqueueSsoRequiredChanged } from '../events/publishers';
import type { PoolClient } from '@smista/service-kit';
import { actorOf, membershipOf } from './actor';
import type { HandlerDeps } from './deps';
import { requestedRoleName, toMemberMessage } from './mapping';

/** A member id from a request; malformed answers like unknown (MEMBER_NOT_FOUND). */
function parseMemberId(raw: string): string {
  return parseId(raw, merchantsErrors.memberNotFound);
}

/**
 * Inside a team-change transaction: locks the merchant's admin rows (see lockAdmins), checks again
 * that the actor is still an admin now that the rows are locked, and locks the target member.
 */
async function lockForTeamChange(tx: PoolClient, merchantId: string, actor: Actor, targetUserId: string, action: 'members.changeRole' | 'members.remove') {
  const adminCount = await lockAdmins(tx, merchantId);
  const me = await findMemberForUpdate(tx, merchantId, actor.userId);
  if (!me) throw merchantsErrors.merchantNotFound();
  assertMay(me.role, action);
  const target = await findMemberForUpdate(tx, merchantId, targetUserId);
  if (!target) throw merchantsErrors.memberNotFound();
  return { adminCount, target };
}

/** ListMembers, UpdateMemberRole, RemoveMember, SetSsoRequired. */
export function teamHandlers({ pool, unary, users, now }: HandlerDeps) {
  return {
    listMembers: unary('ListMembers', async (request: merchants.ListMembersRequest, ctx) => {
      const actor = await actorOf(ctx);
      const { merchantId, role } = await membershipOf(pool, actor, request.merchantId);
      assertMay(role, 'members.read');
      const rows = await listMembers(pool, merchantId);
      const profiles = await users.getUsers(
        rows.map((r) => r.userId),
        actor.userId,
      );
      return merchants.ListMembersResponse.fromPartial({ members: rows.map((r) => toMemberMessage(r, profiles.get(r.userId))) });
    }),

    updateMemberRole: unary('UpdateMemberRole', async (request: merchants.UpdateMemberRoleRequest, ctx) => {
      const actor = await actorOf(ctx);
      const { merchantId, role: myRole } = await membershipOf(pool, actor, request.merchantId);
      assertMay(myRole, 'members.changeRole');
      const role = parseRequestedRole(requestedRoleName(request.role));
      const userId = parseMemberId(request.userId);
      const changed = await withTransaction(pool, async (tx) => {
        const { adminCount, target } = await lockForTeamChange(tx, merchantId, actor, userId, 'members.changeRole');
        if (target.role === role) return false;
        assertKeepsAnAdmin(target, { kind: 'changeRole', to: role }, adminCount);
        await updateMemberRole(tx, merchantId, userId, role);
        // Published as MemberAdded with the new role: identity refreshes the member's live sessions.
        await enqueueMemberAdded(tx, { merchantId, userId, role, occurredAt: now() });
        return true;
      });
      if (changed) ctx.logger.info({ merchantId, memberId: userId, role, userId: actor.userId }, 'member role changed');
      return merchants.UpdateMemberRoleResponse.fromPartial({ merchantId, userId, role: roleToProto(role) });
    }),

    removeMember: unary('RemoveMember', async (request: merchants.RemoveMemberRequest, ctx) => {
      const actor = await actorOf(ctx);
      const { merchantId, role: myRole } = await membershipOf(pool, actor, request.merchantId);
      assertMay(myRole, 'members.remove');
      const userId = parseMemberId(request.userId);
      await withTransaction(pool, async (tx) => {
        const { adminCount, target } = await lockForTeamChange(tx, merchantId, actor, userId, 'members.remove');
        assertKeepsAnAdmin(target, { kind: 'remove' }, adminCount);
        await deleteMembership(tx, merchantId, userId);
        await enqueueMemberRemoved(tx, { merchantId, userId, removedByUserId: actor.userId, occurredAt: now() });
      });
      ctx.logger.info({ merchantId, memberId: userId, userId: actor.userId }, 'member removed');
      return common.Empty.fromPartial({});
    }),

    /**
     * The merchant requires single sign-on of its members, or stops: an admin (checked again with
     * the rows locked), turning it on only from an SSO session; the change and its event in one
     * transaction. Setting what is already set changes and publishes nothing.
     */
    setSsoRequired: unary('SetSsoRequired', async (request: merchants.SetSsoRequiredRequest, ctx) => {
      const actor = await actorOf(ctx);
      const { merchantId, role: myRole } = await membershipOf(pool, actor, request.merchantId);
      assertMay(myRole, 'sso.change');
      if (typeof request.required !== 'boolean') throw merchantsErrors.invalidSsoRequirement();
      const required = request.required;
      assertMayRequireSso(required, actor);
      const changed = await withTransaction(pool, async (tx) => {
        await lockAdmins(tx, merchantId);
        const me = await findMemberForUpdate(tx, merchantId, actor.userId);
        if (!me) throw merchantsErrors.merchantNotFound();
        assertMay(me.role, 'sso.change');
        if (!(await setSsoRequired(tx, merchantId, required))) return false;
        await enqueueSsoRequiredChanged(tx, { merchantId, required, changedByUserId: actor.userId, occurredAt: now() });
        return true;
      });
      if (changed) ctx.logger.info({ merchantId, required, userId: actor.userId }, 'sso requirement changed');
      return merchants.SetSsoRequiredResponse.fromPartial({ merchantId, ssoRequired: required });
    }),
  };
}
