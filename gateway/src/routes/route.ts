import type { z } from 'zod';
import type { LimiterName } from '../middleware/rate-limits';
import type { SessionContext } from '../middleware/session';
import type { BoundClients } from '../services';
import type { KeptPages } from './kept-pages';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - `public`: no session needed (the handler may still read the cookie, e.g. logout);
 * - `session`: the cookie is resolved through identity.ResolveSession before the handler runs;
 * - `cookie`: a cookie must be present, but the handler's own call hands the raw session token to
 *   identity (SelectMerchant), so resolving it first would be a wasted round trip.
 */
export type Auth = 'public' | 'session' | 'cookie';

/**
 * What a handler gets: validated input, the caller, and a client per service of the service table
 * (`ctx.identity`, `ctx.merchants`, ...) bound to the caller and the deadline.
 */
export interface RouteContext<Body, Params, Query = undefined> extends BoundClients {
  body: Body;
  params: Params;
  /** The validated query string (routes with a `query` schema). */
  query: Query;
  /** The resolved caller; only on `session` routes (reading it elsewhere throws). */
  session: SessionContext;
  /** The raw session cookie, when the request carries one. */
  sessionToken: string | undefined;
  /** The SSO nonce cookie (the hash of the nonce this browser bound), when the request carries one. */
  ssoNonceHash: string | undefined;
  /** Where the SSO sign-in leads once finished (an invite page), as the nonce cookie carries it. */
  ssoReturnTo: string | undefined;
  /** The JSON body as sent, before validation (a PATCH reads which fields it names); the bytes on `rawBody` routes. */
  rawBody: unknown;
  /** The request's headers (names in lower case), for the routes a sender signs. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** List pages this process keeps as JSON, answered again while the service says unchanged. */
  keptPages: KeptPages;
}

/** What a handler answers; the router turns it into the HTTP response. */
export interface RouteResult {
  /** Default 200; 204 sends no body. */
  status?: number;
  body: unknown;
  /** Set the session cookie (login, register). */
  setSession?: { sessionToken: string; expiresAt: string };
  /** Remove the session cookie (logout). */
  clearSession?: boolean;
  /** Bind an SSO nonce to this browser (its hash in the nonce cookie), or `null` to remove it once used. */
  ssoNonce?: { hash: string; returnTo?: string } | null;
  /** The JSON body already serialised (a kept page); `body` is ignored. */
  json?: Buffer;
  /** Answer a file (a PDF, a CSV) instead of JSON; `body` is ignored. */
  file?: { contentType: string; filename: string; data: Uint8Array; disposition?: 'attachment' | 'inline' };
  /** An HTML page (issue 26's public tracking page) with its own headers (pages/tracking-page.ts `sendPage`); `body` is ignored. */
  page?: { html: string; frameable?: boolean; form?: boolean };
  /** Extra response headers (what a PDF answer says beside its bytes, e.g. the orders without a label). */
  headers?: Record<string, string>;
}

/**
 * A route's success answer as the API document describes it (`GET /api/openapi.json`). It says what
 * the handler's {@link RouteResult} does: keep the two together when either changes.
 */
export interface RouteResponse {
  /** The success status (default 200); 204 has no body. */
  status?: 200 | 201 | 202 | 204;
  /** The JSON body's schema (its output side); without it the document says "any JSON". */
  schema?: z.ZodType;
  /** A file answer (`RouteResult.file`): its possible content types. */
  file?: readonly string[];
  /** An HTML page (`RouteResult.page`), for a browser rather than a program. */
  page?: true;
  /** What the answer is, in a line (the document's response description). */
  description?: string;
  /** Other answers that are not refusals (a report with its own status), JSON, by status: what each is, and its schema. */
  alsoAnswers?: Record<number, { description: string; schema: z.ZodType }>;
  /**
   * Refusals the service behind the route gives beyond those its chain implies (document.ts
   * `errorResponsesOf`): a public sign-in's 401, a service's own 429. The gateway suites and the
   * fuzz suite fail on a status the document does not list, which is how these are found.
   */
  alsoRefuses?: readonly RefusalStatus[];
  /**
   * OpenAPI links of the success answer, by name: the routes a client (and Schemathesis's stateful
   * phase) calls next with a value of this answer, e.g. `{ method: 'GET', path: '/api/x/:id',
   * parameters: { id: '$response.body#/id' } }` after a create.
   */
  links?: Record<string, RouteLink>;
}

/**
 * The links of a create's answer to the routes of the thing it made, each `:id` from the answer's
 * `id` (with `parameters` for the path's others, e.g. `$request.path.merchantId`).
 *
 * @example linksToCreated({ update: ['PUT', '/api/package-presets/:id'], delete: ['DELETE', '/api/package-presets/:id'] })
 */
export function linksToCreated(targets: Record<string, [Method, string]>, parameters: Record<string, string> = {}): Record<string, RouteLink> {
  return Object.fromEntries(Object.entries(targets).map(([name, [method, path]]) => [name, { method, path, parameters: { ...parameters, id: '$response.body#/id' } }]));
}

/** A route to call next with values of an answer (an OpenAPI link, `$response.body#/id` and the like). */
export interface RouteLink {
  method: Method;
  /** The route's express path, as in the table (`/api/x/:id`). */
  path: string;
  /** Each parameter of the target (by name) from a runtime expression, `$response.body#/id`. */
  parameters: Record<string, string>;
  description?: string;
}

/** The refusal statuses with a shared description in the API document. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** One `/api` route: HTTP method and path → validation → gRPC method → response shape. */
export interface RouteSpec<B extends z.ZodType | undefined, P extends z.ZodType | undefined, Q extends z.ZodType | undefined = undefined> {
  method: Method;
  path: string;
  auth: Auth;
  /** With `auth: 'session'`: resolve the user with the avatar (only the current-user read needs it). */
  sessionWithAvatar?: boolean;
  /**
   * The gRPC method(s) behind the route, `service.Method[, service.Method]`: where to look next when
   * reading the code; `gateway` for the few routes the gateway answers itself.
   */
  rpc: string;
  body?: B;
  params?: P;
  /** Schema of the query string (`?status=used&page=2`); a bad value is a 400 in Italian. */
  query?: Q;
  limiters?: LimiterName[];
  /** Body limit in bytes for this route (default {@link DEFAULT_BODY_LIMIT}); over it, 413 before the handler. */
  bodyLimit?: number;
  /** `form`: an `application/x-www-form-urlencoded` body too (a provider calling us, not the shell); JSON always. */
  bodyFormat?: 'json' | 'form';
  /**
   * The body is kept as the exact bytes received (`ctx.rawBody` a Buffer, never parsed), for a
   * sender that signs them (the marketplaces' webhooks); `body` schemas do not apply.
   */
  rawBody?: true;
  /**
   * The route changes what a session lookup answers: this replica's session cache drops the
   * caller's session (`session`: logout, merchant selection) or every session of the caller
   * (`user`: profile, password, avatar) once the handler ran; identity's event reaches the others.
   */
  invalidatesSession?: 'session' | 'user';
  /** What the route answers when it succeeds, for the API document (`src/openapi/`); default 200 with any JSON. */
  response?: RouteResponse;
  handle(ctx: RouteContext<Out<B>, Out<P>, Out<Q>>): Promise<RouteResult>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteDef = RouteSpec<any, any, any>;

/** 100 kB is ample for every form; routes that take files raise it. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

/** Declares a route with its input types inferred from the schemas. */
export function route<B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  spec: RouteSpec<B, P, Q>,
): RouteDef {
  return spec as RouteDef;
}
