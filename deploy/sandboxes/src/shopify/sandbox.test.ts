import { createAdminApiClient, type AdminApiClient } from '@shopify/admin-api-client';
import { SHOPIFY_SANDBOX_APP, SHOPIFY_SMISTA_SCOPES, shopifyCallbackHmac, shopifyInstallAs, shopifySandboxControl, startShopifySandbox, type ShopifySandbox, type ShopifySandboxControl } from './index';

/*
 * The Shopify sandbox over real HTTP, through Shopify's own GraphQL client
 * (`@shopify/admin-api-client`) with only the host changed: the install page and the
 * authorization-code grant, orders by `updated_at` search in cursor pages, fulfillment orders and
 * fulfillmentCreate, cost-based throttling (THROTTLED with 200 and with 429), expired and revoked
 * tokens, and the control endpoints.
 */

const SHOP = 'bottega-test.myshopify.com';
const OWNER = { email: 'titolare@bottega-test.it', password: 'Negozio1!' };
const VERSION = '2026-10';
const REDIRECT = 'http://127.0.0.1:9/marketplace/callback';

let shopify: ShopifySandbox;
let control: ShopifySandboxControl;

beforeAll(async () => {
  shopify = await startShopifySandbox({ port: 0, shops: [{ shop: 'bottega-test', orders: 45, seed: 3 }, { shop: 'altro-negozio', orders: 2, seed: 4 }] });
  control = shopifySandboxControl(shopify.url);
});
// Each test starts with the shop's bucket full (basic: 2,000 points): what the tests before it
// spent, and how fast they ran, is not its concern.
beforeEach(async () => {
  await control.drainBucket(SHOP, 2_000);
});
afterAll(async () => {
  await shopify?.close();
});
afterEach(async () => {
  await control.clearFaults();
  await control.setThrottledStatus(200);
});

// `base`: the sandbox's URL (the suite's, or one a test starts with a clock of its own).
const shopUrl = (shop = SHOP, base = shopify.url) => `${base}/store/${shop}`;
const authorizeUrl = (state = 'stato-123', shop = SHOP, base = shopify.url) =>
  `${shopUrl(shop, base)}/admin/oauth/authorize?${new URLSearchParams({ client_id: SHOPIFY_SANDBOX_APP.clientId, scope: SHOPIFY_SMISTA_SCOPES.join(','), redirect_uri: REDIRECT, state, 'grant_options[]': '' })}`;

async function tokenCall(body: Record<string, unknown>, shop = SHOP, base = shopify.url) {
  const res = await fetch(`${shopUrl(shop, base)}/admin/oauth/access_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function install(state = 'stato-123'): Promise<URLSearchParams> {
  return new URL(await shopifyInstallAs(authorizeUrl(state), OWNER)).searchParams;
}

async function offlineToken(): Promise<{ access_token: string; refresh_token: string }> {
  const code = (await install()).get('code')!;
  const answer = await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, code, expiring: '1' });
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string };
}

/** Shopify's client, pointed at the sandbox by changing only the host of the URLs it builds. */
function adminClient(accessToken: string, retries = 0, base = shopify.url): AdminApiClient {
  return createAdminApiClient({
    storeDomain: SHOP,
    apiVersion: VERSION,
    accessToken,
    retries,
    customFetchApi: (url, init) => fetch(String(url).replace(/^https:\/\/[^/]+/, base), init as RequestInit),
  });
}

/**
 * Every page of an `orders` query (it takes `$after` and selects `nodes {…}` and `pageInfo`), by
 * cursor until the last: each node's `field`, in the order read. Every page must answer without errors.
 */
async function pagedField(client: AdminApiClient, query: string, variables: Record<string, unknown>, field: string): Promise<string[]> {
  const values: string[] = [];
  let after: string | null = null;
  do {
    const page: { data?: any; errors?: unknown } = await client.request(query, { variables: { ...variables, after } });
    expect(page.errors).toBeUndefined();
    values.push(...page.data.orders.nodes.map((n: any) => n[field]));
    after = page.data.orders.pageInfo.hasNextPage ? page.data.orders.pageInfo.endCursor : null;
  } while (after);
  return values;
}

const ORDERS_QUERY = `#graphql
  query Orders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      edges { cursor node {
        id name createdAt updatedAt displayFinancialStatus displayFulfillmentStatus email phone currencyCode totalWeight
        totalPriceSet { shopMoney { amount currencyCode } }
        shippingAddress { name firstName lastName company address1 address2 city province provinceCode zip country countryCodeV2 phone }
        shippingLine { title code carrierIdentifier source }
        lineItems(first: 5) { nodes { id sku name title quantity originalUnitPriceSet { shopMoney { amount currencyCode } } } }
      } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

describe('the install page and the authorization-code grant', () => {
  it('shows an Italian install page for the shop and redirects with code, hmac, host, shop, state and timestamp', async () => {
    const page = await fetch(authorizeUrl());
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('lang="it"');
    expect(html).toContain('Installa app');
    expect(html).toContain(SHOP);
    for (const scope of SHOPIFY_SMISTA_SCOPES) expect(html).toContain(`data-scope="${scope}"`);

    const callback = await install('stato-abc');
    expect([...callback.keys()].sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(callback.get('shop')).toBe(SHOP);
    expect(callback.get('state')).toBe('stato-abc');
    expect(Math.abs(Number(callback.get('timestamp')) - Date.now() / 1000)).toBeLessThan(5);
    expect(callback.get('hmac')).toBe(shopifyCallbackHmac(Object.fromEntries(callback), SHOPIFY_SANDBOX_APP.clientSecret));
    expect(callback.get('hmac')).not.toBe(shopifyCallbackHmac(Object.fromEntries(callback), 'another-secret'));
  });

  it('refuses a wrong password on the page, an unknown shop or app with an error page', async () => {
    await expect(shopifyInstallAs(authorizeUrl(), { ...OWNER, password: 'sbagliata' })).rejects.toThrow(/E-mail o password non corretti/);
    await expect(shopifyInstallAs(authorizeUrl('s', 'nessuno.myshopify.com'), OWNER)).rejects.toThrow(/Negozio sconosciuto/);
    const badApp = await fetch(authorizeUrl().replace(SHOPIFY_SANDBOX_APP.clientId, 'sconosciuta'));
    expect(badApp.status).toBe(400);
    expect(await badApp.text()).toContain('client_id sconosciuto');
  });

  it('exchanges a code once for an expiring offline token with a refresh token (JSON), and refreshes it', async () => {
    const code = (await install()).get('code')!;
    const app = { client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret };
    const first = await tokenCall({ ...app, code, expiring: '1' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access_token: expect.stringMatching(/^shpat_/), scope: SHOPIFY_SMISTA_SCOPES.join(','), expires_in: 3600, refresh_token: expect.stringMatching(/^shprt_/), refresh_token_expires_in: 7_776_000 });
    expect(await tokenCall({ ...app, code, expiring: '1' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });

    const refreshed = await tokenCall({ ...app, grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    // A refresh token is used once; another shop's host does not take this shop's.
    expect(await tokenCall({ ...app, grant_type: 'refresh_token', refresh_token: first.body.refresh_token })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await tokenCall({ ...app, grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token }, 'altro-negozio.myshopify.com')).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const { data } = await adminClient(refreshed.body.access_token).request('{ shop { myshopifyDomain name } }');
    expect(data).toEqual({ shop: { myshopifyDomain: SHOP, name: 'Bottega Test' } });
  });

  it('answers a non-expiring offline token without expiring, and refuses a wrong secret as invalid_client', async () => {
    const code = (await install()).get('code')!;
    expect(await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: 'sbagliato', code })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const answer = await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, code });
    expect(Object.keys(answer.body).sort()).toEqual(['access_token', 'scope']);
  });
});

describe('the GraphQL Admin API through @shopify/admin-api-client', () => {
  let token: string;
  beforeAll(async () => {
    token = (await offlineToken()).access_token;
  });

  it('pages the orders of an updated_at window by cursor, each once, with the fields and the cost', async () => {
    const client = adminClient(token);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
    for (;;) {
      const answer: { data?: any; errors?: unknown; extensions?: unknown } = await client.request(ORDERS_QUERY, {
        variables: { first: 20, after, query: `updated_at:>='${from}' AND updated_at:<='${new Date().toISOString()}'` },
      });
      expect(answer.errors).toBeUndefined();
      const orders: { edges: { node: any }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } = answer.data.orders;
      pages++;
      for (const { node } of orders.edges) {
        seen.push(node.id);
        expect(node.id).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
        expect(node.name).toMatch(/^#\d{4}$/);
        expect(node.totalPriceSet.shopMoney).toEqual({ amount: expect.stringMatching(/^\d+\.\d{2}$/), currencyCode: 'EUR' });
        expect(node.shippingAddress.countryCodeV2).toBe('IT');
        expect(Number(node.totalWeight)).toBeGreaterThan(0);
        expect(node.lineItems.nodes[0].sku).toBeTruthy();
      }
      const cost = (answer.extensions as any).cost;
      expect(cost.requestedQueryCost).toBeGreaterThan(20);
      expect(cost.throttleStatus).toEqual({ maximumAvailable: 2000, currentlyAvailable: expect.any(Number), restoreRate: 100 });
      if (!orders.pageInfo.hasNextPage) break;
      after = orders.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    const later = await client.request(ORDERS_QUERY, { variables: { first: 5, query: `updated_at:>'${new Date(Date.now() + 60_000).toISOString()}'` } });
    expect(later.data.orders).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
    const count = await client.request(`{ ordersCount(query: "updated_at:>='${from}'") { count precision } }`);
    expect(count.data).toEqual({ ordersCount: { count: 45, precision: 'EXACT' } });
  });

  it('sorts by CREATED_AT and UPDATED_AT, either way, and pages by cursor through the same order as one whole read', async () => {
    const client = adminClient(token);
    const query = `query Sorted($first: Int!, $after: String, $sortKey: OrderSortKeys!, $reverse: Boolean) {
      orders(first: $first, after: $after, sortKey: $sortKey, reverse: $reverse) { nodes { id createdAt updatedAt } pageInfo { hasNextPage endCursor } }
    }`;
    for (const [sortKey, field] of [['CREATED_AT', 'createdAt'], ['UPDATED_AT', 'updatedAt']] as const) {
      for (const reverse of [false, true]) {
        // Small queries: the shop's cost bucket holds 2,000 points, restored at 100 a second.
        const whole: { data?: any; errors?: unknown } = await client.request(query, { variables: { first: 45, sortKey, reverse } });
        expect(whole.errors).toBeUndefined();
        const ids: string[] = whole.data.orders.nodes.map((n: any) => n.id);
        const times: number[] = whole.data.orders.nodes.map((n: any) => Date.parse(n[field]));
        expect(ids).toHaveLength(45);
        expect({ sortKey, reverse, sorted: times.every((t, i) => i === 0 || (reverse ? times[i - 1]! >= t : times[i - 1]! <= t)) }).toEqual({ sortKey, reverse, sorted: true });
        const paged = await pagedField(client, query, { first: 10, sortKey, reverse }, 'id');
        expect({ sortKey, reverse, paged }).toEqual({ sortKey, reverse, paged: ids });
      }
    }
  });

  it('reads the shop as it is now: an order changed after a read moves to its new place, orders added are paged and counted', async () => {
    const shop = 'indice-prova.myshopify.com';
    await control.addShop({ shop: 'indice-prova', orders: 6, seed: 9 });
    const code = new URL(await shopifyInstallAs(authorizeUrl('indice', shop), { email: 'titolare@indice-prova.it', password: 'Negozio1!' })).searchParams.get('code')!;
    const { body } = await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, code, expiring: '1' }, shop);
    const client = adminClient(body.access_token);
    const read = async (): Promise<{ ids: string[]; count: number; paged: string[] }> => {
      const whole = await client.request(`{ orders(first: 50, sortKey: UPDATED_AT) { nodes { legacyResourceId } } ordersCount { count } }`);
      expect(whole.errors).toBeUndefined();
      const paged = await pagedField(client, `query P($after: String) { orders(first: 3, after: $after, sortKey: UPDATED_AT) { nodes { legacyResourceId } pageInfo { hasNextPage endCursor } } }`, {}, 'legacyResourceId');
      return { ids: whole.data.orders.nodes.map((n: any) => n.legacyResourceId), count: whole.data.ordersCount.count, paged };
    };

    const first = await read();
    expect(first.ids).toHaveLength(6);
    expect(first.paged).toEqual(first.ids);
    const changed = first.ids[0]!;
    await control.changeOrder(shop, changed, { refund: true });
    const second = await read();
    expect(second).toEqual({ ids: [...first.ids.slice(1), changed], count: 6, paged: [...first.ids.slice(1), changed] });
    const added = (await control.addOrders(shop, 2)).map((o) => o.legacyResourceId);
    const third = await read();
    expect(third.count).toBe(8);
    expect([...third.ids].sort()).toEqual([...second.ids, ...added].sort());
    expect(third.paged).toEqual(third.ids);
  });

  it('hides the orders older than 60 days from an app without read_all_orders, in the pages and in the count, as the days pass', async () => {
    let offsetMs = 0;
    const aged = await startShopifySandbox({ port: 0, shops: [{ shop: 'eta-prova', orders: 12, seed: 5 }], now: () => new Date(Date.now() + offsetMs) });
    try {
      const shop = 'eta-prova.myshopify.com';
      const code = new URL(await shopifyInstallAs(authorizeUrl('eta', shop, aged.url), { email: 'titolare@eta-prova.it', password: 'Negozio1!' })).searchParams.get('code')!;
      // A token that never expires: the clock moves by weeks.
      const { body } = await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, code }, shop, aged.url);
      const client = adminClient(body.access_token, 0, aged.url);
      const read = async () => {
        const paged = await pagedField(client, `query P($after: String) { orders(first: 5, after: $after, sortKey: CREATED_AT) { nodes { legacyResourceId } pageInfo { hasNextPage endCursor } } }`, {}, 'legacyResourceId');
        const counted = await client.request(`{ ordersCount { count } }`);
        return { paged, count: counted.data.ordersCount.count as number };
      };
      const orders = await shopifySandboxControl(aged.url).orders(shop);
      const visibleAt = (ms: number) =>
        orders
          .filter((o) => Date.parse(o.createdAt) >= ms - 60 * 86_400_000)
          .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || Number(a.legacyResourceId) - Number(b.legacyResourceId))
          .map((o) => o.legacyResourceId);

      const today = await read();
      expect(today).toEqual({ paged: visibleAt(Date.now()), count: 12 });
      offsetMs = 35 * 86_400_000;
      const later = await read();
      const expected = visibleAt(Date.now() + offsetMs);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(12);
      expect(later).toEqual({ paged: expected, count: expected.length });
    } finally {
      await aged.close();
    }
  });

  it("creates a fulfillment with tracking on an order's fulfillment order; a second one gets userErrors", async () => {
    const client = adminClient(token);
    const open = (await control.orders(SHOP)).find((o) => !o.cancelled && o.remainingQuantity > 0 && o.fulfillments.length === 0)!;
    const read = await client.request(
      `query FO($id: ID!) { order(id: $id) { fulfillmentOrders(first: 5) { nodes { id status supportedActions { action } lineItems(first: 10) { nodes { id remainingQuantity } } } } } }`,
      { variables: { id: open.id } },
    );
    const fo = read.data.order.fulfillmentOrders.nodes[0];
    expect(fo.status).toBe('OPEN');
    expect(fo.supportedActions.map((a: { action: string }) => a.action)).toContain('CREATE_FULFILLMENT');
    const create = `mutation Ship($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status trackingInfo { company number url } } userErrors { field message } } }`;
    const fulfillment = { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }], notifyCustomer: false, trackingInfo: { company: 'GLS', number: 'MI100200300', url: 'https://gls-group.com/IT/it/ricerca?match=MI100200300' } };
    const made = await client.request(create, { variables: { fulfillment } });
    expect(made.data.fulfillmentCreate.userErrors).toEqual([]);
    expect(made.data.fulfillmentCreate.fulfillment).toEqual({ id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/), status: 'SUCCESS', trackingInfo: [{ company: 'GLS', number: 'MI100200300', url: fulfillment.trackingInfo.url }] });
    expect((made.extensions as any).cost.requestedQueryCost).toBe(10);
    const again = await client.request(create, { variables: { fulfillment } });
    expect(again.data.fulfillmentCreate).toEqual({ fulfillment: null, userErrors: [{ field: ['fulfillment'], message: expect.stringContaining('unfulfillable status= closed') }] });
    const after = (await control.orders(SHOP)).find((o) => o.id === open.id)!;
    expect(after.remainingQuantity).toBe(0);
    expect(after.fulfillments.filter((f) => f.viaApi).map((f) => f.trackingInfo[0]!.number)).toEqual(['MI100200300']);
    const none = await client.request(create, { variables: { fulfillment: { ...fulfillment, lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1' }] } } });
    expect(none.data.fulfillmentCreate.userErrors[0].message).toBe('Fulfillment order does not exist.');
  });

  it("records a DELIVERED fulfillment event on the shop's own fulfillment, charged as a mutation; an unknown or another shop's fulfillment gets userErrors", async () => {
    const client = adminClient(token);
    const open = (await control.orders(SHOP)).find((o) => !o.cancelled && o.remainingQuantity > 0 && o.fulfillments.length === 0)!;
    const read = await client.request(`query FO($id: ID!) { order(id: $id) { fulfillmentOrders(first: 1) { nodes { id } } } }`, { variables: { id: open.id } });
    const ship = await client.request(`mutation Ship($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id } userErrors { field message } } }`, {
      variables: { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: read.data.order.fulfillmentOrders.nodes[0].id }], trackingInfo: { company: 'GLS', number: 'MI555666777' } } },
    });
    const fulfillmentId: string = ship.data.fulfillmentCreate.fulfillment.id;
    const before = (await control.fulfillmentEvents(SHOP)).length;
    const deliver = `mutation Delivered($fulfillmentEvent: FulfillmentEventInput!) {
      fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) { fulfillmentEvent { id status happenedAt } userErrors { field message } }
    }`;
    const happenedAt = '2026-11-20T10:15:00.000Z';
    const told = await client.request(deliver, { variables: { fulfillmentEvent: { fulfillmentId, status: 'DELIVERED', happenedAt } } });
    expect(told.errors).toBeUndefined();
    expect(told.data).toEqual({ fulfillmentEventCreate: { fulfillmentEvent: { id: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentEvent\/\d+$/), status: 'DELIVERED', happenedAt }, userErrors: [] } });
    expect((told.extensions as any).cost.requestedQueryCost).toBe(10);
    const events = await control.fulfillmentEvents(SHOP);
    expect(events.slice(before)).toEqual([expect.objectContaining({ id: told.data.fulfillmentEventCreate.fulfillmentEvent.id, shop: SHOP, orderId: open.id, fulfillmentId, status: 'DELIVERED', happenedAt, clientId: SHOPIFY_SANDBOX_APP.clientId })]);
    expect((await control.orders(SHOP)).find((o) => o.id === open.id)!.fulfillments.find((f) => f.id === fulfillmentId)!.deliveredAt).toBe(happenedAt);
    const shown = await client.request(`query F($id: ID!) { order(id: $id) { fulfillments(first: 5) { id displayStatus } } }`, { variables: { id: open.id } });
    expect(shown.data.order.fulfillments).toContainEqual({ id: fulfillmentId, displayStatus: 'DELIVERED' });

    const unknown = await client.request(deliver, { variables: { fulfillmentEvent: { fulfillmentId: 'gid://shopify/Fulfillment/1', status: 'DELIVERED' } } });
    expect(unknown.data.fulfillmentEventCreate).toEqual({ fulfillmentEvent: null, userErrors: [{ field: ['fulfillmentEvent', 'fulfillmentId'], message: 'Fulfillment does not exist.' }] });
    // Another shop's fulfillment is not this shop's: the same userError, nothing recorded.
    const otherShop = 'altro-negozio.myshopify.com';
    const otherCode = new URL(await shopifyInstallAs(authorizeUrl('altro', otherShop), { email: 'titolare@altro-negozio.it', password: 'Negozio1!' })).searchParams.get('code')!;
    const otherToken = await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, code: otherCode, expiring: '1' }, otherShop);
    const foreign = await adminClient(otherToken.body.access_token).request(deliver, { variables: { fulfillmentEvent: { fulfillmentId, status: 'DELIVERED' } } });
    expect(foreign.data.fulfillmentEventCreate).toEqual({ fulfillmentEvent: null, userErrors: [{ field: ['fulfillmentEvent', 'fulfillmentId'], message: 'Fulfillment does not exist.' }] });
    const badStatus = await client.request(deliver, { variables: { fulfillmentEvent: { fulfillmentId, status: 'ARRIVATO' } } });
    expect(badStatus.errors).toBeDefined();
    expect((await control.fulfillmentEvents(SHOP)).length).toBe(before + 1);
  });

  it('refuses fulfillmentEventCreate with ACCESS_DENIED and a null field to a shop installed without write_fulfillments', async () => {
    const scopes = SHOPIFY_SMISTA_SCOPES.filter((s) => s !== 'write_fulfillments').join(',');
    const url = `${shopUrl()}/admin/oauth/authorize?${new URLSearchParams({ client_id: SHOPIFY_SANDBOX_APP.clientId, scope: scopes, redirect_uri: REDIRECT, state: 'vecchio', 'grant_options[]': '' })}`;
    const code = new URL(await shopifyInstallAs(url, OWNER)).searchParams.get('code')!;
    const old = await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, code, expiring: '1' });
    expect(old.body.scope).toBe(scopes);
    const shipped = (await control.orders(SHOP)).flatMap((o) => o.fulfillments)[0]!;
    const before = (await control.fulfillmentEvents()).length;
    const denied = await adminClient(old.body.access_token).request(`mutation D($e: FulfillmentEventInput!) { fulfillmentEventCreate(fulfillmentEvent: $e) { fulfillmentEvent { id } userErrors { field message } } }`, {
      variables: { e: { fulfillmentId: shipped.id, status: 'DELIVERED' } },
    });
    expect(denied.data).toEqual({ fulfillmentEventCreate: null });
    expect((denied.errors as any).graphQLErrors).toEqual([expect.objectContaining({ message: expect.stringContaining('write_fulfillments'), extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) })]);
    expect((await control.fulfillmentEvents()).length).toBe(before);
  });

  it('throttles by cost: THROTTLED with HTTP 200 and no data when the bucket is empty, and with 429 (which the client retries)', async () => {
    const limitedBefore = (await control.stats()).limited;
    await control.drainBucket(SHOP, 0);
    const throttled = await adminClient(token).request(ORDERS_QUERY, { variables: { first: 10 } });
    expect(throttled.data).toBeUndefined();
    expect(throttled.errors?.graphQLErrors?.[0]).toMatchObject({ message: 'Throttled', extensions: { code: 'THROTTLED' } });
    expect((throttled.errors?.response as Response | undefined)?.status).toBe(200);
    // The empty bucket is Shopify's own limit (counted); the faults below are not.
    expect((await control.stats()).limited).toBe(limitedBefore + 1);

    await control.injectFault({ kind: 'throttled', count: 1, httpStatus: 429, retryAfterSeconds: 2 });
    const refused = await fetch(`${shopify.url}/admin/api/${VERSION}/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': token }, body: JSON.stringify({ query: '{ shop { name } }' }) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toMatchObject({ errors: [{ extensions: { code: 'THROTTLED' } }], extensions: { cost: { actualQueryCost: null } } });

    await control.injectFault({ kind: 'throttled', count: 1, httpStatus: 429, retryAfterSeconds: 1 });
    const retried = await adminClient(token, 1).request('{ shop { name } }');
    expect(retried.data).toEqual({ shop: { name: 'Bottega Test' } });
    expect((await control.stats()).limited).toBe(limitedBefore + 1);
  });

  it('refuses a query over the single-query cost cap and one naming an unknown field', async () => {
    const heavy = await adminClient(token).request(`{ orders(first: 250) { nodes { id lineItems(first: 50) { nodes { id } } } } }`);
    expect(heavy.errors?.graphQLErrors?.[0]).toMatchObject({ extensions: { code: 'MAX_COST_EXCEEDED', maxCost: 1000 } });
    const unknown = await adminClient(token).request('{ shop { nonEsiste } }');
    expect(unknown.errors?.graphQLErrors?.[0]?.message).toMatch(/nonEsiste/);
  });

  it('answers 401 in Shopify\'s envelope for an expired, revoked or unknown token, and 503 when unavailable', async () => {
    const own = (await offlineToken()).access_token;
    await control.injectFault({ kind: 'unavailable', count: 1 });
    const down = await adminClient(own).request('{ shop { name } }');
    expect(down.errors?.networkStatusCode).toBe(503);
    await control.expireAccessTokens(SHOP);
    const expired = await adminClient(own).request('{ shop { name } }');
    expect(expired.errors?.networkStatusCode).toBe(401);
    const raw = await fetch(`${shopify.url}/admin/api/${VERSION}/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': own }, body: JSON.stringify({ query: '{ shop { name } }' }) });
    expect(await raw.json()).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    const fresh = await offlineToken();
    await control.revokeConsent(SHOP);
    expect((await adminClient(fresh.access_token).request('{ shop { name } }')).errors?.networkStatusCode).toBe(401);
    expect(await tokenCall({ client_id: SHOPIFY_SANDBOX_APP.clientId, client_secret: SHOPIFY_SANDBOX_APP.clientSecret, grant_type: 'refresh_token', refresh_token: fresh.refresh_token })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    token = (await offlineToken()).access_token;
  });

  it('echoes the API version and refuses an unknown one', async () => {
    const call = (version: string) => fetch(`${shopify.url}/admin/api/${version}/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': token }, body: JSON.stringify({ query: '{ shop { name } }' }) });
    expect((await call(VERSION)).headers.get('x-shopify-api-version')).toBe(VERSION);
    expect((await call('2026-13')).status).toBe(404);
  });
});

describe('control endpoints and latency', () => {
  it('adds shops and orders; answers after the configured latency', async () => {
    const slow = await startShopifySandbox({ port: 0, latencyMs: 200, shops: [] });
    try {
      const c = shopifySandboxControl(slow.url);
      expect(await c.addShop({ shop: 'nuovo', orders: 3, plan: 'plus' })).toMatchObject({ shop: 'nuovo.myshopify.com', orders: 3, bucket: { restoreRate: 1000, maximumAvailable: 20000 } });
      // A bench's shop: its bucket instead of the plan's, reported and spent as Shopify's.
      expect(await c.addShop({ shop: 'banco-prova', orders: 1, plan: 'plus', limits: { restoreRate: 1_000_000, maximumAvailable: 500_000 } })).toMatchObject({ bucket: { restoreRate: 1_000_000, maximumAvailable: 500_000, currentlyAvailable: 500_000 } });
      await expect(c.addShop({ shop: 'banco-rotto', orders: 1, limits: { restoreRate: 0, maximumAvailable: 10 } })).rejects.toThrow(/limits vuole restoreRate e maximumAvailable positivi/);
      expect(await c.addOrders('nuovo', 2)).toHaveLength(2);
      expect(await c.orders('nuovo')).toHaveLength(5);
      const started = Date.now();
      await fetch(`${slow.url}/store/nuovo.myshopify.com/admin/oauth/authorize?client_id=x`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    } finally {
      await slow.close();
    }
  });
});

describe('webhook deliveries (POST /__sandbox/shops/{shop}/webhooks)', () => {
  type Received = { headers: import('node:http').IncomingHttpHeaders; body: Buffer };
  const received: Received[] = [];
  let receiver: import('node:http').Server;
  let uri = '';

  beforeAll(async () => {
    const http = await import('node:http');
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    uri = `http://127.0.0.1:${(receiver.address() as import('node:net').AddressInfo).port}/api/webhooks/shopify`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("sends an order topic signed as Shopify does, the order's id a bare JSON number; the same webhookId again is a re-sent delivery", async () => {
    const { createHmac } = await import('node:crypto');
    const order = (await control.orders(SHOP))[0]!;
    const fired = await control.fireWebhook(SHOP, { topic: 'orders/updated', orderId: order.legacyResourceId, uri });
    expect(fired).toMatchObject({ topic: 'orders/updated', uri, status: 200 });
    const delivery = received.at(-1)!;
    expect(delivery.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/updated',
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': VERSION,
      'x-shopify-webhook-id': fired.webhookId,
      'x-shopify-hmac-sha256': createHmac('sha256', SHOPIFY_SANDBOX_APP.clientSecret).update(delivery.body).digest('base64'),
    });
    expect(delivery.body.toString()).toContain(`"id":${order.legacyResourceId},`);
    expect(JSON.parse(delivery.body.toString())).toMatchObject({ admin_graphql_api_id: order.id, name: order.name });

    const again = await control.fireWebhook(SHOP, { topic: 'orders/updated', orderId: order.legacyResourceId, uri, webhookId: fired.webhookId });
    expect(again.webhookId).toBe(fired.webhookId);
    expect(received.at(-1)!.headers['x-shopify-webhook-id']).toBe(fired.webhookId);
  });

  it("sends the privacy topics with their bodies; an unknown topic, order or a missing address is refused", async () => {
    const order = (await control.orders(SHOP))[0]!;
    await control.fireWebhook(SHOP, { topic: 'customers/redact', orderId: order.legacyResourceId, uri });
    expect(JSON.parse(received.at(-1)!.body.toString())).toMatchObject({ shop_domain: SHOP, customer: { id: 191167 }, orders_to_redact: [Number(order.legacyResourceId)] });
    await control.fireWebhook(SHOP, { topic: 'shop/redact', uri });
    expect(JSON.parse(received.at(-1)!.body.toString())).toEqual({ shop_id: 954889, shop_domain: SHOP });
    await expect(control.fireWebhook(SHOP, { topic: 'products/create', uri })).rejects.toThrow(/400/);
    await expect(control.fireWebhook(SHOP, { topic: 'orders/create', orderId: '1', uri })).rejects.toThrow(/404/);
    await expect(control.fireWebhook(SHOP, { topic: 'orders/create' })).rejects.toThrow(/uri mancante/);
  });

  // Last here: from now on an app has a webhookUri, the default of the deliveries above.
  it('by itself, as Shopify: orders/create for a new order and orders/updated for a changed one (orders/cancelled first when cancelled), to the installed apps with a webhook address only, until uninstalled', async () => {
    const { createHmac } = await import('node:crypto');
    const app = { clientId: 'app-con-webhook', clientSecret: 'shpss_webhook_app_secret', name: 'Smista', redirectUris: [], webhookUri: uri };
    await control.registerApp(app);
    const shop = 'altro-negozio.myshopify.com';
    const owner = { email: 'titolare@altro-negozio.it', password: 'Negozio1!' };
    const consent = `${shopUrl(shop)}/admin/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, scope: SHOPIFY_SMISTA_SCOPES.join(','), redirect_uri: REDIRECT, state: 's', 'grant_options[]': '' })}`;
    const code = new URL(await shopifyInstallAs(consent, owner)).searchParams.get('code')!;
    expect((await tokenCall({ client_id: app.clientId, client_secret: app.clientSecret, code, expiring: '1' }, shop)).status).toBe(200);
    const deliveries = () => received.filter((r) => r.headers['x-shopify-shop-domain'] === shop);
    const seen = deliveries().length;

    const [made] = await control.addOrders(shop, 1);
    // Sent before the control call answered, signed with the installed app's secret.
    const created = deliveries().slice(seen);
    expect(created.map((r) => r.headers['x-shopify-topic'])).toEqual(['orders/create']);
    expect(created[0]!.headers['x-shopify-hmac-sha256']).toBe(createHmac('sha256', app.clientSecret).update(created[0]!.body).digest('base64'));
    expect(created[0]!.body.toString()).toContain(`"id":${made!.legacyResourceId},`);

    const changedFrom = Date.now();
    const moved = await control.changeOrder(shop, made!.legacyResourceId, { shippingAddress: { city: 'Pisa', zip: '56121' } });
    expect(moved.webhooks).toEqual([expect.objectContaining({ topic: 'orders/updated', uri, status: 200 })]);
    expect(JSON.parse(deliveries().at(-1)!.body.toString())).toMatchObject({ id: Number(made!.legacyResourceId), shipping_address: { city: 'Pisa', zip: '56121' } });
    expect(Date.parse(moved.order.updatedAt)).toBeGreaterThanOrEqual(changedFrom);
    const cancelled = await control.changeOrder(shop, made!.legacyResourceId, { cancel: true });
    expect(cancelled.webhooks.map((w) => w.topic)).toEqual(['orders/cancelled', 'orders/updated']);
    expect(cancelled.order.cancelled).toBe(true);
    expect((await control.sentWebhooks()).filter((w) => w.shop === shop).map((w) => [w.topic, w.orderId, w.clientId, w.status])).toEqual([
      ['orders/create', made!.legacyResourceId, app.clientId, 200],
      ['orders/updated', made!.legacyResourceId, app.clientId, 200],
      ['orders/cancelled', made!.legacyResourceId, app.clientId, 200],
      ['orders/updated', made!.legacyResourceId, app.clientId, 200],
    ]);

    // A shop where no app with a webhook address is installed: nothing is sent.
    const before = received.length;
    await control.addOrders(SHOP, 1);
    expect(received.length).toBe(before);
    // Refusals of a change, in the control's words.
    await expect(control.changeOrder(shop, made!.legacyResourceId, {})).rejects.toThrow(/400.*nessuna modifica/);
    await expect(control.changeOrder(shop, '1', { refund: true })).rejects.toThrow(/404/);
    // Uninstalled: no more deliveries.
    await control.revokeConsent(shop);
    await control.addOrders(shop, 1);
    expect(deliveries()).toHaveLength(seen + 4);
    // A delivery asked without an app is the shop's installed one's, whatever other apps the shared sandbox holds.
    await control.fireWebhook(SHOP, { topic: 'orders/updated', uri });
    expect(received.at(-1)!.headers['x-shopify-hmac-sha256']).toBe(createHmac('sha256', SHOPIFY_SANDBOX_APP.clientSecret).update(received.at(-1)!.body).digest('base64'));
  });
});
