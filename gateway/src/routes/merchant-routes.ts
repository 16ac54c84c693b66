import { merchantNameSchema, selectMerchantSchema } from '@smista/contracts';
import { roleFromProto } from '@smista/service-kit';
import { sessionRejected } from '../middleware/session';
import { merchantJson } from './presenters';
import { createdMerchantResponse, merchantSelectedResponse, merchantsResponse } from './response-schemas/identity';
import { route, type RouteContext, type RouteDef, type RouteResult } from './route';

const selectMerchant = async ({
  body,
  sessionToken,
  identity,
}: RouteContext<{ merchantId: string }, undefined>): Promise<RouteResult> => {
  // Identity asks merchants for the membership: another merchant's id is NOT_FOUND, like a missing one.
  const selected = await identity
    .selectMerchant({ sessionToken: sessionToken!, merchantId: body.merchantId })
    .catch((err: unknown) => Promise.reject(sessionRejected(err)));
  return {
    body: {
      success: true,
      merchant: { id: selected.merchantId, name: selected.merchantName, role: roleFromProto(selected.role) ?? 'user' },
    },
  };
};

/** Spec §7 "Merchants": the user's merchants, a new one, and the selection (identity keeps it in the session). */
export const merchantRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/merchants',
    auth: 'session',
    rpc: 'merchants.ListMyMerchants',
    response: { schema: merchantsResponse },
    handle: async ({ merchants }) => ({ body: (await merchants.listMyMerchants({})).merchants.map(merchantJson) }),
  }),
  route({
    method: 'POST',
    path: '/api/merchants',
    auth: 'session',
    rpc: 'merchants.CreateMerchant',
    response: { status: 201, schema: createdMerchantResponse, description: 'The new merchant, the caller its admin' },
    body: merchantNameSchema,
    handle: async ({ body, merchants }) => {
      const created = await merchants.createMerchant({ name: body.name });
      return { status: 201, body: { ...merchantJson(created), createdAt: created.createdAt } };
    },
  }),
  route({
    method: 'POST',
    path: '/api/merchants/set-current',
    auth: 'cookie',
    rpc: 'identity.SelectMerchant',
    response: { schema: merchantSelectedResponse, description: 'The merchant entered (the session now works in it)' },
    body: selectMerchantSchema,
    invalidatesSession: 'session',
    handle: selectMerchant,
  }),
  route({
    method: 'POST',
    path: '/api/merchants/select',
    auth: 'cookie',
    rpc: 'identity.SelectMerchant',
    response: { schema: merchantSelectedResponse, description: 'The merchant entered (the session now works in it)' },
    body: selectMerchantSchema,
    invalidatesSession: 'session',
    handle: selectMerchant,
  }),
];
