import { z } from 'zod';
import { buyerMailDraftSchema, buyerMailKinds, buyerMailSettingsSchema, type BuyerMailPreviewJson, type BuyerMailSettingsJson } from '@smista/contracts';
import type { shipments } from '@smista/proto';
import { GrpcStatus, isServiceError } from '@smista/service-kit';
import { renderUnsubscribeNotFoundPage, renderUnsubscribePage } from '../pages/unsubscribe-page';
import { buyerMailPreviewResponse, buyerMailSettingsResponse } from './response-schemas/buyer-mail';
import { messageResponse } from './response-schemas/common';
import { route, type RouteDef, type RouteResult } from './route';

function settingsJson(s: shipments.BuyerMailSettings, testRecipient: string): BuyerMailSettingsJson {
  const templates = {} as BuyerMailSettingsJson['templates'];
  for (const kind of buyerMailKinds) {
    const t = s.templates.find((x) => x.kind === kind);
    templates[kind] = { enabled: t?.enabled ?? false, subject: t?.subject ?? '', body: t?.body ?? '', customised: t?.customised ?? false };
  }
  return { enabled: s.enabled, senderName: s.senderName, replyTo: s.replyTo, fromAddress: s.fromAddress, merchantName: s.merchantName, testRecipient, templates };
}

const draftOf = (body: z.output<typeof buyerMailDraftSchema>, testRecipient = '') => ({ kind: body.kind, subject: body.subject, body: body.body, senderName: body.senderName, replyTo: body.replyTo, testRecipient });

/** An unsubscribe token's shape (shipments' 43 base64url characters): anything else is a 404 without a call. */
const UNSUBSCRIBE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const tokenParams = z.object({ token: z.string() });
const notFound: RouteResult = { status: 404, body: null, page: { html: renderUnsubscribeNotFoundPage() } };

/** shipments' answer for the link, or null for an unknown token. */
async function unsubscribeCall(token: string, call: (request: { token: string }) => Promise<shipments.BuyerMailUnsubscribe>): Promise<shipments.BuyerMailUnsubscribe | null> {
  if (!UNSUBSCRIBE_TOKEN_SHAPE.test(token)) return null;
  try {
    return await call({ token });
  } catch (err) {
    if (isServiceError(err) && err.code === GrpcStatus.NOT_FOUND) return null;
    throw err;
  }
}

/**
 * Issue 26: the merchant's e-mails to its buyers (Impostazioni › E-mail ai clienti) and the buyer's
 * unsubscribe link. Any member reads and previews; shipments refuses a user's save (403). A test
 * goes to the signed-in user's own address only, so the form cannot mail strangers.
 */
export const buyerMailRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/buyer-emails',
    auth: 'session',
    rpc: 'shipments.GetBuyerMailSettings',
    response: { schema: buyerMailSettingsResponse },
    handle: async ({ shipments, session }) => ({ body: settingsJson(await shipments.getBuyerMailSettings({}), session.user.email) }),
  }),
  route({
    method: 'PUT',
    path: '/api/buyer-emails',
    auth: 'session',
    rpc: 'shipments.UpdateBuyerMailSettings',
    response: { schema: buyerMailSettingsResponse, description: 'The settings as saved' },
    body: buyerMailSettingsSchema,
    handle: async ({ body, shipments, session }) => {
      const saved = await shipments.updateBuyerMailSettings({
        enabled: body.enabled,
        senderName: body.senderName,
        replyTo: body.replyTo,
        templates: buyerMailKinds.map((kind) => ({ kind, ...body.templates[kind], customised: false })),
        // Answers only.
        fromAddress: '',
        merchantName: '',
      });
      return { body: settingsJson(saved, session.user.email) };
    },
  }),
  route({
    method: 'POST',
    path: '/api/buyer-emails/preview',
    auth: 'session',
    rpc: 'shipments.PreviewBuyerMail',
    response: { schema: buyerMailPreviewResponse },
    body: buyerMailDraftSchema,
    handle: async ({ body, shipments }) => {
      const p = await shipments.previewBuyerMail(draftOf(body));
      const json: BuyerMailPreviewJson = { subject: p.subject, html: p.html, text: p.text, from: p.from, replyTo: p.replyTo || null };
      return { body: json };
    },
  }),
  route({
    method: 'POST',
    path: '/api/buyer-emails/test',
    auth: 'session',
    rpc: 'shipments.SendTestBuyerMail',
    response: { schema: messageResponse, description: "Sent to the signed-in user's own address: the Italian text to show" },
    body: buyerMailDraftSchema,
    limiters: ['buyerMailTestsPerUser'],
    handle: async ({ body, shipments, session }) => {
      const answer = await shipments.sendTestBuyerMail(draftOf(body, session.user.email));
      return { body: { message: answer.message } };
    },
  }),
  route({
    method: 'GET',
    path: '/u/:token',
    auth: 'public',
    rpc: 'shipments.GetBuyerMailUnsubscribe',
    response: { page: true, description: 'The unsubscribe page (a form while the buyer is subscribed)' },
    params: tokenParams,
    limiters: ['trackingPagePerIp'],
    handle: async ({ params, shipments }) => {
      const answer = await unsubscribeCall(params.token, (r) => shipments.getBuyerMailUnsubscribe(r));
      if (!answer) return notFound;
      return { body: null, page: { html: renderUnsubscribePage(answer.merchantName, answer.unsubscribed ? 'done' : 'ask'), form: !answer.unsubscribed } };
    },
  }),
  route({
    // The page's button, and a mailbox's RFC 8058 one-click unsubscribe (`List-Unsubscribe=One-Click`).
    method: 'POST',
    path: '/u/:token',
    auth: 'public',
    rpc: 'shipments.UnsubscribeBuyer',
    response: { page: true, description: 'The unsubscribe page, done' },
    params: tokenParams,
    bodyFormat: 'form',
    bodyLimit: 1024,
    // The page's button and RFC 8058 both send `List-Unsubscribe=One-Click`; nothing else is read.
    body: z.object({ 'List-Unsubscribe': z.string().max(20).optional() }),
    limiters: ['trackingPagePerIp'],
    handle: async ({ params, shipments }) => {
      const answer = await unsubscribeCall(params.token, (r) => shipments.unsubscribeBuyer(r));
      if (!answer) return notFound;
      return { body: null, page: { html: renderUnsubscribePage(answer.merchantName, 'done') } };
    },
  }),
];
