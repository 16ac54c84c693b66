import { marketplaces } from '@smista/proto';
import { receiveWebhook } from '../app';
import type { HandlerDeps } from './deps';

/** Called by the gateway's public webhook route: no caller token, the marketplace's signature is the proof. */
export function webhookHandlers(deps: HandlerDeps) {
  const { unary } = deps;
  return {
    receiveWebhook: unary('ReceiveWebhook', async (request: marketplaces.ReceiveWebhookRequest, ctx) => {
      const receipt = await receiveWebhook({ pool: deps.pool, adapters: deps.adapters, logger: ctx.logger }, request.marketplace, request.headers, Buffer.from(request.body));
      if (!receipt.duplicate) deps.webhookImporter.wake();
      return marketplaces.ReceiveWebhookResponse.fromPartial(receipt);
    }),
  };
}
