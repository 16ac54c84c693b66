/**
 * Input an attacker (or a broken client) sends, tried once for every route of the table against the
 * real gateway and services: a NUL character, a compressed body that does not decompress, fields far
 * too long, a body announced and never sent. Each must be a 4xx with an Italian message, never a
 * 500 and never a held connection.
 */
import net from 'node:net';
import { messages } from '@smista/contracts';
import { createLogger } from '@smista/service-kit';
import { z } from 'zod';
import { startApp, type TestApp } from '../../e2e/support/app';
import { createRouteTable } from '../src/routes';
import type { RouteDef } from '../src/routes/route';
import { ownMerchant, registered, type Member } from './support/team';

const REQUEST_TIMEOUT_MS = 2_000;
const routes = createRouteTable({ legal: { termsUrl: null, privacyUrl: null }, logger: createLogger('hostile-test', 'silent') });
const label = (r: RouteDef) => `${r.method} ${r.path}`;

let app: TestApp;
let owner: Member;

beforeAll(async () => {
  app = await startApp({
    componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false', TRUST_PROXY_HOPS: '1', REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } },
  });
  owner = await registered(app.baseUrl);
  await ownMerchant(owner);
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

/** The route's path with every parameter replaced by `value` (already URL-encoded). */
const pathWith = (r: RouteDef, value: string) => r.path.replace(/:[A-Za-z]+/g, value);

describe('a NUL character anywhere', () => {
  it.each(routes.map((r) => [label(r), r] as const))('%s answers 400 in Italian', async (_name, r) => {
    const hasParams = r.path.includes('/:');
    const path = hasParams ? pathWith(r, 'a%00b') : `${r.path}?q=a%00b`;
    const body = r.method === 'GET' ? undefined : { name: 'Bottega\u0000', email: 'a\u0000@b.it', nested: { list: ['ok', '\u0000'] } };
    const res = await owner.b.request(r.method, hasParams || r.method === 'GET' ? path : r.path, body);
    expect({ route: label(r), status: res.status, message: res.body?.message }).toEqual({
      route: label(r),
      status: 400,
      message: messages.validation.invalidCharacters,
    });
  });
});

describe('a body that announces gzip, deflate or br and does not decompress', () => {
  const withBody = routes.filter((r) => r.method !== 'GET');
  it.each(withBody.flatMap((r) => ['gzip', 'deflate', 'br'].map((encoding) => [label(r), encoding, r] as const)))(
    '%s with %s answers 400 in Italian',
    async (_name, encoding, r) => {
      const res = await owner.b.request(r.method, pathWith(r, 'x'), '{"not":"compressed"}', { 'content-encoding': encoding });
      expect({ route: label(r), status: res.status, message: res.body?.message }).toEqual({
        route: label(r),
        status: 400,
        message: messages.errors.invalidBodyEncoding,
      });
    },
  );
});

describe('fields far too long', () => {
  const withSchema = routes.filter((r) => r.body instanceof z.ZodObject);
  it.each(withSchema.map((r) => [label(r), r] as const))('%s refuses them with an Italian message', async (_name, r) => {
    const shape = (r.body as z.ZodObject).shape as Record<string, unknown>;
    const huge = 'x'.repeat(3_000);
    const body = Object.fromEntries(Object.keys(shape).map((key) => [key, huge]));
    const res = await owner.b.request(r.method, pathWith(r, 'x'), body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    // zod's own (English, or half-English) wording never reaches the user.
    expect({ route: label(r), message: res.body.message }).toEqual({ route: label(r), message: expect.not.stringMatching(/Too big|Too small|expected|Invalid|string|Troppo grande|caratteri\)|<=|>=/) });
    for (const issue of (res.body.errors ?? []) as { message: string }[]) {
      expect({ route: label(r), message: issue.message }).toEqual({ route: label(r), message: expect.not.stringMatching(/Too big|expected|Invalid input|string|<=|>=/) });
    }
  });

  it('names the limit in Italian where the schema has no message of its own', async () => {
    const merchantId = (await owner.b.get('/api/merchants')).body[0].id;
    const res = await owner.b.post(`/api/merchants/${merchantId}/invites`, { email: `${'a'.repeat(300)}@example.it` });
    expect(res).toMatchObject({ status: 400, body: { message: 'Il valore può contenere al massimo 254 caratteri' } });
  });
});

describe('wrong types and shapes', () => {
  const withBody = routes.filter((r) => r.method !== 'GET');
  const shapes: [string, unknown][] = [
    ['an array', []],
    ['a string', 'testo'],
    ['a number', 42],
    ['null', null],
    ['an empty object', {}],
  ];
  it.each(withBody.flatMap((r) => shapes.map(([name, body]) => [label(r), name, r, body] as const)))(
    '%s with %s as the body answers a 4xx, never a 500',
    async (_name, _shape, r, body) => {
      const res = await owner.b.request(r.method, pathWith(r, 'x'), JSON.stringify(body));
      // A buyer's page (`/u/{token}`) answers its refusal as an Italian HTML page, not JSON.
      const page = (res.headers.get('content-type') ?? '').startsWith('text/html') && typeof res.body === 'string' && /<html lang="it">/.test(res.body);
      expect({ route: label(r), status: res.status < 500 && res.status >= 200, message: res.status >= 400 ? (page ? 'string' : typeof res.body?.message) : 'string' }).toEqual({
        route: label(r),
        status: true,
        message: 'string',
      });
    },
  );

  const withSchema = routes.filter((r) => r.body instanceof z.ZodObject);
  it.each(withSchema.flatMap((r) => [{}, [], 7, true, null].map((value) => [label(r), JSON.stringify(value), r, value] as const)))(
    '%s with every field set to %s never answers a 500, and refuses in Italian',
    async (_name, _value, r, value) => {
      const shape = (r.body as z.ZodObject).shape as Record<string, unknown>;
      const res = await owner.b.request(r.method, pathWith(r, 'x'), Object.fromEntries(Object.keys(shape).map((key) => [key, value])));
      expect({ route: label(r), status: res.status < 500 }).toEqual({ route: label(r), status: true });
      if (res.status >= 400) expect(res.body.message).not.toMatch(/expected|Invalid|received|ricevuto/);
    },
  );
});

describe('a request that announces a body and never sends it', () => {
  it('gets a 408 and its connection closed within REQUEST_TIMEOUT_MS (plus the 1 s check interval)', async () => {
    const { port } = new URL(app.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    const started = Date.now();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":`);
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const waited = Date.now() - started;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({ message: messages.errors.requestTimeout });
    expect(waited).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(REQUEST_TIMEOUT_MS + 2_500);
  }, 15_000);
});

describe('names and addresses that hide characters (bidirectional controls, zero-width spaces)', () => {
  // A member of its own: the routes above, sent junk, may have logged the owner out.
  let member: Member;
  beforeAll(async () => {
    member = await registered(app.baseUrl);
    await ownMerchant(member);
  }, 60_000);
  const spoof = 'Bottega\u202Eoiram';
  const address = { addressTypes: ['pickup'], isDefault: false, companyName: 'Bottega', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'Italia', countryCode: 'IT' };
  it.each([
    ['POST /api/merchants', 'POST', '/api/merchants', { name: spoof }],
    ['POST /api/merchant-addresses', 'POST', '/api/merchant-addresses', { ...address, companyName: spoof }],
    ['POST /api/merchant-addresses (notes)', 'POST', '/api/merchant-addresses', { ...address, notes: 'Citofono\u200B3' }],
    ['POST /api/merchants/current/carrier-integrations', 'POST', '/api/merchants/current/carrier-integrations', { provider: 'posta1', connectionName: spoof, active: true }],
    ['POST /api/shipping-rules', 'POST', '/api/shipping-rules', { name: spoof, carrierIntegrationId: 1 }],
    ['PUT /api/user/profile', 'PUT', '/api/user/profile', { firstName: 'Ma\uFEFFrio', lastName: 'Rossi', email: 'mario.nascosto@example.it', username: 'mario_nascosto' }],
  ] as const)('%s answers 400 with the Italian message and stores nothing', async (_name, method, path, body) => {
    const before = (await member.b.get('/api/merchants')).body;
    const res = await member.b.request(method, path, body);
    expect({ status: res.status, message: res.body?.message }).toEqual({ status: 400, message: messages.validation.hiddenCharacters });
    expect((await member.b.get('/api/merchants')).body).toEqual(before);
  });

  it('registration refuses a first name with a right-to-left override', async () => {
    const res = await fetch(`${app.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ firstName: 'Mario\u202E', lastName: 'Rossi', email: 'rtl.override@example.it', username: 'rtl_override', password: 'Segreta1', confirmPassword: 'Segreta1', terms: true }),
    });
    expect({ status: res.status, message: ((await res.json()) as { message?: string }).message }).toEqual({ status: 400, message: messages.validation.hiddenCharacters });
  });
});

describe('what Node refuses before Express, and paths nothing answers', () => {
  /** A raw request over a socket: what came back, whole, once the server closed the connection. */
  const raw = (request: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(app.baseUrl).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', () => undefined);
      socket.write(request);
    });
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  it('headers over Node\'s limit: 431 with an Italian JSON message, the connection closed', async () => {
    const answer = await raw(`GET /api/user HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(bodyOf(answer)).toEqual({ message: messages.errors.headersTooLarge });
  });

  it('a request line over the limit, and bytes that are not HTTP: 431 and 400 in Italian', async () => {
    expect(bodyOf(await raw(`GET /${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`))).toEqual({ message: messages.errors.headersTooLarge });
    const garbage = await raw('\u0016\u0003\u0001 not http at all\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(garbage)).toEqual({ message: messages.errors.badRequest });
  });

  it.each(['/assets/nessuno.js', '/remotes/orders/nessuno.css', '/nessuna/pagina.txt'])('GET %s (no page, no file): 404 "Risorsa non trovata"', async (path) => {
    const res = await fetch(`${app.baseUrl}${path}`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(messages.errors.notFound);
  });

  // Each path of the table, with a method no route answers there: 405, and Allow names those that do
  // (every route whose pattern takes the path: POST /api/orders/sync/:id takes /api/orders/sync/jobs).
  const patternOf = (r: RouteDef) => new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  const misses = [...new Set(routes.map((r) => r.path))].map((path) => {
    const concrete = path.replace(/:[A-Za-z]+/g, '1');
    const methods = new Set(routes.filter((r) => patternOf(r).test(concrete)).flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])));
    return [concrete, ['DELETE', 'PATCH', 'PUT', 'POST', 'GET'].find((m) => !methods.has(m))!, [...methods].sort().join(', ')] as const;
  });
  it.each(misses)('%s asked with %s: 405 in Italian, Allow: %s', async (path, method, allow) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { origin: app.baseUrl, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      body: method === 'GET' ? undefined : '{}',
    });
    expect({ path, method, status: res.status, allow: res.headers.get('allow'), body: await res.json() }).toEqual({
      path,
      method,
      status: 405,
      allow,
      body: { message: messages.errors.methodNotAllowed },
    });
  });

  it('a method no route knows, off the API: 404 in Italian', async () => {
    const res = await fetch(`${app.baseUrl}/qualcosa`, { method: 'POST', headers: { origin: app.baseUrl } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(messages.errors.notFound);
  });
});
