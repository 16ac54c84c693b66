import type { RequestHandler } from 'express';
import { messages } from '@smista/contracts';
import { HttpError } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the CSRF filter looks at: only headers, so the decision is pure and testable. */
export interface CsrfInput {
  method: string;
  contentType?: string;
  /** True when the request announces a body (Content-Length > 0 or Transfer-Encoding). */
  hasBody: boolean;
  secFetchSite?: string;
  origin?: string;
  /** The Host header: the gateway's own origin as the browser addressed it. */
  host?: string;
  trustedOrigins: readonly string[];
}

export type CsrfDecision = 'allow' | 'cross-origin' | 'unsupported-content-type';

/**
 * CSRF defence without tokens (the spec's client sends nothing extra):
 * - a browser tells us where a request comes from through `Sec-Fetch-Site` and `Origin`; a mutating
 *   request from another site or origin is refused;
 * - a mutating request with a body must be `application/json`, which a cross-site HTML form cannot
 *   send and `fetch` cannot send without a CORS preflight we never answer;
 * - requests with neither header (curl, server-to-server) pass: the cookie is SameSite=Lax, so a
 *   browser never attaches it to a cross-site POST anyway.
 */
export function csrfDecision(input: CsrfInput): CsrfDecision {
  if (!MUTATING.has(input.method.toUpperCase())) return 'allow';
  const site = input.secFetchSite?.toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return 'cross-origin';
  if (input.origin !== undefined && !isTrustedOrigin(input.origin, input.host, input.trustedOrigins)) return 'cross-origin';
  if (input.hasBody && !isJson(input.contentType)) return 'unsupported-content-type';
  return 'allow';
}

function isTrustedOrigin(origin: string, host: string | undefined, trusted: readonly string[]): boolean {
  if (trusted.includes(origin)) return true;
  if (!host) return false;
  try {
    // Our own origin as the browser sees it. The scheme is not compared: TLS may end at a proxy.
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === host.toLowerCase();
  } catch {
    return false; // `Origin: null` and garbage
  }
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

/** Express filter around {@link csrfDecision}: 403 or 415 with the Italian message. */
export function csrfFilter(trustedOrigins: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    const length = req.headers['content-length'];
    const decision = csrfDecision({
      method: req.method,
      contentType: req.headers['content-type'],
      hasBody: (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined,
      secFetchSite: header(req.headers['sec-fetch-site']),
      origin: req.headers.origin,
      host: req.headers.host,
      trustedOrigins,
    });
    if (decision === 'cross-origin') return next(new HttpError(403, messages.errors.crossOrigin));
    if (decision === 'unsupported-content-type') return next(new HttpError(415, messages.errors.unsupportedContentType));
    next();
  };
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
