/**
 * Merchant routes (spec §7) over real HTTP: gateway → identity/merchants over gRPC → PostgreSQL.
 */
import { messages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { Browser, newUser } from './support/http';

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false' } } });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

async function loggedIn(): Promise<Browser> {
  const b = new Browser(app.baseUrl);
  expect((await b.post('/api/register', newUser())).status).toBe(201);
  return b;
}

describe('merchants', () => {
  it('a new user has none; create answers 201 {id, name, role, createdAt} and the list shows it', async () => {
    const b = await loggedIn();
    expect(await b.get('/api/merchants')).toMatchObject({ status: 200, body: [] });

    const res = await b.post('/api/merchants', { name: '  Bottega Rossi  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Bottega Rossi', role: 'admin', ssoRequired: false, createdAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);

    await b.post('/api/merchants', { name: 'Seconda' });
    const list = await b.get('/api/merchants');
    expect(list.body).toHaveLength(2);
    expect(list.body).toEqual(
      expect.arrayContaining([
        { id: res.body.id, name: 'Bottega Rossi', role: 'admin', ssoRequired: false },
        { id: expect.any(String), name: 'Seconda', role: 'admin', ssoRequired: false },
      ]),
    );
  });

  it('a blank name is 400 in Italian and creates nothing', async () => {
    const b = await loggedIn();
    const res = await b.post('/api/merchants', { name: '   ' });
    expect(res).toMatchObject({ status: 400, body: { message: messages.validation.merchantNameRequired } });
    expect((await b.get('/api/merchants')).body).toEqual([]);
  });

  it('select and set-current answer the merchant with the caller’s role', async () => {
    const b = await loggedIn();
    const created = (await b.post('/api/merchants', { name: 'Alfa' })).body;
    for (const path of ['/api/merchants/select', '/api/merchants/set-current']) {
      const res = await b.post(path, { merchantId: created.id });
      expect(res).toMatchObject({ status: 200, body: { success: true, merchant: { id: created.id, name: 'Alfa', role: 'admin' } } });
    }
  });

  it('another user’s merchant is 404 like a missing one, and the selection does not change', async () => {
    const owner = await loggedIn();
    const foreign = (await owner.post('/api/merchants', { name: 'Altrui' })).body;
    const b = await loggedIn();
    const own = (await b.post('/api/merchants', { name: 'Mio' })).body;
    expect((await b.post('/api/merchants/select', { merchantId: own.id })).status).toBe(200);

    const res = await b.post('/api/merchants/select', { merchantId: foreign.id });
    expect(res).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    const missing = await b.post('/api/merchants/set-current', { merchantId: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ status: 404, body: { message: messages.errors.merchantNotFound } });
    expect((await b.get('/api/merchants')).body).toEqual([{ id: own.id, name: 'Mio', role: 'admin', ssoRequired: false }]);
  });

  it('a merchant id that is not a UUID is 400; no session is 401', async () => {
    const b = await loggedIn();
    expect(await b.post('/api/merchants/select', { merchantId: 'abc' })).toMatchObject({ status: 400, body: { message: messages.validation.merchantIdInvalid } });
    const anonymous = new Browser(app.baseUrl);
    expect(await anonymous.get('/api/merchants')).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
    expect((await anonymous.post('/api/merchants', { name: 'X' })).status).toBe(401);
    expect((await anonymous.post('/api/merchants/select', { merchantId: '00000000-0000-4000-8000-000000000000' })).status).toBe(401);
  });

  it('after logout the merchants are out of reach', async () => {
    const b = await loggedIn();
    await b.post('/api/merchants', { name: 'Prima' });
    const cookie = b.cookie;
    await b.post('/api/logout');
    const replay = new Browser(app.baseUrl);
    replay.cookie = cookie;
    expect((await replay.get('/api/merchants')).status).toBe(401);
  });
});
