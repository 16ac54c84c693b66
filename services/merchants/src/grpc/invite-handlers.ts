import { parseId, roleToProto, uniqueViolation, withTransaction } from '@smista/service-kit';
import { common, merchants } from '@smista/proto';
import {
  assertAccepted,
  assertMay,
  inviteExpiry,
  inviteLink,
  inviteTokenHash,
  isInviteUsable,
  merchantsErrors,
  newInviteToken,
  parseInviteRequest,
  sameEmail,
} from '../domain';
import {
  cancelPendingInvite,
  closeExpiredInvites,
  findInviteByTokenHash,
  hasPendingInvite,
  insertInvite,
  listMembers,
  listPendingInvites,
  ONE_OPEN_INVITE_INDEX,
} from '../store';
import { acceptInviteInTx } from '../app/accept-invite';
import { enqueueInviteCreated } from '../events/publishers';
import { inviteEmail } from '../mail/invite-email';
import { actorOf, membershipOf } from './actor';
import type { HandlerDeps } from './deps';
import { requestedRoleName, toInviteMessage } from './mapping';

/** ListInvites, CreateInvite, CancelInvite, GetInvite, AcceptInvite. */
export function inviteHandlers({ pool, unary, users, mailer, publicUrl, now }: HandlerDeps) {
  return {
    listInvites: unary('ListInvites', async (request: merchants.ListInvitesRequest, ctx) => {
      const actor = await actorOf(ctx);
      const { merchantId, role } = await membershipOf(pool, actor, request.merchantId);
      assertMay(role, 'invites.read');
      const rows = await listPendingInvites(pool, merchantId, now());
      return merchants.ListInvitesResponse.fromPartial({ invites: rows.map(toInviteMessage) });
    }),

    createInvite: unary('CreateInvite', async (request: merchants.CreateInviteRequest, ctx) => {
      const actor = await actorOf(ctx);
      const { merchantId, merchantName, role: myRole } = await membershipOf(pool, actor, request.merchantId);
      assertMay(myRole, 'invites.create');
      const { email, role } = parseInviteRequest({ email: request.email, role: requestedRoleName(request.role) });

      // Members' e-mails live in identity: the address must not already belong to a member.
      const members = await listMembers(pool, merchantId);
      const profiles = await users.getUsers(
        members.map((m) => m.userId),
        actor.userId,
      );
      if (members.some((m) => sameEmail(profiles.get(m.userId)?.email ?? '', email))) throw merchantsErrors.alreadyMember();
      const inviter = profiles.get(actor.userId);
      if (!inviter) throw merchantsErrors.userUnknown();
      const inviterName = `${inviter.firstName} ${inviter.lastName}`.trim();

      const createdAt = now();
      const { token, tokenHash } = newInviteToken();
      const invite = await withTransaction(pool, async (tx) => {
        await closeExpiredInvites(tx, merchantId, email, createdAt);
        if (await hasPendingInvite(tx, merchantId, email, createdAt)) throw merchantsErrors.invitePending();
        const row = await insertInvite(tx, {
          merchantId,
          email,
          role,
          tokenHash,
          invitedBy: actor.userId,
          inviterEmail: inviter.email,
          inviterName,
          createdAt,
          expiresAt: inviteExpiry(createdAt),
        }).catch((err: unknown) => {
          // Another admin invited the same address a moment ago.
          throw uniqueViolation(err) === ONE_OPEN_INVITE_INDEX ? merchantsErrors.invitePending() : err;
        });
        await enqueueInviteCreated(tx, {
          inviteId: row.id,
          merchantId,
          email,
          role,
          invitedByUserId: actor.userId,
          expiresAt: row.expiresAt,
          occurredAt: row.createdAt,
        });
        return row;
      });

      mailer.send(
        inviteEmail({
          to: email,
          merchantName,
          role,
          inviter: { name: inviterName, email: inviter.email },
          link: inviteLink(publicUrl, token, email),
          expiresAt: invite.expiresAt,
        }),
        { merchantId, inviteId: invite.id },
      );
      ctx.logger.info({ merchantId, inviteId: invite.id, role, userId: actor.userId }, 'invite created');
      return toInviteMessage(invite);
    }),

    cancelInvite: unary('CancelInvite', async (request: merchants.CancelInviteRequest, ctx) => {
      const actor = await actorOf(ctx);
      const { merchantId, role } = await membershipOf(pool, actor, request.merchantId);
      assertMay(role, 'invites.cancel');
      const inviteId = parseId(request.inviteId, merchantsErrors.inviteNotFound);
      if (!(await cancelPendingInvite(pool, merchantId, inviteId, now()))) throw merchantsErrors.inviteNotFound();
      ctx.logger.info({ merchantId, inviteId, userId: actor.userId }, 'invite cancelled');
      return common.Empty.fromPartial({});
    }),

    /** Public: no caller token is read (the accept-invite page asks before anyone logs in). */
    getInvite: unary('GetInvite', async (request: merchants.GetInviteRequest) => {
      const invite = await findInviteByTokenHash(pool, inviteTokenHash(request.token));
      if (!invite || !isInviteUsable(invite, now())) throw merchantsErrors.inviteInvalid();
      return merchants.InviteDetails.fromPartial({
        email: invite.email,
        role: roleToProto(invite.role),
        merchantId: invite.merchantId,
        merchantName: invite.merchantName,
        inviterEmail: invite.inviterEmail,
        inviterName: invite.inviterName,
        expiresAt: invite.expiresAt.toISOString(),
      });
    }),

    acceptInvite: unary('AcceptInvite', async (request: merchants.AcceptInviteRequest, ctx) => {
      const actor = await actorOf(ctx);
      const tokenHash = inviteTokenHash(request.token);
      const me = (await users.getUsers([actor.userId], actor.userId)).get(actor.userId);
      if (!me) throw merchantsErrors.userUnknown();
      const outcome = await withTransaction(pool, (tx) => acceptInviteInTx(tx, { tokenHash, userId: actor.userId, email: me.email, now: now() }));
      assertAccepted(outcome.decision);
      const membership = outcome.membership!;
      ctx.logger.info({ merchantId: membership.merchantId, inviteId: outcome.inviteId, userId: actor.userId, decision: outcome.decision }, 'invite accepted');
      return merchants.AcceptInviteResponse.fromPartial({ ...membership, role: roleToProto(membership.role) });
    }),
  };
}
