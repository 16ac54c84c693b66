/**
 * The HTTP layer with in-process stub clients: CSRF, body handling, cookies, error mapping, rate
 * limits, static hosting. The same behaviours run against the real services in gateway/test/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { status } from '@grpc/grpc-js';
import { common, type activity, type carriers, type identity, type marketplaces, type merchants, type orders, type shipments } from '@smista/proto';
import { createLogger } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { createApp } from './app';
import { parseGatewayConfig } from './config';
import { openRemotesRegistry, type RemotesRegistry } from './remotes';
import { grpcError, stubClient, type StubIdentity, type StubMerchants } from '../test/support/stub-clients';

const user: identity.User = {
  id: 'u1',
  username: 'mario',
  firstName: 'Mario',
  lastName: 'Rossi',
  email: 'mario@example.it',
  avatar: undefined,
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const expiresAt = () => new Date(Date.now() + 3600_000).toISOString();
const MERCHANT_ID = '3f0a8f3e-2a51-4a7b-9f3c-0d6a1c2b3e4f';

let dir: string;
let server: Server;
let base: string;
let ident: StubIdentity;
let merch: StubMerchants;
let remotes: RemotesRegistry;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-app-'));
  fs.mkdirSync(path.join(dir, 'shell/dist/assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'shell/dist/index.html'), '<!doctype html><title>Smista</title>');
  fs.writeFileSync(path.join(dir, 'shell/dist/assets/main.0123abcd.js'), 'console.log(1)');
  fs.mkdirSync(path.join(dir, 'settings/dist'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'settings/dist/mf-manifest.json'),
    JSON.stringify({ name: 'settings', metaData: { buildInfo: { buildVersion: '1.4.0' } }, shared: [{ name: 'react', version: '19.2.0', singleton: true }] }),
  );
  fs.writeFileSync(path.join(dir, 'settings/dist/remoteEntry.js'), '/* remote */');
  fs.mkdirSync(path.join(dir, 'orders'), { recursive: true }); // not built: not a remote

  ident = stubClient<identity.IdentityServiceClient>({
    resolveSession: ({ sessionToken }) => {
      if (sessionToken !== 'good-token') throw grpcError(status.UNAUTHENTICATED, 'Sessione scaduta');
      return { user, merchantId: undefined, role: common.Role.ROLE_UNSPECIFIED, callerToken: 'caller-jwt' };
    },
    login: ({ email, password }) => {
      if (password !== 'Secret1') throw grpcError(status.UNAUTHENTICATED, messages.errors.invalidCredentials);
      return { user: { ...user, email }, sessionToken: 'good-token', expiresAt: expiresAt() };
    },
    logout: () => ({}),
    getUsers: ({ ids }) => ({ users: ids.includes(user.id) ? [user] : [] }),
  });
  merch = stubClient<merchants.MerchantsServiceClient>({
    listMyMerchants: () => ({
      merchants: [
        { id: 'm1', name: 'Alfa', role: common.Role.ROLE_ADMIN, createdAt: '' },
        { id: 'm2', name: 'Beta', role: common.Role.ROLE_USER, createdAt: '' },
      ],
    }),
  });
  const config = parseGatewayConfig({
    IDENTITY_GRPC_ADDR: '127.0.0.1:1',
    MERCHANTS_GRPC_ADDR: '127.0.0.1:2',
    CARRIERS_GRPC_ADDR: '127.0.0.1:3',
    MARKETPLACES_GRPC_ADDR: '127.0.0.1:4',
    ORDERS_GRPC_ADDR: '127.0.0.1:5',
    SHIPMENTS_GRPC_ADDR: '127.0.0.1:6',
    ACTIVITY_GRPC_ADDR: '127.0.0.1:7',
    FRONTENDS_DIR: dir,
    PUBLIC_URL: 'https://smista.example.it',
    RATE_LIMIT_LOGIN_PER_EMAIL: '3',
    RATE_LIMIT_RESET_PER_EMAIL: '2',
    LOCAL_REMOTES: 'true',
  });
  remotes = openRemotesRegistry({ config: config.remotes, frontendsDir: dir, logger: createLogger('gateway-test', 'silent') });
  await remotes.ready;
  const app = createApp({ config, remotes, logger: createLogger('gateway-test', 'silent'), clients: { identity: ident.client, merchants: merch.client, carriers: stubClient<carriers.CarriersServiceClient>({}).client, marketplaces: stubClient<marketplaces.MarketplacesServiceClient>({}).client, orders: stubClient<orders.OrdersServiceClient>({}).client, shipments: stubClient<shipments.ShipmentsServiceClient>({}).client, activity: stubClient<activity.ActivityServiceClient>({}).client } });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await remotes.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  ident.calls.length = 0;
  merch.calls.length = 0;
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const withCookie = (token = 'good-token') => ({ cookie: `smista_session=${token}` });

describe('session', () => {
  it('answers 401 without a cookie and never calls identity', async () => {
    const res = await fetch(`${base}/api/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: messages.errors.notAuthenticated });
    expect(ident.calls).toHaveLength(0);
  });

  it('resolves the cookie once and answers the full user JSON', async () => {
    const res = await fetch(`${base}/api/user`, { headers: withCookie() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'u1',
      username: 'mario',
      firstName: 'Mario',
      lastName: 'Rossi',
      email: 'mario@example.it',
      avatar: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      hasPassword: true,
      signedInWithSso: false,
    });
    // One identity call: the session lookup itself brings the avatar for this route.
    expect(ident.calls.map((c) => c.method)).toEqual(['resolveSession']);
    expect(ident.calls[0]!.request).toEqual({ sessionToken: 'good-token', includeAvatar: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 when identity no longer knows the session, and leaves the cookie alone (a newer login may have replaced it)', async () => {
    const res = await fetch(`${base}/api/user`, { headers: withCookie('stale') });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Sessione scaduta' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('login sets the HttpOnly SameSite=Lax cookie with the session lifetime', async () => {
    const res = await fetch(`${base}/api/login`, json({ email: 'mario@example.it', password: 'Secret1' }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe('mario@example.it');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^smista_session=good-token; Max-Age=(3599|3600); Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('logout ends the session in identity and clears the cookie', async () => {
    const res = await fetch(`${base}/api/logout`, { method: 'POST', headers: withCookie() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Hai effettuato il logout con successo' });
    expect(ident.calls).toEqual([expect.objectContaining({ method: 'logout', request: { sessionToken: 'good-token' } })]);
    expect(res.headers.get('set-cookie')).toMatch(/^smista_session=; Max-Age=0;/);
  });

  it('forwards the caller token to the services', async () => {
    const res = await fetch(`${base}/api/merchants`, { headers: withCookie() });
    expect(await res.json()).toEqual([
      { id: 'm1', name: 'Alfa', role: 'admin', ssoRequired: false },
      { id: 'm2', name: 'Beta', role: 'user', ssoRequired: false },
    ]);
    expect(merch.calls[0]!.metadata.get('x-smista-caller')).toEqual(['caller-jwt']);
  });
});

describe('input at the edge', () => {
  it('400 with the first Italian message and every issue', async () => {
    const res = await fetch(`${base}/api/login`, json({ email: 'nope', password: '' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Indirizzo email non valido',
      errors: [
        { path: 'email', message: 'Indirizzo email non valido' },
        { path: 'password', message: 'La password è obbligatoria' },
      ],
    });
    expect(ident.calls).toHaveLength(0);
  });

  it('a missing field reads Campo obbligatorio', async () => {
    const res = await fetch(`${base}/api/check-email`, json({}));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(messages.validation.required);
  });

  it('malformed JSON is 400', async () => {
    const res = await fetch(`${base}/api/login`, json('{"email": '));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: messages.errors.invalidJson });
  });

  it('a body over the route limit is 413', async () => {
    const res = await fetch(`${base}/api/login`, json({ email: 'a@b.it', password: 'x'.repeat(200 * 1024) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: messages.errors.bodyTooLarge });
    const avatar = await fetch(`${base}/api/user/avatar`, {
      ...json({ avatar: 'data:image/png;base64,' + 'A'.repeat(1.6 * 1024 * 1024) }),
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...withCookie() },
    });
    expect(avatar.status).toBe(413);
  });

  it('a non-JSON body is 415', async () => {
    const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: messages.errors.unsupportedContentType });
  });

  it('unknown /api paths are 404 JSON', async () => {
    const res = await fetch(`${base}/api/nothing/here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: messages.errors.notFound });
  });
});

describe('csrf', () => {
  it('refuses a foreign Origin and cross-site fetch metadata with 403', async () => {
    const refused: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }];
    for (const headers of refused) {
      const res = await fetch(`${base}/api/login`, json({ email: 'mario@example.it', password: 'Secret1' }, headers));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: messages.errors.crossOrigin });
    }
    expect(ident.calls).toHaveLength(0);
  });

  it('accepts the public origin and the origin the browser addressed', async () => {
    const host = new URL(base).host;
    const accepted: Record<string, string>[] = [{ origin: 'https://smista.example.it' }, { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' }];
    for (const headers of accepted) {
      const res = await fetch(`${base}/api/login`, json({ email: 'mario@example.it', password: 'Secret1' }, headers));
      expect(res.status).toBe(200);
    }
  });
});

describe('gRPC status mapping', () => {
  it('passes the Italian details of a 4xx and hides 5xx details', async () => {
    ident.handlers.checkEmail = () => {
      throw grpcError(status.ALREADY_EXISTS, 'Questo indirizzo email è già registrato');
    };
    let res = await fetch(`${base}/api/check-email`, json({ email: 'a@b.it' }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Questo indirizzo email è già registrato' });

    ident.handlers.checkEmail = () => {
      throw grpcError(status.UNAVAILABLE, 'connect ECONNREFUSED 10.0.0.1:50051');
    };
    res = await fetch(`${base}/api/check-email`, json({ email: 'a@b.it' }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: messages.errors.unavailable });

    ident.handlers.checkEmail = () => {
      throw grpcError(status.INTERNAL, 'relation "users" does not exist');
    };
    res = await fetch(`${base}/api/check-email`, json({ email: 'a@b.it' }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: messages.errors.internal });
  });

  it('verify-reset-token answers {valid:true} or 400 Link non valido', async () => {
    ident.handlers.verifyResetToken = ({ token }) => {
      if (token !== 'ok') throw grpcError(status.NOT_FOUND, 'Link non valido');
      return {};
    };
    expect(await (await fetch(`${base}/api/verify-reset-token/ok`)).json()).toEqual({ valid: true });
    const res = await fetch(`${base}/api/verify-reset-token/nope`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Link non valido' });
  });

  it('select answers the merchant, and 404 for a merchant that is not the caller’s', async () => {
    ident.handlers.selectMerchant = ({ merchantId }) => {
      if (merchantId !== MERCHANT_ID) throw grpcError(status.NOT_FOUND, messages.errors.merchantNotFound);
      return { merchantId, merchantName: 'Alfa', role: common.Role.ROLE_ADMIN };
    };
    for (const p of ['/api/merchants/select', '/api/merchants/set-current']) {
      const res = await fetch(`${base}${p}`, { ...json({ merchantId: MERCHANT_ID }), headers: { 'content-type': 'application/json', ...withCookie() } });
      expect(await res.json()).toEqual({ success: true, merchant: { id: MERCHANT_ID, name: 'Alfa', role: 'admin' } });
    }
    const res = await fetch(`${base}/api/merchants/select`, {
      ...json({ merchantId: '00000000-0000-4000-8000-000000000000' }),
      headers: { 'content-type': 'application/json', ...withCookie() },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: messages.errors.merchantNotFound });
  });
});

describe('rate limits', () => {
  it('counts failed logins per e-mail and answers 429 in Italian', async () => {
    const attempt = (password: string) => fetch(`${base}/api/login`, json({ email: 'Limited@Example.it', password }));
    expect((await attempt('Secret1')).status).toBe(200); // successes do not count
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).status).toBe(401);
    const res = await fetch(`${base}/api/login`, json({ email: ' limited@example.it', password: 'Secret1' }));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: messages.errors.tooManyLoginAttempts });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers the same reset message, then 429', async () => {
    ident.handlers.requestPasswordReset = () => ({});
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/api/request-password-reset`, json({ email: 'reset@example.it' }));
      expect(await res.json()).toEqual({ message: messages.success.resetRequested });
    }
    const res = await fetch(`${base}/api/request-password-reset`, json({ email: 'reset@example.it' }));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: messages.errors.tooManyResetRequests });
  });
});

describe('static hosting', () => {
  it('serves the shell with SPA fallback for HTML navigations', async () => {
    for (const p of ['/', '/dashboard/orders', '/reset-password?token=x']) {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Smista</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const missing = await fetch(`${base}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(missing.status).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${base}/assets/main.0123abcd.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('lists the remotes on disk and serves them with CORS', async () => {
    const list = await fetch(`${base}/remotes.json`);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(await list.json()).toEqual({ settings: { entry: '/remotes/settings/mf-manifest.json', version: '1.4.0', shared: { react: '19.2.0' } } });
    const manifest = await fetch(`${base}/remotes/settings/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/remotes/orders/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${base}/remotes/settings/nope.js`)).status).toBe(404);
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-powered-by')).toBeNull();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data: https://i.ebayimg.com");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
