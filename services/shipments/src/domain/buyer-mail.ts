import {
  buyerMailKinds,
  buyerMailTexts,
  carrierName,
  defaultBuyerMailTemplates,
  fillBuyerMailTemplate,
  isBuyerMailKind,
  type BuyerMailKind,
  type BuyerMailSkipReason,
  type BuyerMailValues,
} from '@smista/contracts';
import type { Shipment } from './shipment';

/**
 * Issue 26: the e-mails to the buyer, as pure decisions: which kinds a change of the shipment
 * queues, whether a queued one is sent, and what it says (subject, text, HTML).
 */

export interface BuyerMailTemplate {
  enabled: boolean;
  subject: string;
  body: string;
  /** Reworded by the merchant (otherwise the contracts' default). */
  customised: boolean;
}

export interface BuyerMailSettings {
  enabled: boolean;
  senderName: string;
  replyTo: string;
  templates: Record<BuyerMailKind, BuyerMailTemplate>;
}

/** What the store keeps: the kinds on, and only the reworded templates. */
export interface StoredBuyerMailSettings {
  enabled: boolean;
  kinds: readonly string[];
  senderName: string;
  replyTo: string;
  templates: Readonly<Record<string, { subject?: unknown; body?: unknown } | undefined>>;
}

/** The settings a merchant has, the defaults filling what it never changed (none saved: all off). */
export function buyerMailSettingsOf(stored: StoredBuyerMailSettings | null): BuyerMailSettings {
  const templates = {} as Record<BuyerMailKind, BuyerMailTemplate>;
  for (const kind of buyerMailKinds) {
    const own = stored?.templates[kind];
    const subject = typeof own?.subject === 'string' ? own.subject : defaultBuyerMailTemplates[kind].subject;
    const body = typeof own?.body === 'string' ? own.body : defaultBuyerMailTemplates[kind].body;
    templates[kind] = {
      enabled: stored ? stored.kinds.includes(kind) : true,
      subject,
      body,
      customised: subject !== defaultBuyerMailTemplates[kind].subject || body !== defaultBuyerMailTemplates[kind].body,
    };
  }
  return { enabled: stored?.enabled ?? false, senderName: stored?.senderName ?? '', replyTo: stored?.replyTo ?? '', templates };
}

/** The settings as the store keeps them: a template equal to the default is not kept. */
export function storedBuyerMailSettings(settings: Omit<BuyerMailSettings, 'templates'> & { templates: Record<BuyerMailKind, Omit<BuyerMailTemplate, 'customised'>> }): StoredBuyerMailSettings {
  const templates: Record<string, { subject: string; body: string }> = {};
  for (const kind of buyerMailKinds) {
    const t = settings.templates[kind];
    if (t.subject !== defaultBuyerMailTemplates[kind].subject || t.body !== defaultBuyerMailTemplates[kind].body) templates[kind] = { subject: t.subject, body: t.body };
  }
  return {
    enabled: settings.enabled,
    kinds: buyerMailKinds.filter((k) => settings.templates[k].enabled),
    senderName: settings.senderName,
    replyTo: settings.replyTo,
    templates,
  };
}

/**
 * The kinds a tracking change queues: a delivery, the parcel going out for delivery, the parcel
 * held. The outbox's (shipment, kind) key keeps each to one e-mail however often it happens again.
 */
export function buyerMailKindsOnTracking(before: Pick<Shipment, 'status' | 'trackingStatus'>, after: Pick<Shipment, 'status' | 'trackingStatus'>): BuyerMailKind[] {
  const kinds: BuyerMailKind[] = [];
  if (after.status === 'delivered' && before.status !== 'delivered') kinds.push('delivered');
  else if (after.status !== 'delivered') {
    if (after.trackingStatus === 'out_for_delivery' && before.trackingStatus !== 'out_for_delivery') kinds.push('out_for_delivery');
    if (after.trackingStatus === 'held' && before.trackingStatus !== 'held') kinds.push('held');
  }
  return kinds;
}

/** The marketplaces that give the merchant an anonymised relay address instead of the buyer's own. */
export type BuyerRelay = 'amazon' | 'ebay';

const RELAY_DOMAINS: readonly [RegExp, BuyerRelay][] = [
  // e.g. 0dx2vt6d5lkq2yl@marketplace.amazon.it (Amazon's Buyer-Seller Messaging)
  [/(^|\.)marketplace\.amazon\.[a-z.]{2,10}$/, 'amazon'],
  // e.g. b8c2f0d3a1e4@members.ebay.com (eBay's member relay)
  [/(^|\.)members\.ebay\.[a-z.]{2,10}$/, 'ebay'],
];

/** The relay a buyer's address goes through, or null for the buyer's own mailbox. */
export function relayOf(address: string): BuyerRelay | null {
  const domain = address.trim().toLowerCase().split('@').pop() ?? '';
  return RELAY_DOMAINS.find(([pattern]) => pattern.test(domain))?.[1] ?? null;
}

/**
 * What Amazon lets a seller send through its relay: messages needed to complete the order (a parcel
 * held is one), no shipping or delivery notices of its own (Amazon sends them), no links outside
 * Amazon and no opt-out link (Amazon keeps the buyer's choice). Configurable: BUYER_MAIL_AMAZON_KINDS.
 */
export const DEFAULT_AMAZON_RELAY_KINDS: readonly BuyerMailKind[] = ['held'];

export interface BuyerMailContext {
  kind: BuyerMailKind;
  shipment: Pick<Shipment, 'status' | 'recipientEmail'>;
  settings: BuyerMailSettings;
  unsubscribed: boolean;
  amazonKinds: readonly BuyerMailKind[];
}

/** Send it, or why not (the drawer says the reason in Italian, contracts `buyerMailSkipReasons`). */
export function buyerMailDecision(c: BuyerMailContext): { send: true } | { send: false; reason: BuyerMailSkipReason } {
  if (!c.settings.enabled || !c.settings.templates[c.kind].enabled) return { send: false, reason: 'disabled' };
  if (c.shipment.status === 'cancelled') return { send: false, reason: 'cancelled' };
  const to = (c.shipment.recipientEmail ?? '').trim();
  if (!to) return { send: false, reason: 'no_address' };
  if (c.unsubscribed) return { send: false, reason: 'unsubscribed' };
  if (relayOf(to) === 'amazon' && !c.amazonKinds.includes(c.kind)) return { send: false, reason: 'amazon_relay' };
  return { send: true };
}

/** Parses BUYER_MAIL_AMAZON_KINDS (`held`, `held,delivered`, or empty for none). */
export function parseBuyerMailKinds(value: string): BuyerMailKind[] | string {
  const kinds: BuyerMailKind[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    if (!isBuyerMailKind(part)) return `unknown kind "${part}" (expected ${buyerMailKinds.join(', ')})`;
    kinds.push(part);
  }
  return kinds;
}

const romeDate = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

/** The placeholders' values for a real shipment. */
export function buyerMailValues(
  s: Pick<Shipment, 'recipientName' | 'orderExternalId' | 'carrierProvider' | 'trackingNumber' | 'estimatedDeliveryDate' | 'trackingDescription'>,
  merchantName: string,
  trackingPageUrl: string,
): BuyerMailValues {
  const provider = s.carrierProvider ?? '';
  return {
    cliente: s.recipientName.trim(),
    negozio: merchantName,
    ordine: s.orderExternalId,
    corriere: provider ? carrierName(provider) : '',
    tracking: s.trackingNumber ?? '',
    link_tracciamento: trackingPageUrl,
    consegna_prevista: s.estimatedDeliveryDate ? romeDate.format(s.estimatedDeliveryDate) : '',
    messaggio_corriere: (s.trackingDescription ?? '').trim(),
  };
}

/** The sample parcel of the preview and the test send. */
export function sampleBuyerMailValues(merchantName: string, trackingPageUrl: string, now: Date): BuyerMailValues {
  return {
    cliente: 'Mario Rossi',
    negozio: merchantName,
    ordine: '12-34567-89012',
    corriere: 'GLS',
    tracking: 'MI0123456789',
    link_tracciamento: trackingPageUrl,
    consegna_prevista: romeDate.format(new Date(now.getTime() + 3 * 86_400_000)),
    messaggio_corriere: 'In giacenza presso la sede GLS di Milano: destinatario assente',
  };
}

export interface RenderedBuyerMail {
  subject: string;
  text: string;
  html: string;
}

export interface BuyerMailLayout {
  merchantName: string;
  /** The logo's `src`: `cid:…` in a sent e-mail, a data URL in the preview; null without a logo. */
  logoSrc: string | null;
  /** The buyer's unsubscribe page; null where the relay manages opt-outs (Amazon). */
  unsubscribeUrl: string | null;
  /** Links may be clickable (not through Amazon's relay, which allows none outside Amazon). */
  links: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** One paragraph of the body as HTML: escaped, line breaks kept, web addresses as links when allowed. */
function paragraphHtml(text: string, links: boolean): string {
  const escaped = escapeHtml(text);
  const linked = links ? escaped.replace(URL_IN_TEXT, (url) => `<a href="${url}" style="color:#2563eb">${url}</a>`) : escaped;
  return `<p style="margin:0 0 16px;line-height:1.55">${linked.replace(/\n/g, '<br>')}</p>`;
}

/**
 * A template filled and laid out: the subject on one line, the plain-text part, and a simple HTML
 * part (the merchant's logo and name, the paragraphs, the footer with why the buyer gets it and how
 * to stop). Every value is escaped in the HTML; no remote image, no script, no style sheet.
 */
export function renderBuyerMail(template: { subject: string; body: string }, values: BuyerMailValues, layout: BuyerMailLayout): RenderedBuyerMail {
  const subject = fillBuyerMailTemplate(template.subject, values).replace(/\s+/g, ' ').trim();
  const body = fillBuyerMailTemplate(template.body, values).trim();
  const why = buyerMailTexts.footerWhy(layout.merchantName);
  const footerText = [why, layout.unsubscribeUrl ? `${buyerMailTexts.footerUnsubscribe}: ${layout.unsubscribeUrl}` : null].filter(Boolean).join('\n');
  const text = `${body}\n\n--\n${footerText}\n`;

  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => paragraphHtml(p, layout.links))
    .join('\n');
  const header = layout.logoSrc
    ? `<img src="${escapeHtml(layout.logoSrc)}" alt="${escapeHtml(layout.merchantName)}" style="max-height:56px;max-width:200px;display:block;margin:0 0 8px">`
    : '';
  const unsubscribe = layout.unsubscribeUrl
    ? `<br><a href="${escapeHtml(layout.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(buyerMailTexts.footerUnsubscribe)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;font-size:15px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 8px;border-bottom:1px solid #e5e7eb">${header}<div style="font-size:18px;font-weight:bold">${escapeHtml(layout.merchantName)}</div></td></tr>
<tr><td style="padding:24px">
${paragraphs}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:12px;line-height:1.5">${escapeHtml(why)}${unsubscribe}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
  return { subject, text, html };
}

/**
 * A From header's display name: the sender name set in Impostazioni, else the merchant's name;
 * characters that would end the quoted name are dropped (nodemailer encodes the rest).
 */
export function senderDisplayName(senderName: string, merchantName: string): string {
  return (senderName.trim() || merchantName.trim() || 'Smista').replace(/[\r\n"<>\\]/g, '').slice(0, 70);
}
