import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { messages } from '@smista/contracts';
import { containsNul, type Logger } from '@smista/service-kit';
import { HttpError } from '../middleware/errors';
import { sendPage } from '../pages/tracking-page';
import { limiterNeedsSession, type Limiters } from '../middleware/rate-limits';
import { requireSessionCookie, resolveSession } from '../middleware/session';
import { clearSessionCookie, clearSsoNonceCookie, readSessionToken, readSsoNonceHash, readSsoReturnTo, sessionCookie, ssoNonceCookie } from '../middleware/session-cookie';
import { bindClients, type GatewayClients } from '../services';
import { SessionCache } from '../session-cache';
import { KeptPages } from './kept-pages';
import { DEFAULT_BODY_LIMIT, type RouteContext, type RouteDef, type RouteResult } from './route';
import { validate } from './validation';

export interface ApiDeps {
  clients: GatewayClients;
  deadlineMs: number;
  limiters: Limiters;
  cookieSecure: boolean;
  logger: Logger;
  /** Session lookups kept between requests (NATS_URL set); without it every request asks identity. */
  sessionCache?: SessionCache;
}

/**
 * PostgreSQL text cannot hold U+0000, and no form ever sends it: a NUL anywhere in the body, the
 * query or a path parameter is refused here, once for every route, with an Italian 400.
 */
const refuseNul: RequestHandler = (req, _res, next) => {
  // `req.query` parses the query string on every read: only when there is one.
  // A signed body's bytes (rawBody routes) are the service's to judge.
  if ((!Buffer.isBuffer(req.body) && containsNul(req.body)) || (req.url.includes('?') && containsNul(req.query)) || containsNul(req.params)) {
    return next(new HttpError(400, messages.validation.invalidCharacters));
  }
  next();
};

/**
 * Mounts the route table. Each route's chain is: JSON body (its own size limit) → NUL check →
 * rate limiters → session → per-user rate limiters → validation → gRPC → response. The CSRF
 * filter runs before all of them (see app.ts).
 */
export function apiRouter(table: readonly RouteDef[], deps: ApiDeps): Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  const cache = deps.sessionCache;
  const session = resolveSession(deps.clients.identity, deps.deadlineMs, { cache });
  const sessionWithAvatar = resolveSession(deps.clients.identity, deps.deadlineMs, { includeAvatar: true, cache });
  // Clients without a caller token are shared; with one they are bound per request.
  const anonymous = bindClients(deps.clients, { deadlineMs: deps.deadlineMs });
  const keptPages = new KeptPages();

  for (const def of table) {
    const chain: RequestHandler[] = [(_req, res, next) => ((res.locals.route = def.path), next())];
    if (def.rawBody) {
      // Every content type, unparsed: the sender's signature covers these exact bytes.
      chain.push(express.raw({ limit: def.bodyLimit ?? DEFAULT_BODY_LIMIT, type: () => true }));
    } else if (def.method !== 'GET') {
      const limit = def.bodyLimit ?? DEFAULT_BODY_LIMIT;
      // A form route reads JSON as well, so the same checks (NUL, encodings, unknown fields) hold for it.
      if (def.bodyFormat === 'form') chain.push(express.urlencoded({ limit, type: 'application/x-www-form-urlencoded', extended: false, parameterLimit: 10 }));
      chain.push(express.json({ limit, type: 'application/json', strict: true }));
    }
    chain.push(refuseNul);
    const limiters = def.limiters ?? [];
    for (const name of limiters.filter((n) => !limiterNeedsSession(n))) chain.push(deps.limiters[name]);
    if (def.auth === 'session') chain.push(def.sessionWithAvatar ? sessionWithAvatar : session);
    if (def.auth === 'cookie') chain.push(requireSessionCookie);
    for (const name of limiters.filter(limiterNeedsSession)) chain.push(deps.limiters[name]);
    chain.push(async (req, res) => {
      const body = def.body ? validate(def.body, req.body ?? {}) : undefined;
      const params = def.params ? validate(def.params, req.params) : undefined;
      const query = def.query ? validate(def.query, req.query) : undefined;
      const sessionToken = req.session?.sessionToken ?? readSessionToken(req.headers.cookie);
      const callerToken = req.session?.callerToken;
      const clients = callerToken ? bindClients(deps.clients, { callerToken, deadlineMs: deps.deadlineMs }) : anonymous;
      // Plain assignments on an object over the bound clients: no property descriptors per request.
      const ctx = Object.create(clients) as RouteContext<unknown, unknown, unknown>;
      ctx.body = body;
      ctx.params = params;
      ctx.query = query;
      ctx.sessionToken = sessionToken;
      ctx.ssoNonceHash = def.path.startsWith('/api/sso/') ? readSsoNonceHash(req.headers.cookie) : undefined;
      ctx.ssoReturnTo = def.path.startsWith('/api/sso/') ? readSsoReturnTo(req.headers.cookie) : undefined;
      ctx.rawBody = req.body;
      ctx.headers = req.headers;
      ctx.keptPages = keptPages;
      if (req.session) ctx.session = req.session;
      else Object.defineProperty(ctx, 'session', { get: () => sessionNotResolved(def.path) });
      let result: RouteResult;
      try {
        result = await def.handle(ctx);
      } finally {
        // This replica drops its copy at once, whatever the answer; the others get identity's event.
        if (cache && def.invalidatesSession === 'session' && sessionToken) cache.dropSession(SessionCache.keyOf(sessionToken));
        if (cache && def.invalidatesSession === 'user' && req.session) cache.dropUser(req.session.user.id);
      }
      if (result.setSession) {
        res.append('Set-Cookie', sessionCookie(result.setSession.sessionToken, result.setSession.expiresAt, deps.cookieSecure));
        if (sessionToken && sessionToken !== result.setSession.sessionToken) revokeReplaced(sessionToken);
      }
      if (result.clearSession) res.append('Set-Cookie', clearSessionCookie(deps.cookieSecure));
      if (result.ssoNonce !== undefined) res.append('Set-Cookie', result.ssoNonce ? ssoNonceCookie(result.ssoNonce.hash, deps.cookieSecure, result.ssoNonce.returnTo) : clearSsoNonceCookie(deps.cookieSecure));
      for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
      if (result.page) sendPage(res, result.status ?? 200, result.page.html, { frameable: result.page.frameable, form: result.page.form });
      else if (result.file) sendFile(res, result.file);
      else if (result.json) sendJson(res, result.status ?? 200, result.json);
      else if (result.status === 204) res.status(204).end();
      else res.status(result.status ?? 200).json(result.body);
    });
    router[def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](def.path, ...chain);
  }
  allowedMethods(router, table);
  router.use(undecodableParam);
  return router;

  /** A login or registration over an existing session ends the old one; best effort, off the response path. */
  function revokeReplaced(sessionToken: string): void {
    cache?.dropSession(SessionCache.keyOf(sessionToken));
    anonymous.identity.logout({ sessionToken }).catch((err: unknown) => {
      deps.logger.debug({ err: err instanceof Error ? err.message : String(err) }, 'replaced session not revoked');
    });
  }
}

function sessionNotResolved(path: string): never {
  throw new Error(`route ${path} reads the session but is not a session route`);
}

/** JSON already serialised, with the headers `res.json` gives. */
function sendJson(res: express.Response, status: number, json: Buffer): void {
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', json.length);
  res.end(json);
}

/** A file answer: its type, a safe ASCII file name, and no caching (labels and lists are private). */
function sendFile(res: express.Response, file: NonNullable<RouteResult['file']>): void {
  const filename = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  res.status(200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `${file.disposition ?? 'attachment'}; filename="${filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
}

/**
 * A path the table knows, asked with a method it has no route for: 405 with `Allow` naming the
 * methods it has (RFC 9110 §15.5.6; HEAD wherever GET is), not the 404 of a path that names nothing.
 * Express matches the paths, as it does for the routes. OPTIONS keeps Express's own answer.
 */
function allowedMethods(router: Router, table: readonly RouteDef[]): void {
  const methodsOf = new Map<string, Set<string>>();
  for (const def of table) {
    const methods = methodsOf.get(def.path) ?? new Set<string>();
    methods.add(def.method);
    if (def.method === 'GET') methods.add('HEAD');
    methodsOf.set(def.path, methods);
  }
  for (const [path, methods] of methodsOf) {
    router.all(path, (req, res, next) => {
      if (req.method === 'OPTIONS') return next();
      const allowed = (res.locals.allowedMethods as Set<string> | undefined) ?? new Set<string>();
      for (const method of methods) allowed.add(method);
      res.locals.allowedMethods = allowed;
      next();
    });
  }
  router.use((_req, res, next) => {
    const allowed = res.locals.allowedMethods as Set<string> | undefined;
    if (!allowed) return next();
    res.setHeader('Allow', [...allowed].sort().join(', '));
    next(new HttpError(405, messages.errors.methodNotAllowed));
  });
}

/**
 * Express decodes path parameters before any handler runs and raises a URIError for bad
 * percent-encoding (`/api/merchants/%E0/users`). Such a path names nothing: the 404 of an unknown
 * path, not a 500, and it says nothing about which ids exist.
 */
const undecodableParam: ErrorRequestHandler = (err, _req, _res, next) => {
  next(err instanceof URIError ? new HttpError(404, messages.errors.notFound) : err);
};
