import { createPeerClient, isServiceError, type Logger } from '@smista/service-kit';
import { merchants } from '@smista/proto';
import type { MerchantBranding } from '../app/ports';

/**
 * The {@link MerchantBranding} over merchants' gRPC API (GetLogo, on behalf of the caller). A
 * logo is decoration: when merchants cannot answer, the slips are printed without it (logged).
 */
export function createMerchantBranding(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): MerchantBranding {
  const peer = createPeerClient(merchants.MerchantsServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 5_000 });
  return {
    async logoOf(caller) {
      try {
        const logo = await (await peer.as(caller)).getLogo({});
        if (!logo.present || (logo.contentType !== 'image/png' && logo.contentType !== 'image/jpeg')) return null;
        return { contentType: logo.contentType, data: logo.data };
      } catch (err) {
        opts.logger.warn({ err: isServiceError(err) ? err.details : String(err), merchantId: caller.merchantId }, 'merchant logo unavailable: slips without it');
        return null;
      }
    },
    close: () => peer.close(),
  };
}
