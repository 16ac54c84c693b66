import { identity, merchants } from '@smista/proto';
import { routeTable } from './table';

/**
 * Spec §7 "Authentication and user" and the merchants rows the gateway serves today
 * (list, create, set-current, select). Team and invite rows arrive with their gRPC methods.
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
];

describe('route table', () => {
  it('has exactly the routes of spec §7, once each', () => {
    const routes = routeTable.map((r) => `${r.method} ${r.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect([...routes].sort()).toEqual([...spec].sort());
  });

  it('names a gRPC method that exists on the service for every route', () => {
    const services: Record<string, Record<string, unknown>> = {
      identity: identity.IdentityServiceService,
      merchants: merchants.MerchantsServiceService,
    };
    for (const r of routeTable) {
      for (const name of r.rpc.split(/,\s*/)) {
        const [service, method] = name.split('.') as [string, string];
        const key = method.charAt(0).toLowerCase() + method.slice(1);
        expect({ route: r.path, name, known: key in (services[service] ?? {}) }).toEqual({ route: r.path, name, known: true });
      }
    }
  });

  it('validates the body of every route that takes one', () => {
    const bodiless = new Set(['POST /api/logout']);
    for (const r of routeTable.filter((r) => r.method !== 'GET' && !bodiless.has(`${r.method} ${r.path}`))) {
      expect({ route: r.path, validated: r.body !== undefined }).toEqual({ route: r.path, validated: true });
    }
  });

  it('guards the user and merchant routes with the session', () => {
    const guarded = routeTable.filter((r) => r.path.startsWith('/api/user') || r.path.startsWith('/api/merchants'));
    for (const r of guarded) expect({ route: r.path, auth: r.auth }).toEqual({ route: r.path, auth: expect.stringMatching(/^(session|cookie)$/) });
  });

  it('rate-limits login, registration and reset requests', () => {
    const limits = Object.fromEntries(routeTable.map((r) => [r.path, r.limiters ?? []]));
    expect(limits['/api/login']).toEqual(['loginPerIp', 'loginPerEmail']);
    expect(limits['/api/register']).toEqual(['registerPerIp']);
    expect(limits['/api/request-password-reset']).toEqual(['resetPerIp', 'resetPerEmail']);
  });
});
