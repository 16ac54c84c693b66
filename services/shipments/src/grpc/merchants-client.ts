import { createPeerClient, isServiceError, type Logger } from '@smista/service-kit';
import { merchants } from '@smista/proto';
import type { MerchantBranding } from '../app/ports';
import type { PublicBrands } from './deps';

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

/** The caller merchants' GetPublicBrand accepts (merchants' domain `PUBLIC_BRAND_CALLER`). */
export const PUBLIC_BRAND_CALLER = 'smista:public-tracking';

/**
 * The {@link PublicBrands} over merchants' GetPublicBrand, on behalf of the service caller for the
 * merchant. A brand is decoration: when merchants cannot answer the page goes without it (logged).
 */
export function createPublicBrands(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): PublicBrands {
  const peer = createPeerClient(merchants.MerchantsServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 3_000 });
  return {
    async brandOf(merchantId, includeLogo) {
      try {
        const brand = await (await peer.as({ userId: PUBLIC_BRAND_CALLER, merchantId, role: 'user' })).getPublicBrand({ includeLogo });
        const logo = includeLogo && brand.hasLogo && brand.logoData.length > 0 ? { contentType: brand.logoContentType, data: brand.logoData } : null;
        return { merchantName: brand.merchantName, hasLogo: brand.hasLogo, logo };
      } catch (err) {
        opts.logger.warn({ err: isServiceError(err) ? err.details : String(err), merchantId }, 'merchant brand unavailable: public page without it');
        return null;
      }
    },
    close: () => peer.close(),
  };
}
