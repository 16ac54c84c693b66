import { GraphQLError, Kind, parse, validate, execute, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { requestedCost, SINGLE_QUERY_MAX_COST } from './cost';
import {
  displayFulfillmentStatus,
  fulfillmentOrderStatus,
  gid,
  idOfGid,
  subtotalOf,
  totalPriceOf,
  totalWeightOf,
  type ShopifyFulfillment,
  type ShopifyOrder,
  type ShopifyTrackingInfo,
} from './orders';
import { shopifySchema } from './schema';
import { type ShopifyStore, type ShopifyToken, type ShopState } from './store';

/** Largest `first` / `last` of a connection. */
export const MAX_PAGE_SIZE = 250;
/** Without `read_all_orders` an app sees the orders of the last 60 days only. */
export const VISIBLE_DAYS_WITHOUT_READ_ALL = 60;

export interface GraphqlAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Context {
  store: ShopifyStore;
  shop: ShopState;
  grant: ShopifyToken;
  now: Date;
}

const accessDenied = (field: string, scope: string) =>
  new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${scope}\` access scope.` },
  });

function requireScope(ctx: Context, field: string, scope: string, alsoSatisfiedBy?: string): void {
  if (!ctx.grant.scopes.includes(scope) && !(alsoSatisfiedBy && ctx.grant.scopes.includes(alsoSatisfiedBy))) throw accessDenied(field, scope);
}

const money = (amount: string, currencyCode: string) => ({ amount, currencyCode });
const bag = (amount: string, currencyCode: string) => ({ shopMoney: money(amount, currencyCode), presentmentMoney: money(amount, currencyCode) });

// Cursors: opaque to the caller, the sort value and the id inside.
const cursorOf = (key: string | number, id: number) => Buffer.from(JSON.stringify({ k: key, id })).toString('base64url');
function decodeCursor(cursor: string): { k: string | number; id: number } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k: string | number; id: number };
    if (typeof value.id === 'number' && (typeof value.k === 'string' || typeof value.k === 'number')) return value;
  } catch {
    /* below */
  }
  throw new GraphQLError('Invalid cursor for current pagination.', { extensions: { code: 'BAD_REQUEST' } });
}

function pageSize(args: { first?: number | null; last?: number | null }): { size: number; fromEnd: boolean } {
  const first = args.first ?? undefined;
  const last = args.last ?? undefined;
  if (first === undefined && last === undefined) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  const size = (first ?? last)!;
  if (size < 0 || size > MAX_PAGE_SIZE) throw new GraphQLError(`The ${first !== undefined ? 'first' : 'last'} argument must be between 0 and ${MAX_PAGE_SIZE}.`, { extensions: { code: 'BAD_REQUEST' } });
  return { size, fromEnd: first === undefined };
}

/** The edges and page info of `page`, the slice of a connection a call asked for; `more`: items beyond it. */
function connectionOf<T>(page: readonly T[], more: boolean, fromEnd: boolean, args: { after?: string | null; before?: string | null }, keyOf: (item: T) => [string | number, number], view: (item: T) => unknown) {
  const edges = page.map((item) => ({ cursor: cursorOf(...keyOf(item)), node: view(item) }));
  return {
    nodes: edges.map((e) => e.node),
    edges,
    pageInfo: {
      hasNextPage: fromEnd ? Boolean(args.before) : more,
      hasPreviousPage: fromEnd ? more : Boolean(args.after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

type ConnectionArgs = { first?: number | null; last?: number | null; after?: string | null; before?: string | null };

const compareToCursor = <T>(keyOf: (item: T) => [string | number, number]) => (item: T, c: { k: string | number; id: number }) => {
  const [k, id] = keyOf(item);
  return k < c.k ? -1 : k > c.k ? 1 : id - c.id;
};

/** A connection over a few items in their own order (an order's lines, a fulfilment's lines). */
function connection<T>(items: readonly T[], keyOf: (item: T) => [string | number, number], args: ConnectionArgs, view: (item: T) => unknown) {
  const { size, fromEnd } = pageSize(args);
  const after = args.after ? decodeCursor(args.after) : undefined;
  const before = args.before ? decodeCursor(args.before) : undefined;
  const compare = compareToCursor(keyOf);
  const range = items.filter((item) => (!after || compare(item, after) > 0) && (!before || compare(item, before) < 0));
  const page = fromEnd ? range.slice(Math.max(0, range.length - size)) : range.slice(0, size);
  return connectionOf(page, range.length > page.length, fromEnd, args, keyOf, view);
}

/** The first index of `items` at which `isPast` holds (it holds from there to the end). */
function firstIndex<T>(items: readonly T[], isPast: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isPast(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A connection over items sorted by `keyOf`, ascending (a shop's orders): the cursors are found by
 * binary search and only the page is walked, leaving out what `visible` refuses, so a page costs its
 * size and not the shop's.
 */
function sortedConnection<T>(items: readonly T[], keyOf: (item: T) => [string | number, number], args: ConnectionArgs, view: (item: T) => unknown, visible: (item: T) => boolean) {
  const { size, fromEnd } = pageSize(args);
  const after = args.after ? decodeCursor(args.after) : undefined;
  const before = args.before ? decodeCursor(args.before) : undefined;
  const compare = compareToCursor(keyOf);
  const lo = after ? firstIndex(items, (item) => compare(item, after) > 0) : 0;
  const hi = before ? firstIndex(items, (item) => compare(item, before) >= 0) : items.length;
  const page: T[] = [];
  let more = false;
  for (let n = 0; n < hi - lo; n++) {
    const item = items[fromEnd ? hi - 1 - n : lo + n]!;
    if (!visible(item)) continue;
    if (page.length === size) {
      more = true;
      break;
    }
    page.push(item);
  }
  if (fromEnd) page.reverse();
  return connectionOf(page, more, fromEnd, args, keyOf, view);
}

/**
 * Shopify's search syntax for the filters the sandbox knows: `created_at` and `updated_at` with
 * `>`, `>=`, `<`, `<=` or `:` and a quoted or bare ISO date, joined by spaces or AND. Other terms
 * are ignored (Shopify ignores a filter it does not know).
 */
export function orderFilter(query: string | null | undefined): (order: ShopifyOrder) => boolean {
  const tests: ((order: ShopifyOrder) => boolean)[] = [];
  const term = /(created_at|updated_at):(>=|<=|>|<)?\s*(?:'([^']*)'|"([^"]*)"|(\S+))/g;
  for (const match of (query ?? '').matchAll(term)) {
    const field = match[1] === 'created_at' ? 'createdAt' : 'updatedAt';
    const op = match[2] ?? '=';
    const at = Date.parse(match[3] ?? match[4] ?? match[5] ?? '');
    if (Number.isNaN(at)) continue;
    tests.push((o) => {
      const t = o[field].getTime();
      return op === '>' ? t > at : op === '>=' ? t >= at : op === '<' ? t < at : op === '<=' ? t <= at : t === at;
    });
  }
  return (order) => tests.every((t) => t(order));
}

/** The oldest creation an app may see: without `read_all_orders`, the last 60 days. */
function oldestVisible(ctx: Context): number {
  return ctx.grant.scopes.includes('read_all_orders') ? -Infinity : ctx.now.getTime() - VISIBLE_DAYS_WITHOUT_READ_ALL * 86_400_000;
}

// Instants as milliseconds: the cursors carry them, and the comparisons need no formatting.
const SORT_KEYS: Record<string, (o: ShopifyOrder) => string | number> = {
  CREATED_AT: (o) => o.createdAt.getTime(),
  PROCESSED_AT: (o) => o.createdAt.getTime(),
  UPDATED_AT: (o) => o.updatedAt.getTime(),
  ID: (o) => o.id,
};

/** An order in a sorted index: its sort key, its place in the index, its creation in ms. */
interface IndexedOrder {
  o: ShopifyOrder;
  k: string | number;
  i: number;
  createdMs: number;
}

/**
 * Per shop, the orders each search keeps, sorted by each key, as of the shop's `ordersRevision`:
 * an app reads a window by many pages of the same search (the adapter's 26 orders a query), and
 * sorting the whole shop for each page made the sandbox, not Smista, bound the import bench.
 */
const sortedIndexes = new WeakMap<ShopState, { revision: number; bySearch: Map<string, IndexedOrder[]> }>();
const MAX_INDEXES_PER_SHOP = 32;

function sortedOrders(shop: ShopState, query: string | null | undefined, sortKey: string, reverse: boolean): IndexedOrder[] {
  let indexes = sortedIndexes.get(shop);
  if (!indexes || indexes.revision !== shop.ordersRevision) {
    indexes = { revision: shop.ordersRevision, bySearch: new Map() };
    sortedIndexes.set(shop, indexes);
  }
  const search = `${sortKey}|${reverse}|${query ?? ''}`;
  const known = indexes.bySearch.get(search);
  if (known) return known;
  const key = SORT_KEYS[sortKey] ?? SORT_KEYS.ID!;
  const keep = orderFilter(query);
  const sorted = shop.orders
    .filter(keep)
    .map((o) => ({ o, k: key(o), i: 0, createdMs: o.createdAt.getTime() }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.o.id - b.o.id));
  if (reverse) sorted.reverse();
  sorted.forEach((entry, i) => (entry.i = i));
  if (indexes.bySearch.size >= MAX_INDEXES_PER_SHOP) indexes.bySearch.delete(indexes.bySearch.keys().next().value!);
  indexes.bySearch.set(search, sorted);
  return sorted;
}

function fulfillmentView(order: ShopifyOrder, f: ShopifyFulfillment) {
  return {
    id: gid('Fulfillment', f.id),
    legacyResourceId: String(f.id),
    status: f.status,
    displayStatus: f.status === 'CANCELLED' ? 'CANCELED' : f.deliveredAt ? 'DELIVERED' : 'FULFILLED',
    createdAt: f.createdAt.toISOString(),
    trackingInfo: (args: { first?: number | null }) => f.trackingInfo.slice(0, args.first ?? undefined),
    fulfillmentLineItems: (args: { first?: number | null; after?: string | null }) =>
      connection(f.lines, (l) => [l.fulfillmentOrderLineId, l.fulfillmentOrderLineId], args, (l) => ({ id: gid('FulfillmentLineItem', l.fulfillmentOrderLineId), quantity: l.quantity, lineItem: lineItemView(order, order.lineItems.find((li) => li.id === l.lineItemId)!) })),
  };
}

function lineItemView(order: ShopifyOrder, item: ShopifyOrder['lineItems'][number]) {
  const foLine = order.fulfillmentOrderLines.find((l) => l.lineItemId === item.id);
  return {
    id: gid('LineItem', item.id),
    sku: item.sku,
    name: item.variantTitle ? `${item.title} - ${item.variantTitle}` : item.title,
    title: item.title,
    variantTitle: item.variantTitle,
    quantity: item.quantity,
    currentQuantity: order.cancelledAt ? 0 : item.quantity,
    unfulfilledQuantity: order.cancelledAt ? 0 : (foLine?.remainingQuantity ?? 0),
    originalUnitPriceSet: bag(item.unitPrice, order.currencyCode),
  };
}

function fulfillmentOrderView(ctx: Context, order: ShopifyOrder) {
  requireScope(ctx, 'fulfillmentOrders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders');
  const status = fulfillmentOrderStatus(order);
  return {
    id: gid('FulfillmentOrder', order.fulfillmentOrderId),
    status,
    orderId: gid('Order', order.id),
    assignedLocation: { name: `Magazzino ${ctx.shop.name}`, countryCode: 'IT' },
    supportedActions: status === 'CLOSED' ? [] : [{ action: 'CREATE_FULFILLMENT' }, { action: 'HOLD' }, { action: 'MOVE' }],
    lineItems: (args: { first?: number | null; after?: string | null }) =>
      connection(order.fulfillmentOrderLines, (l) => [l.id, l.id], args, (l) => ({
        id: gid('FulfillmentOrderLineItem', l.id),
        totalQuantity: l.totalQuantity,
        remainingQuantity: l.remainingQuantity,
        lineItem: lineItemView(order, order.lineItems.find((li) => li.id === l.lineItemId)!),
      })),
  };
}

function orderView(ctx: Context, order: ShopifyOrder) {
  const a = order.shippingAddress;
  const shipping = order.shippingLine;
  return {
    id: gid('Order', order.id),
    legacyResourceId: String(order.id),
    name: order.name,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    processedAt: order.createdAt.toISOString(),
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    closed: order.cancelledAt !== null || displayFulfillmentStatus(order) === 'FULFILLED',
    email: order.email,
    phone: order.phone,
    currencyCode: order.currencyCode,
    displayFinancialStatus: order.financialStatus,
    displayFulfillmentStatus: displayFulfillmentStatus(order),
    totalPriceSet: bag(totalPriceOf(order), order.currencyCode),
    subtotalPriceSet: bag(subtotalOf(order), order.currencyCode),
    totalWeight: String(totalWeightOf(order)),
    shippingAddress: a ? { ...a, name: `${a.firstName} ${a.lastName}`.trim() } : null,
    shippingLine: shipping ? { ...shipping, originalPriceSet: bag(shipping.price, order.currencyCode) } : null,
    lineItems: (args: { first?: number | null; after?: string | null }) => connection(order.lineItems, (l) => [l.id, l.id], args, (l) => lineItemView(order, l)),
    fulfillmentOrders: (args: { first?: number | null; after?: string | null }) => connection([order], (o) => [o.fulfillmentOrderId, o.fulfillmentOrderId], args, (o) => fulfillmentOrderView(ctx, o)),
    fulfillments: (args: { first?: number | null }) => order.fulfillments.slice(0, args.first ?? undefined).map((f) => fulfillmentView(order, f)),
  };
}

interface FulfillmentInput {
  lineItemsByFulfillmentOrder: { fulfillmentOrderId: string; fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null }[];
  notifyCustomer?: boolean | null;
  trackingInfo?: { company?: string | null; number?: string | null; numbers?: string[] | null; url?: string | null; urls?: string[] | null } | null;
}

const userError = (field: string[], message: string) => ({ fulfillment: null, userErrors: [{ field, message }] });

/** Carriers Shopify knows builds the tracking URL itself when none is given. */
const CARRIER_URLS: Record<string, (n: string) => string> = {
  GLS: (n) => `https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni?match=${encodeURIComponent(n)}`,
  'Poste Italiane': (n) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${encodeURIComponent(n)}`,
};

function fulfillmentCreate(ctx: Context, input: FulfillmentInput) {
  requireScope(ctx, 'fulfillmentCreate', 'write_merchant_managed_fulfillment_orders');
  const groups = input.lineItemsByFulfillmentOrder;
  if (groups.length === 0) return userError(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Line items by fulfillment order must have at least one element.');
  const orders: ShopifyOrder[] = [];
  for (const [i, group] of groups.entries()) {
    const id = idOfGid('FulfillmentOrder', group.fulfillmentOrderId);
    const order = id === undefined ? undefined : ctx.store.findOrderByFulfillmentOrder(ctx.shop, id);
    if (!order) return userError(['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderId'], 'Fulfillment order does not exist.');
    if (fulfillmentOrderStatus(order) === 'CLOSED') return userError(['fulfillment'], `Fulfillment order ${order.fulfillmentOrderId} has an unfulfillable status= closed.`);
    orders.push(order);
  }
  if (new Set(orders.map((o) => o.id)).size > 1) return userError(['fulfillment'], 'All fulfillment orders must belong to the same order.');
  const order = orders[0]!;
  const group = groups[0]!;
  let lines: { id: number; quantity: number }[] | undefined;
  if (group.fulfillmentOrderLineItems && group.fulfillmentOrderLineItems.length > 0) {
    lines = [];
    for (const item of group.fulfillmentOrderLineItems) {
      const id = idOfGid('FulfillmentOrderLineItem', item.id);
      const line = order.fulfillmentOrderLines.find((l) => l.id === id);
      if (!line || item.quantity < 1 || item.quantity > line.remainingQuantity) return userError(['fulfillment'], 'Invalid fulfillment order line item quantity requested.');
      lines.push({ id: line.id, quantity: item.quantity });
    }
  }
  const t = input.trackingInfo ?? {};
  const number = t.number ?? t.numbers?.[0] ?? null;
  const company = t.company ?? null;
  let url = t.url ?? t.urls?.[0] ?? null;
  if (url !== null && !/^https?:\/\/\S+$/.test(url)) return userError(['fulfillment', 'trackingInfo', 'url'], 'Url must be a valid URL.');
  if (url === null && company && number && CARRIER_URLS[company]) url = CARRIER_URLS[company](number);
  const tracking: ShopifyTrackingInfo = { company, number, url };
  const made = ctx.store.createFulfillment(ctx.shop, order, lines, tracking);
  return { fulfillment: fulfillmentView(order, made), userErrors: [] };
}

interface FulfillmentEventInput {
  fulfillmentId: string;
  status: string;
  happenedAt?: string | null;
  message?: string | null;
}

const eventUserError = (field: string[], message: string) => ({ fulfillmentEvent: null, userErrors: [{ field, message }] });

/**
 * `fulfillmentEventCreate`: an event (DELIVERED, IN_TRANSIT…) on a fulfillment of the shop; another
 * shop's or an unknown fulfillment is a userError, as a cancelled one. Needs `write_fulfillments`.
 */
function fulfillmentEventCreate(ctx: Context, input: FulfillmentEventInput) {
  requireScope(ctx, 'fulfillmentEventCreate', 'write_fulfillments');
  const id = idOfGid('Fulfillment', input.fulfillmentId);
  const found = id === undefined ? undefined : ctx.store.findFulfillment(ctx.shop, id);
  if (!found) return eventUserError(['fulfillmentEvent', 'fulfillmentId'], 'Fulfillment does not exist.');
  if (found.fulfillment.status === 'CANCELLED') return eventUserError(['fulfillmentEvent', 'fulfillmentId'], 'Fulfillment is cancelled.');
  let happenedAt = ctx.now;
  if (input.happenedAt != null) {
    const at = Date.parse(input.happenedAt);
    if (Number.isNaN(at)) return eventUserError(['fulfillmentEvent', 'happenedAt'], 'Happened at is invalid.');
    happenedAt = new Date(at);
  }
  const event = ctx.store.createFulfillmentEvent(ctx.shop, found.order, found.fulfillment, { status: input.status, happenedAt, message: input.message ?? null }, ctx.grant.clientId);
  return { fulfillmentEvent: { id: event.id, status: event.status, happenedAt: event.happenedAt, createdAt: event.createdAt, message: event.message, estimatedDeliveryAt: null }, userErrors: [] };
}

const rootValue = {
  shop: (_: unknown, ctx: Context) => ({
    id: `gid://shopify/Shop/${Math.abs([...ctx.shop.domain].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7))}`,
    name: ctx.shop.name,
    email: ctx.shop.email,
    myshopifyDomain: ctx.shop.domain,
    currencyCode: 'EUR',
    ianaTimezone: 'Europe/Rome',
    plan: { displayName: ctx.shop.plan === 'plus' ? 'Shopify Plus' : ctx.shop.plan === 'advanced' ? 'Advanced' : 'Basic', shopifyPlus: ctx.shop.plan === 'plus' },
  }),
  orders: (args: { first?: number; after?: string; last?: number; before?: string; query?: string; sortKey: string; reverse: boolean }, ctx: Context) => {
    requireScope(ctx, 'orders', 'read_orders');
    const oldest = oldestVisible(ctx);
    const sorted = sortedOrders(ctx.shop, args.query, args.sortKey, args.reverse);
    // Reversed, the comparison of cursors is reversed too: page over the reversed index instead.
    const keyOf = args.reverse ? (e: IndexedOrder): [number, number] => [e.i, e.i] : (e: IndexedOrder): [string | number, number] => [e.k, e.o.id];
    return sortedConnection(sorted, keyOf, args, (e) => orderView(ctx, e.o), (e) => e.createdMs >= oldest);
  },
  ordersCount: (args: { query?: string; limit: number | null }, ctx: Context) => {
    requireScope(ctx, 'ordersCount', 'read_orders');
    // By creation, the orders an app may not see are the first ones of the index.
    const oldest = oldestVisible(ctx);
    const byCreation = sortedOrders(ctx.shop, args.query, 'CREATED_AT', false);
    const count = byCreation.length - firstIndex(byCreation, (e) => e.createdMs >= oldest);
    return args.limit != null && count > args.limit ? { count: args.limit, precision: 'AT_LEAST' } : { count, precision: 'EXACT' };
  },
  order: (args: { id: string }, ctx: Context) => {
    requireScope(ctx, 'order', 'read_orders');
    const id = idOfGid('Order', args.id);
    if (id === undefined) throw new GraphQLError(`Invalid global id '${args.id}'`, { extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' } });
    const oldest = oldestVisible(ctx);
    const order = ctx.shop.orders.find((o) => o.id === id && o.createdAt.getTime() >= oldest);
    return order ? orderView(ctx, order) : null;
  },
  fulfillmentOrder: (args: { id: string }, ctx: Context) => {
    const id = idOfGid('FulfillmentOrder', args.id);
    const order = id === undefined ? undefined : ctx.store.findOrderByFulfillmentOrder(ctx.shop, id);
    return order ? fulfillmentOrderView(ctx, order) : null;
  },
  fulfillmentCreate: (args: { fulfillment: FulfillmentInput }, ctx: Context) => fulfillmentCreate(ctx, args.fulfillment),
  fulfillmentEventCreate: (args: { fulfillmentEvent: FulfillmentEventInput }, ctx: Context) => fulfillmentEventCreate(ctx, args.fulfillmentEvent),
};

function costExtension(requested: number | null, actual: number | null, store: ShopifyStore, shop: ShopState) {
  const { restoreRate, maximumAvailable } = shop.limits;
  return {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { maximumAvailable, currentlyAvailable: Math.floor(store.available(shop)), restoreRate },
    },
  };
}

/**
 * The query parsed and validated against the schema, or the errors to answer. Valid documents are
 * kept by their text (bounded): an app sends the same few queries again and again, as Shopify's
 * own servers see.
 */
const validDocuments = new Map<string, DocumentNode>();
const MAX_VALID_DOCUMENTS = 256;
/** Longer queries are parsed every time: the cache stays small whatever a caller sends. */
const MAX_KEPT_QUERY_CHARS = 16_384;

function parsedDocument(query: string): { document: DocumentNode } | { errors: unknown[] } {
  const known = validDocuments.get(query);
  if (known) return { document: known };
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (err) {
    const e = err as GraphQLError;
    return { errors: [{ message: e.message, locations: e.locations, extensions: { code: 'PARSE_ERROR' } }] };
  }
  const problems = validate(shopifySchema, document);
  if (problems.length > 0) return { errors: problems.map((p) => ({ message: p.message, locations: p.locations, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) };
  if (query.length > MAX_KEPT_QUERY_CHARS) return { document };
  if (validDocuments.size >= MAX_VALID_DOCUMENTS) validDocuments.delete(validDocuments.keys().next().value!);
  validDocuments.set(query, document);
  return { document };
}

export interface GraphqlRequest {
  query: unknown;
  variables: unknown;
  operationName: unknown;
}

/**
 * One call of `POST /admin/api/{version}/graphql.json` by an authenticated app on `shop`: parse,
 * validate, price, throttle, execute. Always HTTP 200 with `{data, errors?, extensions.cost}`
 * except a throttled call answered as 429 when the store (or a fault) says so.
 */
export function runGraphql(store: ShopifyStore, shop: ShopState, grant: ShopifyToken, request: GraphqlRequest, throttled?: { httpStatus: 200 | 429; retryAfterSeconds?: number }): GraphqlAnswer {
  if (typeof request.query !== 'string' || !request.query.trim()) return { status: 200, body: { errors: [{ message: 'No query string was present', extensions: { code: 'BAD_REQUEST' } }] } };
  const parsed = parsedDocument(request.query);
  if ('errors' in parsed) return { status: 200, body: { errors: parsed.errors } };
  const { document } = parsed;
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = typeof request.operationName === 'string' ? operations.find((o) => o.name?.value === request.operationName) : operations[0];
  if (!operation) return { status: 200, body: { errors: [{ message: 'No operation named in the document', extensions: { code: 'BAD_REQUEST' } }] } };
  const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const variables = request.variables && typeof request.variables === 'object' ? (request.variables as Record<string, unknown>) : {};
  const cost = requestedCost(shopifySchema, operation, fragments, variables);
  if (cost > SINGLE_QUERY_MAX_COST) {
    return {
      status: 200,
      body: {
        errors: [{ message: `Query cost is ${cost}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).`, extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: SINGLE_QUERY_MAX_COST } }],
        ...{ extensions: costExtension(cost, null, store, shop) },
      },
    };
  }
  if (throttled || !store.spend(shop, cost)) {
    const status = throttled?.httpStatus ?? store.throttledHttpStatus;
    const headers: Record<string, string> = {};
    if (status === 429) headers['retry-after'] = String(throttled?.retryAfterSeconds ?? Math.max(1, Math.ceil((cost - store.available(shop)) / shop.limits.restoreRate)));
    return { status, headers, body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }], extensions: costExtension(cost, null, store, shop) } };
  }
  const result = execute({ schema: shopifySchema, document, rootValue, contextValue: { store, shop, grant, now: store.options.now() } satisfies Context, variableValues: variables, operationName: operation.name?.value });
  if ('then' in result) throw new Error('the sandbox resolvers are synchronous');
  const body: Record<string, unknown> = {};
  if (result.errors) {
    body.errors = result.errors.map((e) => ({ message: e.message, locations: e.locations, path: e.path, extensions: { code: 'INTERNAL_SERVER_ERROR', ...e.extensions } }));
  }
  body.data = result.data ?? null;
  body.extensions = costExtension(cost, cost, store, shop);
  return { status: 200, body };
}
