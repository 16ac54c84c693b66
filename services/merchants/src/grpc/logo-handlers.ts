import { merchants } from '@smista/proto';
import { kitErrors } from '@smista/service-kit';
import { assertMay, may, mayReadPublicBrand, merchantsErrors, parseLogo, parseMerchantId, type Role } from '../domain';
import { deleteLogo, findLogo, findMerchantName, saveLogo, type LogoRow } from '../store';
import { selectedMembershipOf } from './actor';
import type { HandlerDeps } from './deps';

function toLogoMessage(logo: LogoRow | null): merchants.MerchantLogo {
  if (!logo) return merchants.MerchantLogo.fromPartial({ present: false });
  return merchants.MerchantLogo.fromPartial({ present: true, contentType: logo.contentType, data: Buffer.from(logo.data), width: logo.width, height: logo.height, updatedAt: logo.updatedAt.toISOString() });
}

function assertMayChangeLogo(role: Role): void {
  if (!may(role, 'logo.change')) throw merchantsErrors.logoAdminOnly();
}

/** GetLogo (any member), SetLogo and DeleteLogo (admins): the caller's selected merchant (issue 25). */
export function logoHandlers({ pool, unary, now }: HandlerDeps) {
  return {
    getLogo: unary('GetLogo', async (_request: merchants.GetLogoRequest, ctx) => {
      const { membership } = await selectedMembershipOf(ctx, pool);
      assertMay(membership.role, 'logo.read');
      return toLogoMessage(await findLogo(pool, membership.merchantId));
    }),

    setLogo: unary('SetLogo', async (request: merchants.SetLogoRequest, ctx) => {
      const { actor, membership } = await selectedMembershipOf(ctx, pool);
      assertMayChangeLogo(membership.role);
      const saved = await saveLogo(pool, membership.merchantId, parseLogo(request.data), now());
      ctx.logger.info({ merchantId: membership.merchantId, userId: actor.userId, bytes: saved.data.length }, 'logo saved');
      return toLogoMessage(saved);
    }),

    deleteLogo: unary('DeleteLogo', async (_request: merchants.DeleteLogoRequest, ctx) => {
      const { actor, membership } = await selectedMembershipOf(ctx, pool);
      assertMayChangeLogo(membership.role);
      await deleteLogo(pool, membership.merchantId);
      ctx.logger.info({ merchantId: membership.merchantId, userId: actor.userId }, 'logo removed');
      return {};
    }),

    getPublicBrand: unary('GetPublicBrand', async (request: merchants.GetPublicBrandRequest, ctx) => {
      const caller = await ctx.caller();
      if (!mayReadPublicBrand(caller)) throw kitErrors.unauthenticated();
      const merchantId = parseMerchantId(caller.merchantId!);
      const name = await findMerchantName(pool, merchantId);
      if (name === null) throw merchantsErrors.merchantNotFound();
      const logo = await findLogo(pool, merchantId);
      return merchants.PublicBrand.fromPartial({
        merchantName: name,
        hasLogo: logo !== null,
        ...(request.includeLogo && logo ? { logoContentType: logo.contentType, logoData: Buffer.from(logo.data) } : {}),
      });
    }),
  };
}
