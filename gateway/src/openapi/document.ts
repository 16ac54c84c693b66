import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { messages } from '@smista/contracts';
import { SESSION_COOKIE } from '../middleware/session-cookie';
import { DEFAULT_BODY_LIMIT, type RouteDef, type RouteLink } from '../routes/route';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) or an OpenAPI object: plain JSON. */
type Json = Record<string, unknown>;

export interface ApiInfo {
  title: string;
  version: string;
}

/** The gateway's title and version (its package.json's), as the document names them. */
export const API_INFO: ApiInfo = {
  title: 'Smista API',
  version: (JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string }).version,
};

/** The session cookie as a security scheme; the name every session route's `security` names. */
export const SESSION_SCHEME = 'sessionCookie';

/**
 * The CSRF rule (middleware/csrf.ts), which OpenAPI has no type for: said in words, in the
 * document's description and the cookie scheme's.
 */
const CSRF_RULE =
  'Mutating requests (POST, PUT, PATCH, DELETE) from a browser must come from the same origin: a `Sec-Fetch-Site` of `cross-site` or `same-site`, ' +
  'or an `Origin` that is not the gateway\'s own (nor one of `TRUSTED_ORIGINS`), is refused with 403. A mutating request with a body must be ' +
  '`application/json` (415 otherwise), which a cross-site form cannot send and `fetch` cannot send without a CORS preflight the gateway never answers. ' +
  'Requests with neither header (servers, curl) pass: the session cookie is `SameSite=Lax`, so a browser never attaches it to a cross-site POST. ' +
  'The one exception is `POST /api/sso/backchannel-logout`, which Keycloak calls server to server with a form.';

const DESCRIPTION =
  "Smista's HTTP API: every route of the gateway's route table (`gateway/src/routes/`), each calling the gRPC method named in `x-smista-rpc`. " +
  'Every refusal is the same JSON envelope, `{message, errors?}`, with an Italian `message` to show as it is.\n\n' +
  `**Session.** Signing in (\`POST /api/login\`, \`/api/register\`, \`/api/sso/session\`) sets the httpOnly cookie \`${SESSION_COOKIE}\`; the routes marked with it need it.\n\n` +
  `**CSRF.** ${CSRF_RULE}`;

/** The error answers every route shares: one envelope, the status saying which refusal. */
const ERROR_RESPONSES: Record<string, { status: number; description: string; example: string }> = {
  BadRequest: { status: 400, description: 'Invalid input (a field, a NUL character, a body that does not decode) or a refused operation', example: messages.errors.validation },
  Unauthorized: { status: 401, description: 'No valid session', example: messages.errors.notAuthenticated },
  Forbidden: { status: 403, description: 'Not allowed: a role that may not do this (admin only), or a cross-origin request (CSRF)', example: messages.errors.forbidden },
  NotFound: { status: 404, description: 'Nothing with this id for the current merchant', example: messages.errors.notFound },
  Conflict: { status: 409, description: 'Conflicts with the current state (already exists, changed meanwhile)', example: messages.errors.validation },
  PayloadTooLarge: { status: 413, description: "The body is over the route's limit", example: messages.errors.bodyTooLarge },
  UnsupportedMediaType: { status: 415, description: 'A mutating request whose body is not `application/json` (CSRF)', example: messages.errors.unsupportedContentType },
  TooManyRequests: { status: 429, description: 'Rate-limited: try again later', example: messages.errors.tooManyRequests },
  ServiceUnavailable: { status: 503, description: 'A service behind the gateway is not answering (`Retry-After: 5`)', example: messages.errors.unavailable },
  UnexpectedError: { status: 500, description: 'Any other failure (500, 504), with the same envelope', example: messages.errors.internal },
};

/**
 * The OpenAPI 3.1 document of a route table: every route once (method and path), its parameters,
 * body, success answer and the error answers it can give, the session cookie as a security scheme.
 * Pure: the gateway builds it once at start (`GET /api/openapi.json`); tests build it from the table.
 *
 * @example openApiDocument(createRouteTable(deps), { title: 'Smista API', version: '0.1.0' })
 */
export function openApiDocument(routes: readonly RouteDef[], info: ApiInfo): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const rpcCounts = countBy(routes.map(rpcName));
  for (const def of routes) {
    const path = openApiPath(def.path);
    const method = def.method.toLowerCase();
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`openapi: ${def.method} ${def.path} is in the route table twice`);
    item[method] = operation(def, rpcCounts.get(rpcName(def)) === 1);
  }
  return {
    openapi: '3.1.1',
    info: { ...info, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map(tagOf))].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: { ErrorEnvelope: ERROR_ENVELOPE },
      responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([name, r]) => [name, errorResponse(r.description, r.example)])),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `The session's opaque token, set httpOnly, SameSite=Lax by the sign-in routes and removed by \`POST /api/logout\`. ${CSRF_RULE}`,
        },
      },
    },
  };
}

/** Express's `/api/orders/:id` → OpenAPI's `/api/orders/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * A zod schema as JSON Schema, through zod 4's own `z.toJSONSchema`. What JSON Schema cannot say
 * (a transform's output, a refinement, `z.custom`) becomes `{}` ("any") instead of throwing: the
 * object around it is still described, and the route still validates it at the edge.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    // A body read as `unknown` and checked before it is piped into an object (the product's PUT):
    // its input side says nothing, so the object it must become is what a client sends.
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as unknown as z.ZodType)._zod.def as { type: string; out?: z.ZodType };
      if (io === 'input' && def.type === 'pipe' && def.out && Object.keys(jsonSchema).length === 0) Object.assign(jsonSchema, jsonSchemaOf(def.out, 'input'));
    },
  }) as Json;
  delete json.$schema;
  if (json.$defs) throw new Error('openapi: a recursive schema needs its $defs hoisted into components (none is in the table yet)');
  return json;
}

function operation(def: RouteDef, rpcUnique: boolean): Json {
  const sessionRoute = def.auth === 'session' || def.auth === 'cookie';
  const parameters = [...objectParameters(def.params, 'path', def.path), ...objectParameters(def.query, 'query', def.path), ...signatureHeader(def)];
  return {
    operationId: operationIdOf(def, rpcUnique),
    description: def.rpc === 'gateway' ? 'Answered by the gateway itself.' : `Calls \`${def.rpc}\`.`,
    tags: [tagOf(def)],
    'x-smista-rpc': def.rpc,
    ...(sessionRoute ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...requestBodyOf(def),
    responses: { ...successResponse(def), ...errorResponsesOf(def) },
  };
}

/** Path or query parameters from the route's object schema: one parameter per property. */
function objectParameters(schema: z.ZodType | undefined, where: 'path' | 'query', routePath: string): Json[] {
  const names = where === 'path' ? [...routePath.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!) : [];
  const json = schema ? jsonSchemaOf(schema, 'input') : {};
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  // A path parameter is always required, whatever its schema; one without a schema is a string.
  const all = where === 'path' ? names : Object.keys(properties);
  return all.map((name) => ({ name, in: where, required: where === 'path' || required.has(name), schema: properties[name] ?? { type: 'string' } }));
}

/** The signed webhooks: the marketplace's signature of the exact bytes. */
function signatureHeader(def: RouteDef): Json[] {
  if (!def.rawBody) return [];
  return [{ name: 'X-Shopify-Hmac-Sha256', in: 'header', required: false, description: "Shopify's HMAC-SHA256 (base64) of the exact body; the marketplaces service checks each marketplace's own signature header (401 when it does not match).", schema: { type: 'string' } }];
}

function requestBodyOf(def: RouteDef): Json {
  const limit = `At most ${formatBytes(def.bodyLimit ?? DEFAULT_BODY_LIMIT)} (413 over it).`;
  if (def.rawBody) {
    // Kept as the exact bytes and never parsed; the CSRF filter lets only JSON bodies through.
    return { requestBody: { required: true, description: `The bytes the marketplace signed, handed on unparsed. ${limit}`, content: { 'application/json': { schema: {} } } } };
  }
  if (!def.body) return {};
  const schema = jsonSchemaOf(def.body, 'input');
  // The router validates `{}` when no body comes: a schema that accepts it makes the body optional.
  const required = !def.body.safeParse({}).success;
  const content: Json = { 'application/json': { schema } };
  if (def.bodyFormat === 'form') content['application/x-www-form-urlencoded'] = { schema };
  return { requestBody: { required, description: limit, content } };
}

function successResponse(def: RouteDef): Json {
  const answer = def.response ?? {};
  const status = String(answer.status ?? 200);
  if (answer.status === 204) return { [status]: { description: answer.description ?? 'Done; no body' } };
  if (answer.page) return { [status]: { description: answer.description ?? 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } };
  if (answer.file) {
    const content = Object.fromEntries(answer.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type.split(';')[0] } }]));
    return { [status]: { description: answer.description ?? 'A file', headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'inline or attachment, with the file name' } }, content } };
  }
  const schema = answer.schema ? jsonSchemaOf(answer.schema, 'output') : {};
  const others = Object.entries(answer.alsoAnswers ?? {}).map(([other, { description, schema }]) => [other, { description, content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } } }]);
  const links = answer.links ? { links: linksOf(answer.links) } : {};
  return { [status]: { description: answer.description ?? 'JSON', content: { 'application/json': { schema } }, ...links }, ...Object.fromEntries(others) };
}

/**
 * A route's links as OpenAPI link objects. The target is an `operationRef` (a JSON pointer into
 * `paths`, braces percent-encoded as the URI fragment wants): it follows from the method and path
 * alone, where an operationId depends on the whole table.
 */
function linksOf(links: Record<string, RouteLink>): Json {
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => {
      const pointer = openApiPath(link.path).replace(/~/g, '~0').replace(/\//g, '~1').replace(/\{/g, '%7B').replace(/\}/g, '%7D');
      return [name, { operationRef: `#/paths/${pointer}/${link.method.toLowerCase()}`, parameters: link.parameters, ...(link.description ? { description: link.description } : {}) }];
    }),
  );
}

/** The refusals a route can answer, from what its chain does (router.ts, app.ts, errors.ts). */
function errorResponsesOf(def: RouteDef): Json {
  const mutating = def.method !== 'GET';
  const sessionRoute = def.auth === 'session' || def.auth === 'cookie';
  const statuses: [boolean, keyof typeof ERROR_RESPONSES][] = [
    [true, 'BadRequest'], // validation, and the NUL check every route has
    [sessionRoute, 'Unauthorized'],
    [sessionRoute || mutating, 'Forbidden'], // a role's permission; the CSRF origin check
    [def.path.includes('/:') || def.rpc !== 'gateway', 'NotFound'],
    [def.rpc !== 'gateway', 'Conflict'], // ALREADY_EXISTS, ABORTED, a failed precondition
    [mutating, 'PayloadTooLarge'],
    [mutating && def.bodyFormat !== 'form', 'UnsupportedMediaType'],
    [(def.limiters ?? []).length > 0, 'TooManyRequests'],
    [def.rpc !== 'gateway', 'ServiceUnavailable'],
  ];
  const declared = new Set<number>(def.response?.alsoRefuses ?? []);
  const out: Json = {};
  for (const [applies, name] of statuses) {
    const status = ERROR_RESPONSES[name]!.status;
    if (applies || declared.has(status)) out[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  // The buyer's pages (/t, /u) refuse with a page of their own: no link, a short "too many" page.
  if (!def.path.startsWith('/api/')) {
    out['404'] = { description: 'Not found (or expired): a page saying so', content: { 'text/html': { schema: { type: 'string' } } } };
    if (def.limiters?.length) out['429'] = { description: 'Rate-limited: a short page saying so', content: { 'text/html': { schema: { type: 'string' } } } };
  }
  out.default = { $ref: '#/components/responses/UnexpectedError' };
  return out;
}

const ERROR_ENVELOPE: Json = {
  type: 'object',
  description: 'Every refusal: the Italian message to show, and for a refused body every field that failed (middleware/errors.ts).',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'Italian, for the user' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string', description: 'The field, dot-separated (`addressTypes.0`)' }, message: { type: 'string' } },
      },
    },
  },
  examples: [{ message: 'Campo obbligatorio', errors: [{ path: 'email', message: 'Campo obbligatorio' }] }],
};

function errorResponse(description: string, example: string): Json {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, example: { message: example } } } };
}

/** The first gRPC method behind the route (`identity.Login`), or `gateway`. */
const rpcName = (def: RouteDef): string => def.rpc.split(/,\s*/)[0]!;

/**
 * `identity_Login` where one route calls that method; otherwise the method and path are added
 * (`shipments_GetPublicTracking_get_t_token_logo`), so every operation has its own id.
 */
function operationIdOf(def: RouteDef, rpcUnique: boolean): string {
  const base = rpcName(def).replace('.', '_');
  if (rpcUnique) return base;
  const path = def.path.replace(/^\/api\//, '/').split(/[^A-Za-z0-9]+/).filter(Boolean).join('_');
  return `${base}_${def.method.toLowerCase()}_${path}`;
}

/** A route's tag: the service it calls (the route files are one per service), or the gateway. */
const tagOf = (def: RouteDef): string => rpcName(def).split('.')[0]!;

const TAG_DESCRIPTIONS: Record<string, string> = {
  gateway: 'Answered by the gateway itself: configuration, browser traces, this document',
  identity: 'Users, sessions, passwords and single sign-on',
  merchants: 'Merchants, team, invitations, addresses, logo',
  carriers: 'Carrier integrations and tracking-code pools',
  marketplaces: 'Marketplace connections, order sync jobs and webhooks',
  orders: 'Orders, the catalogue, package presets and order imports',
  shipments: "Shipments, labels, slips and the buyer's tracking page",
  activity: 'Notifications and recent activity',
};

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MiB` : `${+(bytes / 1024).toFixed(1)} KiB`;
}
