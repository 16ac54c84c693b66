/**
 * Issue 26, the buyer's public tracking page as shipments answers it (GetPublicTracking): the token
 * is written with the label (random, URL-safe, never an id), the answer carries only what the page
 * shows (the merchant's name and logo through merchants' GetPublicBrand, the carrier and its link,
 * the steps newest first, the city and country, the items without prices), no caller is needed,
 * and every refusal is the same NOT_FOUND: unknown or malformed token, no label yet, cancelled,
 * delivered more than 90 days ago. A merchant's caller token reaches nothing more through it, and
 * merchants' GetPublicBrand refuses any user.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import fs from 'node:fs';
import path from 'node:path';
import { shipmentMessages as m, trackingUrl } from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { rpc, rpcAs } from '@smista/service-kit';
import { SECRET } from '../../merchants/test/support/harness';
import { pngOf } from '../../../e2e/support/pdf';
import { italianOrders, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';

let stack: ShipmentsStack;
let shop: TestMerchant;
let rival: TestMerchant;
let shippedId: number;
let pendingId: number;
let rivalId: number;
let token: string;
let rivalToken: string;

const NOT_FOUND = { code: grpcStatus.NOT_FOUND, details: m.shipmentNotFound };
const anonymous = () => rpc(stack.client);
const page = (t: string, includeLogo = false) => anonymous().getPublicTracking({ token: t, includeLogo });


const item = (title: string, quantity: number, k: number) =>
  marketplacesEvents.ImportedItem.fromPartial({ externalItemId: `7${k}`, sku: `S-${k}`, title, quantity, unitPrice: '19.90', total: '19.90', currency: 'EUR', fulfillmentStatus: 'da_spedire' });

beforeAll(async () => {
  stack = await startShipmentsStack({ env: { TRACKING_REFRESH_ENABLED: 'false' } });
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
  const orders = italianOrders(2, { patch: () => ({ shippingAddress: { ...italianOrders(1)[0]!.shippingAddress!, fullName: 'Lucia CONSEGNA IMMEDIATA' } }) });
  orders[0]!.items = [item('Tazza in ceramica', 2, 1), item('Caffè macinato', 1, 2)];
  const orderIds = await shop.importOrders(orders.map((order) => ({ order, carrierIntegrationId: shop.gls })));
  const created = await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
  [shippedId, pendingId] = created.outcomes.map((o) => o.shipmentId) as [number, number];
  expect(await shop.api.processShipments({ shipmentIds: [shippedId], allPending: false })).toMatchObject({ success: 1 });
  const [rivalOrder] = await rival.importOrders(italianOrders(1).map((order) => ({ order, carrierIntegrationId: rival.gls })));
  rivalId = (await rival.api.bulkCreate({ orderIds: [rivalOrder!], confirmUnpaid: false, confirmedBy: '' })).outcomes[0]!.shipmentId;
  expect(await rival.api.processShipments({ shipmentIds: [rivalId], allPending: false })).toMatchObject({ success: 1 });
  token = (await shop.api.getShipment({ id: shippedId })).publicToken;
  rivalToken = (await rival.api.getShipment({ id: rivalId })).publicToken;
  const merchants = await stack.carriersStack.merchants.as(shop.admin, { merchantId: shop.merchantId, role: 'admin' });
  await merchants.setLogo({ data: pngOf(120, 40) });
}, 180_000);
afterAll(() => stack?.stop(), 60_000);

describe('the public token (issue 26)', () => {
  it('is written with the label: 43 URL-safe characters, unique, never the ids; none before a label', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rivalToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(rivalToken);
    expect((await shop.api.getShipment({ id: pendingId })).publicToken).toBe('');
    // The list never carries it.
    const list = await shop.api.listShipments({ page: 1, pageSize: 10, status: '', carrierIntegrationId: 0, search: '', orderId: 0 });
    expect(JSON.stringify(list)).not.toContain(token);
  });
});

describe('migration 009', () => {
  it('gives every shipped or delivered shipment without a token one, URL-safe and unique, and nothing else', async () => {
    const sql = fs.readFileSync(path.join(__dirname, '../migrations/009_public_tracking.sql'), 'utf8');
    const backfill = /UPDATE shipments[\s\S]*?;/.exec(sql)![0];
    await stack.pool.query(`UPDATE shipments SET public_token = NULL WHERE id = ANY($1::bigint[])`, [[rivalId, pendingId]]);
    await stack.pool.query(backfill);
    const { rows } = await stack.pool.query(`SELECT id, public_token FROM shipments WHERE id = ANY($1::bigint[])`, [[rivalId, pendingId, shippedId]]);
    const tokens = new Map(rows.map((r) => [Number(r.id), r.public_token as string | null]));
    expect(tokens.get(pendingId)).toBeNull();
    expect(tokens.get(shippedId)).toBe(token);
    expect(tokens.get(rivalId)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    rivalToken = tokens.get(rivalId)!;
    await expect(page(rivalToken)).resolves.toMatchObject({ carrier: 'gls' });
  });
});

describe('GetPublicTracking', () => {
  it('answers without a caller only what the page shows, steps newest first after the tracking read', async () => {
    expect(await shop.api.closeWorkday({ shipmentIds: [shippedId] })).toMatchObject({ processed: 1, failed: 0 });
    await shop.api.updateTracking({ id: shippedId });
    const answer = await page(token);
    const s = (await shop.api.getShipment({ id: shippedId })).shipment!;
    expect(answer).toMatchObject({
      merchantHasLogo: true,
      carrier: 'gls',
      carrierName: 'GLS',
      carrierTrackingUrl: trackingUrl('gls', s.trackingNumber)!,
      trackingNumber: s.trackingNumber,
      status: 'delivered',
      statusLabel: 'Consegnata',
      city: s.address!.city,
      countryCode: 'IT',
      items: [
        { title: 'Tazza in ceramica', quantity: 2 },
        { title: 'Caffè macinato', quantity: 1 },
      ],
      logoData: Buffer.alloc(0),
    });
    expect(answer.merchantName).not.toBe('');
    expect(answer.deliveredAt).not.toBe('');
    expect(answer.steps.length).toBeGreaterThanOrEqual(3);
    expect(answer.steps[0]).toMatchObject({ status: 'delivered', label: 'Consegnata' });
    expect(answer.steps[0]!.description).toMatch(/^CONSEGNATA/);
    const times = answer.steps.map((st) => Date.parse(st.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Nothing of the recipient but the city, no price, no id.
    const wire = JSON.stringify(merchantsProtoFree(answer));
    // GLS's delivery names who signed ('Firmato da: …'): the page drops it.
    expect(answer.steps[0]!.description).toBe('CONSEGNATA.');
    for (const hidden of [s.address!.name, 'Lucia', s.address!.addressLine1, s.address!.postalCode, '19.90', shop.merchantId]) expect(wire).not.toContain(hidden);
    expect(Object.keys(answer)).not.toEqual(expect.arrayContaining(['id']));
  });

  it("answers the logo's bytes only when asked", async () => {
    const withLogo = await page(token, true);
    expect(withLogo.logoContentType).toBe('image/png');
    expect(Buffer.from(withLogo.logoData).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('is the same NOT_FOUND for an unknown or malformed token and a shipment without a label', async () => {
    await expect(page('a'.repeat(43))).rejects.toMatchObject(NOT_FOUND);
    await expect(page(String(shippedId))).rejects.toMatchObject(NOT_FOUND);
    await expect(page('')).rejects.toMatchObject(NOT_FOUND);
    await expect(page(`${token.slice(0, 42)}%`)).rejects.toMatchObject(NOT_FOUND);
    await stack.pool.query(`UPDATE shipments SET public_token = $2 WHERE id = $1`, [pendingId, 'p'.repeat(43)]);
    await expect(page('p'.repeat(43))).rejects.toMatchObject(NOT_FOUND);
  });

  it('is gone 90 days after the delivery, shown the day before', async () => {
    await stack.pool.query(`UPDATE shipments SET delivered_at = now() - interval '89 days' WHERE id = $1`, [shippedId]);
    await expect(page(token)).resolves.toMatchObject({ status: 'delivered' });
    await stack.pool.query(`UPDATE shipments SET delivered_at = now() - interval '91 days' WHERE id = $1`, [shippedId]);
    await expect(page(token)).rejects.toMatchObject(NOT_FOUND);
    await stack.pool.query(`UPDATE shipments SET delivered_at = now() WHERE id = $1`, [shippedId]);
  });

  it("a merchant's caller token changes nothing: each token answers its own shipment only; a cancelled one is gone", async () => {
    const asShop = await shop.api.getPublicTracking({ token: rivalToken, includeLogo: true });
    const rivalShipment = (await rival.api.getShipment({ id: rivalId })).shipment!;
    expect(asShop.trackingNumber).toBe(rivalShipment.trackingNumber);
    expect(asShop.merchantHasLogo).toBe(false);
    expect(asShop.logoData).toHaveLength(0);
    await rival.api.cancelShipment({ id: rivalId, smistaOnly: false });
    await expect(page(rivalToken)).rejects.toMatchObject(NOT_FOUND);
  });
});

describe("merchants' GetPublicBrand", () => {
  it('refuses every caller but the public page (a member of the merchant included)', async () => {
    const client = stack.carriersStack.merchants.client;
    const asAdmin = rpcAs(client, { userId: shop.admin.id, merchantId: shop.merchantId, role: 'admin' }, SECRET);
    await expect(asAdmin.getPublicBrand({ includeLogo: true })).rejects.toMatchObject({ code: grpcStatus.UNAUTHENTICATED });
    await expect(rpc(client).getPublicBrand({ includeLogo: true })).rejects.toMatchObject({ code: grpcStatus.UNAUTHENTICATED });
    const asPage = rpcAs(client, { userId: 'smista:public-tracking', merchantId: shop.merchantId, role: 'user' }, SECRET);
    await expect(asPage.getPublicBrand({ includeLogo: false })).resolves.toMatchObject({ hasLogo: true });
  });
});

/** The answer without its logo bytes, for text searches. */
function merchantsProtoFree<T extends { logoData: Uint8Array }>(a: T): Omit<T, 'logoData'> {
  const { logoData: _ignored, ...rest } = a;
  return rest;
}
