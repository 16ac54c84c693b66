/**
 * Shipping rules over real HTTP (spec §7 "Shipping rules", §5, §3): gateway → orders → carriers,
 * orders imported as real `marketplaces.order.imported` events. Every refusal is an Italian 4xx that
 * writes nothing; another merchant's rules and carriers are the same 404 as unknown ones; the dry
 * run is exactly what 'Assegna Corrieri' then does, which never overwrites a carrier chosen by hand;
 * new imports get their carrier from the rules.
 */
import { randomUUID } from 'node:crypto';
import { shippingRuleMessages as m, type OrderJson, type RulePreviewJson, type ShippingRuleJson } from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { startApp, type TestApp } from '../../e2e/support/app';
import { sharedInfra } from '../../e2e/support/env';
import { importedOrder } from '../../services/orders/test/support/events';
import { eventually, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

const GLS = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'filiale@gls.example.it' };
const INTEGRATION = 8_400_000 + Math.floor(Math.random() * 100_000);

let app: TestApp;
let nats: Nats;
let admin: Member;
let shop: { id: string; name: string };
let rival: Member;
let rivalShop: { id: string; name: string };
let glsId: number;
let postaId: number;
let rivalCarrierId: number;

async function publish(merchantId: string, n: number, patch: Parameters<typeof importedOrder>[1] = {}): Promise<void> {
  const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId: INTEGRATION, jobId: 1, syncedAt: new Date().toISOString(), order: importedOrder(n, patch) });
  await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
}

async function ordersOf(who: Member): Promise<OrderJson[]> {
  const res = await who.b.get('/api/orders?pageSize=100&sortBy=externalId&sortOrder=asc');
  expect(res.status).toBe(200);
  return res.body.data;
}

async function rules(who: Member): Promise<ShippingRuleJson[]> {
  const res = await who.b.get('/api/shipping-rules');
  expect(res.status).toBe(200);
  return res.body;
}

const address = (n: number, countryCode: string) => ({ ...importedOrder(n).shippingAddress!, countryCode });

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  nats = await connectNats(sharedInfra().natsUrl, 'gateway-rules-test');
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  rival = await registered(app.baseUrl);
  rivalShop = await ownMerchant(rival);
  glsId = (await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS })).body.id;
  postaId = (await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Posta1 sede', active: true })).body.id;
  rivalCarrierId = (await rival.b.post(`/api/merchants/${rivalShop.id}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Posta1 rivale', active: true })).body.id;
  expect([glsId, postaId, rivalCarrierId].every((id) => id > 0)).toBe(true);
  // Six orders before any rule: 0 IT express, 1 IT cheap, 2 DE, 3 FR, 4 IT (its carrier chosen by hand), 5 IT in GBP.
  await publish(shop.id, 0, { externalId: 'RULE-0', shippingService: 'IT_ExpressCourier', express: true, total: '80.00', shippingAddress: address(0, 'IT') });
  await publish(shop.id, 1, { externalId: 'RULE-1', total: '12.00', shippingAddress: address(1, 'IT') });
  await publish(shop.id, 2, { externalId: 'RULE-2', total: '80.00', shippingAddress: address(2, 'DE') });
  await publish(shop.id, 3, { externalId: 'RULE-3', total: '80.00', shippingAddress: address(3, 'FR') });
  await publish(shop.id, 4, { externalId: 'RULE-4', total: '80.00', shippingAddress: address(4, 'IT') });
  await publish(shop.id, 5, { externalId: 'RULE-5', total: '15.00', currency: 'GBP', shippingAddress: address(5, 'IT') });
  await publish(rivalShop.id, 9, { externalId: 'RULE-RIVALE' });
  expect(await eventually(async () => (await ordersOf(admin)).length === 6 && (await ordersOf(rival)).length === 1, 30_000)).toBe(true);
  const manual = (await ordersOf(admin)).find((o) => o.externalId === 'RULE-4')!;
  expect((await admin.b.patch(`/api/orders/${manual.id}/carrier`, { carrierIntegrationId: glsId })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await nats?.nc.drain();
  await app?.stop();
});

describe('bad input: every §5 message, a 4xx, nothing written', () => {
  it.each([
    [{ priority: 1, carrierIntegrationId: 1 }, m.nameRequired],
    [{ name: '   ', carrierIntegrationId: 1 }, m.nameRequired],
    [{ name: 'x'.repeat(101), carrierIntegrationId: 1 }, m.nameTooLong],
    [{ name: 'R', priority: 0, carrierIntegrationId: 1 }, m.priorityMin],
    [{ name: 'R', priority: -3, carrierIntegrationId: 1 }, m.priorityMin],
    [{ name: 'R', priority: 'alta', carrierIntegrationId: 1 }, m.priorityInteger],
    [{ name: 'R', priority: 1.5, carrierIntegrationId: 1 }, m.priorityInteger],
    [{ name: 'R' }, m.carrierRequired],
    [{ name: 'R', carrierIntegrationId: null }, m.carrierRequired],
    [{ name: 'R', carrierIntegrationId: 'GLS' }, m.carrierInvalid],
    [{ name: 'R', carrierIntegrationId: 1, active: 'si' }, m.activeInvalid],
    [{ name: 'R', carrierIntegrationId: 1, conditions: 'tutti' }, m.conditionsInvalid],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { price_min: 'dieci' } }, 'Il prezzo minimo deve essere'],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { price_min: 50, price_max: 10 } }, m.priceRange],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { weight_max: -1 } }, 'Il peso massimo deve essere'],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { destinations: 'Italia' } }, "'ITALIA' non è un codice paese"],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { destinations: 'IT', exclude_destinations: ['it'] } }, 'Paesi sia inclusi sia esclusi: IT'],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { is_express: 'yes' } }, m.expressInvalid],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { $where: 1 } }, 'Condizione sconosciuta: $where'],
    [{ name: 'R\u0000', carrierIntegrationId: 1, conditions: { destinations: ['I\u0000T'] } }, 'Il testo contiene caratteri non consentiti'],
    [{ name: ['R'], carrierIntegrationId: 1 }, m.nameRequired],
    [{ name: 'R', priority: [1], carrierIntegrationId: 1 }, m.priorityMin],
    [{ name: 'R', carrierIntegrationId: { id: 1 } }, m.carrierInvalid],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { destinations: [{}] } }, 'Destinazioni: scrivi i codici paese separati da virgole'],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { price_max: { $gt: 1 } } }, 'Il prezzo massimo deve essere'],
    [{ name: 'R', carrierIntegrationId: 1, conditions: { weight_max: 1e308 } }, 'Il peso massimo deve essere'],
  ])('POST %j → 400', async (body, message) => {
    const res = await admin.b.post('/api/shipping-rules', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('another merchant’s carrier integration, or an unknown one, is 404 Integrazione corriere non trovata', async () => {
    for (const carrierIntegrationId of [rivalCarrierId, 999_999_999]) {
      const res = await admin.b.post('/api/shipping-rules', { name: 'Furba', carrierIntegrationId });
      expect(res).toMatchObject({ status: 404, body: { message: m.carrierNotFound } });
    }
  });

  it('an empty or non-JSON body, a huge one and a PUT naming nothing are 4xx', async () => {
    expect((await admin.b.post('/api/shipping-rules', {})).status).toBe(400);
    expect((await admin.b.post('/api/shipping-rules', [])).status).toBe(400);
    expect((await admin.b.post('/api/shipping-rules', { name: 'R', carrierIntegrationId: glsId, conditions: { destinations: Array.from({ length: 300 }, (_, i) => `A${i}`.slice(0, 2)) } })).status).toBe(400);
    expect((await admin.b.put('/api/shipping-rules/1', {})).body.message).toBe(m.nothingToUpdate);
    expect((await admin.b.post('/api/shipping-rules/preview', { orderIds: 'tutti' })).body.message).toBe(m.orderIdsInvalid);
    expect((await admin.b.post('/api/shipping-rules/preview', { orderIds: Array.from({ length: 1001 }, (_, i) => i + 1) })).body.message).toBe(m.tooManyOrderIds);
  });

  it('wrote nothing', async () => {
    expect(await rules(admin)).toEqual([]);
  });
});

describe('the rules, the dry run and the assignment', () => {
  let italyExpress: ShippingRuleJson;
  let cheap: ShippingRuleJson;
  let fallback: ShippingRuleJson;

  it('creates rules: default priority highest + 1, lists trimmed and upper-cased, sorted by priority', async () => {
    const first = await admin.b.post('/api/shipping-rules', { name: ' Italia express ', carrierIntegrationId: glsId, conditions: { destinations: ' it, sm ', is_express: true } });
    expect(first.status).toBe(201);
    italyExpress = first.body;
    expect(italyExpress).toMatchObject({ name: 'Italia express', priority: 1, active: true, carrierIntegrationId: glsId, conditions: { destinations: ['IT', 'SM'], is_express: true } });
    cheap = (await admin.b.post('/api/shipping-rules', { name: 'Piccoli importi', carrierIntegrationId: postaId, conditions: { price_max: '20,00', exclude_destinations: 'DE' } })).body;
    expect(cheap).toMatchObject({ priority: 2, conditions: { price_max: 20, exclude_destinations: ['DE'] } });
    const res = await admin.b.post('/api/shipping-rules', { name: 'Predefinita', priority: 10, carrierIntegrationId: glsId, conditions: {} });
    fallback = res.body;
    expect(fallback).toMatchObject({ priority: 10, conditions: {} });
    expect((await rules(admin)).map((r) => r.name)).toEqual(['Italia express', 'Piccoli importi', 'Predefinita']);
    expect(await rules(rival)).toEqual([]);
  });

  it('two rules never share a priority: 409 naming the other, nothing written', async () => {
    const res = await admin.b.post('/api/shipping-rules', { name: 'Doppia', priority: 2, carrierIntegrationId: glsId });
    expect(res).toMatchObject({ status: 409, body: { message: m.priorityTaken(2, 'Piccoli importi') } });
    const moved = await admin.b.put(`/api/shipping-rules/${fallback.id}`, { priority: 1 });
    expect(moved).toMatchObject({ status: 409, body: { message: m.priorityTaken(1, 'Italia express') } });
    expect((await rules(admin)).map((r) => r.priority)).toEqual([1, 2, 10]);
  });

  it('another merchant’s rule is the same 404 as an unknown one, for every route', async () => {
    for (const [method, body] of [
      ['put', { name: 'Presa' }],
      ['delete', undefined],
    ] as const) {
      for (const id of [String(italyExpress.id), '999999999', 'abc', '-1']) {
        const res = method === 'put' ? await rival.b.put(`/api/shipping-rules/${id}`, body) : await rival.b.delete(`/api/shipping-rules/${id}`);
        expect(res).toMatchObject({ status: 404, body: { message: m.ruleNotFound } });
      }
    }
    expect((await rules(admin)).find((r) => r.id === italyExpress.id)?.name).toBe('Italia express');
    // The rival's preview and assignment see only the rival's orders.
    const preview: RulePreviewJson = (await rival.b.post('/api/shipping-rules/preview', {})).body;
    expect(preview.orders.map((o) => o.externalId)).toEqual(['RULE-RIVALE']);
    expect(preview.orders[0]).toMatchObject({ outcome: 'no_match', reasons: [] });
  });

  it('the dry run explains every rule before the match and writes nothing', async () => {
    const res = await admin.b.post('/api/shipping-rules/preview', {});
    expect(res.status).toBe(200);
    const preview: RulePreviewJson = res.body;
    const row = (id: string) => preview.orders.find((o) => o.externalId === id)!;
    expect(row('RULE-0')).toMatchObject({ outcome: 'assign', matchedRule: { name: 'Italia express', carrierIntegrationId: glsId }, reasons: [], isExpress: true });
    expect(row('RULE-1')).toMatchObject({ outcome: 'assign', matchedRule: { name: 'Piccoli importi' }, reasons: ["Regola 'Italia express': spedizione non express"] });
    expect(row('RULE-2')).toMatchObject({
      outcome: 'assign',
      matchedRule: { name: 'Predefinita' },
      reasons: ["Regola 'Italia express': destinazione DE non inclusa", "Regola 'Piccoli importi': destinazione DE esclusa"],
    });
    expect(row('RULE-4')).toMatchObject({ outcome: 'manual', carrierSource: 'manual', currentCarrierIntegrationId: glsId });
    expect(row('RULE-5').reasons).toContain("Regola 'Piccoli importi': totale in GBP: i prezzi delle regole sono in euro");
    expect(preview.summary).toEqual({ total: 6, assigned: 5, unchanged: 0, manual: 1, noMatch: 0, hasShipment: 0, unpaid: 0 });
    expect((await ordersOf(admin)).filter((o) => o.carrierIntegrationId !== null).map((o) => o.externalId)).toEqual(['RULE-4']);
    // A given list: only those (another merchant's ids left out).
    const some = (await admin.b.post('/api/shipping-rules/preview', { orderIds: [row('RULE-3').orderId, row('RULE-3').orderId, 999_999_999] })).body as RulePreviewJson;
    expect(some.orders.map((o) => o.externalId)).toEqual(['RULE-3']);
  });

  it("'Assegna Corrieri' does what the dry run said, keeps the carrier chosen by hand and says so with counts", async () => {
    const before: RulePreviewJson = (await admin.b.post('/api/shipping-rules/preview', {})).body;
    const res = await admin.b.post('/api/shipping-rules/assign-carriers');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 6, assigned: 5, manual: 1, noMatch: 0 });
    expect(res.body.message).toBe('Corriere assegnato a 5 ordini; 1 ordine con corriere scelto a mano lasciato invariato');
    const after = await ordersOf(admin);
    for (const planned of before.orders) {
      const order = after.find((o) => o.id === planned.orderId)!;
      if (planned.outcome === 'assign') expect({ id: order.externalId, carrier: order.carrierIntegrationId, rule: order.appliedRule?.name }).toEqual({ id: planned.externalId, carrier: planned.matchedRule!.carrierIntegrationId, rule: planned.matchedRule!.name });
    }
    const manual = after.find((o) => o.externalId === 'RULE-4')!;
    expect(manual).toMatchObject({ carrierIntegrationId: glsId, carrierSource: 'manual', appliedRule: null });
    const detail = (await admin.b.get(`/api/orders/${after.find((o) => o.externalId === 'RULE-0')!.id}`)).body as OrderJson;
    expect(detail).toMatchObject({ appliedRule: { id: italyExpress.id, name: 'Italia express' }, carrierSource: 'rule', isExpress: true, shippingService: 'IT_ExpressCourier', weightKg: null });
    // Again: nothing left to change.
    expect((await admin.b.post('/api/shipping-rules/assign-carriers')).body).toMatchObject({ assigned: 0, unchanged: 5, manual: 1 });
  });

  it('an inactive carrier integration never receives orders: its rule is skipped with the reason', async () => {
    expect((await admin.b.patch(`/api/merchants/${shop.id}/carrier-integrations/${postaId}/toggle`, { active: false })).status).toBe(200);
    const ok = await eventually(async () => {
      const preview: RulePreviewJson = (await admin.b.post('/api/shipping-rules/preview', {})).body;
      const row = preview.orders.find((o) => o.externalId === 'RULE-1')!;
      return row.matchedRule?.name === 'Predefinita' && row.reasons.includes("Regola 'Piccoli importi': corriere 'Posta1 sede' non attivo");
    }, 15_000);
    expect(ok).toBe(true);
    expect((await admin.b.patch(`/api/merchants/${shop.id}/carrier-integrations/${postaId}/toggle`, { active: true })).status).toBe(200);
  });

  it('a new import gets its carrier from the rules at once; an edit and a delete keep the order’s rule name', async () => {
    await publish(shop.id, 20, { externalId: 'RULE-NEW', shippingService: 'IT_ExpressCourier', express: true, shippingAddress: address(20, 'SM') });
    expect(await eventually(async () => (await ordersOf(admin)).some((o) => o.externalId === 'RULE-NEW' && o.carrierIntegrationId === glsId), 20_000)).toBe(true);
    const fresh = (await ordersOf(admin)).find((o) => o.externalId === 'RULE-NEW')!;
    expect(fresh).toMatchObject({ appliedRule: { name: 'Italia express' }, carrierSource: 'rule' });
    const edited = await admin.b.put(`/api/shipping-rules/${italyExpress.id}`, { name: 'Italia e San Marino express', active: false });
    expect(edited).toMatchObject({ status: 200, body: { name: 'Italia e San Marino express', active: false, priority: 1, conditions: { destinations: ['IT', 'SM'] } } });
    expect((await admin.b.delete(`/api/shipping-rules/${italyExpress.id}`)).body).toEqual({ message: m.deleted });
    expect((await admin.b.delete(`/api/shipping-rules/${italyExpress.id}`)).status).toBe(404);
    expect((await ordersOf(admin)).find((o) => o.externalId === 'RULE-NEW')!.appliedRule?.name).toBe('Italia express');
  });

  it('the rule changes and the assignment are in the recent activity, through the real events', async () => {
    const found = await eventually(async () => {
      const texts: string[] = ((await admin.b.get('/api/activity?limit=50')).body as { text: string }[]).map((a) => a.text);
      return (
        texts.includes('Regola di spedizione "Italia express" creata') &&
        texts.includes('Regola di spedizione "Italia e San Marino express" eliminata') &&
        texts.some((t) => t.startsWith('Assegna Corrieri: corriere assegnato a 5 ordini su 6'))
      );
    }, 15_000);
    expect(found).toBe(true);
    const rivalTexts: string[] = ((await rival.b.get('/api/activity?limit=50')).body as { text: string }[]).map((a) => a.text);
    expect(rivalTexts.some((t) => t.includes('Italia express'))).toBe(false);
  });
});
