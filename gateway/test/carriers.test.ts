/**
 * Carriers over real HTTP (spec §7 "Carriers", §5 carrier form and tracking codes): gateway →
 * carriers over gRPC → PostgreSQL and the GLS sandbox, on the merchant selected in the session.
 */
import { carrierMessages as m, messages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';
import { conformingFetch } from './support/api-conformance';

let app: TestApp;
let admin: Member;
let shop: { id: string; name: string };
let base: string;

const GLS = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'filiale@gls.example.it' };

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  base = `/api/merchants/${shop.id}/carrier-integrations`;
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

describe('the catalogue', () => {
  it('GET /api/carriers answers id, name, code, logoUrl, description; the logos are served', async () => {
    const res = await admin.b.get('/api/carriers');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(res.body[0]).toEqual({
      id: 1,
      name: 'GLS Italia',
      code: 'gls',
      logoUrl: '/assets/carriers/gls.svg',
      description: expect.any(String),
      credentialKind: 'gls',
      usesCodePool: false,
    });
    for (const carrier of res.body) {
      const logo = await conformingFetch(app.baseUrl, carrier.logoUrl);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toContain('image/svg+xml');
      expect(await logo.text()).toContain('<svg');
    }
  });

  it('needs a session', async () => {
    const res = await conformingFetch(app.baseUrl, `/api/carriers`);
    expect(res.status).toBe(401);
  });
});

describe('integrations', () => {
  it('POST with flat credentials (the spec client) → 201 active, no secret in any answer', async () => {
    const res = await admin.b.post(base, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      merchantId: shop.id,
      provider: 'gls',
      carrierName: 'GLS Italia',
      connectionName: 'GLS Milano',
      status: 'active',
      statusMessage: null,
      active: true,
      credentials: { siglaSede: 'MI', codiceCliente: '123456', codiceContratto: '1234', emailFiliale: GLS.emailFiliale, hasPasswordCliente: true, hasPasswordRitiri: false },
    });
    expect(typeof res.body.id).toBe('number');
    const list = await admin.b.get('/api/carrier-integrations');
    expect(list.body.map((i: { id: number }) => i.id)).toContain(res.body.id);
    const byMerchant = await admin.b.get(base);
    expect(byMerchant.body).toEqual(list.body);
    for (const body of [res.body, list.body, (await admin.b.get(`${base}/${res.body.id}`)).body]) expect(JSON.stringify(body)).not.toContain(GLS.passwordCliente);
  });

  it("wrong credentials: 201 pending with the carrier's refusal; PUT {connectionName, credentials} fixes it", async () => {
    const res = await admin.b.post(base, { provider: 'gls', connectionName: 'GLS errato', active: true, credentials: { ...GLS, passwordCliente: 'Errata12' } });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    expect(res.body.statusMessage).toEqual(expect.stringContaining('GLS'));
    const fixed = await admin.b.put(`${base}/${res.body.id}`, { connectionName: 'GLS corretto', credentials: { passwordCliente: GLS.passwordCliente } });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ connectionName: 'GLS corretto', status: 'active', statusMessage: null });
    const toggled = await admin.b.patch(`${base}/${res.body.id}/toggle`, { active: false });
    expect(toggled.body.active).toBe(false);
    const deleted = await admin.b.delete(`${base}/${res.body.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await admin.b.get(`${base}/${res.body.id}`)).status).toBe(404);
  });

  it.each([
    ['no connection name', { provider: 'gls', ...GLS }, m.connectionNameRequired],
    ['no sede', { provider: 'gls', connectionName: 'G', ...GLS, siglaSede: '' }, m.siglaSedeRequired],
    ['no client code', { provider: 'gls', connectionName: 'G', ...GLS, codiceCliente: undefined }, m.codiceClienteRequired],
    ['no password', { provider: 'gls', connectionName: 'G', ...GLS, passwordCliente: '' }, m.passwordClienteRequired],
    ['no contract', { provider: 'gls', connectionName: 'G', ...GLS, codiceContratto: '' }, m.codiceContrattoRequired],
    ['no branch e-mail', { provider: 'gls', connectionName: 'G', ...GLS, emailFiliale: '' }, m.emailFilialeRequired],
    ['a bad branch e-mail', { provider: 'gls', connectionName: 'G', ...GLS, emailFiliale: 'filiale' }, m.emailInvalid],
    ['an unknown carrier', { provider: 'dhl', connectionName: 'D' }, m.unknownCarrier],
    ['active not a boolean', { provider: 'posta_1', connectionName: 'P', active: 'si' }, m.activeInvalid],
  ])('refuses %s with its Italian message and stores nothing', async (_name, body, message) => {
    const before = (await admin.b.get(base)).body.length;
    const res = await admin.b.post(base, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toBe(message);
    expect((await admin.b.get(base)).body.length).toBe(before);
  });

  it("ids: malformed, unknown and another merchant's all answer 404", async () => {
    const other = await registered(app.baseUrl);
    const otherShop = await ownMerchant(other);
    const theirs = await other.b.post(`/api/merchants/${otherShop.id}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Loro' });
    expect(theirs.status).toBe(201);
    for (const path of [`${base}/abc`, `${base}/999999999`, `${base}/${theirs.body.id}`, `/api/merchants/${otherShop.id}/carrier-integrations/${theirs.body.id}`]) {
      const res = await admin.b.get(path);
      expect(res.status).toBe(404);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await admin.b.delete(`${base}/${theirs.body.id}`)).status).toBe(404);
    expect((await other.b.get(`/api/merchants/${otherShop.id}/carrier-integrations/${theirs.body.id}`)).status).toBe(200);
  });

  it("'current' names the selected merchant, as on the marketplace routes: the same list, detail, pool and changes", async () => {
    const created = await admin.b.post('/api/merchants/current/carrier-integrations', { provider: 'posta_1', connectionName: 'Corrente' });
    expect(created.status).toBe(201);
    expect(created.body.merchantId).toBe(shop.id);
    expect((await admin.b.get('/api/merchants/current/carrier-integrations')).body).toEqual((await admin.b.get(base)).body);
    expect((await admin.b.get(`/api/merchants/current/carrier-integrations/${created.body.id}`)).body).toEqual((await admin.b.get(`${base}/${created.body.id}`)).body);
    expect((await admin.b.post(`/api/merchants/current/carrier-integrations/${created.body.id}/tracking-codes`, { method: 'manual', trackingCodes: '2IUPCORR1' })).status).toBe(201);
    expect((await admin.b.get(`/api/merchants/current/carrier-integrations/${created.body.id}/tracking-codes/stats`)).body).toMatchObject({ total: 1 });
    expect((await admin.b.delete(`/api/merchants/current/carrier-integrations/${created.body.id}`)).status).toBe(200);
    expect((await admin.b.get(`${base}/${created.body.id}`)).status).toBe(404);
  });

  it('a user reads but gets 403 in Italian for every change', async () => {
    const posta = await admin.b.post(base, { provider: 'posta_1', connectionName: 'Posta1' });
    const user = await registered(app.baseUrl);
    await join(admin, shop, user, 'user');
    await user.b.post('/api/merchants/select', { merchantId: shop.id });
    expect((await user.b.get(base)).status).toBe(200);
    const refusals = [
      await user.b.post(base, { provider: 'posta_1', connectionName: 'X' }),
      await user.b.put(`${base}/${posta.body.id}`, { connectionName: 'X' }),
      await user.b.patch(`${base}/${posta.body.id}/toggle`, { active: false }),
      await user.b.delete(`${base}/${posta.body.id}`),
      await user.b.post(`${base}/${posta.body.id}/tracking-codes`, { method: 'manual', trackingCodes: 'A1' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.errors.adminOnly);
    }
  });
});

describe('tracking codes', () => {
  it('manual text and ranges, stats, pages with a status filter, delete, the distinta', async () => {
    const posta = await admin.b.post(base, { provider: 'posta_1', connectionName: 'Posta1 codici' });
    const codes = `${base}/${posta.body.id}/tracking-codes`;
    const range = await admin.b.post(codes, { method: 'range', fromCode: '2IUP00000001', toCode: '2IUP00000025' });
    expect(range).toMatchObject({ status: 201, body: { message: 'Aggiunti 25 codici', added: 25 } });
    const manual = await admin.b.post(codes, { method: 'manual', trackingCodes: '2IUP1\n2IUP2, 2IUP3' });
    expect(manual.body).toEqual({ message: 'Aggiunti 3 codici', added: 3 });
    expect((await admin.b.get(`${codes}/stats`)).body).toEqual({ available: 28, used: 0, reserved: 0, total: 28, lowStock: false });

    const page = await admin.b.get(`${codes}?status=available&page=2&pageSize=10`);
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 2, pageSize: 10, totalItems: 28, totalPages: 3, hasNextPage: true, hasPrevPage: true });
    expect(page.body.data[0]).toEqual({ id: expect.any(Number), trackingCode: '2IUP00000011', status: 'available', assignedToOrderId: null, usedAt: null, createdAt: expect.any(String) });
    const del = await admin.b.delete(`${codes}/${page.body.data[0].id}`);
    expect(del.body).toEqual({ success: true });

    for (const [query, message] of [
      ['?status=perso', m.statusFilterInvalid],
      ['?page=0', m.pageInvalid],
      ['?pageSize=abc', m.pageInvalid],
    ]) {
      const bad = await admin.b.get(`${codes}${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    const csv = await conformingFetch(app.baseUrl, `${codes}/distinta?format=csv`, { headers: { cookie: admin.b.cookie!, 'x-forwarded-for': admin.b.ip } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="distinta-posta_1-\d{4}-\d{2}-\d{2}\.csv"$/);
    const pdf = await conformingFetch(app.baseUrl, `${codes}/distinta?format=pdf&date=2026-11-23`, { headers: { cookie: admin.b.cookie!, 'x-forwarded-for': admin.b.ip } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.b.get(`${codes}/distinta?date=23-11-2026`)).body.message).toBe(m.dateInvalid);
  });

  it.each([
    ['no method', {}, m.methodInvalid],
    ['an empty list', { method: 'manual', trackingCodes: '' }, m.codesRequired],
    ['a range without its end', { method: 'range', fromCode: '2IUP1' }, m.rangeRequired],
    ['a reversed range', { method: 'range', fromCode: '2IUP9', toCode: '2IUP1' }, m.rangeReversed],
    ['a range over 100,000', { method: 'range', fromCode: 'A000000', toCode: 'A999999' }, m.rangeTooLarge(100_000)],
  ])('refuses %s (400, Italian)', async (_name, body, message) => {
    const posta = await admin.b.post(base, { provider: 'posta_1', connectionName: 'Posta1 errori' });
    const res = await admin.b.post(`${base}/${posta.body.id}/tracking-codes`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await admin.b.get(`${base}/${posta.body.id}/tracking-codes/stats`)).body.total).toBe(0);
  });

  it('duplicates are a 409 that names them', async () => {
    const posta = await admin.b.post(base, { provider: 'posta_rc', connectionName: 'RC' });
    const codes = `${base}/${posta.body.id}/tracking-codes`;
    await admin.b.post(codes, { method: 'manual', trackingCodes: 'RC1\nRC2' });
    const res = await admin.b.post(codes, { method: 'manual', trackingCodes: ['RC2', 'RC3'] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.duplicateInPool('RC2'));
  });
});

describe('hostile input', () => {
  it('wrong types, oversized lists and bodies: a clear 4xx in Italian, never a 500, nothing written', async () => {
    const posta = await admin.b.post(base, { provider: 'posta_1', connectionName: 'Posta1 attacchi' });
    const codes = `${base}/${posta.body.id}/tracking-codes`;
    const attempts = [
      await admin.b.post(base, { provider: 'gls', connectionName: 123 }),
      await admin.b.post(base, { provider: ['gls'], connectionName: 'X' }),
      await admin.b.post(base, { provider: 'gls', connectionName: 'X', credentials: 'tutte' }),
      await admin.b.put(`${base}/${posta.body.id}`, { credentials: { password: { $ne: '' } } }),
      await admin.b.patch(`${base}/${posta.body.id}/toggle`, { active: 'false' }),
      await admin.b.post(codes, { method: 'manual', trackingCodes: Array.from({ length: 10_001 }, (_v, i) => `Z${i}`) }),
      await admin.b.post(codes, { method: 'manual', trackingCodes: 'A'.repeat(41) }),
      await admin.b.post(codes, { method: 'manual', trackingCodes: 'codice-con-trattini' }),
      await admin.b.post(codes, { method: 'range', fromCode: 'A1', toCode: { a: 1 } }),
      await admin.b.post(codes, { method: 'manual', trackingCodes: 'X'.repeat(2 * 1024 * 1024) }),
      await admin.b.get(`${codes}?page=99999999999`),
      await admin.b.get(`${base}/-1`),
      await admin.b.get(`${base}/1e3`),
    ];
    for (const res of attempts) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message).not.toMatch(/[A-Za-z]+Error|at \//);
    }
    expect((await admin.b.get(`${codes}/stats`)).body.total).toBe(0);
  });
});
