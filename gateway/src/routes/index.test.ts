import { createLogger } from '@smista/service-kit';
import { grpcServices } from '../services';
import { createRouteTable } from './index';
import { webhookHeaders } from './marketplace-routes';

const routeTable = createRouteTable({ legal: { termsUrl: null, privacyUrl: null }, logger: createLogger('route-table-test', 'silent') });

/**
 * Spec §7 "Authentication and user", "Merchants, team and invites" (with the member and invite
 * changes the settings screen makes) and "Addresses".
 */
const spec = [
  'GET /api/user',
  'POST /api/login',
  'POST /api/register',
  'POST /api/logout',
  'POST /api/check-email',
  'POST /api/request-password-reset',
  'GET /api/verify-reset-token/:token',
  'POST /api/reset-password',
  'PUT /api/user/profile',
  'PUT /api/user/password',
  'PUT /api/user/avatar',
  'GET /api/merchants',
  'POST /api/merchants',
  'POST /api/merchants/set-current',
  'POST /api/merchants/select',
  'GET /api/merchants/:merchantId/users',
  'PATCH /api/merchants/:merchantId/users/:userId',
  'DELETE /api/merchants/:merchantId/users/:userId',
  'GET /api/merchants/:merchantId/invites',
  'POST /api/merchants/:merchantId/invites',
  'DELETE /api/merchants/:merchantId/invites/:inviteId',
  'GET /api/invites/:token',
  'POST /api/invites/:token/accept',
  'GET /api/merchant-addresses',
  'POST /api/merchant-addresses',
  'PATCH /api/merchant-addresses/:id',
  'DELETE /api/merchant-addresses/:id',
  // Carriers (issue 8), with the credential re-check and the day's distinta of a letter service.
  'GET /api/carriers',
  'GET /api/carrier-integrations',
  'GET /api/merchants/:merchantId/carrier-integrations',
  'POST /api/merchants/:merchantId/carrier-integrations',
  'GET /api/merchants/:merchantId/carrier-integrations/:id',
  'PUT /api/merchants/:merchantId/carrier-integrations/:id',
  'PATCH /api/merchants/:merchantId/carrier-integrations/:id/toggle',
  'DELETE /api/merchants/:merchantId/carrier-integrations/:id',
  'POST /api/merchants/:merchantId/carrier-integrations/:id/validate',
  'GET /api/merchants/:merchantId/carrier-integrations/:id/tracking-codes/stats',
  'GET /api/merchants/:merchantId/carrier-integrations/:id/tracking-codes/distinta',
  'GET /api/merchants/:merchantId/carrier-integrations/:id/tracking-codes',
  'POST /api/merchants/:merchantId/carrier-integrations/:id/tracking-codes',
  'DELETE /api/merchants/:merchantId/carrier-integrations/:id/tracking-codes/:codeId',
  // Marketplaces and order sync (issue 9): both path families of the spec's client, token refresh, jobs.
  'GET /api/marketplaces',
  'GET /api/marketplace/:marketplace/oauth-params',
  'POST /api/merchants/current/oauth/callback',
  'GET /api/merchants/current/integrations',
  'POST /api/merchants/current/integrations',
  'PATCH /api/merchants/current/integrations/:id/toggle',
  'DELETE /api/merchants/current/integrations/:id',
  'GET /api/merchants/:merchantId/integrations',
  'GET /api/merchants/:merchantId/integrations/:integrationId',
  'PATCH /api/merchants/:merchantId/integrations/:integrationId',
  'DELETE /api/merchants/:merchantId/integrations/:integrationId',
  'PUT /api/integrations/:id/toggle-active',
  'DELETE /api/integrations/:id',
  'POST /api/integrations/:id/refresh-token',
  'POST /api/orders/sync/:integrationId',
  'GET /api/orders/sync/jobs/:jobId',
  'GET /api/orders/sync/jobs',
  // Orders (issue 9).
  'GET /api/orders',
  'POST /api/orders',
  'POST /api/orders/imports/preview',
  'POST /api/orders/imports',
  'GET /api/orders/imports/:id',
  'GET /api/orders/integration/:integrationId',
  'GET /api/orders/:id',
  'PATCH /api/orders/:id/carrier',
  'POST /api/orders/:id/update-tracking',
  // Shipments (issue 10): spec §7, the row's process action, processing progress and GLS manifests.
  'GET /api/shipments',
  'GET /api/shipments/process-runs',
  'GET /api/shipments/labels/bulk-download',
  'GET /api/shipments/manifests/:id',
  'POST /api/shipments/bulk-create',
  'POST /api/shipments/process-selected',
  'POST /api/shipments/process',
  'POST /api/shipments/close-workday',
  'GET /api/shipments/:id',
  'GET /api/shipments/:id/label',
  'POST /api/shipments/:id/process',
  'POST /api/shipments/:id/cancel',
  'POST /api/shipments/:id/close-workday',
  'POST /api/shipments/:id/update-tracking',
  'PATCH /api/shipments/:id/carrier',
  'PATCH /api/shipments/:id/address',
  'PUT /api/shipments/:id/address',
  // Issue 25: the shipment drawer's parcel and customs declaration.
  'PUT /api/shipments/:id/parcel',
  'PUT /api/shipments/:id/customs',
  // The dashboard that tells the truth (issue 11): notifications read per user, recent activity.
  'GET /api/notifications',
  'POST /api/notifications/read-all',
  'POST /api/notifications/:id/read',
  'GET /api/activity',
  'GET /api/shipping-rules',
  'POST /api/shipping-rules',
  'PUT /api/shipping-rules/:id',
  'DELETE /api/shipping-rules/:id',
  'POST /api/shipping-rules/assign-carriers',
  'POST /api/shipping-rules/preview',
  // The gateway's own: runtime configuration for the shell and browser spans (issue 7).
  'GET /api/public-config',
  'POST /api/telemetry/traces',
  // The marketplaces' webhooks (issue 22): public, the signed raw body.
  'POST /api/webhooks/:marketplace',
  // Single sign-on with Keycloak (issue 24): the nonce bound to the browser, then the ID token for a session.
  'POST /api/sso/nonce',
  'POST /api/sso/session',
  'POST /api/sso/backchannel-logout',
  // SSO accounts (issue 24): the first password of a user created by SSO; a merchant that requires SSO.
  'POST /api/user/password',
  'PUT /api/merchants/:merchantId/sso-required',
  // Pick lists, packing slips and the merchant's logo (issue 25, slice 4).
  'POST /api/shipments/pick-list',
  'POST /api/shipments/packing-slips',
  'POST /api/shipments/labels-and-slips',
  'GET /api/merchants/current/logo',
  'PUT /api/merchants/current/logo',
  'DELETE /api/merchants/current/logo',
  // The product catalogue, package presets and an order's package (issue 25, slice 1).
  'GET /api/products',
  'PUT /api/products/:id',
  'GET /api/products/csv',
  'POST /api/products/csv',
  'GET /api/package-presets',
  'POST /api/package-presets',
  'PUT /api/package-presets/:id',
  'DELETE /api/package-presets/:id',
  'PUT /api/orders/:id/package',
  // The buyer's public tracking page, its logo and the merchant's preview (issue 26).
  'GET /t/:token',
  'GET /t/:token/logo',
  'GET /api/tracking-page/preview',
  // The merchant's e-mails to its buyers and the buyer's unsubscribe link (issue 26).
  'GET /api/buyer-emails',
  'PUT /api/buyer-emails',
  'POST /api/buyer-emails/preview',
  'POST /api/buyer-emails/test',
  'GET /u/:token',
  'POST /u/:token',
  // The API described (issue 27): the OpenAPI document of this very table.
  'GET /api/openapi.json',
];

describe('route table', () => {
  it('has exactly the routes of spec §7, once each', () => {
    const routes = routeTable.map((r) => `${r.method} ${r.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect([...routes].sort()).toEqual([...spec].sort());
  });

  it('names a gRPC method that exists on a service of the service table for every route (or the gateway itself)', () => {
    const services: Record<string, Record<string, unknown>> = Object.fromEntries(
      Object.entries(grpcServices).map(([name, row]) => [name, (row.client as unknown as { service: Record<string, unknown> }).service]),
    );
    for (const r of routeTable.filter((route) => route.rpc !== 'gateway')) {
      for (const name of r.rpc.split(/,\s*/)) {
        const [service, method] = name.split('.') as [string, string];
        const key = method.charAt(0).toLowerCase() + method.slice(1);
        expect({ route: r.path, name, known: key in (services[service] ?? {}) }).toEqual({ route: r.path, name, known: true });
      }
    }
  });

  it('validates the body of every route that takes one', () => {
    const bodiless = new Set([
      'POST /api/logout',
      'POST /api/shipping-rules/assign-carriers',
      'POST /api/merchants/:merchantId/carrier-integrations/:id/validate',
      'POST /api/integrations/:id/refresh-token',
      'POST /api/orders/:id/update-tracking',
      'POST /api/shipments/process',
      'POST /api/shipments/:id/process',
      'POST /api/shipments/:id/cancel',
      'POST /api/shipments/:id/close-workday',
      'POST /api/shipments/:id/update-tracking',
      'POST /api/notifications/read-all',
      'POST /api/notifications/:id/read',
    ]);
    // A rawBody route hands the signed bytes on unparsed: the service checks them.
    for (const r of routeTable.filter((r) => !['GET', 'DELETE'].includes(r.method) && !bodiless.has(`${r.method} ${r.path}`) && !r.rawBody)) {
      expect({ route: r.path, validated: r.body !== undefined }).toEqual({ route: r.path, validated: true });
    }
  });

  it('declares a schema for the path parameters of every route that has them', () => {
    for (const r of routeTable.filter((r) => r.path.includes('/:'))) {
      expect({ route: `${r.method} ${r.path}`, params: r.params !== undefined }).toEqual({ route: `${r.method} ${r.path}`, params: true });
    }
  });

  it('guards the user, merchant, team, address, carrier, marketplace, order, shipping-rule and shipment routes with the session', () => {
    const guarded = routeTable.filter(
      (r) =>
        /^\/api\/(user|merchants|merchant-addresses|carriers|carrier-integrations|marketplaces?|integrations|orders|shipping-rules|shipments|notifications|activity|products|package-presets)(\/|$)/.test(r.path) ||
        r.path === '/api/invites/:token/accept',
    );
    expect(guarded).toHaveLength(105);
    for (const r of guarded) expect({ route: r.path, auth: r.auth }).toEqual({ route: r.path, auth: expect.stringMatching(/^(session|cookie)$/) });
  });

  it('answers the invite link without a session (the page asks before login)', () => {
    expect(routeTable.find((r) => r.method === 'GET' && r.path === '/api/invites/:token')?.auth).toBe('public');
  });

  it('rate-limits login, registration and reset requests', () => {
    const limits = Object.fromEntries(routeTable.map((r) => [r.path, r.limiters ?? []]));
    expect(limits['/api/login']).toEqual(['loginPerIp', 'loginPerEmail']);
    expect(limits['/api/register']).toEqual(['registerPerIp']);
    expect(limits['/api/request-password-reset']).toEqual(['resetPerIp', 'resetPerEmail']);
    expect(limits['/api/telemetry/traces']).toEqual(['telemetryPerIp']);
  });

  it("serves the buyer's tracking page and its logo without a session, rate-limited per address; the preview needs the session", () => {
    const find = (path: string) => routeTable.find((r) => r.method === 'GET' && r.path === path);
    for (const path of ['/t/:token', '/t/:token/logo']) expect({ path, auth: find(path)?.auth, limiters: find(path)?.limiters }).toEqual({ path, auth: 'public', limiters: ['trackingPagePerIp'] });
    for (const r of routeTable.filter((x) => x.path === '/u/:token')) expect({ route: `${r.method} ${r.path}`, auth: r.auth, limiters: r.limiters }).toEqual({ route: `${r.method} ${r.path}`, auth: 'public', limiters: ['trackingPagePerIp'] });
    expect(find('/api/tracking-page/preview')?.auth).toBe('session');
  });

  it('rate-limits invites per user and invite-link lookups per IP', () => {
    const limitsOf = (method: string, path: string) => routeTable.find((r) => r.method === method && r.path === path)?.limiters ?? [];
    expect(limitsOf('POST', '/api/merchants/:merchantId/invites')).toEqual(['invitesPerUser']);
    expect(limitsOf('GET', '/api/invites/:token')).toEqual(['inviteLookupsPerIp']);
    expect(limitsOf('POST', '/api/invites/:token/accept')).toEqual(['inviteLookupsPerIp']);
  });
});

describe('webhookHeaders', () => {
  it("hands the service the marketplace's headers, one value each, never a browser's session or credentials", () => {
    expect(
      webhookHeaders({
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': 'abc=',
        'x-forwarded-for': ['10.0.0.1', '10.0.0.2'],
        cookie: 'smista_session=segreto',
        authorization: 'Bearer segreto',
        'proxy-authorization': 'Basic segreto',
        'content-length': undefined,
      }),
    ).toEqual({ 'x-shopify-topic': 'orders/create', 'x-shopify-hmac-sha256': 'abc=', 'x-forwarded-for': '10.0.0.1' });
  });
});
