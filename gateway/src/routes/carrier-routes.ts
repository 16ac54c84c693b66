import { z } from 'zod';
import {
  addTrackingCodesSchema,
  createCarrierIntegrationSchema,
  distintaQuerySchema,
  merchantIdParam,
  toggleCarrierIntegrationSchema,
  trackingCodesQuerySchema,
  updateCarrierIntegrationSchema,
  type TrackingCodesAddedJson,
} from '@smista/contracts';
import { carrierIntegrationJson, carrierJson, trackingCodePageJson, trackingCodeStatsJson } from './carrier-presenters';
import { successResponse } from './response-schemas/common';
import {
  carrierIntegrationListResponse,
  carrierIntegrationResponse,
  carrierListResponse,
  trackingCodePageResponse,
  trackingCodesAddedResponse,
  trackingCodeStatsResponse,
} from './response-schemas/carriers';
import { linksToCreated, route, type RouteDef } from './route';

/**
 * Numeric ids from the path: a malformed one becomes 0, which the service answers with the same
 * NOT_FOUND as an unknown id (tenancy: no answer tells a bad id from another merchant's).
 */
const numericId = z.string().transform((v) => (/^\d{1,15}$/.test(v) ? Number(v) : 0));
/** `current` is the merchant selected in the session, as on the marketplace routes. */
const merchantParams = z.object({ merchantId: merchantIdParam });
const integrationParams = z.object({ merchantId: merchantIdParam, id: numericId });
const codeParams = z.object({ merchantId: merchantIdParam, id: numericId, codeId: numericId });

const BASE = '/api/merchants/:merchantId/carrier-integrations';

/** What a client does next with a new integration (the API document's links; the fuzz suite follows them). */
const integrationLinks = linksToCreated(
  {
    read: ['GET', `${BASE}/:id`],
    update: ['PUT', `${BASE}/:id`],
    toggle: ['PATCH', `${BASE}/:id/toggle`],
    validate: ['POST', `${BASE}/:id/validate`],
    trackingCodes: ['GET', `${BASE}/:id/tracking-codes`],
    addTrackingCodes: ['POST', `${BASE}/:id/tracking-codes`],
    delete: ['DELETE', `${BASE}/:id`],
  },
  { merchantId: '$request.path.merchantId' },
);

/**
 * Spec §7 "Carriers": the catalogue, and the integrations and tracking-code pools of the merchant
 * selected in the session (the carriers service takes the merchant and the role from the caller
 * token; a `merchantId` in the path must be that merchant, else 404). Bodies are checked here with
 * the contracts' schemas (spec §5) and again in the service.
 */
export const carrierRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/carriers',
    auth: 'session',
    rpc: 'carriers.ListCarriers',
    response: { schema: carrierListResponse },
    handle: async ({ carriers }) => ({ body: (await carriers.listCarriers({})).carriers.map(carrierJson) }),
  }),
  route({
    method: 'GET',
    path: '/api/carrier-integrations',
    auth: 'session',
    rpc: 'carriers.ListIntegrations',
    response: { schema: carrierIntegrationListResponse },
    handle: async ({ carriers }) => ({ body: (await carriers.listIntegrations({ merchantId: '' })).integrations.map(carrierIntegrationJson) }),
  }),
  route({
    method: 'GET',
    path: BASE,
    auth: 'session',
    rpc: 'carriers.ListIntegrations',
    response: { schema: carrierIntegrationListResponse },
    params: merchantParams,
    handle: async ({ params, carriers }) => ({
      body: (await carriers.listIntegrations({ merchantId: params.merchantId })).integrations.map(carrierIntegrationJson),
    }),
  }),
  route({
    method: 'POST',
    path: BASE,
    auth: 'session',
    rpc: 'carriers.CreateIntegration',
    response: { schema: carrierIntegrationResponse, status: 201, links: integrationLinks },
    params: merchantParams,
    body: createCarrierIntegrationSchema,
    handle: async ({ params, body, carriers }) => ({
      status: 201,
      body: carrierIntegrationJson(
        await carriers.createIntegration({
          merchantId: params.merchantId,
          provider: body.provider,
          connectionName: body.connectionName,
          active: body.active,
          credentials: body.credentials,
        }),
      ),
    }),
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id`,
    auth: 'session',
    rpc: 'carriers.GetIntegration',
    response: { schema: carrierIntegrationResponse },
    params: integrationParams,
    handle: async ({ params, carriers }) => ({ body: carrierIntegrationJson(await carriers.getIntegration(params)) }),
  }),
  route({
    method: 'PUT',
    path: `${BASE}/:id`,
    auth: 'session',
    rpc: 'carriers.UpdateIntegration',
    response: { schema: carrierIntegrationResponse },
    params: integrationParams,
    body: updateCarrierIntegrationSchema,
    handle: async ({ params, body, carriers }) => ({
      body: carrierIntegrationJson(
        await carriers.updateIntegration({ ...params, connectionName: body.connectionName, credentials: body.credentials }),
      ),
    }),
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/:id/toggle`,
    auth: 'session',
    rpc: 'carriers.ToggleIntegration',
    response: { schema: carrierIntegrationResponse },
    params: integrationParams,
    body: toggleCarrierIntegrationSchema,
    handle: async ({ params, body, carriers }) => ({ body: carrierIntegrationJson(await carriers.toggleIntegration({ ...params, active: body.active })) }),
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    auth: 'session',
    rpc: 'carriers.DeleteIntegration',
    response: { schema: successResponse },
    params: integrationParams,
    handle: async ({ params, carriers }) => {
      await carriers.deleteIntegration(params);
      return { body: { success: true } };
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/validate`,
    auth: 'session',
    rpc: 'carriers.ValidateCredentials',
    response: { schema: carrierIntegrationResponse },
    params: integrationParams,
    handle: async ({ params, carriers }) => ({ body: carrierIntegrationJson(await carriers.validateCredentials(params)) }),
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id/tracking-codes/stats`,
    auth: 'session',
    rpc: 'carriers.GetTrackingCodeStats',
    response: { schema: trackingCodeStatsResponse },
    params: integrationParams,
    handle: async ({ params, carriers }) => ({ body: trackingCodeStatsJson(await carriers.getTrackingCodeStats(params)) }),
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id/tracking-codes/distinta`,
    auth: 'session',
    rpc: 'carriers.ExportDistinta',
    response: { file: ['text/csv; charset=utf-8', 'application/pdf'], description: 'The day\'s distinta, CSV or PDF (`format`)' },
    params: integrationParams,
    query: distintaQuerySchema,
    handle: async ({ params, query, carriers }) => {
      const doc = await carriers.exportDistinta({ ...params, date: query.date ?? '', format: query.format });
      return { body: null, file: { contentType: doc.contentType, filename: doc.filename, data: doc.data } };
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id/tracking-codes`,
    auth: 'session',
    rpc: 'carriers.ListTrackingCodes',
    response: { schema: trackingCodePageResponse },
    params: integrationParams,
    query: trackingCodesQuerySchema,
    handle: async ({ params, query, carriers }) => ({
      body: trackingCodePageJson(await carriers.listTrackingCodes({ ...params, status: query.status ?? '', page: query.page, pageSize: query.pageSize })),
    }),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/tracking-codes`,
    auth: 'session',
    rpc: 'carriers.AddTrackingCodes',
    response: { status: 201, schema: trackingCodesAddedResponse },
    params: integrationParams,
    body: addTrackingCodesSchema,
    // A range is two fields, but a pasted list of 10,000 codes is about 150 kB.
    bodyLimit: 1024 * 1024,
    handle: async ({ params, body, carriers }) => {
      const answer = await carriers.addTrackingCodes({
        ...params,
        method: body.method,
        trackingCodes: body.method === 'manual' ? (typeof body.trackingCodes === 'string' ? [body.trackingCodes] : body.trackingCodes) : [],
        fromCode: body.method === 'range' ? body.fromCode : '',
        toCode: body.method === 'range' ? body.toCode : '',
      });
      return { status: 201, body: { message: answer.message, added: answer.added } satisfies TrackingCodesAddedJson };
    },
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:id/tracking-codes/:codeId`,
    auth: 'session',
    rpc: 'carriers.DeleteTrackingCode',
    response: { schema: successResponse },
    params: codeParams,
    handle: async ({ params, carriers }) => {
      await carriers.deleteTrackingCode(params);
      return { body: { success: true } };
    },
  }),
];
