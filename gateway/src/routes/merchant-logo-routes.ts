import { base64Bytes, merchantLogoLimits, merchantLogoSchema, type MerchantLogoJson } from '@smista/contracts';
import type { merchants } from '@smista/proto';
import { successResponse } from './response-schemas/common';
import { merchantLogoResponse } from './response-schemas/identity';
import { route, type RouteDef } from './route';

function logoJson(logo: merchants.MerchantLogo): MerchantLogoJson {
  if (!logo.present) return { logo: null, width: 0, height: 0, updatedAt: null };
  return { logo: `data:${logo.contentType};base64,${Buffer.from(logo.data).toString('base64')}`, width: logo.width, height: logo.height, updatedAt: logo.updatedAt || null };
}

/**
 * Issue 25: the logo of the merchant in the session, printed on its packing slips. Any member reads
 * it; an admin uploads (a PNG or JPEG data URL, checked on its bytes here and in merchants) or
 * removes it; a user is refused 403 by merchants.
 */
export const merchantLogoRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/merchants/current/logo',
    auth: 'session',
    rpc: 'merchants.GetLogo',
    response: { schema: merchantLogoResponse },
    handle: async ({ merchants }) => ({ body: logoJson(await merchants.getLogo({})) }),
  }),
  route({
    method: 'PUT',
    path: '/api/merchants/current/logo',
    auth: 'session',
    rpc: 'merchants.SetLogo',
    response: { schema: merchantLogoResponse, description: 'The logo as stored' },
    body: merchantLogoSchema,
    // The data URL of 512 KB of bytes (base64: 4/3) and the JSON around it.
    bodyLimit: Math.ceil((merchantLogoLimits.maxBytes * 4) / 3) + 4096,
    handle: async ({ body, merchants }) => ({ body: logoJson(await merchants.setLogo({ data: Buffer.from(base64Bytes(body.logo.slice(body.logo.indexOf(',') + 1))) })) }),
  }),
  route({
    method: 'DELETE',
    path: '/api/merchants/current/logo',
    auth: 'session',
    rpc: 'merchants.DeleteLogo',
    response: { schema: successResponse },
    handle: async ({ merchants }) => (await merchants.deleteLogo({}), { body: { success: true } }),
  }),
];
