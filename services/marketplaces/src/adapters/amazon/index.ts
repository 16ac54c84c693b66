import { amazonMessages, marketplaceMessages } from '@smista/contracts';
import { NotSupportedError, type Logger, type Pool } from '@smista/service-kit';
import { MarketplaceError, type AuthorizeParams, type ImportedOrder, type MarketplaceAdapter, type OrdersPage, type OrdersPageRequest, type SellerIdentity, type ShippingFulfillment, type TokenSet, type TrackingPush } from '../adapter';
import type { ProviderAnswer } from '../provider-answer';
import { AMAZON_MAX_PAGE_SIZE, AMAZON_ORDER_ID, amazonConsentUrl, buildAuthorizeParams, buildConfirmation, checkPushLines, confirmationPath, CONSENT_PATH, INCLUDED_DATA, NEWEST_VISIBLE_MS, nextPageQuery, orderPath, PARTICIPATIONS_PATH, SEARCH_ORDERS_PATH, searchOrdersQuery } from './build';
import { createAmazonClient, type AmazonHttpOptions } from './client';
import { isSellerId, openCredential } from './credential';
import { apiFailure, quotaExceeded, rateLimitOf, tokenFailure, type AmazonOperationKind } from './errors';
import { createAmazonPacer, memoryStateStore, PAGE_TOKEN_TTL_MS, postgresStateStore, type AmazonStateStore } from './pacer';
import { fulfillmentStatusOfOrder, marketplaceOfOrder, orderOf, parseOrder, parsePackages, parseParticipations, parseSearch, parseTokenResponse, unshippedQuantities } from './parse';
import { settingsProblem, type AmazonPacedOperation, type AmazonSettings } from './settings';
import { amazonTrackingNumber, packageReferenceOf } from './units';

export { amazonConsentUrl, buildAuthorizeParams as amazonAuthorizeParams, INCLUDED_DATA as AMAZON_INCLUDED_DATA } from './build';
export { openCredential as openAmazonCredential, sellerCredential as amazonSellerCredential } from './credential';
export { createAmazonPacer, memoryStateStore as amazonMemoryState, postgresStateStore as amazonPostgresState, reserveFrom, type AmazonPacer, type AmazonStateStore, type BucketState } from './pacer';
export { AMAZON_DEFAULT_RATE_LIMITS, AMAZON_ITALY, amazonEnv, amazonSettingsFrom, parseRateLimits as parseAmazonRateLimits, type AmazonConfig, type AmazonSettings } from './settings';
export { amazonCarrierOf, isExpressServiceLevel, lineFulfilmentOf as amazonLineFulfilmentOf, orderStatusOf as amazonOrderStatusOf, packageReferenceOf, paymentStatusOf as amazonPaymentStatusOf } from './units';
export { recipientWithheld } from './parse';

export interface AmazonDeps {
  logger: Logger;
  /** The clock in ms (token expiries, the usage plans, the 2-minute rule). Default `Date.now`. */
  now?: () => number;
  http?: AmazonHttpOptions;
  /** The service's database: usage-plan buckets and pagination tokens shared by every replica. Without it, this process's own. */
  pool?: Pool;
  /** How the pacer waits (tests move their clock instead). Default a timer. */
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * The Amazon adapter (providers.md, Selling Partner API): the website authorization flow (Seller
 * Central's consent page, `spapi_oauth_code` and `selling_partner_id` back), LWA code exchange and
 * refresh, Orders v2026-01-01 searchOrders by window in pagination-token pages and getOrder, v0
 * shipmentConfirmation, every call paced by the seller's usage plan (`pacer.ts`). It holds no
 * seller state: every call takes the seller's credential (`<selling partner id>/<token>`), so one
 * adapter serves every seller.
 *
 * The service counts a window's pages by offset; Amazon pages by token. The adapter stores the
 * token of each offset it handed out (beside the buckets, shared by the replicas, for 23 h), and
 * reaches an offset it does not know by reading the pages up to it again.
 *
 * @example
 * const amazon = createAmazonAdapter(amazonSettingsFrom(config), { logger, pool });
 * const url = amazon.consentUrl(amazon.authorizeParams(), state);
 * const tokens = await amazon.exchangeCode(code, { selling_partner_id: 'A2SELLER' });
 */
export function createAmazonAdapter(settings: AmazonSettings, deps: AmazonDeps): MarketplaceAdapter {
  const client = createAmazonClient(settings, deps.logger, deps.http);
  const now = deps.now ?? Date.now;
  const state: AmazonStateStore = deps.pool ? postgresStateStore(deps.pool) : memoryStateStore();
  const pacer = createAmazonPacer(state, { now, maxWaitMs: settings.pacingMaxWaitMs, ...(deps.wait ? { wait: deps.wait } : {}) });

  const assertConfigured = (need: 'authorize' | 'token') => {
    const problem = settingsProblem(settings, need);
    if (problem) throw new MarketplaceError('CLIENT_REFUSED', problem);
  };

  /** One SP-API call paced by the seller's usage plan: its answer, or the failure in Smista's words. */
  async function call(kind: AmazonOperationKind, operation: AmazonPacedOperation, credential: string, send: (token: string) => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
    const { sellerId, token } = openCredential(credential);
    const plan = settings.rateLimits[operation];
    const due = await pacer.acquire(sellerId, operation, plan);
    if (due > 0) throw quotaExceeded(due);
    const answer = await send(token);
    const rate = rateLimitOf(answer);
    if (rate !== undefined && answer.status !== 429) await pacer.learn(sellerId, operation, rate);
    const failure = apiFailure(kind, answer, plan.rate, (s) => client.redact(s, [token]));
    if (failure) throw failure;
    return answer;
  }

  const getOrder = async (credential: string, orderId: string, kind: AmazonOperationKind) => {
    if (!AMAZON_ORDER_ID.test(orderId.trim())) throw new MarketplaceError('REQUEST_REFUSED', (kind === 'confirmation' ? amazonMessages.confirmationRefused : amazonMessages.ordersRefused)(amazonMessages.orderNotFound));
    const answer = await call(kind, 'getOrder', credential, (token) => client.get(orderPath(orderId.trim()), { includedData: INCLUDED_DATA.join(',') }, token, 'getOrder'));
    const order = orderOf(answer.text);
    if (!order) throw new MarketplaceError('REQUEST_REFUSED', amazonMessages.ordersRefused(amazonMessages.orderNotFound));
    return order;
  };

  /** A searchOrders page: the orders and the next token. */
  const searchPage = async (credential: string, query: Record<string, string>) =>
    parseSearch((await call('orders', 'searchOrders', credential, (token) => client.get(SEARCH_ORDERS_PATH, query, token, 'searchOrders'))).text);

  return {
    identifier: 'amazon',
    connectMethod: 'oauth',
    // Tracking per item through shipmentConfirmation, LWA refresh tokens; Amazon's order
    // notifications (SQS/EventBridge) are not used: the schedule reads the changes.
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: false },

    consentPageUrl: () => `${settings.consentUrl}${CONSENT_PATH}`,

    authorizeParams(): AuthorizeParams {
      assertConfigured('authorize');
      return buildAuthorizeParams(settings);
    },

    consentUrl: (params, state) => amazonConsentUrl(params, state, settings.draftApp),

    async exchangeCode(code: string, callback?: Readonly<Record<string, string>>): Promise<TokenSet> {
      assertConfigured('token');
      // The seller comes with the consent only: tokens are kept with it (credential.ts).
      const sellerId = (callback?.selling_partner_id ?? '').trim();
      if (!isSellerId(sellerId)) throw new MarketplaceError('CODE_REFUSED', amazonMessages.sellerMissing);
      const obtainedAt = now();
      const answer = await client.token({ grant_type: 'authorization_code', code, client_id: settings.clientId, client_secret: settings.clientSecret }, false);
      if (answer.status < 200 || answer.status >= 300) throw tokenFailure('authorization_code', answer, (s) => client.redact(s, [code]));
      return parseTokenResponse(sellerId, answer.text, obtainedAt, answer.status);
    },

    // Amazon connects through the seller's consent only.
    connectWithSettings: () => Promise.reject(new NotSupportedError(marketplaceMessages.settingsConnectOperation, amazonMessages.provider)),

    // Amazon's order notifications come through SQS/EventBridge, not a webhook: the schedule reads the changes.
    readWebhook: () => {
      throw new NotSupportedError(marketplaceMessages.webhookOperation, amazonMessages.provider);
    },

    async refreshAccessToken(refreshCredential: string): Promise<TokenSet> {
      assertConfigured('token');
      const { sellerId, token } = openCredential(refreshCredential, 'REFRESH_REFUSED');
      const obtainedAt = now();
      const answer = await client.token({ grant_type: 'refresh_token', refresh_token: token, client_id: settings.clientId, client_secret: settings.clientSecret }, true);
      if (answer.status < 200 || answer.status >= 300) throw tokenFailure('refresh_token', answer, (s) => client.redact(s, [token]));
      const tokens = parseTokenResponse(sellerId, answer.text, obtainedAt, answer.status);
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshCredential };
    },

    async getIdentity(credential: string): Promise<SellerIdentity> {
      const { sellerId } = openCredential(credential);
      const answer = await call('identity', 'getMarketplaceParticipations', credential, (token) => client.get(PARTICIPATIONS_PATH, {}, token, 'getMarketplaceParticipations'));
      return parseParticipations(sellerId, answer.text, answer.status);
    },

    async fetchOrdersPage(request: OrdersPageRequest): Promise<OrdersPage> {
      const { sellerId } = openCredential(request.accessToken);
      // searchOrders shows nothing newer than 2 minutes ago: the window ends there at the latest.
      const before = new Date(Math.min(request.to.getTime(), now() - NEWEST_VISIBLE_MS));
      if (request.from.getTime() >= before.getTime()) return { orders: [], total: request.offset, nextOffset: null };
      const pageSize = Math.min(AMAZON_MAX_PAGE_SIZE, Math.max(1, request.limit));
      const windowKey = `amazon|${sellerId}|${request.filterBy}|${request.from.toISOString()}|${request.to.toISOString()}`;
      const first = searchOrdersQuery({ filterBy: request.filterBy, from: request.from, before }, settings.marketplaceIds, pageSize);
      const remember = (offset: number, token: string) => state.savePageToken(`${windowKey}|${offset}`, token, now() + PAGE_TOKEN_TTL_MS);

      // The token of this offset: stored when the page before was read, else found by reading up to it.
      let query = first;
      if (request.offset > 0) {
        let token = await state.pageToken(`${windowKey}|${request.offset}`, now());
        if (!token) {
          let reached = 0;
          let walk: string | null = null;
          while (reached < request.offset) {
            const size = Math.min(AMAZON_MAX_PAGE_SIZE, request.offset - reached);
            const page = await searchPage(request.accessToken, walk ? nextPageQuery(walk, size) : { ...first, maxResultsPerPage: String(size) });
            reached += page.orders.length;
            walk = page.nextToken;
            if (!walk || page.orders.length === 0) return { orders: [], total: reached, nextOffset: null };
          }
          await remember(request.offset, walk!);
          token = walk!;
        }
        query = nextPageQuery(token, pageSize);
      }

      const page = await searchPage(request.accessToken, query);
      const orders: ImportedOrder[] = page.orders.map((o) => parseOrder(o));
      const read = request.offset + orders.length;
      if (!page.nextToken || orders.length === 0) return { orders, total: read, nextOffset: null };
      await remember(read, page.nextToken);
      return { orders, total: estimatedTotal(read, orders, request, before), nextOffset: read };
    },

    async fetchOrder(request: { accessToken: string; externalOrderId: string }): Promise<ImportedOrder> {
      return parseOrder(await getOrder(request.accessToken, request.externalOrderId, 'orders'));
    },

    async pushTracking(push: TrackingPush): Promise<{ fulfillmentId: string }> {
      checkPushLines(push);
      const order = await getOrder(push.accessToken, push.externalOrderId, 'confirmation');
      const status = fulfillmentStatusOfOrder(order);
      if (status === 'CANCELLED' || status === 'PENDING' || status === 'PENDING_AVAILABILITY' || status === 'UNFULFILLABLE') {
        throw new MarketplaceError('REQUEST_REFUSED', amazonMessages.confirmationRefused(amazonMessages.notConfirmable), { providerCode: status });
      }
      // Only what Amazon still has to ship: items shipped already (by an earlier push of ours whose
      // answer was lost, or otherwise) are ALREADY_FULFILLED, and the service reads the packages.
      const left = unshippedQuantities(order);
      const lines = push.lineItems.filter((l) => (left.get(l.lineItemId) ?? 0) > 0).map((l) => ({ ...l, quantity: Math.min(l.quantity, left.get(l.lineItemId)!) }));
      if (lines.length === 0) {
        const known = push.lineItems.some((l) => left.has(l.lineItemId));
        if (known) throw new MarketplaceError('ALREADY_FULFILLED', amazonMessages.confirmationRefused(amazonMessages.alreadyShipped), { providerCode: 'SHIPPED' });
        throw new MarketplaceError('REQUEST_REFUSED', amazonMessages.confirmationRefused(amazonMessages.orderNotFound));
      }
      const body = buildConfirmation({ ...push, lineItems: lines }, marketplaceOfOrder(order) || settings.marketplaceIds[0]!);
      await call('confirmation', 'confirmShipment', push.accessToken, (token) => client.post(confirmationPath(push.externalOrderId.trim()), body, token, 'confirmShipment'));
      return { fulfillmentId: packageReferenceOf(push.trackingNumber) };
    },

    async getShippingFulfillments(request: { accessToken: string; externalOrderId: string }): Promise<ShippingFulfillment[]> {
      return parsePackages(await getOrder(request.accessToken, request.externalOrderId, 'orders'));
    },

    trackingNumberAsSent: amazonTrackingNumber,

    close: () => client.close(),
  };
}

/**
 * Amazon does not count a window's orders: until the last page, the total is extrapolated from how
 * far into the window the page's last order is (orders come oldest first), never less than one more
 * than already read.
 */
export function estimatedTotal(read: number, page: readonly ImportedOrder[], window: { filterBy: 'created' | 'modified'; from: Date }, before: Date): number {
  const last = page[page.length - 1];
  const at = Date.parse(window.filterBy === 'created' ? (last?.orderDate ?? '') : (last?.lastModifiedAt ?? ''));
  const span = before.getTime() - window.from.getTime();
  const covered = Number.isFinite(at) && span > 0 ? (at - window.from.getTime()) / span : 0;
  const estimate = covered > 0 ? Math.round(read / Math.min(1, covered)) : 0;
  return Math.max(read + 1, estimate);
}
