import { requireMerchant } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { SYNC_JOBS_DEFAULT_LIMIT, SYNC_JOBS_MAX_LIMIT } from '@smista/contracts';
import { assertCanSync, assertSelectedMerchant, marketplacesErrors, type TriggeredBy } from '../domain';
import { createOrJoinJob, findJob, listJobs } from '../store';
import type { HandlerDeps } from './deps';
import { toJobMessage } from './mapping';
import { ownIntegration } from './own-integration';

/** Order-sync jobs: any member of the merchant starts and reads them. */
export function syncHandlers(deps: HandlerDeps) {
  const { pool, unary, worker } = deps;

  return {
    startSync: unary('StartSync', async (request: marketplaces.StartSyncRequest, ctx) => {
      const { merchantId, userId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, { merchantId: request.merchantId, id: request.integrationId });
      assertCanSync(integration);
      // The schedule's jobs are its own; a caller starts 'user' (default) or 'auto' (the client's auto-sync).
      const triggeredBy: TriggeredBy = request.triggeredBy === 'auto' ? 'auto' : 'user';
      const { job, joined } = await createOrJoinJob(pool, { merchantId, integrationId: integration.id, triggeredBy });
      if (!joined) worker.wake();
      ctx.logger.info({ merchantId, userId, integrationId: integration.id, jobId: job.id, joined, triggeredBy }, joined ? 'sync joined' : 'sync started');
      return toJobMessage(job, joined);
    }),

    getJob: unary('GetJob', async (request: marketplaces.JobRef, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      assertSelectedMerchant(request.merchantId, merchantId);
      const job = await findJob(pool, merchantId, request.id);
      if (!job) throw marketplacesErrors.jobNotFound();
      return toJobMessage(job);
    }),

    listJobs: unary('ListJobs', async (request: marketplaces.ListJobsRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      assertSelectedMerchant(request.merchantId, merchantId);
      // A filter naming an integration that is not the merchant's is the same NOT_FOUND as an unknown one.
      if (request.integrationId !== 0) await ownIntegration(pool, merchantId, { id: request.integrationId });
      const limit = Math.min(Math.max(request.limit || SYNC_JOBS_DEFAULT_LIMIT, 1), SYNC_JOBS_MAX_LIMIT);
      const jobs = await listJobs(pool, merchantId, request.integrationId, limit);
      return marketplaces.ListJobsResponse.fromPartial({ jobs: jobs.map((j) => toJobMessage(j)) });
    }),
  };
}
