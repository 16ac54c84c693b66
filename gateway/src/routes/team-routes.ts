import { z } from 'zod';
import { createInviteSchema, ssoRequiredSchema, updateMemberRoleSchema, type SsoRequirementJson } from '@smista/contracts';
import { roleFromProto, roleToProto } from '@smista/service-kit';
import { inviteDetailsJson, inviteJson, memberJson, memberRoleJson } from './presenters';
import { successResponse } from './response-schemas/common';
import {
  createdInviteResponse,
  inviteDetailsResponse,
  invitesResponse,
  memberRoleResponse,
  membersResponse,
  merchantSelectedResponse,
  ssoRequirementResponse,
} from './response-schemas/identity';
import { route, type RouteDef } from './route';

/**
 * Path parameters are passed to the service as given: merchants answers a malformed merchant,
 * member or invite id exactly like an unknown or foreign one (NOT_FOUND, same message), so the
 * gateway does not answer a different 400 that would tell a well-formed id from a bad one.
 */
const merchantParams = z.object({ merchantId: z.string() });
const memberParams = z.object({ merchantId: z.string(), userId: z.string() });
const inviteParams = z.object({ merchantId: z.string(), inviteId: z.string() });
const tokenParams = z.object({ token: z.string() });

/** The accept call carries nothing (the shell posts `{}`); anything else in it is ignored. */
const emptyBody = z.object({});

/**
 * Spec §7 "Merchants, team and invites" beyond the merchant list: members, pending invites, and the
 * public invite link. Who may do what (admin only for changes, last admin kept) is the merchants
 * service's decision; its refusals come back as 403/400/404/409 with its Italian message.
 */
export const teamRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/merchants/:merchantId/users',
    auth: 'session',
    rpc: 'merchants.ListMembers',
    response: { schema: membersResponse },
    params: merchantParams,
    handle: async ({ params, merchants }) => ({
      body: (await merchants.listMembers({ merchantId: params.merchantId })).members.map(memberJson),
    }),
  }),
  route({
    method: 'PATCH',
    path: '/api/merchants/:merchantId/users/:userId',
    auth: 'session',
    rpc: 'merchants.UpdateMemberRole',
    response: { schema: memberRoleResponse },
    params: memberParams,
    body: updateMemberRoleSchema,
    handle: async ({ params, body, merchants }) => {
      const changed = await merchants.updateMemberRole({ merchantId: params.merchantId, userId: params.userId, role: roleToProto(body.role) });
      return { body: memberRoleJson(changed) };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/merchants/:merchantId/sso-required',
    auth: 'session',
    rpc: 'merchants.SetSsoRequired',
    response: { schema: ssoRequirementResponse },
    params: merchantParams,
    body: ssoRequiredSchema.strict(),
    handle: async ({ params, body, merchants }) => {
      // Admin only, on only from an SSO session: the merchants service decides and says why in Italian.
      const changed = await merchants.setSsoRequired({ merchantId: params.merchantId, required: body.required });
      const json: SsoRequirementJson = { success: true, merchantId: changed.merchantId, ssoRequired: changed.ssoRequired };
      return { body: json };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/merchants/:merchantId/users/:userId',
    auth: 'session',
    rpc: 'merchants.RemoveMember',
    response: { schema: successResponse },
    params: memberParams,
    handle: async ({ params, merchants }) => {
      await merchants.removeMember({ merchantId: params.merchantId, userId: params.userId });
      return { body: { success: true } };
    },
  }),
  route({
    method: 'GET',
    path: '/api/merchants/:merchantId/invites',
    auth: 'session',
    rpc: 'merchants.ListInvites',
    response: { schema: invitesResponse },
    params: merchantParams,
    handle: async ({ params, merchants }) => ({
      body: (await merchants.listInvites({ merchantId: params.merchantId })).invites.map(inviteJson),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/merchants/:merchantId/invites',
    auth: 'session',
    rpc: 'merchants.CreateInvite',
    response: { status: 201, schema: createdInviteResponse },
    params: merchantParams,
    body: createInviteSchema,
    limiters: ['invitesPerUser'],
    handle: async ({ params, body, merchants }) => {
      const invite = await merchants.createInvite({ merchantId: params.merchantId, email: body.email, role: roleToProto(body.role) });
      const { id, email, role, createdAt, expiresAt } = inviteJson(invite);
      return { status: 201, body: { id, email, role, createdAt, expiresAt } };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/merchants/:merchantId/invites/:inviteId',
    auth: 'session',
    rpc: 'merchants.CancelInvite',
    response: { schema: successResponse },
    params: inviteParams,
    handle: async ({ params, merchants }) => {
      await merchants.cancelInvite({ merchantId: params.merchantId, inviteId: params.inviteId });
      return { body: { success: true } };
    },
  }),

  // --- The invite link (shell /accept-invite, /auth?token=...) ---------------------------------
  route({
    method: 'GET',
    path: '/api/invites/:token',
    // Public: the page asks before anyone logs in; no caller token goes to the service.
    auth: 'public',
    rpc: 'merchants.GetInvite',
    response: { schema: inviteDetailsResponse },
    params: tokenParams,
    // Only failed lookups count: a guessed token is a 404, a real link is not held back.
    limiters: ['inviteLookupsPerIp'],
    handle: async ({ params, merchants }) => ({ body: inviteDetailsJson(await merchants.getInvite({ token: params.token })) }),
  }),
  route({
    method: 'POST',
    path: '/api/invites/:token/accept',
    auth: 'session',
    rpc: 'merchants.AcceptInvite',
    response: { schema: merchantSelectedResponse, description: 'The merchant joined and entered' },
    params: tokenParams,
    body: emptyBody,
    limiters: ['inviteLookupsPerIp'],
    handle: async ({ params, merchants }) => {
      const accepted = await merchants.acceptInvite({ token: params.token });
      return {
        body: {
          success: true,
          merchant: { id: accepted.merchantId, name: accepted.merchantName, role: roleFromProto(accepted.role) ?? 'user' },
        },
      };
    },
  }),
];
