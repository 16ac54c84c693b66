import { EBAY_SMISTA_SCOPES, ebaySandboxControl, ebaySellerTokens, startEbaySandbox, type EbaySandbox, type EbaySandboxControl } from './index';

/*
 * getOrders and getOrder over real HTTP against a seller with 1,000 generated orders: the filters,
 * paging by `next`, every error id, the control edits showing in a lastmodifieddate window, the
 * privacy drops, injected faults and latency.
 */

const DAY = 86_400_000;
const SELLER = { username: 'bulk_seller', password: 'Bulk1!' };
const NOW = Date.parse('2026-03-05T09:00:00.000Z');

let clock = NOW;
let ebay: EbaySandbox;
let control: EbaySandboxControl;
let token: string;

beforeAll(async () => {
  ebay = await startEbaySandbox({ now: () => new Date(clock), sellers: [{ ...SELLER, orders: 1000, seed: 7 }] });
  control = ebaySandboxControl(ebay.url);
  token = (await ebaySellerTokens(ebay.url, SELLER)).access_token;
});
afterAll(async () => {
  await ebay.close();
});

type Json = Record<string, any>;

async function get(pathOrUrl: string, bearer: string = token): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${ebay.url}${pathOrUrl}`, { headers: { authorization: `Bearer ${bearer}` } });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

const iso = (ms: number) => new Date(ms).toISOString();
const orders = (query: Record<string, string>) => get(`/sell/fulfillment/v1/order?${new URLSearchParams(query).toString()}`);

/** Follows `next` from the first page; answers every page. */
async function allPages(query: Record<string, string>): Promise<Json[]> {
  const pages: Json[] = [];
  let page = await orders(query);
  expect(page.status).toBe(200);
  pages.push(page.body);
  while (page.body.next) {
    page = await get(page.body.next);
    expect(page.status).toBe(200);
    pages.push(page.body);
  }
  return pages;
}

describe('getOrders paging', () => {
  it('returns each of 1,000 orders exactly once following next, oldest first, with href/prev/next only where they exist', async () => {
    const filter = `creationdate:[${iso(NOW - 130 * DAY)}..]`;
    const pages = await allPages({ filter, limit: '200' });
    expect(pages).toHaveLength(5);
    const ids = pages.flatMap((p) => p.orders.map((o: Json) => o.orderId));
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    expect(new Set(ids)).toEqual(new Set((await control.orders(SELLER.username)).map((o) => o.orderId)));

    const created = pages.flatMap((p) => p.orders.map((o: Json) => Date.parse(o.creationDate)));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    pages.forEach((p, i) => {
      expect(p).toMatchObject({ total: 1000, limit: 200, offset: i * 200 });
      expect(p.href).toBe(`${ebay.url}/sell/fulfillment/v1/order?filter=creationdate:%5B${iso(NOW - 130 * DAY)}..%5D&limit=200&offset=${i * 200}`);
      expect('prev' in p).toBe(i > 0);
      expect('next' in p).toBe(i < 4);
    });
    expect(pages[1]!.prev).toContain('offset=0');
  });

  it('keeps offsets stable: pages of any size give the same sequence', async () => {
    const filter = `creationdate:[${iso(NOW - 130 * DAY)}..${iso(NOW)}]`;
    const big = (await allPages({ filter, limit: '200' })).flatMap((p) => p.orders.map((o: Json) => o.orderId));
    const small = (await allPages({ filter, limit: '37' })).flatMap((p) => p.orders.map((o: Json) => o.orderId));
    expect(small).toEqual(big);
  });

  it('answers the last 90 days without a filter, 50 per page', async () => {
    const res = await orders({});
    const expected = (await control.orders(SELLER.username)).filter((o) => Date.parse(o.creationDate) >= NOW - 90 * DAY);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(expected.length);
    expect(res.body.total).toBeLessThan(1000);
    expect(res.body.limit).toBe(50);
    expect(res.body.orders).toHaveLength(50);
    expect(res.body.orders[0].orderId).toBe(expected[0]!.orderId);
  });

  it('filters by fulfilment status with the two sets eBay allows', async () => {
    const all = await control.orders(SELLER.username);
    for (const [set, statuses] of [
      ['{NOT_STARTED|IN_PROGRESS}', ['NOT_STARTED', 'IN_PROGRESS']],
      ['{FULFILLED|IN_PROGRESS}', ['FULFILLED', 'IN_PROGRESS']],
    ] as const) {
      const pages = await allPages({ filter: `creationdate:[${iso(NOW - 130 * DAY)}..],orderfulfillmentstatus:${set}`, limit: '200' });
      const got = pages.flatMap((p) => p.orders);
      expect(got.length).toBe(all.filter((o) => (statuses as readonly string[]).includes(o.orderFulfillmentStatus)).length);
      expect(got.every((o: Json) => (statuses as readonly string[]).includes(o.orderFulfillmentStatus))).toBe(true);
    }
  });

  it('ignores lastmodifieddate when creationdate is given', async () => {
    const created = `creationdate:[${iso(NOW - 30 * DAY)}..]`;
    const alone = await orders({ filter: created });
    const both = await orders({ filter: `${created},lastmodifieddate:[${iso(NOW + DAY)}..]` });
    expect(both.body.total).toBe(alone.body.total);
    expect(both.body.total).toBeGreaterThan(0);
  });

  it('answers the orders named by orderIds, ignoring the other parameters', async () => {
    const some = (await control.orders(SELLER.username)).slice(10, 13).map((o) => o.orderId);
    const res = await orders({ orderIds: [...some, '99-99999-99999'].join(','), limit: '999', filter: 'nonsense:1' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.orders.map((o: Json) => o.orderId).sort()).toEqual([...some].sort());
  });
});

describe('getOrders errors', () => {
  const fiftyOne = Array.from({ length: 51 }, (_, i) => `01-00000-${String(i).padStart(5, '0')}`).join(',');
  it.each([
    ['an unknown filter name', { filter: 'buyername:[x..y]' }, 30700],
    ['a filter without a value', { filter: 'creationdate' }, 30700],
    ['a date filter without brackets', { filter: 'creationdate:2026-01-01T00:00:00.000Z' }, 30800],
    ['a date range without a start', { filter: 'creationdate:[..2026-01-01T00:00:00.000Z]' }, 30800],
    ['a fulfilment status set eBay does not allow', { filter: 'orderfulfillmentstatus:{NOT_STARTED}' }, 30800],
    ['fulfilment statuses FULFILLED and NOT_STARTED', { filter: 'orderfulfillmentstatus:{FULFILLED|NOT_STARTED}' }, 30800],
    ['a date without time', { filter: 'creationdate:[2026-01-01..]' }, 30810],
    ['a date with an offset instead of Z', { filter: 'lastmodifieddate:[2026-01-01T00:00:00.000+01:00..]' }, 30810],
    ['an unreadable end date', { filter: 'creationdate:[2026-01-01T00:00:00.000Z..ieri]' }, 30810],
    ['a range over two years', { filter: 'creationdate:[2023-01-01T00:00:00.000Z..2026-01-01T00:00:00.000Z]' }, 30830],
    ['an open range starting over two years ago', { filter: 'lastmodifieddate:[2023-01-01T00:00:00.000Z..]' }, 30830],
    ['a start after the end', { filter: 'creationdate:[2026-02-01T00:00:00.000Z..2026-01-01T00:00:00.000Z]' }, 30840],
    ['51 order ids', { orderIds: fiftyOne }, 30900],
    ['a negative offset', { offset: '-1' }, 31000],
    ['an offset that is not a number', { offset: 'dieci' }, 31000],
    ['limit 0', { limit: '0' }, 31100],
    ['limit 201', { limit: '201' }, 31100],
    ['a limit that is not a number', { limit: 'tutti' }, 31100],
  ])('answers 400 with eBay’s envelope for %s', async (_case, query, errorId) => {
    const res = await orders(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [expect.objectContaining({ errorId, domain: 'API_FULFILLMENT', subdomain: 'Selling', category: 'REQUEST', message: expect.any(String) })],
    });
  });

  it('takes 50 order ids, and 200 as the limit', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `01-00000-${String(i).padStart(5, '0')}`).join(',');
    expect((await orders({ orderIds: fifty })).status).toBe(200);
    const max = await orders({ limit: '200', filter: `creationdate:[${iso(NOW - 130 * DAY)}..]` });
    expect(max.status).toBe(200);
    expect(max.body.orders).toHaveLength(200);
  });

  it('answers getOrder for one order, and 404 errorId 32100 for an unknown one', async () => {
    const [first] = await control.orders(SELLER.username);
    const one = await get(`/sell/fulfillment/v1/order/${first!.orderId}`);
    expect(one.status).toBe(200);
    const page = await orders({ orderIds: first!.orderId });
    expect(one.body).toEqual(page.body.orders[0]);
    const missing = await get('/sell/fulfillment/v1/order/99-99999-99999');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ errorId: 32100, domain: 'API_FULFILLMENT' });
  });

  it('needs a fulfillment scope', async () => {
    const identityOnly = await ebaySellerTokens(ebay.url, { ...SELLER, scopes: [EBAY_SMISTA_SCOPES[0]!, 'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly'] });
    const res = await orders({});
    expect(res.status).toBe(200);
    const refused = await get('/sell/fulfillment/v1/order', identityOnly.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ errorId: 1100, domain: 'ACCESS', message: 'Access denied' });
  });
});

describe('changes made through the control endpoints', () => {
  it('an edit bumps lastModifiedDate to now and shows in a lastmodifieddate window', async () => {
    const old = (await control.orders(SELLER.username)).find((o) => Date.parse(o.creationDate) < NOW - 60 * DAY && Date.parse(o.creationDate) > NOW - 80 * DAY)!;
    const windowStart = iso(NOW + 1000);
    clock = NOW + 60_000;
    try {
      const before = await orders({ filter: `lastmodifieddate:[${windowStart}..]` });
      expect(before.body.total).toBe(0);
      const edited = await control.editOrder(SELLER.username, old.orderId, { fullName: 'Giulia Nuova', city: 'Bergamo', postalCode: '24121', stateOrProvince: 'BG', orderFulfillmentStatus: 'FULFILLED' });
      expect(edited.lastModifiedDate).toBe(iso(NOW + 60_000));
      const after = await orders({ filter: `lastmodifieddate:[${windowStart}..]` });
      expect(after.body.total).toBe(1);
      const order = after.body.orders[0];
      expect(order.orderId).toBe(old.orderId);
      expect(order.creationDate).toBe(old.creationDate);
      expect(order.lastModifiedDate).toBe(iso(NOW + 60_000));
      expect(order.orderFulfillmentStatus).toBe('FULFILLED');
      expect(order.lineItems.every((l: Json) => l.lineItemFulfillmentStatus === 'FULFILLED')).toBe(true);
      const shipTo = order.fulfillmentStartInstructions[0].shippingStep.shipTo;
      expect(shipTo.fullName).toBe('Giulia Nuova');
      expect(shipTo.contactAddress).toMatchObject({ city: 'Bergamo', postalCode: '24121', stateOrProvince: 'BG' });
      // A window ending before the edit does not see it.
      const earlier = await orders({ filter: `lastmodifieddate:[${iso(NOW - 130 * DAY)}..${iso(NOW)}]`, limit: '200' });
      expect(earlier.body.orders.some((o: Json) => o.orderId === old.orderId)).toBe(false);
    } finally {
      clock = NOW;
    }
  });

  it('refuses edits of unknown fields, bad statuses, unknown orders and sellers with an Italian message', async () => {
    const [first] = await control.orders(SELLER.username);
    await expect(control.editOrder(SELLER.username, first!.orderId, { colore: 'rosso' } as never)).rejects.toThrow('Campi non modificabili: colore');
    await expect(control.editOrder(SELLER.username, first!.orderId, { orderPaymentStatus: 'PAGATO' } as never)).rejects.toThrow('orderPaymentStatus deve essere uno tra');
    await expect(control.editOrder(SELLER.username, '00-00000-00000', { city: 'Roma' })).rejects.toThrow('404');
    await expect(control.editOrder('nessuno', first!.orderId, { city: 'Roma' })).rejects.toThrow('Venditore nessuno non trovato');
  });

  it('an edit can cancel an order and change its payment', async () => {
    const target = (await control.orders(SELLER.username)).find((o) => o.cancelState === 'NONE_REQUESTED' && o.orderPaymentStatus === 'PAID')!;
    const edited = await control.editOrder(SELLER.username, target.orderId, { cancelState: 'CANCELED', orderPaymentStatus: 'FULLY_REFUNDED' });
    expect(edited.cancelStatus.cancelState).toBe('CANCELED');
    expect(edited.orderPaymentStatus).toBe('FULLY_REFUNDED');
    expect(edited.paymentSummary.refunds[0].amount).toEqual(edited.pricingSummary.total);
  });

  it('new orders are created now and come last in a creationdate window', async () => {
    clock = NOW + 120_000;
    try {
      const ids = await control.addOrders(SELLER.username, 3);
      expect(ids).toHaveLength(3);
      const res = await orders({ filter: `creationdate:[${iso(NOW + 60_000)}..]` });
      expect(res.body.total).toBe(3);
      expect(res.body.orders.map((o: Json) => o.orderId).sort()).toEqual([...ids].sort());
      expect(res.body.orders.every((o: Json) => o.creationDate === iso(NOW + 120_000))).toBe(true);
      const all = await control.orders(SELLER.username);
      expect(all.slice(-3).map((o) => o.orderId).sort()).toEqual([...ids].sort());
      await expect(control.addOrders(SELLER.username, 0)).rejects.toThrow('count');
    } finally {
      clock = NOW;
    }
  });
});

describe('privacy rules', () => {
  it('drops the e-mail after 14 days and the name, phone and first address line after 90, keeping city and CAP', async () => {
    const pages = await allPages({ filter: `creationdate:[${iso(NOW - 130 * DAY)}..]`, limit: '200' });
    const byAge = (min: number, max: number) => pages.flatMap((p) => p.orders).filter((o: Json) => NOW - Date.parse(o.creationDate) > min * DAY && NOW - Date.parse(o.creationDate) <= max * DAY);
    const shipTo = (o: Json) => o.fulfillmentStartInstructions[0].shippingStep.shipTo;

    const recent = byAge(0, 14);
    expect(recent.length).toBeGreaterThan(10);
    expect(recent.every((o: Json) => typeof shipTo(o).email === 'string' && shipTo(o).fullName && shipTo(o).contactAddress.addressLine1)).toBe(true);

    const middle = byAge(14, 90);
    expect(middle.length).toBeGreaterThan(10);
    expect(middle.every((o: Json) => shipTo(o).email === undefined && shipTo(o).fullName && shipTo(o).contactAddress.addressLine1)).toBe(true);

    const old = byAge(90, 130);
    expect(old.length).toBeGreaterThan(10);
    for (const o of old) {
      expect(shipTo(o).email).toBeUndefined();
      expect(shipTo(o).fullName).toBeUndefined();
      expect(shipTo(o).primaryPhone).toBeUndefined();
      expect(shipTo(o).contactAddress.addressLine1).toBeUndefined();
      expect(shipTo(o).contactAddress).toMatchObject({ city: expect.any(String), postalCode: expect.any(String), countryCode: expect.any(String) });
    }
  });

  it('applies them at the time of the request: the same order loses its e-mail when the clock passes 14 days', async () => {
    const young = (await control.orders(SELLER.username)).find((o) => NOW - Date.parse(o.creationDate) < 13 * DAY && NOW - Date.parse(o.creationDate) > DAY)!;
    const path = `/sell/fulfillment/v1/order/${young.orderId}`;
    expect((await get(path)).body.fulfillmentStartInstructions[0].shippingStep.shipTo.email).toEqual(expect.any(String));
    clock = NOW + 14 * DAY;
    try {
      const fresh = await ebaySellerTokens(ebay.url, SELLER);
      expect((await get(path, fresh.access_token)).body.fulfillmentStartInstructions[0].shippingStep.shipTo.email).toBeUndefined();
    } finally {
      clock = NOW;
    }
  });
});

describe('faults and statistics', () => {
  afterEach(async () => {
    await control.clearFaults();
  });

  it('a quota fault answers 429 errorId 2001 to the next matching calls only, then the API recovers', async () => {
    await control.resetStats();
    await control.injectFault({ kind: 'quota', count: 2, pathPrefix: '/sell/' });
    const identity = await get('/commerce/identity/v1/user/');
    expect(identity.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await orders({});
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeNull();
      expect(res.body).toEqual({ errors: [{ errorId: 2001, domain: 'ACCESS', category: 'REQUEST', message: 'Too many requests.', longMessage: expect.any(String) }] });
    }
    expect((await orders({})).status).toBe(200);
    const stats = await control.stats();
    expect(stats.faultsServed).toBe(2);
    expect(stats.pendingFaults).toEqual([]);
    expect(stats.endpoints['GET /sell/fulfillment/v1/order']).toEqual({ calls: 3, statuses: { '200': 1, '429': 2 } });
    expect(stats.endpoints['GET /commerce/identity/v1/user/']).toEqual({ calls: 1, statuses: { '200': 1 } });
  });

  it('a quota fault may carry Retry-After; an unavailable fault answers 500, also on the token endpoint', async () => {
    await control.injectFault({ kind: 'quota', count: 1, retryAfterSeconds: 2 });
    const quota = await orders({});
    expect(quota.status).toBe(429);
    expect(quota.headers.get('retry-after')).toBe('2');

    await control.injectFault({ kind: 'unavailable', count: 1, pathPrefix: '/identity/' });
    const res = await fetch(`${ebay.url}/identity/v1/oauth2/token`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(((await res.json()) as Json).errors[0]).toMatchObject({ errorId: 2003, category: 'APPLICATION' });
    expect((await orders({})).status).toBe(200);
  });

  it('leaves the consent page and the control endpoints alone, and refuses bad fault requests', async () => {
    await control.injectFault({ kind: 'unavailable', count: 5 });
    expect((await fetch(`${ebay.url}/oauth2/authorize`)).status).toBe(400);
    expect((await control.sellers()).map((s) => s.username)).toContain(SELLER.username);
    expect((await control.stats()).pendingFaults).toEqual([{ kind: 'unavailable', remaining: 5, pathPrefix: '/' }]);
    await expect(control.injectFault({ kind: 'boom' as never, count: 1 })).rejects.toThrow("kind deve essere 'quota' o 'unavailable'");
    await expect(control.injectFault({ kind: 'quota', count: 0 })).rejects.toThrow('count');
    await expect(control.injectFault({ kind: 'quota', count: 1, pathPrefix: 'sell' })).rejects.toThrow('pathPrefix');
  });

  it('delays eBay calls by latencyMs, but not the control endpoints', async () => {
    const slow = await startEbaySandbox({ latencyMs: 400, sellers: [] });
    try {
      let t = Date.now();
      await fetch(`${slow.url}/commerce/identity/v1/user/`);
      expect(Date.now() - t).toBeGreaterThanOrEqual(395);
      t = Date.now();
      await ebaySandboxControl(slow.url).stats();
      expect(Date.now() - t).toBeLessThan(395);
    } finally {
      await slow.close();
    }
  });
});

describe('10,000 orders', () => {
  it('a seller with 10,000 orders pages through completely', async () => {
    await control.addSeller({ username: 'seller_10k', password: 'Diecimila1!', orders: 10_000, seed: 10 });
    const big = await ebaySellerTokens(ebay.url, { username: 'seller_10k', password: 'Diecimila1!' });
    const seen = new Set<string>();
    let next: string | undefined = `/sell/fulfillment/v1/order?filter=${encodeURIComponent(`creationdate:[${iso(NOW - 130 * DAY)}..]`)}&limit=200`;
    while (next) {
      const page = await get(next, big.access_token);
      expect(page.body.total).toBe(10_000);
      for (const o of page.body.orders) seen.add(o.orderId);
      next = page.body.next;
    }
    expect(seen.size).toBe(10_000);
    await expect(control.addSeller({ username: 'SELLER_10K', orders: 1 })).rejects.toThrow('409');
  }, 60_000);
});
