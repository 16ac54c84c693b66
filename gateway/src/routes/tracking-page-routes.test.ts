/**
 * Issue 26: the buyer's public tracking page over HTTP with an in-process shipments stub: a token of
 * the wrong shape is a 404 page without a call, an unknown one the same page in the browser's
 * language, the page's own headers (noindex, no referrer, a CSP without scripts), its logo, and
 * the per-address limit answering a short 429 page. The real services: e2e/tracking-page.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { status } from '@grpc/grpc-js';
import { common, type activity, type carriers, type identity, type marketplaces, type merchants, type orders, type shipments } from '@smista/proto';
import { createLogger } from '@smista/service-kit';
import { trackingPageTexts } from '@smista/contracts';
import { createApp } from '../app';
import { parseGatewayConfig } from '../config';
import { openRemotesRegistry, type RemotesRegistry } from '../remotes';
import { grpcError, stubClient } from '../../test/support/stub-clients';

const TOKEN = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB';
const OTHER = 'Z'.repeat(43);
const LIMIT = 20;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

const answer: shipments.PublicTracking = {
  merchantName: 'Bottega <Verdi>',
  merchantHasLogo: true,
  carrier: 'gls',
  carrierName: 'GLS',
  carrierTrackingUrl: 'https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=MI1',
  trackingNumber: 'MI1',
  status: 'in_transit',
  statusLabel: 'In transito',
  steps: [{ at: '2026-06-02T09:30:00Z', status: 'in_transit', label: 'In transito', description: 'IN TRANSITO', location: 'BOLOGNA HUB' }],
  city: 'Bologna',
  countryCode: 'IT',
  items: [{ title: 'Tazza', quantity: 2 }],
  promisedDate: '',
  deliveredAt: '',
  logoContentType: '',
  logoData: Buffer.alloc(0),
};

let dir: string;
let server: Server;
let base: string;
let remotes: RemotesRegistry;
const ship = stubClient<shipments.ShipmentsServiceClient>({
  getPublicTracking: ({ token, includeLogo }) => {
    if (token !== TOKEN) throw grpcError(status.NOT_FOUND, 'Spedizione non trovata');
    return includeLogo ? { ...answer, logoContentType: 'image/png', logoData: PNG } : answer;
  },
});
const merch = stubClient<merchants.MerchantsServiceClient>({
  getMembership: () => ({ userId: 'u1', merchantId: 'm1', merchantName: 'Alfa & Figli', role: common.Role.ROLE_ADMIN, ssoRequired: false }),
  getLogo: () => ({ present: false, contentType: '', data: Buffer.alloc(0), width: 0, height: 0, updatedAt: '' }),
});
const ident = stubClient<identity.IdentityServiceClient>({
  resolveSession: ({ sessionToken }) => {
    if (sessionToken !== 'good-token') throw grpcError(status.UNAUTHENTICATED, 'Sessione scaduta');
    return { user: { id: 'u1', username: 'mario', firstName: 'Mario', lastName: 'Rossi', email: 'm@example.it', hasPassword: true, createdAt: '' }, merchantId: 'm1', role: common.Role.ROLE_USER, callerToken: 'caller-jwt' };
  },
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-tracking-page-'));
  fs.mkdirSync(path.join(dir, 'shell/dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'shell/dist/index.html'), '<!doctype html><title>Smista</title>');
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
    RATE_LIMIT_TRACKING_PAGE_PER_MINUTE: String(LIMIT),
  });
  remotes = openRemotesRegistry({ config: config.remotes, frontendsDir: dir, logger: createLogger('gateway-test', 'silent') });
  await remotes.ready;
  const none = <C>() => stubClient<C>({}).client;
  const app = createApp({
    config,
    remotes,
    logger: createLogger('gateway-test', 'silent'),
    clients: { identity: ident.client, merchants: merch.client, carriers: none<carriers.CarriersServiceClient>(), marketplaces: none<marketplaces.MarketplacesServiceClient>(), orders: none<orders.OrdersServiceClient>(), shipments: ship.client, activity: none<activity.ActivityServiceClient>() },
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await remotes.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every request comes from 127.0.0.1: the tests share one budget, the limit test comes last. */
const get = (p: string, headers: Record<string, string> = {}) => fetch(`${base}${p}`, { headers, redirect: 'manual' });

describe('GET /t/:token', () => {
  it('renders the page in Italian with its own headers: noindex, no referrer, a CSP without scripts', async () => {
    ship.calls.length = 0;
    const res = await get(`/t/${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'self' data:;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script');
    const html = await res.text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('Bottega &lt;Verdi&gt;');
    expect(html).toContain(`<img src="/t/${TOKEN}/logo"`);
    expect(html).toContain(trackingPageTexts.it.carrierLink('GLS'));
    expect(html).not.toContain('<script');
    expect(ship.calls.map((c) => c.request)).toEqual([{ token: TOKEN, includeLogo: false }]);
    // Public: no caller token goes to shipments.
    expect(ship.calls[0]!.metadata.get('x-smista-caller')).toEqual([]);
  });

  it('speaks English when the browser prefers it, Italian otherwise', async () => {
    const en = await (await get(`/t/${TOKEN}`, { 'accept-language': 'en-GB,en;q=0.9' })).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain(trackingPageTexts.en.carrierLink('GLS'));
    const it = await (await get(`/t/${TOKEN}`, { 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' })).text();
    expect(it).toContain('<html lang="it">');
  });

  it('answers a token of the wrong shape 404 at once, without asking shipments', async () => {
    ship.calls.length = 0;
    for (const bad of ['123', `${TOKEN}x`, 'a'.repeat(42), encodeURIComponent(`${TOKEN.slice(0, 42)}.`)]) {
      const res = await get(`/t/${bad}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(trackingPageTexts.it.notFoundTitle);
    }
    expect(ship.calls).toHaveLength(0);
  });

  it("answers an unknown token with the same 404 page in the browser's language", async () => {
    const res = await get(`/t/${OTHER}`, { 'accept-language': 'en-US' });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain(trackingPageTexts.en.notFoundTitle);
    expect(html).toContain(trackingPageTexts.en.notFoundText);
  });

  it('serves the logo inline', async () => {
    const res = await get(`/t/${TOKEN}/logo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect((await get(`/t/${OTHER}/logo`)).status).toBe(404);
  });
});

describe('GET /api/tracking-page/preview', () => {
  it("needs the session; renders the sample with the merchant's name, frameable by Smista only", async () => {
    expect((await get('/api/tracking-page/preview')).status).toBe(401);
    const res = await get('/api/tracking-page/preview', { cookie: 'smista_session=good-token' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await res.text();
    expect(html).toContain('Alfa &amp; Figli');
    expect(html).toContain(trackingPageTexts.it.sampleBanner);
  });
});

describe('the rate limit', () => {
  // Last: it spends this address's budget for the minute.
  it(`answers a short 429 page after ${LIMIT} pages a minute from one address`, async () => {
    let res: Response | undefined;
    for (let i = 0; i < LIMIT + 1; i++) {
      res = await get(`/t/${OTHER}`, { 'accept-language': 'it' });
      if (res.status === 429) break;
      await res.text();
    }
    expect(res!.status).toBe(429);
    expect(res!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res!.text()).toContain(trackingPageTexts.it.tooManyTitle);
    // The logo counts in the same budget.
    expect((await get(`/t/${TOKEN}/logo`)).status).toBe(429);
  });
});
