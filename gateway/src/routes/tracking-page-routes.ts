import { z } from 'zod';
import { messages, trackingPageLanguageOf } from '@smista/contracts';
import type { shipments } from '@smista/proto';
import { GrpcStatus, isServiceError } from '@smista/service-kit';
import { HttpError } from '../middleware/errors';
import { renderNotFoundPage, renderTrackingPage, samplePreviewView, type TrackingPageView } from '../pages/tracking-page';
import { route, type RouteContext, type RouteDef, type RouteResult } from './route';

/** A public token's shape (shipments' `PUBLIC_TOKEN_PATTERN`): anything else is a 404 without a call. */
export const PUBLIC_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const tokenParams = z.object({ token: z.string() });

type PageContext = RouteContext<undefined, { token: string }, undefined>;

const languageOf = (ctx: { headers: RouteContext<unknown, unknown>['headers'] }) => {
  const header = ctx.headers['accept-language'];
  return trackingPageLanguageOf(Array.isArray(header) ? header.join(',') : header);
};

const notFound = (ctx: PageContext): RouteResult => ({ status: 404, body: null, page: { html: renderNotFoundPage(languageOf(ctx)) } });

/** shipments' answer, or null for its NOT_FOUND (unknown, cancelled, no label, expired: one answer). */
async function publicTracking(ctx: PageContext, includeLogo: boolean): Promise<shipments.PublicTracking | null> {
  if (!PUBLIC_TOKEN_SHAPE.test(ctx.params.token)) return null;
  try {
    return await ctx.shipments.getPublicTracking({ token: ctx.params.token, includeLogo });
  } catch (err) {
    if (isServiceError(err) && err.code === GrpcStatus.NOT_FOUND) return null;
    throw err;
  }
}

function viewOf(t: shipments.PublicTracking, token: string): TrackingPageView {
  return { ...t, logoSrc: t.merchantHasLogo ? `/t/${token}/logo` : null, steps: t.steps.map((s) => ({ at: s.at, status: s.status, description: s.description, location: s.location })) };
}

/**
 * Issue 26: the buyer's public tracking page (no session, rate-limited per address, HTML rendered
 * here with no script), its logo, and the merchant's preview of it in Impostazioni.
 */
export const trackingPageRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/t/:token',
    auth: 'public',
    rpc: 'shipments.GetPublicTracking',
    response: { page: true, description: "The buyer's tracking page (Italian, or English by Accept-Language)" },
    params: tokenParams,
    limiters: ['trackingPagePerIp'],
    handle: async (ctx) => {
      const answer = await publicTracking(ctx, false);
      if (!answer) return notFound(ctx);
      return { body: null, page: { html: renderTrackingPage(viewOf(answer, ctx.params.token), languageOf(ctx)) } };
    },
  }),
  route({
    method: 'GET',
    path: '/t/:token/logo',
    auth: 'public',
    rpc: 'shipments.GetPublicTracking',
    response: { file: ['image/png', 'image/jpeg'], description: "The merchant's logo" },
    params: tokenParams,
    limiters: ['trackingPagePerIp'],
    handle: async (ctx) => {
      const answer = await publicTracking(ctx, true);
      if (!answer || answer.logoData.length === 0) return notFound(ctx);
      return { body: null, file: { contentType: answer.logoContentType, filename: 'logo', data: answer.logoData, disposition: 'inline' } };
    },
  }),
  route({
    method: 'GET',
    path: '/api/tracking-page/preview',
    auth: 'session',
    rpc: 'merchants.GetMembership, merchants.GetLogo',
    response: { page: true, description: 'The tracking page for a sample parcel, frameable by Smista only' },
    handle: async ({ session, merchants }) => {
      if (!session.merchantId) throw new HttpError(409, messages.errors.noMerchantSelected);
      const [membership, logo] = await Promise.all([merchants.getMembership({ userId: session.user.id, merchantId: session.merchantId }), merchants.getLogo({})]);
      const logoSrc = logo.present ? `data:${logo.contentType};base64,${Buffer.from(logo.data).toString('base64')}` : null;
      // The merchant reads it in Italian, as the rest of Impostazioni.
      return { body: null, page: { html: renderTrackingPage(samplePreviewView(membership.merchantName, logoSrc, new Date()), 'it'), frameable: true } };
    },
  }),
];
