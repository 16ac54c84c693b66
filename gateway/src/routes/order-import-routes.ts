import { z } from 'zod';
import { numericIdParam, ORDER_CSV_MAX_BYTES, orderImportFileSchema, type OrderImportJobJson, type OrderImportPreviewJson } from '@smista/contracts';
import type { manualOrders } from '@smista/proto';
import { orderImportJobResponse, orderImportPreviewResponse } from './response-schemas/order-imports';
import { linksToCreated, route, type RouteDef } from './route';

/** An import id from the path: a malformed one is -1, which the service answers like an unknown id (404). */
const importParams = z.object({ id: numericIdParam });

/** The file travels as JSON text: room for its escaping (quotes, line ends) over the file's own limit. */
const IMPORT_BODY_LIMIT = 2 * ORDER_CSV_MAX_BYTES + 64 * 1024;

function previewJson(p: manualOrders.PreviewOrderImportResponse): OrderImportPreviewJson {
  return {
    rows: p.rows,
    orders: p.orders,
    newOrders: p.newOrders,
    alreadyImported: p.alreadyImported,
    alreadyImportedCount: p.alreadyImportedCount,
    problems: p.problems.map((x) => ({ row: x.row, column: x.column, message: x.message })),
    problemCount: p.problemCount,
    sample: p.sample.map((s) => ({ externalId: s.externalId, recipientName: s.recipientName, city: s.city, countryCode: s.countryCode, items: s.items, total: s.total })),
  };
}

export function orderImportJobJson(j: manualOrders.OrderImportJob): OrderImportJobJson {
  return {
    id: j.id,
    status: j.status as OrderImportJobJson['status'],
    fileName: j.fileName,
    totalOrders: j.totalOrders,
    processedOrders: j.processedOrders,
    createdOrders: j.createdOrders,
    skippedOrders: j.skippedOrders,
    error: j.error || null,
    createdAt: j.createdAt,
    finishedAt: j.finishedAt || null,
  };
}

/**
 * CSV import of orders (issue 25), any member: the file (its text in JSON, up to 3 MB and 10,000
 * rows) previewed with each row's problems and the orders already imported, then imported as a
 * job (202) whose progress `GET /api/orders/imports/:id` answers. A file with problems is refused
 * whole (400, how many rows); an id that is malformed, unknown or another merchant's is 404.
 */
export const orderImportRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/api/orders/imports/preview',
    auth: 'session',
    rpc: 'orders.PreviewOrderImport',
    response: { schema: orderImportPreviewResponse },
    body: orderImportFileSchema,
    bodyLimit: IMPORT_BODY_LIMIT,
    handle: async ({ body, orders }) => ({ body: previewJson(await orders.previewOrderImport({ content: body.content })) }),
  }),
  route({
    method: 'POST',
    path: '/api/orders/imports',
    auth: 'session',
    rpc: 'orders.StartOrderImport',
    response: { status: 202, schema: orderImportJobResponse, description: 'The import job, started', links: linksToCreated({ progress: ['GET', '/api/orders/imports/:id'] }) },
    body: orderImportFileSchema,
    bodyLimit: IMPORT_BODY_LIMIT,
    handle: async ({ body, orders }) => ({ status: 202, body: orderImportJobJson(await orders.startOrderImport({ fileName: body.fileName, content: body.content })) }),
  }),
  route({
    method: 'GET',
    path: '/api/orders/imports/:id',
    auth: 'session',
    rpc: 'orders.GetOrderImport',
    response: { schema: orderImportJobResponse },
    params: importParams,
    handle: async ({ params, orders }) => ({ body: orderImportJobJson(await orders.getOrderImport({ id: params.id })) }),
  }),
];
