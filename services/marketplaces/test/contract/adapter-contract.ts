import { lineFulfilmentStatuses, marketplaceEntry, orderStatuses, type MarketplaceCatalogueEntry } from '@smista/contracts';
import { createLogger, DomainError, KitErrorCode } from '@smista/service-kit';
import { adaptersConfigWith, createMarketplaceAdapter, MarketplaceError, type AdaptersConfig, type ImportedOrder, type MarketplaceAdapter } from '../../src/adapters';

/**
 * The one contract every marketplace adapter keeps, run against the marketplace's sandbox in
 * `deploy/sandboxes` through the adapters table (`createMarketplaceAdapter`, from the service's
 * configuration): connect by the catalogue's method, list orders by window, page by page, read one
 * order, push tracking (where the catalogue says it can) and the refusal of a push already made,
 * the rate limit, an expired token. Everything answered is in Smista's own words. A new adapter
 * joins with its {@link AdapterSandbox} and one line in `adapters.test.ts`.
 */

/** An order still to ship, as the sandbox holds it. */
export interface SandboxOrder {
  externalOrderId: string;
  lineItems: { lineItemId: string; quantity: number }[];
}

/** A marketplace's sandbox, started for the contract with one seller and their orders. */
export interface StartedSandbox {
  /** The service's configuration pointing the adapter at this sandbox (the other adapters' stay at their defaults). */
  config: Partial<AdaptersConfig>;
  /**
   * Connects the seller by the adapter's own method (its consent page for `oauth`, the settings
   * for `settings`) and answers the access token every later call takes.
   */
  connect(adapter: MarketplaceAdapter): Promise<string>;
  /** The seller's order ids as the sandbox holds them. */
  orderIds(): Promise<string[]>;
  /** An order still to ship (not cancelled, nothing shipped yet); the seller has a few. */
  orderToShip(): Promise<SandboxOrder>;
  /** The tracking numbers the sandbox holds for an order, one per fulfilment. */
  trackingNumbersOf(externalOrderId: string): Promise<string[]>;
  /** The next `count` order calls answer the marketplace's rate limit, asking to wait `retryAfterSeconds`. */
  rateLimit(count: number, retryAfterSeconds: number): Promise<void>;
  /** The seller's access tokens expire now. */
  expireTokens(): Promise<void>;
  /**
   * Capability `webhooks`: a signed delivery of a change to one of the seller's orders, exactly as
   * the marketplace sends it (headers with lower-case names, the raw bytes). Absent without it.
   */
  orderWebhook?(externalOrderId: string): Promise<{ headers: Record<string, string>; rawBody: Buffer }>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

export interface AdapterSandbox {
  /** The catalogue's id of the marketplace. */
  identifier: string;
  /** Starts the sandbox on a free port with one seller holding `orders` orders. */
  start(orders: number): Promise<StartedSandbox>;
}

const ORDERS = 45;
const logger = createLogger('marketplaces-contract', 'silent');
/** One retry, quickly: the contract reads the adapter's answers, not the transport's patience. */
const fast = { http: { retries: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } } };

/** Every order the seller has was created in this window. */
const wholeWindow = () => ({ from: new Date(Date.now() - 400 * 86_400_000), to: new Date(Date.now() + 60_000) });

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

/** What an imported order must be whatever the marketplace: Smista's values only. */
function expectSmistaOrder(order: ImportedOrder, identifier: string): void {
  expect(order.marketplace).toBe(identifier);
  expect(order.externalId).toBeTruthy();
  expect(orderStatuses).toContain(order.status);
  expect(['in_attesa', 'pagato', 'fallito', 'rimborsato', 'parzialmente_rimborsato']).toContain(order.paymentStatus);
  expect(typeof order.express).toBe('boolean');
  expect(order.items.length).toBeGreaterThan(0);
  for (const item of order.items) expect(['', ...lineFulfilmentStatuses]).toContain(item.fulfillmentStatus);
}

/** Runs the contract for one adapter against its sandbox. */
export function describeAdapterContract(sandbox: AdapterSandbox): void {
  describe(`the ${sandbox.identifier} adapter against its sandbox`, () => {
    let started: StartedSandbox;
    let adapter: MarketplaceAdapter;
    let accessToken: string;
    let entry: MarketplaceCatalogueEntry;

    beforeAll(async () => {
      entry = marketplaceEntry(sandbox.identifier)!;
      started = await sandbox.start(ORDERS);
      adapter = createMarketplaceAdapter(sandbox.identifier, adaptersConfigWith(started.config), logger, fast);
      accessToken = await started.connect(adapter);
    });

    afterEach(async () => {
      await started.clearFaults();
    });

    afterAll(async () => {
      await adapter?.close();
      await started?.close();
    });

    it("connects as the catalogue says, with the catalogue's capabilities, and reads the seller", async () => {
      expect(entry).toBeDefined();
      expect(adapter.identifier).toBe(entry.id);
      expect(adapter.connectMethod).toBe(entry.connectMethod);
      expect(adapter.capabilities).toEqual(entry.capabilities);
      expect(accessToken).toBeTruthy();
      expect((await adapter.getIdentity(accessToken)).username).toBeTruthy();
      if (entry.connectMethod === 'oauth') {
        expect(adapter.consentPageUrl()).toMatch(/^https?:\/\//);
        expect(await failure(adapter.connectWithSettings({}))).toMatchObject({ code: KitErrorCode.NotSupported });
      }
    });

    it('lists the orders of a window: all of them over the whole window, none in a window still to come', async () => {
      const all = await adapter.fetchOrdersPage({ accessToken, filterBy: 'created', ...wholeWindow(), offset: 0, limit: 100 });
      expect(all.total).toBe(ORDERS);
      expect(new Set(all.orders.map((o) => o.externalId))).toEqual(new Set(await started.orderIds()));
      for (const order of all.orders) expectSmistaOrder(order, sandbox.identifier);
      const later = { from: new Date(Date.now() + 86_400_000), to: new Date(Date.now() + 2 * 86_400_000) };
      expect(await adapter.fetchOrdersPage({ accessToken, filterBy: 'created', ...later, offset: 0, limit: 100 })).toMatchObject({ orders: [], total: 0, nextOffset: null });
    });

    it('pages through the window: each order exactly once, the last page says so', async () => {
      const seen: string[] = [];
      const offsets: number[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        offsets.push(offset);
        const page = await adapter.fetchOrdersPage({ accessToken, filterBy: 'created', ...wholeWindow(), offset, limit: 10 });
        expect(page.orders.length).toBeLessThanOrEqual(10);
        seen.push(...page.orders.map((o) => o.externalId));
        offset = page.nextOffset;
        expect(offsets.length).toBeLessThanOrEqual(Math.ceil(ORDERS / 10));
      }
      expect(offsets).toEqual([0, 10, 20, 30, 40]);
      expect(seen).toHaveLength(ORDERS);
      expect(new Set(seen).size).toBe(ORDERS);
    });

    it('reads one order as a page reads it; an order the seller does not have is refused', async () => {
      const [first] = (await adapter.fetchOrdersPage({ accessToken, filterBy: 'created', ...wholeWindow(), offset: 0, limit: 1 })).orders;
      const one = await adapter.fetchOrder({ accessToken, externalOrderId: first!.externalId });
      expectSmistaOrder(one, sandbox.identifier);
      expect({ ...one, rawJson: '' }).toEqual({ ...first!, rawJson: '' });
      expect(await failure(adapter.fetchOrder({ accessToken, externalOrderId: '99-99999-99999' }))).toMatchObject({ code: 'REQUEST_REFUSED' });
    });

    it('pushes tracking where the catalogue says it can: the marketplace holds it, the lines read shipped', async () => {
      const order = await started.orderToShip();
      const push = { accessToken, externalOrderId: order.externalOrderId, lineItems: order.lineItems, carrierCode: 'gls', trackingNumber: 'MI 100 200 300', shippedDate: new Date(Date.now() - 60_000) };
      if (!entry.capabilities.trackingPush) {
        expect(await failure(adapter.pushTracking(push))).toMatchObject({ code: KitErrorCode.NotSupported });
        return;
      }
      const { fulfillmentId } = await adapter.pushTracking(push);
      expect(fulfillmentId).toBeTruthy();
      expect(await started.trackingNumbersOf(order.externalOrderId)).toEqual([adapter.trackingNumberAsSent('MI 100 200 300')]);
      const read = await adapter.fetchOrder({ accessToken, externalOrderId: order.externalOrderId });
      expect(read.items.map((i) => i.fulfillmentStatus)).toEqual(read.items.map(() => 'spedito'));
      expect(read.status).toBe('spedito');
    });

    it('refuses a push for lines already shipped as ALREADY_FULFILLED, and shows whose the fulfilment is', async () => {
      if (!entry.capabilities.trackingPush) return;
      const order = await started.orderToShip();
      const push = { accessToken, externalOrderId: order.externalOrderId, lineItems: order.lineItems, carrierCode: 'poste_delivery', trackingNumber: 'PD123456789IT', shippedDate: new Date(Date.now() - 60_000) };
      const { fulfillmentId } = await adapter.pushTracking(push);
      const again = await failure(adapter.pushTracking(push));
      expect(again).toBeInstanceOf(MarketplaceError);
      expect(again).toMatchObject({ code: 'ALREADY_FULFILLED' });
      expect(again.message).toBeTruthy();
      const fulfilments = await adapter.getShippingFulfillments({ accessToken, externalOrderId: order.externalOrderId });
      expect(fulfilments.map((f) => [f.fulfillmentId, f.trackingNumber])).toEqual([[fulfillmentId, adapter.trackingNumberAsSent(push.trackingNumber)]]);
      expect(await failure(adapter.pushTracking({ ...push, externalOrderId: '99-99999-99999' }))).toMatchObject({ code: 'REQUEST_REFUSED' });
    });

    it("answers the marketplace's rate limit as QUOTA_EXCEEDED with its wait", async () => {
      await started.rateLimit(5, 90);
      const quota = await failure(adapter.fetchOrdersPage({ accessToken, filterBy: 'created', ...wholeWindow(), offset: 0, limit: 5 }));
      expect(quota).toBeInstanceOf(MarketplaceError);
      expect(quota).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 90_000 } });
    });

    it('reads its webhooks where the catalogue says it has them (a signed order change asks to import that order), answers NOT_SUPPORTED otherwise', async () => {
      if (!entry.capabilities.webhooks) {
        let refused: unknown;
        try {
          adapter.readWebhook({}, Buffer.from('{}'));
        } catch (err) {
          refused = err;
        }
        expect(refused).toMatchObject({ code: KitErrorCode.NotSupported });
        return;
      }
      expect(started.orderWebhook).toBeDefined();
      const [orderId] = await started.orderIds();
      const delivery = await started.orderWebhook!(orderId!);
      expect(adapter.readWebhook(delivery.headers, delivery.rawBody)).toMatchObject({ ok: true, webhook: { action: { kind: 'import_order', externalOrderId: orderId } } });
      // One byte changed: the signature no longer holds.
      const forged = Buffer.from(delivery.rawBody.toString().replace(/"name":"#/, '"name":"X'));
      expect(adapter.readWebhook(delivery.headers, forged)).toMatchObject({ ok: false });
    });

    it('answers an expired token as TOKEN_EXPIRED; the refresh (where it has one) gives a working token', async () => {
      await started.expireTokens();
      const request = { accessToken, filterBy: 'created' as const, ...wholeWindow(), offset: 0, limit: 5 };
      expect(await failure(adapter.fetchOrdersPage(request))).toMatchObject({ code: 'TOKEN_EXPIRED' });
      if (!entry.capabilities.refreshToken) return;
      accessToken = await started.connect(adapter);
      // The same first page again (a marketplace that does not count its orders, Amazon, estimates the total until the last page).
      const page = await adapter.fetchOrdersPage({ ...request, accessToken });
      expect(page.orders).toHaveLength(5);
      expect(page.nextOffset).toBe(5);
      expect(page.total).toBeGreaterThan(5);
    });
  });
}
