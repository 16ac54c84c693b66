import {
  buyerMailDraftSchema,
  buyerMailMessages,
  buyerMailSettingsSchema,
  type BuyerMailDraftInput,
  type BuyerMailKind,
  type BuyerMailSettingsInput,
  type BuyerMailValues,
} from '@smista/contracts';
import { DomainError, KitErrorCode, kitErrors, PollLoop, type Logger, type Mail, type Mailer, type MerchantScope, type Pool } from '@smista/service-kit';
import type { z } from 'zod';
import {
  buyerMailDecision,
  buyerMailSettingsOf,
  buyerMailValues,
  relayOf,
  renderBuyerMail,
  sampleBuyerMailValues,
  senderDisplayName,
  shipmentsErrors,
  storedBuyerMailSettings,
  ShipmentsError,
  ShipmentsErrorCode,
  type BuyerMailSettings,
  type RenderedBuyerMail,
} from '../domain';
import {
  buyerMailSettingsRow,
  claimDueBuyerMails,
  findShipment,
  isUnsubscribed,
  markBuyerMailFailed,
  markBuyerMailSent,
  markBuyerMailSkipped,
  publicTokenOf,
  releaseBuyerMailClaims,
  saveBuyerMailSettings,
  unsubscribeAddress,
  unsubscribeLink,
  type ClaimedBuyerMail,
} from '../store';
import type { PublicBrand, PublicBrands } from './ports';

/** How buyer e-mails go out in this deployment (main.ts from the environment). */
export interface BuyerMailConfig {
  /** The address every buyer e-mail is sent from (BUYER_MAIL_FROM); the merchant's name is its display name. */
  fromAddress: string;
  /** The shell's public base URL: the tracking page and unsubscribe links. */
  publicUrl: string;
  /** The kinds sent to Amazon's relay addresses (BUYER_MAIL_AMAZON_KINDS). */
  amazonKinds: readonly BuyerMailKind[];
  /** A 'shipped' e-mail waits this long after the label (BUYER_MAIL_SHIPPED_DELAY_SECONDS). */
  shippedDelaySeconds: number;
}

export interface BuyerMailDeps {
  pool: Pool;
  logger: Logger;
  mailer: Mailer;
  brands: PublicBrands;
  config: BuyerMailConfig;
  now: () => Date;
}

/** The settings as the screen reads them: the saved ones over the defaults, and the sender address. */
export async function buyerMailSettings(deps: Pick<BuyerMailDeps, 'pool' | 'brands' | 'config'>, scope: MerchantScope): Promise<BuyerMailSettings & { fromAddress: string; merchantName: string }> {
  const [row, brand] = await Promise.all([buyerMailSettingsRow(deps.pool, scope.merchantId), deps.brands.brandOf(scope.merchantId, false)]);
  return { ...buyerMailSettingsOf(row), fromAddress: deps.config.fromAddress, merchantName: brand?.merchantName ?? '' };
}

/** Saves the merchant's settings (admins only), validated as the gateway validates them. */
export async function updateBuyerMailSettings(deps: Pick<BuyerMailDeps, 'pool' | 'brands' | 'config'>, scope: MerchantScope, input: unknown) {
  if (scope.role !== 'admin') throw new DomainError(KitErrorCode.AdminOnly, buyerMailMessages.adminOnly);
  const settings: BuyerMailSettingsInput = parsed(buyerMailSettingsSchema, input);
  await saveBuyerMailSettings(deps.pool, scope.merchantId, storedBuyerMailSettings(settings), scope.userId);
  return buyerMailSettings(deps, scope);
}

/** One kind rendered with the sample parcel, as the form stands (saved or not). */
export async function previewBuyerMail(deps: Pick<BuyerMailDeps, 'brands' | 'config' | 'now'>, scope: MerchantScope, input: unknown): Promise<RenderedBuyerMail & { from: string; replyTo: string }> {
  const draft: BuyerMailDraftInput = parsed(buyerMailDraftSchema, input);
  const brand = await deps.brands.brandOf(scope.merchantId, true);
  const merchantName = brand?.merchantName ?? '';
  const logo = brand?.logo ? `data:${brand.logo.contentType};base64,${Buffer.from(brand.logo.data).toString('base64')}` : null;
  const rendered = renderBuyerMail(draft, sampleValues(deps.config, merchantName, deps.now()), {
    merchantName,
    logoSrc: logo,
    unsubscribeUrl: `${deps.config.publicUrl}/u/esempio`,
    links: true,
  });
  return { ...rendered, from: `${senderDisplayName(draft.senderName, merchantName)} <${deps.config.fromAddress}>`, replyTo: draft.replyTo };
}

/**
 * The draft, with the sample parcel, to the signed-in user's own address (the gateway names it;
 * never an address the caller typed). Sent now, so the answer says whether the relay took it.
 */
export async function sendTestBuyerMail(deps: BuyerMailDeps, scope: MerchantScope, input: unknown, to: string): Promise<string> {
  const draft: BuyerMailDraftInput = parsed(buyerMailDraftSchema, input);
  if (!to.trim()) throw kitErrors.invalidInput();
  const brand = await deps.brands.brandOf(scope.merchantId, true);
  const merchantName = brand?.merchantName ?? '';
  const rendered = renderBuyerMail(draft, sampleValues(deps.config, merchantName, deps.now()), {
    merchantName,
    logoSrc: brand?.logo ? `cid:${LOGO_CID}` : null,
    unsubscribeUrl: null,
    links: true,
  });
  try {
    await deps.mailer.send(mailOf(deps.config, rendered, to.trim(), draft.senderName, draft.replyTo, merchantName, brand, null));
  } catch (err) {
    deps.logger.warn({ merchantId: scope.merchantId, err: err instanceof Error ? err.message : String(err) }, 'buyer test mail not sent');
    throw new ShipmentsError(ShipmentsErrorCode.DependencyUnavailable, buyerMailMessages.testNotSent);
  }
  deps.logger.info({ merchantId: scope.merchantId, kind: draft.kind }, 'buyer test mail sent');
  return buyerMailMessages.testSent(to.trim());
}

/** The merchant an unsubscribe link names, and whether the address is out already; NOT_FOUND for an unknown token. */
export async function unsubscribeState(deps: Pick<BuyerMailDeps, 'pool' | 'brands'>, token: string, record: boolean): Promise<{ merchantName: string; unsubscribed: boolean }> {
  const link = UNSUBSCRIBE_TOKEN.test(token) ? await unsubscribeLink(deps.pool, token) : null;
  if (!link) throw shipmentsErrors.shipmentNotFound();
  const brand = await deps.brands.brandOf(link.merchantId, false);
  // An address erased since (a privacy request) has nothing left to write to.
  if (!link.recipient.trim()) return { merchantName: brand?.merchantName ?? '', unsubscribed: true };
  if (record) await unsubscribeAddress(deps.pool, link.merchantId, link.recipient);
  return { merchantName: brand?.merchantName ?? '', unsubscribed: record || (await isUnsubscribed(deps.pool, link.merchantId, link.recipient)) };
}

/** An unsubscribe token's shape (43 base64url characters): anything else is NOT_FOUND without a query. */
const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const LOGO_CID = 'logo@smista';

function sampleValues(config: BuyerMailConfig, merchantName: string, now: Date): BuyerMailValues {
  return sampleBuyerMailValues(merchantName, `${config.publicUrl}/api/tracking-page/preview`, now);
}

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw kitErrors.invalidInput(result.error.issues[0]?.message);
  return result.data;
}

function mailOf(
  config: BuyerMailConfig,
  rendered: RenderedBuyerMail,
  to: string,
  senderName: string,
  replyTo: string,
  merchantName: string,
  brand: PublicBrand | null,
  unsubscribeUrl: string | null,
  messageId?: string,
): Mail {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (unsubscribeUrl) {
    // RFC 8058 one-click: the mailbox provider POSTs `List-Unsubscribe=One-Click` to the link.
    headers['List-Unsubscribe'] = `<${unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    from: { name: senderDisplayName(senderName, merchantName), address: config.fromAddress },
    ...(replyTo.trim() ? { replyTo: replyTo.trim() } : {}),
    headers,
    ...(messageId ? { messageId } : {}),
    ...(brand?.logo && rendered.html.includes(`cid:${LOGO_CID}`)
      ? { attachments: [{ filename: brand.logo.contentType === 'image/png' ? 'logo.png' : 'logo.jpg', content: Buffer.from(brand.logo.data), contentType: brand.logo.contentType, cid: LOGO_CID }] }
      : {}),
  };
}

/** Retries of a send that failed: 1, 2, 4 … minutes up to an hour, 10 attempts (about 8 hours). */
const MAX_ATTEMPTS = 10;
const retryDelaySeconds = (attempts: number) => Math.min(3_600, 60 * 2 ** Math.max(0, attempts));

/**
 * The sender of the buyer e-mails' outbox, on every replica: claims due rows (SKIP LOCKED, held
 * for `claimMs`), decides each against the settings and the buyer's choice as they are now, and
 * sends it through SMTP; a failure is retried with a growing pause, then recorded as failed.
 */
export class BuyerMailer {
  private readonly loop: PollLoop;
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly deps: BuyerMailDeps,
    private readonly options: { idleMs: number; batchSize: number; claimMs: number },
  ) {
    this.loop = new PollLoop({ name: 'buyer-mailer', logger: deps.logger, pollMs: options.idleMs, round: () => this.runRound() });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await releaseBuyerMailClaims(this.deps.pool, [...this.inFlight]);
  }

  /** One round: the due e-mails claimed and sent one after another. Answers how many were claimed. */
  async runRound(): Promise<number> {
    const claimed = await claimDueBuyerMails(this.deps.pool, this.options.batchSize, this.deps.config.shippedDelaySeconds, this.options.claimMs);
    for (const mail of claimed) this.inFlight.add(mail.id);
    for (const mail of claimed) {
      try {
        await this.deliver(mail);
      } finally {
        this.inFlight.delete(mail.id);
      }
    }
    return claimed.length;
  }

  private async deliver(mail: ClaimedBuyerMail): Promise<void> {
    const { pool, logger, config } = this.deps;
    const fields = { mailId: mail.id, merchantId: mail.merchantId, shipmentId: mail.shipmentId, kind: mail.kind };
    try {
      const [shipment, row, token] = await Promise.all([
        findShipment(pool, mail.merchantId, mail.shipmentId),
        buyerMailSettingsRow(pool, mail.merchantId),
        publicTokenOf(pool, mail.merchantId, mail.shipmentId),
      ]);
      if (!shipment) return await markBuyerMailSkipped(pool, mail.id, 'cancelled');
      const settings = buyerMailSettingsOf(row);
      const to = (shipment.recipientEmail ?? '').trim();
      const unsubscribed = to ? await isUnsubscribed(pool, mail.merchantId, to) : false;
      const decision = buyerMailDecision({ kind: mail.kind, shipment, settings, unsubscribed, amazonKinds: config.amazonKinds });
      if (!decision.send) {
        logger.info({ ...fields, reason: decision.reason }, 'buyer mail skipped');
        return await markBuyerMailSkipped(pool, mail.id, decision.reason);
      }
      const brand = await this.deps.brands.brandOf(mail.merchantId, true);
      // Never in the merchant's name without its name: merchants is asked again at the next try.
      if (!brand?.merchantName) throw new Error('merchant brand unavailable');
      const amazon = relayOf(to) === 'amazon';
      const pageUrl = token ? `${config.publicUrl}/t/${token}` : '';
      const values = buyerMailValues(shipment, brand.merchantName, pageUrl);
      const unsubscribeUrl = amazon ? null : `${config.publicUrl}/u/${mail.unsubscribeToken}`;
      const rendered = renderBuyerMail(
        settings.templates[mail.kind],
        // Amazon's relay allows no link outside Amazon: the page's link becomes the carrier and number.
        amazon ? { ...values, link_tracciamento: [values.corriere, values.tracking].filter(Boolean).join(' ') } : values,
        { merchantName: brand.merchantName, logoSrc: brand.logo ? `cid:${LOGO_CID}` : null, unsubscribeUrl, links: !amazon },
      );
      // The same Message-ID on every attempt: sent again after a crash between the relay's answer and
      // the row's update (at least once), it is one message to the buyer's mailbox.
      const messageId = `<buyer-mail-${mail.id}-${mail.unsubscribeToken.slice(0, 12)}@${config.fromAddress.split('@').pop()}>`;
      await this.deps.mailer.send(mailOf(config, rendered, to, settings.senderName, settings.replyTo, brand.merchantName, brand, unsubscribeUrl, messageId));
      await markBuyerMailSent(pool, mail.id, to);
      logger.info(fields, 'buyer mail sent');
    } catch (err) {
      // An SMTP refusal may quote the address: the log and the row keep it masked.
      const error = (err instanceof Error ? err.message : String(err)).replace(/[^\s<>"]+@[^\s<>"]+/g, '…@…');
      logger.warn({ ...fields, attempts: mail.attempts + 1, err: error }, 'buyer mail not sent: tried again later');
      await markBuyerMailFailed(pool, mail.id, error, retryDelaySeconds(mail.attempts), MAX_ATTEMPTS);
    }
  }
}
