/**
 * What issue 7 added to the gateway's routes, against the real services: the runtime configuration
 * for the shell, browser spans forwarded to the collector, the registration form checked whole, a
 * password change that ends the other sessions, and how soon a demoted or removed member loses
 * what the old role allowed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { Browser, newUser } from './support/http';
import { join, ownMerchant, registered, type Member } from './support/team';

/**
 * A real HTTP server standing in for the OTLP collector: keeps the JSON exports (the browser's, as
 * the gateway forwards them); the gateway's own spans arrive too, as protobuf, and are ignored.
 */
function startCollector(): Promise<{ url: string; bodies: unknown[]; close(): Promise<void> }> {
  const bodies: unknown[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type'] === 'application/json') bodies.push(JSON.parse(text));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        bodies,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

let app: TestApp;
let collector: Awaited<ReturnType<typeof startCollector>>;

beforeAll(async () => {
  collector = await startCollector();
  app = await startApp({
    componentEnv: {
      gateway: {
        RATE_LIMIT_ENABLED: 'false',
        TRUST_PROXY_HOPS: '1',
        LEGAL_TERMS_URL: 'https://smista.example/termini',
        LEGAL_PRIVACY_URL: 'https://smista.example/privacy',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      },
    },
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await collector?.close();
});

const exists = async (email: string) => (await new Browser(app.baseUrl).post('/api/check-email', { email })).body.exists as boolean;

describe('GET /api/public-config', () => {
  it('answers the legal pages and whether to send browser spans, without a session', async () => {
    const res = await new Browser(app.baseUrl).get('/api/public-config');
    expect(res).toMatchObject({
      status: 200,
      body: { termsUrl: 'https://smista.example/termini', privacyUrl: 'https://smista.example/privacy', telemetry: { traces: true } },
    });
  });
});

describe('POST /api/telemetry/traces', () => {
  const batch = (serviceName: string) => ({
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: serviceName } }] },
        scopeSpans: [{ scope: { name: 'fetch' }, spans: [{ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'HTTP POST', kind: 3 }] }],
      },
    ],
  });

  it('forwards the browser spans to the collector as the shell, whatever name the browser claims', async () => {
    const res = await new Browser(app.baseUrl).post('/api/telemetry/traces', batch('gateway'));
    expect(res.status).toBe(204);
    const until = Date.now() + 5_000;
    while (collector.bodies.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    const forwarded = collector.bodies[0] as ReturnType<typeof batch>;
    expect(forwarded.resourceSpans[0].resource.attributes).toEqual(expect.arrayContaining([{ key: 'service.name', value: { stringValue: 'shell' } }]));
    expect(forwarded.resourceSpans[0].scopeSpans[0].spans[0]).toMatchObject({ name: 'HTTP POST', traceId: '0af7651916cd43dd8448eb211c80319c' });
  });

  it('refuses what is not an OTLP export, and another origin', async () => {
    expect((await new Browser(app.baseUrl).post('/api/telemetry/traces', { hello: 'world' })).status).toBe(400);
    expect((await new Browser(app.baseUrl).post('/api/telemetry/traces', batch('x'), { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('POST /api/register checks the whole form', () => {
  it.each([
    ['without terms', (f: ReturnType<typeof newUser>) => ({ ...f, terms: undefined }), messages.validation.termsRequired],
    ['with terms false', (f: ReturnType<typeof newUser>) => ({ ...f, terms: false }), messages.validation.termsRequired],
    ['without the confirmation', (f: ReturnType<typeof newUser>) => ({ ...f, confirmPassword: undefined }), messages.validation.passwordsMismatch],
    ['with another confirmation', (f: ReturnType<typeof newUser>) => ({ ...f, confirmPassword: 'Diversa99' }), messages.validation.passwordsMismatch],
  ])('%s: 400 with the §5 message and no account', async (_case, change, message) => {
    const fields = newUser();
    const res = await new Browser(app.baseUrl).post('/api/register', change(fields));
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await exists(fields.email)).toBe(false);
  });
});

describe('PUT /api/user/password', () => {
  it('ends every other session of the user and keeps the current one', async () => {
    const me = await registered(app.baseUrl, { password: 'Segreta1' });
    const phone = new Browser(app.baseUrl);
    expect((await phone.post('/api/login', { email: me.email, password: 'Segreta1' })).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(200);

    const changed = await me.b.put('/api/user/password', { currentPassword: 'Segreta1', newPassword: 'NuovaPass9' });
    expect(changed).toMatchObject({ status: 200, body: { success: true, message: messages.success.passwordUpdated } });
    expect((await me.b.get('/api/user')).status).toBe(200);
    expect(await phone.get('/api/user')).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
  });
});

describe('a demoted admin and a removed member', () => {
  /** Polls until `refused` holds; answers how long it took. */
  async function msUntil(refused: () => Promise<boolean>, limitMs = 5_000): Promise<number> {
    const start = Date.now();
    while (!(await refused())) {
      if (Date.now() - start > limitMs) throw new Error(`still allowed after ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now() - start;
  }

  it('lose the old role on their next requests within seconds, not a token lifetime', async () => {
    const owner: Member = await registered(app.baseUrl);
    const merchant = await ownMerchant(owner);
    const colleague: Member = await registered(app.baseUrl);
    await join(owner, merchant, colleague, 'admin');
    expect((await colleague.b.post('/api/merchants/select', { merchantId: merchant.id })).status).toBe(200);
    const inviteAs = (who: Member) => who.b.post(`/api/merchants/${merchant.id}/invites`, { email: `x${Date.now()}${Math.random()}@example.it` });
    expect((await inviteAs(colleague)).status).toBe(201);

    // Demoted: merchants publishes member.added with the new role; identity updates the session.
    expect((await owner.b.patch(`/api/merchants/${merchant.id}/users/${colleague.user.id}`, { role: 'user' })).status).toBe(200);
    const demotion = await msUntil(async () => (await inviteAs(colleague)).status === 403);
    // Removed: member.removed takes the merchant out of the session; the addresses answer 400.
    expect((await owner.b.delete(`/api/merchants/${merchant.id}/users/${colleague.user.id}`)).status).toBe(200);
    const removal = await msUntil(async () => {
      const res = await colleague.b.get('/api/merchant-addresses');
      return res.status === 400 && res.body.message === messages.errors.noMerchantSelected;
    });
    expect(demotion).toBeLessThan(5_000);
    expect(removal).toBeLessThan(5_000);
  }, 30_000);
});
