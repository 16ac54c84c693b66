import { DAY, generateOrders } from './generator';
import { orderJson } from './order-json';
import { deliveryCents, subtotalCents, totalCents, type SandboxOrder } from './order-model';
import { AUSTRIA, BUYER_COUNTRIES, FRANCE, GERMANY, ITALY, SPAIN, UNITED_KINGDOM } from './places';

/*
 * The seeded generator: the same seed gives the same orders, and the orders look like what eBay
 * returns to an Italian seller.
 */

const ANCHOR = new Date('2026-03-05T09:00:00.000Z');
const BASE = 'http://127.0.0.1:1';

const generate = (seed: string | number, count = 1000) => generateOrders({ sellerId: 'smista_test_seller', seed, count, anchor: ANCHOR });

describe('generateOrders', () => {
  it('gives the very same orders for the same seed and anchor, and others for another seed', () => {
    const a = generate(42);
    const b = generate(42);
    expect(b).toEqual(a);
    expect(JSON.stringify(b.map((o) => orderJson(o, ANCHOR.getTime(), BASE)))).toBe(JSON.stringify(a.map((o) => orderJson(o, ANCHOR.getTime(), BASE))));
    const c = generate(43);
    expect(c.map((o) => o.orderId)).not.toEqual(a.map((o) => o.orderId));
  });

  it('generates 10,000 orders in well under a second of CPU', () => {
    // CPU time, not wall time: the machine is shared, and a busy neighbour must not fail this test.
    const started = process.cpuUsage();
    const orders = generate('diecimila', 10_000);
    const used = process.cpuUsage(started);
    expect(orders).toHaveLength(10_000);
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(10_000);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  });

  describe('a thousand orders', () => {
    const orders = generate(7);
    const anchor = ANCHOR.getTime();

    it('have eBay order ids, sorted by creation date then id, numbered as sales records in that order', () => {
      expect(orders.every((o) => /^\d{2}-\d{5}-\d{5}$/.test(o.orderId))).toBe(true);
      for (let i = 1; i < orders.length; i++) {
        const [p, o] = [orders[i - 1]!, orders[i]!];
        expect(p.creationDate < o.creationDate || (p.creationDate === o.creationDate && p.orderId < o.orderId)).toBe(true);
      }
      expect(orders.map((o) => o.salesRecordReference)).toEqual(orders.map((_, i) => String(1001 + i)));
    });

    it('spread creation over the last 120 days, with lastModifiedDate between creation and now', () => {
      for (const o of orders) {
        expect(o.creationDate).toBeLessThan(anchor);
        expect(o.creationDate).toBeGreaterThanOrEqual(anchor - 120 * DAY);
        expect(o.lastModifiedDate).toBeGreaterThanOrEqual(o.creationDate);
        expect(o.lastModifiedDate).toBeLessThanOrEqual(anchor);
        expect(o.shipByDate).toBeGreaterThan(o.creationDate);
      }
      expect(orders.filter((o) => o.creationDate < anchor - 90 * DAY).length).toBeGreaterThan(150);
      expect(orders.filter((o) => o.creationDate > anchor - 14 * DAY).length).toBeGreaterThan(60);
    });

    it('have Italian buyers mostly, with real city/CAP/province triples, and some from DE, FR, ES, AT and GB', () => {
      const byCountry = new Map<string, SandboxOrder[]>();
      for (const o of orders) byCountry.set(o.buyer.address.countryCode, [...(byCountry.get(o.buyer.address.countryCode) ?? []), o]);
      expect(byCountry.get('IT')!.length).toBeGreaterThan(700);
      for (const country of [GERMANY, FRANCE, SPAIN, AUSTRIA, UNITED_KINGDOM]) expect(byCountry.get(country.code)?.length ?? 0).toBeGreaterThan(3);
      expect([...byCountry.keys()].sort()).toEqual(BUYER_COUNTRIES.map(([c]) => c.code).sort());
      for (const o of orders) {
        const country = BUYER_COUNTRIES.find(([c]) => c.code === o.buyer.address.countryCode)![0];
        const { city, postalCode, stateOrProvince } = o.buyer.address;
        expect(country.places).toContainEqual({ city, postalCode, stateOrProvince });
        if (country === ITALY) {
          expect(postalCode).toMatch(/^\d{5}$/);
          expect(stateOrProvince).toMatch(/^[A-Z]{2}$/);
        }
        expect(o.buyer.fullName).toMatch(/^\S.* \S/);
        expect(o.buyer.username).toMatch(/^[a-z0-9._-]+$/);
        expect(o.buyer.email).toMatch(/^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+$/);
        if (o.buyer.phone) expect(o.buyer.phone).toMatch(/^(\+\d{2} \d+ \d+|\+?\d{8,14})$/);
      }
      expect(orders.some((o) => o.buyer.address.addressLine2)).toBe(true);
      expect(orders.some((o) => !o.buyer.phone)).toBe(true);
      expect(orders.some((o) => o.buyer.email.endsWith('@members.ebay.com'))).toBe(true);
    });

    it('have 1 to 4 line items with SKU, title, item id and an eBay picture, and totals consistent with them', () => {
      const counts = new Set(orders.map((o) => o.lineItems.length));
      expect([...counts].sort()).toEqual([1, 2, 3, 4]);
      for (const o of orders) {
        for (const l of o.lineItems) {
          expect(l.sku).toMatch(/^[A-Z0-9-]+$/);
          expect(l.title.length).toBeGreaterThan(10);
          expect(l.legacyItemId).toMatch(/^\d{12}$/);
          expect(l.lineItemId).toMatch(/^\d{14}$/);
          expect(l.imageUrl).toMatch(/^https:\/\/i\.ebayimg\.com\/images\/g\/[A-Za-z0-9~]{16}\/s-l500\.jpg$/);
          expect(l.quantity).toBeGreaterThanOrEqual(1);
        }
        const json = orderJson(o, anchor, BASE) as any;
        const sum = (values: string[]) => values.reduce((s, v) => s + Math.round(Number(v) * 100), 0);
        expect(sum(json.lineItems.map((l: any) => l.lineItemCost.value))).toBe(subtotalCents(o));
        expect(Math.round(Number(json.pricingSummary.priceSubtotal.value) * 100)).toBe(subtotalCents(o));
        expect(Math.round(Number(json.pricingSummary.deliveryCost.value) * 100)).toBe(deliveryCents(o));
        expect(Math.round(Number(json.pricingSummary.total.value) * 100)).toBe(totalCents(o));
        expect(sum(json.lineItems.map((l: any) => l.total.value))).toBe(totalCents(o));
        for (const amount of [json.pricingSummary.total, ...json.lineItems.map((l: any) => l.lineItemCost)]) {
          expect(amount.value).toMatch(/^\d+\.\d{2}$/);
          expect(amount.currency).toBe(o.currency);
        }
      }
      expect(orders.filter((o) => o.currency === 'EUR').length).toBeGreaterThan(950);
      expect(orders.filter((o) => o.currency === 'GBP').every((o) => o.buyer.address.countryCode === 'GB')).toBe(true);
    });

    it('mix payment, fulfilment and cancel states as a real shop has them', () => {
      const count = (pick: (o: SandboxOrder) => boolean) => orders.filter(pick).length;
      for (const status of ['PAID', 'PENDING', 'FAILED', 'FULLY_REFUNDED', 'PARTIALLY_REFUNDED'] as const) expect(count((o) => o.paymentStatus === status)).toBeGreaterThan(0);
      for (const status of ['NOT_STARTED', 'IN_PROGRESS', 'FULFILLED'] as const) expect(count((o) => o.fulfillmentStatus === status)).toBeGreaterThan(0);
      expect(count((o) => o.cancel.state === 'CANCELED')).toBeGreaterThan(5);
      expect(count((o) => o.paymentStatus === 'PAID')).toBeGreaterThan(800);
      // Nothing ships unpaid or cancelled; shipped orders carry their fulfillments.
      for (const o of orders) {
        if (o.paymentStatus === 'PENDING' || o.paymentStatus === 'FAILED' || o.cancel.state !== 'NONE_REQUESTED') expect(o.fulfillmentStatus).toBe('NOT_STARTED');
        if (o.fulfillmentStatus !== 'NOT_STARTED') expect(o.fulfillments.length).toBeGreaterThan(0);
        if (o.cancel.state === 'CANCELED') expect(['FULLY_REFUNDED', 'PENDING', 'FAILED']).toContain(o.paymentStatus);
      }
      // Old paid orders are mostly shipped, the last hours' mostly not.
      const old = orders.filter((o) => o.creationDate < anchor - 10 * DAY && o.paymentStatus === 'PAID' && o.cancel.state === 'NONE_REQUESTED');
      expect(old.filter((o) => o.fulfillmentStatus === 'FULFILLED').length / old.length).toBeGreaterThan(0.8);
    });
  });

  it('orders made now (historyDays 0) are created at the anchor and not yet shipped', () => {
    const fresh = generateOrders({ sellerId: 's', seed: 'ora', count: 20, anchor: ANCHOR, historyDays: 0, firstSalesRecord: 5000 });
    expect(fresh.every((o) => o.creationDate === ANCHOR.getTime() && o.fulfillmentStatus === 'NOT_STARTED')).toBe(true);
    expect(fresh[0]!.salesRecordReference).toBe('5000');
  });
});

describe('orderJson privacy rules', () => {
  const [order] = generateOrders({ sellerId: 's', seed: 'privacy', count: 1, anchor: ANCHOR, historyDays: 0 });
  const o = order!;
  o.buyer.phone = '+39 333 1234567';
  const shipToAt = (days: number) => (orderJson(o, o.creationDate + days * DAY, BASE) as any).fulfillmentStartInstructions[0].shippingStep.shipTo;

  it('gives e-mail, name, phone and address line 1 for 14 days', () => {
    expect(shipToAt(14)).toMatchObject({ email: o.buyer.email, fullName: o.buyer.fullName, primaryPhone: { phoneNumber: '+39 333 1234567' } });
    expect(shipToAt(14).contactAddress.addressLine1).toBe(o.buyer.address.addressLine1);
  });

  it('drops the e-mail after 14 days, the name, phone and address line 1 after 90', () => {
    expect(shipToAt(15).email).toBeUndefined();
    expect(shipToAt(90).fullName).toBe(o.buyer.fullName);
    const old = shipToAt(91);
    expect(old.fullName).toBeUndefined();
    expect(old.primaryPhone).toBeUndefined();
    expect(old.contactAddress.addressLine1).toBeUndefined();
    expect(old.contactAddress).toMatchObject({ city: o.buyer.address.city, postalCode: o.buyer.address.postalCode, countryCode: o.buyer.address.countryCode });
    // The buyer's username stays: eBay keeps it.
    expect((orderJson(o, o.creationDate + 200 * DAY, BASE) as any).buyer.username).toBe(o.buyer.username);
  });
});
