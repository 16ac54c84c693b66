import { SLIPS_ORDERS_HEADER, SLIPS_WITHOUT_LABEL_HEADER, slipSelectionSchema, type SlipSelection } from '@smista/contracts';
import type { shipments } from '@smista/proto';
import { conflictOnPrecondition } from './preconditions';
import { route, type RouteDef, type RouteResult } from './route';

/** 1,000 ids of up to 16 digits as JSON, with room to spare. */
const SELECTION_BODY_LIMIT = 64 * 1024;

function printRequest(body: SlipSelection, withLabels = false): shipments.PrintSelection {
  return { orderIds: body.orderIds ?? [], shipmentIds: body.shipmentIds ?? [], withLabels };
}

/** The PDF shown inline (as the labels' bulk print), with how many orders it holds and which had no label. */
function pdfAnswer(printed: shipments.PrintedDocument): RouteResult {
  const doc = printed.document!;
  return {
    body: null,
    headers: {
      [SLIPS_ORDERS_HEADER]: String(printed.orders),
      [SLIPS_WITHOUT_LABEL_HEADER]: printed.ordersWithoutLabel.join(','),
    },
    file: { contentType: doc.contentType, filename: doc.filename, data: doc.data, disposition: 'inline' },
  };
}

/**
 * Issue 25: the pick list and the packing slips of the orders (or shipments) selected in a list,
 * any member of the merchant in the session. The selection is the contracts' schema (1–1,000 ids,
 * orders or shipments, Italian 400s); other merchants' and unknown ids are skipped by shipments,
 * none left 409 'Nessun ordine trovato per la selezione'.
 */
export const slipRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/api/shipments/pick-list',
    auth: 'session',
    rpc: 'shipments.PrintPickList',
    response: { file: ['application/pdf'], description: 'The pick list, inline' },
    body: slipSelectionSchema,
    bodyLimit: SELECTION_BODY_LIMIT,
    handle: async ({ body, shipments }) => pdfAnswer(await conflictOnPrecondition(shipments.printPickList(printRequest(body)))),
  }),
  route({
    method: 'POST',
    path: '/api/shipments/packing-slips',
    auth: 'session',
    rpc: 'shipments.PrintPackingSlips',
    response: { file: ['application/pdf'], description: 'The packing slips, inline' },
    body: slipSelectionSchema,
    bodyLimit: SELECTION_BODY_LIMIT,
    handle: async ({ body, shipments }) => pdfAnswer(await conflictOnPrecondition(shipments.printPackingSlips(printRequest(body)))),
  }),
  route({
    method: 'POST',
    path: '/api/shipments/labels-and-slips',
    auth: 'session',
    rpc: 'shipments.PrintPackingSlips',
    response: { file: ['application/pdf'], description: 'Each label followed by its packing slip, inline' },
    body: slipSelectionSchema,
    bodyLimit: SELECTION_BODY_LIMIT,
    // 'Stampa etichette e distinte di imballaggio': each order's slip, then its label.
    handle: async ({ body, shipments }) => pdfAnswer(await conflictOnPrecondition(shipments.printPackingSlips(printRequest(body, true)))),
  }),
];
