import { requireMerchant } from '@smista/service-kit';
import { manualOrders } from '@smista/proto';
import { getOrderImport, previewOrderImport, startOrderImport } from '../app/order-csv-imports';
import type { OrderImportJob } from '../store';
import type { HandlerDeps } from './deps';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

function toJobMessage(j: OrderImportJob): manualOrders.OrderImportJob {
  return manualOrders.OrderImportJob.fromPartial({
    id: j.id,
    status: j.status,
    fileName: j.fileName,
    totalOrders: j.totalOrders,
    processedOrders: j.nextPosition,
    createdOrders: j.createdOrders,
    skippedOrders: j.skippedOrders,
    error: j.error ?? '',
    createdAt: iso(j.createdAt),
    finishedAt: iso(j.finishedAt),
  });
}

/** CSV import of orders (issue 25): any member of the merchant previews, imports and follows a job. */
export function importHandlers(deps: HandlerDeps) {
  const { unary } = deps;
  return {
    previewOrderImport: unary('PreviewOrderImport', async (request: manualOrders.PreviewOrderImportRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return manualOrders.PreviewOrderImportResponse.fromPartial(await previewOrderImport(deps, scope, request.content));
    }),

    startOrderImport: unary('StartOrderImport', async (request: manualOrders.StartOrderImportRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const job = await startOrderImport({ ...deps, onQueued: () => deps.importWorker?.wake() }, scope, { fileName: request.fileName, content: request.content });
      return toJobMessage(job);
    }),

    getOrderImport: unary('GetOrderImport', async (request: manualOrders.OrderImportRef, ctx) => {
      const scope = await requireMerchant(ctx);
      return toJobMessage(await getOrderImport(deps, scope, request.id));
    }),
  };
}
