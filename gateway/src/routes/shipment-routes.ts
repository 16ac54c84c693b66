import { z } from 'zod';
import {
  bulkCreateSchema,
  cancelShipmentSchema,
  closeWorkdaySchema,
  decodeLabelIds,
  numericIdParam,
  postalAddressOfShipment,
  shipmentAddressSchema,
  shipmentCarrierSchema,
  shipmentIdsSchema,
  shipmentMessages,
  shipmentsQuerySchema,
  type ShipmentAddressData,
  type ShipmentsQuery,
} from '@smista/contracts';
import type { shipments } from '@smista/proto';
import { HttpError } from '../middleware/errors';
import type { BoundClients } from '../services';
import { conflictOnPrecondition } from './preconditions';
import { route, type RouteDef } from './route';
import { bulkCreateResponse, closeWorkdayResponse, processResultResponse, processRunListResponse, shipmentActionResponse, shipmentDetailsResponse, shipmentPageResponse, shipmentResponse } from './response-schemas/shipments';
import {
  bulkCreateJson,
  closeWorkdayJson,
  processResultJson,
  processRunJson,
  shipmentActionJson,
  shipmentDetailsJson,
  shipmentJson,
  shipmentPageJson,
} from './shipment-presenters';

/**
 * Who confirmed a shipment for an order not paid, as the merchant reads it in the audit ('Sara
 * Galli (sara@example.it)'): the session's user, the same the signed caller token names.
 */
function confirmedBy(user: { firstName: string; lastName: string; username: string; email: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return user.email ? `${name} (${user.email})` : name;
}

/** A shipment id from the path: a malformed one is -1, which the service answers like an unknown id (404). */
const idParams = z.object({ id: numericIdParam });
const bulkDownloadQuery = z.object({ data: z.string().optional() });

function listRequest(q: ShipmentsQuery): shipments.ListShipmentsRequest {
  return { page: q.page, pageSize: q.pageSize, status: q.status ?? '', carrierIntegrationId: q.carrier ?? 0, search: q.search ?? '', orderId: q.orderId ?? 0 };
}

function addressRequest(id: number, a: ShipmentAddressData): shipments.UpdateAddressRequest {
  return { id, address: postalAddressOfShipment(a) };
}

/** The spec's client edits the address with PATCH on desktop and PUT on mobile: one route each, same rules. */
function addressRoute(method: 'PATCH' | 'PUT'): RouteDef {
  return route({
    method,
    path: '/api/shipments/:id/address',
    auth: 'session',
    rpc: 'shipments.UpdateAddress',
    response: { schema: shipmentResponse },
    params: idParams,
    body: shipmentAddressSchema,
    handle: async ({ params, body, shipments }) => ({
      body: shipmentJson(await conflictOnPrecondition(shipments.updateAddress(addressRequest(params.id, body)))),
    }),
  });
}

/** Closing the GLS workday of some shipments: one route for the row action, one for the selection. */
async function closeWorkday(shipments: BoundClients['shipments'], ids: number[]) {
  return { body: closeWorkdayJson(await conflictOnPrecondition(shipments.closeWorkday({ shipmentIds: ids }))) };
}

/**
 * Spec §7 "Shipments" of the merchant selected in the session; any member may read and act (the
 * roles make no difference here, spec §6). Bodies and queries are checked with the contracts'
 * schemas (Italian 400s) and again in the service; an action the shipment's state forbids (§4) is
 * 409 with the reason; an id that is malformed, unknown or another merchant's is the same 404.
 * Paths without an id come before `/:id`.
 */
export const shipmentRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/shipments',
    auth: 'session',
    rpc: 'shipments.ListShipments',
    response: { schema: shipmentPageResponse },
    query: shipmentsQuerySchema,
    handle: async ({ query, shipments }) => ({ body: shipmentPageJson(await shipments.listShipments(listRequest(query))) }),
  }),
  route({
    method: 'GET',
    path: '/api/shipments/process-runs',
    auth: 'session',
    rpc: 'shipments.ListProcessRuns',
    response: { schema: processRunListResponse },
    handle: async ({ shipments }) => ({ body: (await shipments.listProcessRuns({})).runs.map(processRunJson) }),
  }),
  route({
    method: 'GET',
    path: '/api/shipments/labels/bulk-download',
    auth: 'session',
    rpc: 'shipments.MergeLabels',
    response: { file: ['application/pdf'], description: 'The labels merged into one PDF, inline' },
    query: bulkDownloadQuery,
    // Opened in a new tab (spec §7): the PDF is shown inline, the pages in the order of the ids.
    handle: async ({ query, shipments }) => {
      const ids = decodeLabelIds(query.data);
      if (!ids) throw new HttpError(400, shipmentMessages.bulkDownloadInvalid);
      const merged = await conflictOnPrecondition(shipments.mergeLabels({ shipmentIds: ids }));
      const doc = merged.document!;
      return { body: null, file: { contentType: doc.contentType, filename: doc.filename, data: doc.data, disposition: 'inline' } };
    },
  }),
  route({
    method: 'GET',
    path: '/api/shipments/manifests/:id',
    auth: 'session',
    rpc: 'shipments.GetManifest',
    response: { file: ['application/pdf'], description: 'The GLS manifest, inline' },
    params: idParams,
    handle: async ({ params, shipments }) => {
      const doc = await shipments.getManifest({ id: params.id });
      return { body: null, file: { contentType: doc.contentType, filename: doc.filename, data: doc.data, disposition: 'inline' } };
    },
  }),
  route({
    method: 'POST',
    path: '/api/shipments/bulk-create',
    auth: 'session',
    rpc: 'shipments.BulkCreate',
    response: { schema: bulkCreateResponse },
    body: bulkCreateSchema,
    handle: async ({ body, shipments, session }) => ({
      body: bulkCreateJson(
        await shipments.bulkCreate({ orderIds: body.orderIds, confirmUnpaid: body.confirmUnpaid, confirmedBy: body.confirmUnpaid ? confirmedBy(session.user) : '' }),
      ),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/shipments/process-selected',
    auth: 'session',
    rpc: 'shipments.ProcessShipments',
    response: { schema: processResultResponse },
    body: shipmentIdsSchema,
    handle: async ({ body, shipments }) => ({
      body: processResultJson(await conflictOnPrecondition(shipments.processShipments({ shipmentIds: body.shipmentIds, allPending: false }))),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/shipments/process',
    auth: 'session',
    rpc: 'shipments.ProcessShipments',
    response: { schema: processResultResponse },
    handle: async ({ shipments }) => ({
      body: processResultJson(await conflictOnPrecondition(shipments.processShipments({ shipmentIds: [], allPending: true }))),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/shipments/close-workday',
    auth: 'session',
    rpc: 'shipments.CloseWorkday',
    response: { schema: closeWorkdayResponse },
    body: closeWorkdaySchema,
    handle: async ({ body, shipments }) => closeWorkday(shipments, body.shipmentIds),
  }),
  route({
    method: 'GET',
    path: '/api/shipments/:id',
    auth: 'session',
    rpc: 'shipments.GetShipment',
    response: { schema: shipmentDetailsResponse },
    params: idParams,
    handle: async ({ params, shipments }) => ({ body: shipmentDetailsJson(await shipments.getShipment({ id: params.id })) }),
  }),
  route({
    method: 'GET',
    path: '/api/shipments/:id/label',
    auth: 'session',
    rpc: 'shipments.GetLabel',
    response: { file: ['application/pdf'], description: 'The label' },
    params: idParams,
    handle: async ({ params, shipments }) => {
      const doc = await conflictOnPrecondition(shipments.getLabel({ id: params.id }));
      return { body: null, file: { contentType: doc.contentType, filename: doc.filename, data: doc.data } };
    },
  }),
  route({
    method: 'POST',
    path: '/api/shipments/:id/process',
    auth: 'session',
    rpc: 'shipments.ProcessShipments',
    response: { schema: processResultResponse },
    params: idParams,
    // The row action: the service refuses one id that is not pending with its state (§4), not skipped.
    handle: async ({ params, shipments }) => {
      if (params.id <= 0) throw new HttpError(404, shipmentMessages.shipmentNotFound);
      return { body: processResultJson(await conflictOnPrecondition(shipments.processShipments({ shipmentIds: [params.id], allPending: false }))) };
    },
  }),
  route({
    method: 'POST',
    path: '/api/shipments/:id/cancel',
    auth: 'session',
    rpc: 'shipments.CancelShipment',
    response: { schema: shipmentActionResponse },
    params: idParams,
    // {smistaOnly: true} confirms a void in Smista only where the carrier cannot cancel; no body is a plain cancel.
    body: cancelShipmentSchema,
    handle: async ({ params, body, shipments }) => ({
      body: shipmentActionJson(await conflictOnPrecondition(shipments.cancelShipment({ id: params.id, smistaOnly: body.smistaOnly === true }))),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/shipments/:id/close-workday',
    auth: 'session',
    rpc: 'shipments.CloseWorkday',
    response: { schema: closeWorkdayResponse },
    params: idParams,
    handle: async ({ params, shipments }) => {
      if (params.id <= 0) throw new HttpError(404, shipmentMessages.shipmentNotFound);
      return closeWorkday(shipments, [params.id]);
    },
  }),
  route({
    method: 'POST',
    path: '/api/shipments/:id/update-tracking',
    auth: 'session',
    rpc: 'shipments.UpdateTracking',
    response: { schema: shipmentActionResponse },
    params: idParams,
    handle: async ({ params, shipments }) => ({ body: shipmentActionJson(await conflictOnPrecondition(shipments.updateTracking({ id: params.id }))) }),
  }),
  route({
    method: 'PATCH',
    path: '/api/shipments/:id/carrier',
    auth: 'session',
    rpc: 'shipments.ChangeCarrier',
    response: { schema: shipmentResponse },
    params: idParams,
    body: shipmentCarrierSchema,
    handle: async ({ params, body, shipments }) => ({
      body: shipmentJson(await conflictOnPrecondition(shipments.changeCarrier({ id: params.id, carrierIntegrationId: body.carrierIntegrationId }))),
    }),
  }),
  addressRoute('PATCH'),
  addressRoute('PUT'),
];
