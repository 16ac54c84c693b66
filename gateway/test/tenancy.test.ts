/**
 * Tenancy over real HTTP (ARCHITECTURE.md "Identity and tenancy"): a member of merchant B, with B
 * selected, reaches nothing of merchant A. Every id of A answers 404 with the same message as an id
 * that does not exist or is malformed, and A's data is unchanged afterwards.
 */
import crypto from 'node:crypto';
import { addressMessages, marketplaceMessages, messages, orderMessages, shippingRuleMessages, teamMessages, type OrderPageJson } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { connectEbay, finishedJob, newSeller } from './support/marketplaces';
import { invite, join, ownMerchant, registered, suiteGatewayEnv } from './support/team';

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

const address = { addressTypes: ['pickup'], companyName: 'Alfa S.p.A.', addressLine1: 'Via Dante 5', city: 'Bologna', postalCode: '40121', isDefault: true };
const missing = '00000000-0000-4000-8000-000000000000';

/** Merchant A with an admin, a plain member, a pending invite and an address; merchant B with its own admin and data. */
async function twoTenants() {
  const ownerA = await registered(app.baseUrl);
  const a = await ownMerchant(ownerA, 'Alfa');
  const memberA = await registered(app.baseUrl);
  await join(ownerA, a, memberA, 'user');
  const inviteA = await invite(ownerA, a, `invitato.${crypto.randomBytes(4).toString('hex')}@example.it`);
  const addressA = (await ownerA.b.post('/api/merchant-addresses', address)).body;

  const ownerB = await registered(app.baseUrl);
  const b = await ownMerchant(ownerB, 'Beta');
  const memberB = await registered(app.baseUrl);
  await join(ownerB, b, memberB, 'user');
  const addressB = (await ownerB.b.post('/api/merchant-addresses', { ...address, companyName: 'Beta S.r.l.' })).body;

  const snapshotA = async () => ({
    members: (await ownerA.b.get(`/api/merchants/${a.id}/users`)).body,
    invites: (await ownerA.b.get(`/api/merchants/${a.id}/invites`)).body,
    addresses: (await ownerA.b.get('/api/merchant-addresses')).body,
    merchantsOfMember: (await memberA.b.get('/api/merchants')).body,
  });
  return { ownerA, a, memberA, inviteA, addressA, ownerB, b, memberB, addressB, snapshotA };
}

describe('tenancy', () => {
  it("B's admin gets 404 for every id of A, answered exactly like a missing or malformed one, and A is unchanged", async () => {
    const { a, memberA, inviteA, addressA, ownerB, b, addressB, snapshotA } = await twoTenants();
    const before = await snapshotA();
    expect(before.members).toHaveLength(2);
    expect(before.invites).toHaveLength(1);
    expect(before.addresses).toEqual([addressA]);
    const B = ownerB.b;

    /** The foreign id and a missing and a malformed one in its place: one answer for all three. */
    const sameAnswer = async (call: (id: string) => Promise<{ status: number; body: unknown }>, message: string) => {
      for (const id of [a.id, missing, 'not-a-uuid']) {
        const res = await call(id);
        expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { message } });
      }
    };
    const merchantNotFound = messages.errors.merchantNotFound;
    await sameAnswer((m) => B.get(`/api/merchants/${m}/users`), merchantNotFound);
    await sameAnswer((m) => B.get(`/api/merchants/${m}/invites`), merchantNotFound);
    await sameAnswer((m) => B.post(`/api/merchants/${m}/invites`, { email: `x.${crypto.randomBytes(3).toString('hex')}@example.it`, role: 'admin' }), merchantNotFound);
    await sameAnswer((m) => B.delete(`/api/merchants/${m}/invites/${inviteA.id}`), merchantNotFound);
    await sameAnswer((m) => B.patch(`/api/merchants/${m}/users/${memberA.user.id}`, { role: 'admin' }), merchantNotFound);
    await sameAnswer((m) => B.delete(`/api/merchants/${m}/users/${memberA.user.id}`), merchantNotFound);
    // Selection validates the id's format first (an existing route: 400 for a non-UUID body field).
    for (const id of [a.id, missing]) {
      expect(await B.post('/api/merchants/select', { merchantId: id })).toMatchObject({ status: 404, body: { message: merchantNotFound } });
    }

    // A's ids inside B's own path: B is an admin there, and they are simply not B's.
    const inviteNotFound = teamMessages.inviteNotFound;
    for (const id of [inviteA.id, missing, 'not-a-uuid']) {
      expect(await B.delete(`/api/merchants/${b.id}/invites/${id}`)).toMatchObject({ status: 404, body: { message: inviteNotFound } });
    }
    for (const id of [memberA.user.id, missing, 'not-a-uuid']) {
      expect(await B.patch(`/api/merchants/${b.id}/users/${id}`, { role: 'admin' })).toMatchObject({ status: 404, body: { message: teamMessages.memberNotFound } });
      expect(await B.delete(`/api/merchants/${b.id}/users/${id}`)).toMatchObject({ status: 404, body: { message: teamMessages.memberNotFound } });
    }
    for (const id of [addressA.id, missing, 'not-a-uuid']) {
      expect(await B.patch(`/api/merchant-addresses/${id}`, { companyName: 'Preso', isDefault: true })).toMatchObject({ status: 404, body: { message: addressMessages.notFound } });
      expect(await B.delete(`/api/merchant-addresses/${id}`)).toMatchObject({ status: 404, body: { message: addressMessages.notFound } });
    }

    // B sees only B; A is as it was.
    expect((await B.get('/api/merchant-addresses')).body).toEqual([addressB]);
    expect((await B.get('/api/merchants')).body).toEqual([{ ...b, role: 'admin', ssoRequired: false }]);
    expect(await snapshotA()).toEqual(before);
  }, 30_000);

  it("B's admin reaches none of A's marketplace integrations, sync jobs and orders: 404 like a missing id, and A is unchanged", async () => {
    const { ownerA, a, ownerB, b } = await twoTenants();
    const integrationA = await connectEbay(ownerA, a.id, await newSeller(app.ebayUrl, 6));
    const started = await ownerA.b.post(`/api/orders/sync/${integrationA.id}`);
    expect(started.status).toBe(202);
    expect((await finishedJob(ownerA, started.body.job.id)).status).toBe('completed');
    let ordersA: OrderPageJson = (await ownerA.b.get('/api/orders')).body;
    for (let i = 0; i < 100 && ordersA.meta.totalItems < 6; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ordersA = (await ownerA.b.get('/api/orders')).body;
    }
    expect(ordersA.meta.totalItems).toBe(6);
    const orderA = ordersA.data[0];
    const snapshot = async () => ({
      integrations: (await ownerA.b.get('/api/merchants/current/integrations')).body.map((i: { id: number; active: boolean; status: string }) => [i.id, i.active, i.status]),
      orders: (await ownerA.b.get('/api/orders')).body.data.map((o: { id: number; carrierIntegrationId: number | null }) => [o.id, o.carrierIntegrationId]),
    });
    const before = await snapshot();
    const B = ownerB.b;

    const integrationNotFound = marketplaceMessages.integrationNotFound;
    for (const id of [String(integrationA.id), '987654321', 'abc']) {
      for (const res of [
        await B.get(`/api/merchants/${b.id}/integrations/${id}`),
        await B.patch(`/api/merchants/${b.id}/integrations/${id}`, { active: false }),
        await B.put(`/api/integrations/${id}/toggle-active`, { active: false }),
        await B.patch(`/api/merchants/current/integrations/${id}/toggle`, { active: false }),
        await B.post(`/api/integrations/${id}/refresh-token`),
        await B.post(`/api/orders/sync/${id}`),
        await B.delete(`/api/integrations/${id}`),
        await B.delete(`/api/merchants/current/integrations/${id}`),
      ]) {
        expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { message: integrationNotFound } });
      }
    }
    // A's merchant id in B's session is another merchant's, like a missing one.
    expect(await B.get(`/api/merchants/${a.id}/integrations`)).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    for (const id of [String(started.body.job.id), '987654321']) {
      expect(await B.get(`/api/orders/sync/jobs/${id}`)).toMatchObject({ status: 404 });
    }
    expect(await B.get(`/api/orders/sync/jobs?integrationId=${integrationA.id}`)).toMatchObject({ status: 404, body: { message: integrationNotFound } });
    expect((await B.get('/api/orders/sync/jobs')).body).toEqual([]);
    for (const id of [String(orderA.id), '987654321', 'abc']) {
      expect(await B.get(`/api/orders/${id}`)).toMatchObject({ status: 404, body: { message: orderMessages.orderNotFound } });
      expect(await B.patch(`/api/orders/${id}/carrier`, { carrierIntegrationId: null })).toMatchObject({ status: 404, body: { message: orderMessages.orderNotFound } });
      expect(await B.post(`/api/orders/${id}/update-tracking`)).toMatchObject({ status: 404, body: { message: orderMessages.orderNotFound } });
    }
    // B's lists hold nothing of A, even asked for A's integration.
    expect((await B.get('/api/orders')).body.meta.totalItems).toBe(0);
    expect((await B.get(`/api/orders/integration/${integrationA.id}`)).body.meta.totalItems).toBe(0);
    expect((await B.get('/api/merchants/current/integrations')).body).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 90_000);

  it("B reaches none of A's shipping rules, and cannot point a rule at A's carrier: 404 like a missing id, and A is unchanged", async () => {
    const { ownerA, a, ownerB } = await twoTenants();
    const carrierA = (await ownerA.b.post(`/api/merchants/${a.id}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Posta1 Alfa', active: true })).body;
    const ruleA = (await ownerA.b.post('/api/shipping-rules', { name: 'Alfa', carrierIntegrationId: carrierA.id, conditions: { destinations: 'IT' } })).body;
    expect(ruleA.id).toBeGreaterThan(0);
    const snapshot = async () => (await ownerA.b.get('/api/shipping-rules')).body;
    const before = await snapshot();
    const B = ownerB.b;
    for (const id of [String(ruleA.id), '987654321', 'abc']) {
      expect(await B.put(`/api/shipping-rules/${id}`, { name: 'Presa', priority: 7 })).toMatchObject({ status: 404, body: { message: shippingRuleMessages.ruleNotFound } });
      expect(await B.delete(`/api/shipping-rules/${id}`)).toMatchObject({ status: 404, body: { message: shippingRuleMessages.ruleNotFound } });
    }
    expect(await B.post('/api/shipping-rules', { name: 'Con il corriere di A', carrierIntegrationId: carrierA.id })).toMatchObject({ status: 404, body: { message: shippingRuleMessages.carrierNotFound } });
    expect((await B.get('/api/shipping-rules')).body).toEqual([]);
    expect((await B.post('/api/shipping-rules/assign-carriers')).body).toMatchObject({ total: 0, assigned: 0 });
    expect((await B.post('/api/shipping-rules/preview', {})).body.orders).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 30_000);

  it("a plain member of B cannot select A, and gets the same 404 for A's team", async () => {
    const { a, memberA, addressA, b, memberB, snapshotA } = await twoTenants();
    const before = await snapshotA();
    const B = memberB.b;
    expect((await B.post('/api/merchants/select', { merchantId: b.id })).status).toBe(200);
    expect(await B.post('/api/merchants/select', { merchantId: a.id })).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    expect(await B.get(`/api/merchants/${a.id}/users`)).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    expect(await B.patch(`/api/merchants/${a.id}/users/${memberA.user.id}`, { role: 'user' })).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    expect(await B.patch(`/api/merchant-addresses/${addressA.id}`, { notes: 'x' })).toMatchObject({ status: 404, body: { message: addressMessages.notFound } });
    expect(await snapshotA()).toEqual(before);
  }, 30_000);

  it("a member removed from A keeps no access to A's data, even with A still selected", async () => {
    const { ownerA, a, memberA, addressA, snapshotA } = await twoTenants();
    expect((await memberA.b.post('/api/merchants/select', { merchantId: a.id })).status).toBe(200);
    expect((await memberA.b.get('/api/merchant-addresses')).body).toEqual([addressA]);

    expect((await ownerA.b.delete(`/api/merchants/${a.id}/users/${memberA.user.id}`)).status).toBe(200);
    const before = await snapshotA();
    expect(await memberA.b.get(`/api/merchants/${a.id}/users`)).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    // Until identity has taken A out of the session (merchants.member.removed) the merchants service
    // refuses by membership (404); afterwards the session has no merchant (400). Never A's data.
    const refusals = [
      { status: 404, body: { message: messages.errors.merchantNotFound } },
      { status: 400, body: { message: messages.errors.noMerchantSelected } },
    ];
    for (const res of [
      await memberA.b.get('/api/merchant-addresses'),
      await memberA.b.patch(`/api/merchant-addresses/${addressA.id}`, { notes: 'ancora qui?' }),
      await memberA.b.delete(`/api/merchant-addresses/${addressA.id}`),
    ]) {
      expect(refusals).toContainEqual({ status: res.status, body: res.body });
    }
    expect(await snapshotA()).toEqual({ ...before, merchantsOfMember: [] });
  }, 30_000);
});
