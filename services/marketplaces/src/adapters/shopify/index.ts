import { MARKETPLACE_WEBHOOK_MAX_BYTES, marketplaceMessages, shopifyMessages } from '@smista/contracts';
import { kitErrors, NotSupportedError, type Logger } from '@smista/service-kit';
import { MarketplaceError, type AuthorizeParams, type DeliveryReport, type ImportedOrder, type MarketplaceAdapter, type OrdersPage, type OrdersPageRequest, type SellerIdentity, type ShippingFulfillment, type TokenSet, type TrackingPush, type WebhookHeaders, type WebhookVerdict } from '../adapter';
import {
  AUTHORIZE_PATH,
  buildAuthorizeParams,
  buildCodeExchangeBody,
  buildDeliveryEvent,
  buildRefreshBody,
  buildTrackingInfo,
  checkPushLines,
  FULFILLMENT_CREATE_MUTATION,
  FULFILLMENT_EVENT_CREATE_MUTATION,
  FULFILLMENT_ORDERS_COST,
  FULFILLMENT_ORDERS_QUERY,
  FULFILLMENTS_COST,
  FULFILLMENTS_QUERY,
  MAX_ORDERS_PER_QUERY,
  MUTATION_COST,
  ORDER_CURSOR_COST,
  ORDER_CURSOR_QUERY,
  ORDER_LINES_COST,
  ORDER_LINES_QUERY,
  ORDER_QUERY,
  ORDER_QUERY_COST,
  ORDERS_QUERY,
  orderGid,
  ordersQueryCost,
  ordersSearch,
  SHOP_QUERY,
  SHOP_QUERY_COST,
  shopifyAuthorizeUrl,
} from './build';
import { createShopifyClient, type ShopifyHttpOptions } from './client';
import { deliveryUserErrorsFailure, graphqlFailure, parseJson, tokenFailure, unreadable, userErrorsFailure, type ShopifyGraphqlAnswer, type ShopifyOperation } from './errors';
import { createCostPacer } from './pacer';
import { costOf, dataOf, linesOf, parseFulfillmentCreate, parseFulfillmentEventCreate, parseFulfillmentOrders, parseFulfillments, parseOrder, parseOrdersConnection, parseShop, parseTokenResponse } from './parse';
import { settingsProblem, SHOPIFY_MAX_PAGE_SIZE, shopBaseUrl, type ShopifySettings } from './settings';
import { openCredential, shopDomainOf, verifyCallback } from './shop-domain';
import { shopifyTrackingNumber } from './units';
import { verifyWebhook } from './webhooks';

export { buildAuthorizeParams, shopifyAuthorizeUrl, MAX_ORDERS_PER_QUERY as SHOPIFY_MAX_ORDERS_PER_QUERY, ORDER_COST as SHOPIFY_ORDER_COST } from './build';
export { createShopifyClient, type ShopifyHttpOptions } from './client';
export { createCostPacer, type CostPacer } from './pacer';
export { SHOPIFY_SCOPES, shopifyEnv, shopifySettingsFrom, type ShopifyConfig, type ShopifySettings } from './settings';
export { callbackSignature, openCredential, shopCredential, shopDomainOf, verifyCallback } from './shop-domain';
export { isExpressShipping, lineFulfilmentOf as shopifyLineFulfilmentOf, orderStatusOf as shopifyOrderStatusOf, paymentStatusOf as shopifyPaymentStatusOf, trackingCompanyOf, trackingUrlOf, unitWeights } from './units';

export interface ShopifyDeps {
  logger: Logger;
  /** The clock in ms (token expiries, the callback's age, the bucket). Default `Date.now`. */
  now?: () => number;
  http?: ShopifyHttpOptions;
  /** How the pacer waits for the bucket (tests move their clock instead). Default a timer. */
  wait?: (ms: number) => Promise<unknown>;
}

/** Calls answered THROTTLED are tried again here this many times in all, when the bucket refills within {@link THROTTLED_WAIT_HERE_MS}. */
const THROTTLED_ATTEMPTS = 3;
const THROTTLED_WAIT_HERE_MS = 15_000;

/** Cursors of the pages handed out, by shop, window and offset: the service counts pages by offset. */
const MAX_CURSORS = 5_000;

/**
 * The Shopify adapter (providers.md): install by OAuth on the shop's own host (the shop's domain
 * checked before any call, the callback's HMAC, age and shop checked before the code is used), an
 * expiring offline token and its refresh, the shop as the seller, orders of a window by cursor
 * pages of the GraphQL Admin API paced by the shop's cost bucket, tracking through the order's
 * fulfillment orders and fulfillmentCreate, the delivery by fulfillmentEventCreate (DELIVERED). It holds no seller state: every call takes the
 * seller's credential (`<shop>/<token>`, see `shop-domain.ts`), so one adapter serves every shop.
 *
 * The service counts a window's pages by offset; Shopify pages by cursor. The adapter remembers the
 * cursor at each offset it handed out (so a sync reads each page with one query), and reaches an
 * offset it does not remember (a job resumed on another replica) by reading only the cursors up to
 * it (2 points per 250 orders).
 *
 * @example
 * const shopify = createShopifyAdapter(shopifySettingsFrom(config), { logger });
 * const url = shopifyAuthorizeUrl(shopify.authorizeParams('negozio'), state);
 * const tokens = await shopify.exchangeCode(code, callbackQuery);
 */
export function createShopifyAdapter(settings: ShopifySettings, deps: ShopifyDeps): MarketplaceAdapter {
  const client = createShopifyClient(settings, deps.logger, deps.http);
  const now = deps.now ?? Date.now;
  const pacer = createCostPacer(now, deps.wait);
  const cursors = new Map<string, string>();

  const assertConfigured = (need: 'authorize' | 'token') => {
    const problem = settingsProblem(settings, need);
    if (problem) throw new MarketplaceError('CLIENT_REFUSED', problem);
  };

  /** One GraphQL call paced by the shop's bucket: its data, or the failure in Smista's words. */
  async function graphql(operation: ShopifyOperation, credential: string, document: string, variables: Record<string, unknown>, cost: number, name: string, kind: 'query' | 'mutation' = 'query'): Promise<ShopifyGraphqlAnswer> {
    const { shop, token } = openCredential(credential);
    for (let attempt = 1; ; attempt++) {
      await pacer.reserve(shop, cost);
      const reply = await client.graphql(shop, token, document, variables, kind, name);
      // Parsed once here: the pacer, the failure check and the caller's parser all read this body.
      const answer: ShopifyGraphqlAnswer = { ...reply, body: parseJson(reply.text) };
      pacer.learn(shop, costOf(answer.body));
      const failure = graphqlFailure(operation, answer, (s) => client.redact(s, [token]));
      if (!failure) return answer;
      // Another replica spent the shop's bucket: the THROTTLED answer taught the pacer the bucket
      // (nothing was executed), so wait for it here rather than fail the page. A 429 or a long
      // wait goes back to the caller with its wait.
      const bucketShort = failure instanceof MarketplaceError && failure.code === 'QUOTA_EXCEEDED' && failure.details.httpStatus === 200 && (failure.details.retryAfterMs ?? Infinity) <= THROTTLED_WAIT_HERE_MS;
      if (!bucketShort || attempt >= THROTTLED_ATTEMPTS) throw failure;
    }
  }

  const cursorKey = (shop: string, search: { query: string; sortKey: string }, offset: number) => `${shop}|${search.sortKey}|${search.query}|${offset}`;
  const remember = (key: string, cursor: string) => {
    cursors.set(key, cursor);
    if (cursors.size > MAX_CURSORS) cursors.delete(cursors.keys().next().value!);
  };

  /** The cursor after which `offset` starts: remembered, or found by walking the cursors only; null past the end. */
  async function cursorAt(credential: string, shop: string, search: { query: string; sortKey: string }, offset: number): Promise<string | null | undefined> {
    if (offset === 0) return undefined;
    const known = cursors.get(cursorKey(shop, search, offset));
    if (known) return known;
    let after: string | undefined;
    let reached = 0;
    while (reached < offset) {
      const first = Math.min(SHOPIFY_MAX_PAGE_SIZE, offset - reached);
      const answer = await graphql('orders', credential, ORDER_CURSOR_QUERY, { first, after: after ?? null, ...search }, ORDER_CURSOR_COST, 'OrderCursors');
      const page = parseOrdersConnection(answer.body);
      if (!page.endCursor) return null;
      after = page.endCursor;
      reached += first;
      if (!page.hasNextPage && reached < offset) return null;
    }
    remember(cursorKey(shop, search, offset), after!);
    return after;
  }

  /** An order node with every line: the rest read apart when it has more than a page query reads. */
  async function completeOrder(credential: string, node: Record<string, unknown>): Promise<ImportedOrder> {
    const lines = linesOf(node);
    const nodes = [...lines.nodes];
    let after = lines.hasNextPage ? lines.endCursor : null;
    while (after) {
      const answer = await graphql('orders', credential, ORDER_LINES_QUERY, { id: node.id, after }, ORDER_LINES_COST, 'OrderLines');
      const more = linesOf((dataOf(answer.body).order ?? {}) as Record<string, unknown>);
      nodes.push(...more.nodes);
      after = more.hasNextPage ? more.endCursor : null;
    }
    return parseOrder(node, nodes);
  }

  const orderGidOrRefuse = (externalOrderId: string) => {
    if (!externalOrderId.trim()) throw kitErrors.invalidInput(shopifyMessages.orderIdRequired);
    const id = orderGid(externalOrderId);
    if (!id) throw new MarketplaceError('REQUEST_REFUSED', shopifyMessages.ordersRefused(shopifyMessages.orderNotFound));
    return id;
  };

  return {
    identifier: 'shopify',
    connectMethod: 'oauth',
    // Tracking per line through fulfillment orders, expiring offline tokens with refresh; orders
    // and privacy requests by webhook (webhooks.ts; the schedule still reconciles what one missed).
    capabilities: { trackingPush: true, partialShipment: true, refreshToken: true, webhooks: true },

    // The install page is on each shop's host; the catalogue shows where, with `{shop}` in it.
    consentPageUrl: () => `${settings.shopUrl.trim().replace(/\/+$/, '')}${AUTHORIZE_PATH}`,

    consentUrl: shopifyAuthorizeUrl,

    authorizeParams(account?: string): AuthorizeParams {
      const shop = shopDomainOf(account ?? '');
      assertConfigured('authorize');
      return buildAuthorizeParams(settings, shop);
    },

    async exchangeCode(code: string, callback?: Readonly<Record<string, string>>): Promise<TokenSet> {
      assertConfigured('token');
      const shop = verifyCallback({ ...(callback ?? {}), code }, settings.clientSecret, now());
      const body = buildCodeExchangeBody(settings, code);
      const obtainedAt = now();
      const answer = await client.token(shop, body, false);
      if (answer.status < 200 || answer.status >= 300) throw tokenFailure('authorization_code', answer, (s) => client.redact(s, [code]));
      return parseTokenResponse(shop, answer.text, obtainedAt, answer.status);
    },

    // Shopify connects through the owner's install (OAuth) only.
    connectWithSettings: () => Promise.reject(new NotSupportedError(marketplaceMessages.settingsConnectOperation, shopifyMessages.provider)),

    // Signed with the app's client secret over the raw body (webhooks.ts).
    readWebhook: (headers: WebhookHeaders, rawBody: Buffer): WebhookVerdict => verifyWebhook(headers, rawBody, settings.clientSecret, MARKETPLACE_WEBHOOK_MAX_BYTES),

    async refreshAccessToken(refreshCredential: string): Promise<TokenSet> {
      assertConfigured('token');
      const { shop, token } = openCredential(refreshCredential, 'REFRESH_REFUSED');
      const obtainedAt = now();
      const answer = await client.token(shop, buildRefreshBody(settings, token), true);
      if (answer.status < 200 || answer.status >= 300) throw tokenFailure('refresh_token', answer, (s) => client.redact(s, [token]));
      return parseTokenResponse(shop, answer.text, obtainedAt, answer.status);
    },

    async getIdentity(credential: string): Promise<SellerIdentity> {
      const answer = await graphql('identity', credential, SHOP_QUERY, {}, SHOP_QUERY_COST, 'Shop');
      return parseShop(answer.body, answer.status);
    },

    async fetchOrdersPage(request: OrdersPageRequest): Promise<OrdersPage> {
      const { shop } = openCredential(request.accessToken);
      const search = ordersSearch(request);
      const after = await cursorAt(request.accessToken, shop, search, request.offset);
      if (after === null) {
        const count = await graphql('orders', request.accessToken, ORDERS_QUERY, { first: 0, after: null, ...search }, ordersQueryCost(0), 'Orders');
        return { orders: [], total: parseOrdersConnection(count.body).total, nextOffset: null };
      }
      // A page of `limit` orders is read in queries that each stay under Shopify's cost cap.
      const limit = Math.max(1, Math.min(request.limit, SHOPIFY_MAX_PAGE_SIZE));
      const orders: ImportedOrder[] = [];
      let cursor = after ?? null;
      let more = true;
      let total = 0;
      while (more && orders.length < limit) {
        const first = Math.min(limit - orders.length, MAX_ORDERS_PER_QUERY);
        const answer = await graphql('orders', request.accessToken, ORDERS_QUERY, { first, after: cursor, ...search }, ordersQueryCost(first), 'Orders');
        const page = parseOrdersConnection(answer.body);
        for (const node of page.nodes) orders.push(await completeOrder(request.accessToken, node));
        total = page.total;
        more = page.hasNextPage && page.endCursor !== null && page.nodes.length > 0;
        cursor = page.endCursor;
      }
      const nextOffset = more ? request.offset + orders.length : null;
      if (nextOffset !== null) remember(cursorKey(shop, search, nextOffset), cursor!);
      return { orders, total, nextOffset };
    },

    async fetchOrder(request: { accessToken: string; externalOrderId: string }): Promise<ImportedOrder> {
      const id = orderGidOrRefuse(request.externalOrderId);
      const answer = await graphql('orders', request.accessToken, ORDER_QUERY, { id }, ORDER_QUERY_COST, 'Order');
      const node = dataOf(answer.body).order;
      if (!node || typeof node !== 'object') throw new MarketplaceError('REQUEST_REFUSED', shopifyMessages.ordersRefused(shopifyMessages.orderNotFound));
      return completeOrder(request.accessToken, node as Record<string, unknown>);
    },

    async pushTracking(push: TrackingPush): Promise<{ fulfillmentId: string }> {
      checkPushLines(push);
      const trackingInfo = buildTrackingInfo(push);
      const id = orderGidOrRefuse(push.externalOrderId);
      const read = await graphql('fulfillment', push.accessToken, FULFILLMENT_ORDERS_QUERY, { id }, FULFILLMENT_ORDERS_COST, 'FulfillmentOrders');
      const fulfillmentOrders = parseFulfillmentOrders(read.body);
      if (!fulfillmentOrders) throw new MarketplaceError('REQUEST_REFUSED', shopifyMessages.fulfillmentRefused(shopifyMessages.orderNotFound));
      // The push's lines where Shopify still has them to fulfil, by fulfillment order.
      const groups = new Map<string, { id: string; quantity: number }[]>();
      let alreadyDone = 0;
      for (const line of push.lineItems) {
        const holders = fulfillmentOrders.flatMap((fo) => fo.lines.filter((l) => l.lineItemId === line.lineItemId).map((l) => ({ fo, l })));
        const open = holders.find(({ fo, l }) => fo.canFulfil && l.remainingQuantity > 0);
        if (!open) {
          if (holders.length > 0) alreadyDone++;
          continue;
        }
        const list = groups.get(open.fo.id) ?? [];
        list.push({ id: open.l.id, quantity: Math.min(line.quantity, open.l.remainingQuantity) });
        groups.set(open.fo.id, list);
      }
      if (groups.size === 0) {
        if (alreadyDone > 0) throw new MarketplaceError('ALREADY_FULFILLED', shopifyMessages.fulfillmentRefused(shopifyMessages.alreadyFulfilled), { providerCode: 'UNFULFILLABLE' });
        throw new MarketplaceError('REQUEST_REFUSED', shopifyMessages.fulfillmentRefused(shopifyMessages.noFulfillableLines));
      }
      const fulfillment = {
        lineItemsByFulfillmentOrder: [...groups].map(([fulfillmentOrderId, lines]) => ({ fulfillmentOrderId, fulfillmentOrderLineItems: lines })),
        notifyCustomer: settings.notifyCustomer,
        trackingInfo,
      };
      const answer = await graphql('fulfillment', push.accessToken, FULFILLMENT_CREATE_MUTATION, { fulfillment }, MUTATION_COST, 'FulfillmentCreate', 'mutation');
      const made = parseFulfillmentCreate(answer.body);
      const refused = userErrorsFailure(made.userErrors);
      if (refused) throw refused;
      return { fulfillmentId: made.fulfillmentId };
    },

    // The delivery on the fulfilment the tracking push made: an event DELIVERED, once per shipment
    // (the service's delivery_reports); a mutation, never retried blindly by the HTTP client.
    async reportDelivery(report: DeliveryReport): Promise<{ eventId: string }> {
      const fulfillmentEvent = buildDeliveryEvent(report.fulfillmentId, report.happenedAt);
      const answer = await graphql('delivery', report.accessToken, FULFILLMENT_EVENT_CREATE_MUTATION, { fulfillmentEvent }, MUTATION_COST, 'FulfillmentEventCreate', 'mutation');
      const made = parseFulfillmentEventCreate(answer.body);
      const refused = deliveryUserErrorsFailure(made.userErrors);
      if (refused) throw refused;
      if (!made.eventId) throw unreadable('FulfillmentEventCreate', answer.status, 'no fulfillmentEvent');
      return { eventId: made.eventId };
    },

    async getShippingFulfillments(request: { accessToken: string; externalOrderId: string }): Promise<ShippingFulfillment[]> {
      const id = orderGidOrRefuse(request.externalOrderId);
      const answer = await graphql('orders', request.accessToken, FULFILLMENTS_QUERY, { id }, FULFILLMENTS_COST, 'Fulfillments');
      const fulfilments = parseFulfillments(answer.body);
      if (!fulfilments) throw new MarketplaceError('REQUEST_REFUSED', shopifyMessages.ordersRefused(shopifyMessages.orderNotFound));
      return fulfilments;
    },

    trackingNumberAsSent: shopifyTrackingNumber,

    close: () => client.close(),
  };
}

/** The base URL of a shop for the configured template (the screens show where the install page is). */
export const shopifyShopBaseUrl = shopBaseUrl;
