import { z } from 'zod';
import { customsDeclarationSchema, numericIdParam, shipmentParcelSchema } from '@smista/contracts';
import { conflictOnPrecondition } from './preconditions';
import { route, type RouteDef } from './route';
import { shipmentResponse } from './response-schemas/shipments';
import { shipmentJson } from './shipment-presenters';

/** A shipment id from the path: a malformed one is -1, which the service answers like an unknown id (404). */
const idParams = z.object({ id: numericIdParam });

/**
 * Issue 25, the shipment drawer's 'Pacco' and 'Dati doganali' of the merchant selected in the
 * session (any member, as every shipment edit): the contracts' schemas here and again in the
 * service (Italian 400s, nothing written); only before a label (409 with the reason); another
 * merchant's or an unknown id 404. Each answers the shipment with what its declaration still lacks.
 */
export const shipmentParcelRoutes: RouteDef[] = [
  route({
    method: 'PUT',
    path: '/api/shipments/:id/parcel',
    auth: 'session',
    rpc: 'shipments.UpdateParcel',
    response: { schema: shipmentResponse },
    params: idParams,
    body: shipmentParcelSchema,
    handle: async ({ params, body, shipments }) => ({
      body: shipmentJson(
        await conflictOnPrecondition(
          shipments.updateParcel({ id: params.id, parcel: { weightGrams: body.weightGrams, lengthMm: body.lengthMm ?? 0, widthMm: body.widthMm ?? 0, heightMm: body.heightMm ?? 0, packageName: body.packageName } }),
        ),
      ),
    }),
  }),
  route({
    method: 'PUT',
    path: '/api/shipments/:id/customs',
    auth: 'session',
    rpc: 'shipments.UpdateCustoms',
    response: { schema: shipmentResponse },
    params: idParams,
    body: customsDeclarationSchema,
    handle: async ({ params, body, shipments }) => ({
      body: shipmentJson(
        await conflictOnPrecondition(shipments.updateCustoms({ id: params.id, customs: { ...body, items: body.items.map((i) => ({ ...i, weightGrams: i.weightGrams ?? 0 })) } })),
      ),
    }),
  }),
];
