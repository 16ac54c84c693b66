import { requireMerchant } from '@smista/service-kit';
import { shipments } from '@smista/proto';
import { buyerMailKinds } from '@smista/contracts';
import { buyerMailSettings, previewBuyerMail, sendTestBuyerMail, unsubscribeState, updateBuyerMailSettings } from '../app';
import type { BuyerMailSettings } from '../domain';
import type { HandlerDeps } from './deps';

/** The answer's message: one template per kind, in the contracts' order. */
function toSettingsMessage(s: BuyerMailSettings & { fromAddress: string; merchantName: string }): shipments.BuyerMailSettings {
  return shipments.BuyerMailSettings.fromPartial({
    enabled: s.enabled,
    senderName: s.senderName,
    replyTo: s.replyTo,
    fromAddress: s.fromAddress,
    merchantName: s.merchantName,
    templates: buyerMailKinds.map((kind) => ({ kind, ...s.templates[kind] })),
  });
}

/** The request as the contracts' schema reads it (a kind missing from the list fails validation there). */
function settingsInputOf(request: shipments.BuyerMailSettings): unknown {
  const templates: Record<string, unknown> = {};
  for (const t of request.templates) templates[t.kind] = { enabled: t.enabled, subject: t.subject, body: t.body };
  return { enabled: request.enabled, senderName: request.senderName, replyTo: request.replyTo, templates };
}

const draftOf = (request: shipments.BuyerMailDraft) => ({ kind: request.kind, subject: request.subject, body: request.body, senderName: request.senderName, replyTo: request.replyTo });

/**
 * Issue 26: the merchant's e-mails to its buyers (any member reads and previews; admins save) and
 * the buyer's unsubscribe link, which like the public tracking page reads no caller token.
 */
export function buyerMailHandlers(deps: HandlerDeps) {
  const { unary, buyerMail } = deps;

  return {
    getBuyerMailSettings: unary('GetBuyerMailSettings', async (_request: shipments.BuyerMailSettingsRequest, ctx) => {
      return toSettingsMessage(await buyerMailSettings(buyerMail, await requireMerchant(ctx)));
    }),

    updateBuyerMailSettings: unary('UpdateBuyerMailSettings', async (request: shipments.BuyerMailSettings, ctx) => {
      return toSettingsMessage(await updateBuyerMailSettings(buyerMail, await requireMerchant(ctx), settingsInputOf(request)));
    }),

    previewBuyerMail: unary('PreviewBuyerMail', async (request: shipments.BuyerMailDraft, ctx) => {
      const p = await previewBuyerMail(buyerMail, await requireMerchant(ctx), draftOf(request));
      return shipments.BuyerMailPreview.fromPartial({ subject: p.subject, html: p.html, text: p.text, from: p.from, replyTo: p.replyTo });
    }),

    sendTestBuyerMail: unary('SendTestBuyerMail', async (request: shipments.BuyerMailDraft, ctx) => {
      const message = await sendTestBuyerMail(buyerMail, await requireMerchant(ctx), draftOf(request), request.testRecipient);
      return shipments.ActionResponse.fromPartial({ message, success: true });
    }),

    getBuyerMailUnsubscribe: unary('GetBuyerMailUnsubscribe', async (request: shipments.BuyerMailUnsubscribeRequest) => {
      return shipments.BuyerMailUnsubscribe.fromPartial(await unsubscribeState(buyerMail, request.token, false));
    }),

    unsubscribeBuyer: unary('UnsubscribeBuyer', async (request: shipments.BuyerMailUnsubscribeRequest) => {
      return shipments.BuyerMailUnsubscribe.fromPartial(await unsubscribeState(buyerMail, request.token, true));
    }),
  };
}
