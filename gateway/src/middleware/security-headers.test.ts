import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { fixedHeaders, securityHeaders } from './security-headers';

/** The headers one GET answers through `middleware`. */
async function headersThrough(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => void res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const out = Object.fromEntries(res.headers);
    for (const varying of ['date', 'etag', 'content-length', 'connection', 'keep-alive']) delete out[varying];
    return out;
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('security headers', () => {
  it('answers exactly what helmet answers, decided once', async () => {
    for (const options of [{ secure: false }, { secure: true, remoteOrigins: ['https://cdn.smista.example'] }]) {
      const fixed = await headersThrough(securityHeaders(options));
      expect(fixed['content-security-policy']).toContain("script-src 'self'");
      expect(fixed['x-powered-by']).toBeUndefined();
      expect('strict-transport-security' in fixed).toBe(options.secure);
      // REMOTE_ORIGINS: scripts, styles and the manifests of remotes served from a CDN.
      for (const directive of ['script-src', 'style-src', 'connect-src', 'font-src', 'img-src']) {
        const values = directivesOf(fixed)[directive]!;
        expect(values.includes('https://cdn.smista.example')).toBe('remoteOrigins' in options);
      }
      // The same configuration through helmet on every request.
      const helmetEveryTime = await headersThrough(helmet({ contentSecurityPolicy: { useDefaults: false, directives: directivesOf(fixed) }, ...hstsOf(options.secure), xFrameOptions: { action: 'deny' }, referrerPolicy: { policy: 'strict-origin-when-cross-origin' } }));
      expect(fixed).toEqual(helmetEveryTime);
    }
  });

  it('refuses a middleware that does not answer at once (what it sets could depend on the request)', () => {
    const perRequest: RequestHandler = (_req, res, next) => setImmediate(() => (res.setHeader('x-late', '1'), next()));
    expect(() => fixedHeaders(perRequest)).toThrow(/synchronously/);
  });
});

/** helmet's directives back from a CSP header. */
function directivesOf(headers: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    headers['content-security-policy']!.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

const hstsOf = (secure: boolean) => ({ strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: true } : (false as const) });
