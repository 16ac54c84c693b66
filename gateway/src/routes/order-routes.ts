import { z } from 'zod';
import { assignCarrierSchema, numericIdParam, orderMessages, ordersQuerySchema, type OrderTrackingUpdateJson, type OrdersQuery } from '@smista/contracts';
import type { orders } from '@smista/proto';
import { HttpError } from '../middleware/errors';
import { orderJson, orderPageJson } from './order-presenters';
import { conflictOnPrecondition } from './preconditions';
import { route, type RouteContext, type RouteDef, type RouteResult } from './route';
import { orderDetailsResponse, orderPageResponse, orderResponse, orderTrackingUpdateResponse } from './response-schemas/orders';

/** An order id from the path: a malformed one is -1, which the service answers like an unknown id (404). */
const orderParams = z.object({ id: numericIdParam });
/**
 * An integration id from the path: malformed (-1) → 404 'Integrazione non trovata' here; well
 * formed but unknown or another merchant's → an empty page (orders does not own integrations).
 */
const integrationParams = z.object({ integrationId: numericIdParam });

/**
 * The page of a validated query as JSON: kept by this gateway and sent again while orders answers
 * that the merchant's list has not changed since (`knownVersion`, see kept-pages.ts).
 */
async function orderPage({ query, orders, session, keptPages }: RouteContext<unknown, unknown, OrdersQuery>, integrationId: number): Promise<RouteResult> {
  const request = listRequest(query, integrationId);
  if (!session.merchantId) return { body: orderPageJson(await orders.listOrders(request)) };
  const key = `${session.merchantId}\n${integrationId}\n${JSON.stringify(query)}`;
  return { body: undefined, json: await keptPages.json(key, (knownVersion) => orders.listOrders({ ...request, knownVersion }), orderPageJson) };
}

/** ListOrders of a validated query; the counts of the tabs always come with the page. */
function listRequest(query: OrdersQuery, integrationId: number): orders.ListOrdersRequest {
  return {
    merchantId: '',
    integrationId,
    page: query.page,
    pageSize: query.pageSize,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: query.search ?? '',
    status: query.status ?? '',
    marketplace: query.marketplace ?? '',
    startDate: query.startDate ?? '',
    endDate: query.endDate ?? '',
    includeCounts: true,
    knownVersion: '',
    weightMissing: query.weightMissing,
  };
}

/**
 * Spec §7 "Orders" of the merchant selected in the session; any member may read and assign a
 * carrier. The query is checked here with the contracts' schema (Italian 400s; pageSize above 100 is
 * clamped; unknown parameters such as `_t` are ignored) and again in the service. Order ids that are
 * malformed, unknown or another merchant's are the same 404. The sync routes
 * (`/api/orders/sync/...`) are in marketplace-routes.ts.
 */
export const orderRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/orders',
    auth: 'session',
    rpc: 'orders.ListOrders',
    response: { schema: orderPageResponse },
    query: ordersQuerySchema,
    handle: (ctx) => orderPage(ctx, 0),
  }),
  route({
    method: 'GET',
    path: '/api/orders/integration/:integrationId',
    auth: 'session',
    rpc: 'orders.ListOrders',
    response: { schema: orderPageResponse },
    params: integrationParams,
    query: ordersQuerySchema,
    handle: async (ctx) => {
      if (ctx.params.integrationId <= 0) throw new HttpError(404, orderMessages.integrationNotFound);
      return orderPage(ctx, ctx.params.integrationId);
    },
  }),
  route({
    method: 'GET',
    path: '/api/orders/:id',
    auth: 'session',
    rpc: 'orders.GetOrder',
    response: { schema: orderDetailsResponse },
    params: orderParams,
    handle: async ({ params, orders }) => ({ body: orderJson(await orders.getOrder({ merchantId: '', id: params.id }), { withOriginalData: true }) }),
  }),
  route({
    method: 'PATCH',
    path: '/api/orders/:id/carrier',
    auth: 'session',
    rpc: 'orders.AssignCarrier',
    response: { schema: orderResponse },
    params: orderParams,
    body: assignCarrierSchema,
    handle: async ({ params, body, orders }) => ({
      body: orderJson(await conflictOnPrecondition(orders.assignCarrier({ id: params.id, carrierIntegrationId: body.carrierIntegrationId ?? 0 }))),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/orders/:id/update-tracking',
    auth: 'session',
    rpc: 'orders.UpdateTracking',
    response: { schema: orderTrackingUpdateResponse },
    params: orderParams,
    // The tracking number of the order's latest labelled shipment goes to the marketplace (once per
    // shipment). No such shipment, or the marketplace's refusal: 409 with the Italian reason.
    handle: async ({ params, orders }) => {
      const res = await conflictOnPrecondition(orders.updateTracking({ merchantId: '', id: params.id }));
      if (!res.ok) throw new HttpError(409, res.message);
      const body: OrderTrackingUpdateJson = { success: true, message: res.message, alreadyPushed: res.alreadyPushed };
      return { body };
    },
  }),
];
