import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** HTTPS deployment: HSTS and upgrade-insecure-requests on. */
  secure: boolean;
  /**
   * REMOTE_ORIGINS: where remotes may be served from besides 'self'; they may serve scripts,
   * styles, fonts, images and manifests. The registry lists no remote from anywhere else
   * (remotes.ts), so the policy is fixed while remotes come and go.
   */
  remoteOrigins?: readonly string[];
  /**
   * The SSO realm's origin (SSO_ISSUER_URL): keycloak-js exchanges the code at its token endpoint
   * with `fetch`, so `connect-src` names it and nothing else does (the login and logout pages are
   * top-level navigations; the session iframe is off).
   */
  ssoOrigin?: string;
}

/**
 * Where the marketplaces serve their product pictures: the order screens show them as the
 * marketplaces answer them (eBay's `image.imageUrl`), never copied to us.
 */
export const MARKETPLACE_IMAGE_ORIGINS = [
  'https://i.ebayimg.com',
  'https://m.media-amazon.com',
  'https://cdn.shopify.com',
  'https://ae01.alicdn.com',
  'https://i.etsystatic.com',
] as const;

/**
 * helmet with a CSP that lets the shell load its remotes: scripts and styles from 'self' (and any
 * origin of REMOTE_ORIGINS), `connect-src 'self'` for /api and the manifests, images
 * from 'self', data: (avatars are data URLs) and the marketplaces' picture hosts. `style-src 'unsafe-inline'` stays because Radix
 * primitives in the UI kit (react-remove-scroll) inject <style> elements at runtime; scripts never
 * get 'unsafe-inline' or 'unsafe-eval'.
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  return fixedHeaders(helmetFor(options));
}

function helmetFor(options: SecurityHeadersOptions): RequestHandler {
  const extra = [...new Set(options.remoteOrigins ?? [])];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...extra],
        'style-src': ["'self'", "'unsafe-inline'", ...extra],
        'img-src': ["'self'", 'data:', ...MARKETPLACE_IMAGE_ORIGINS, ...extra],
        'font-src': ["'self'", 'data:', ...extra],
        'connect-src': ["'self'", ...extra, ...(options.ssoOrigin ? [options.ssoOrigin] : [])],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'script-src-attr': ["'none'"],
        ...(options.secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: options.secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    // The shell is the only top-level document; nothing embeds it.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * helmet decides the headers once, and every request copies its answer: with this configuration
 * (no nonces, nothing read from the request) they are the same for every response, and running
 * helmet's dozen middlewares per request was measurable on the session hot path.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let called = false;
  middleware({ method: 'GET', headers: {} } as never, recorder as never, ((err?: unknown) => {
    if (err) throw err;
    called = true;
  }) as never);
  if (!called) throw new Error('security headers: helmet did not answer synchronously');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
