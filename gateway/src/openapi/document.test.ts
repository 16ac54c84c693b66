import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { createLogger } from '@smista/service-kit';
import { createRouteTable } from '../routes';
import { route, type RouteDef } from '../routes/route';
import { API_INFO, openApiDocument, openApiPath, SESSION_SCHEME } from './document';

const table = createRouteTable({ legal: { termsUrl: null, privacyUrl: null }, logger: createLogger('openapi-test', 'silent') });
const document = openApiDocument(table, API_INFO);

type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};
const paths = document.paths as Record<string, Record<string, Operation>>;
const operations = Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
const operationOf = (method: string, expressPath: string): Operation => paths[openApiPath(expressPath)]![method.toLowerCase()]!;

const stub = (spec: Partial<RouteDef>): RouteDef => route({ method: 'GET', path: '/api/x', auth: 'public', rpc: 'gateway', handle: async () => ({ body: null }), ...spec } as RouteDef);

describe('the API document of the route table', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result).toEqual({ valid: true });
    expect(document.openapi).toMatch(/^3\.1\./);
    // The validator can say no: a path parameter that is not required is not OpenAPI.
    const broken = structuredClone(document) as typeof document & { paths: Record<string, Record<string, Operation>> };
    broken.paths['/api/orders/{id}']!.get!.parameters![0]!.required = false;
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  it('describes every route of the table exactly once, and nothing else', () => {
    const documented = operations.map((o) => o.key).sort();
    expect(documented).toEqual(table.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
    expect(new Set(documented).size).toBe(table.length);
  });

  it('fails on a route that is in the table twice', () => {
    const twice = [stub({ path: '/api/a/:id' }), stub({ path: '/api/a/:id' })];
    expect(() => openApiDocument(twice, API_INFO)).toThrow('GET /api/a/:id is in the route table twice');
  });

  it('gives every operation an id of its own, from its gRPC method', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationOf('POST', '/api/login').operationId).toBe('identity_Login');
    // Two routes call GetPublicTracking: the method and path tell them apart.
    expect(operationOf('GET', '/t/:token/logo').operationId).toBe('shipments_GetPublicTracking_get_t_token_logo');
  });

  it('writes express parameters as OpenAPI templates, each a required path parameter with its schema', () => {
    expect(openApiPath('/api/merchants/:merchantId/users/:userId')).toBe('/api/merchants/{merchantId}/users/{userId}');
    const params = operationOf('PATCH', '/api/merchants/:merchantId/users/:userId').parameters!;
    expect(params.filter((p) => p.in === 'path').map((p) => [p.name, p.required])).toEqual([
      ['merchantId', true],
      ['userId', true],
    ]);
    for (const { key, op } of operations) {
      const templated = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect({ key, path: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort() }).toEqual({ key, path: templated });
    }
  });

  it('lists the query schema as query parameters', () => {
    const names = operationOf('GET', '/api/shipments').parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'pageSize', 'status', 'search']));
  });

  it('asks for the session cookie on session routes only', () => {
    expect((document.components as { securitySchemes: Record<string, unknown> }).securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'smista_session' });
    for (const r of table) {
      const op = operationOf(r.method, r.path);
      const expected = r.auth === 'public' ? undefined : [{ [SESSION_SCHEME]: [] }];
      expect({ route: `${r.method} ${r.path}`, security: op.security }).toEqual({ route: `${r.method} ${r.path}`, security: expected });
      const says401 = r.auth !== 'public' || (r.response?.alsoRefuses ?? []).includes(401);
      expect({ route: `${r.method} ${r.path}`, has401: '401' in op.responses }).toEqual({ route: `${r.method} ${r.path}`, has401: says401 });
    }
  });

  it('states the CSRF rule, which OpenAPI has no scheme for', () => {
    expect((document.info as { description: string }).description).toMatch(/Sec-Fetch-Site.*Origin.*application\/json/s);
  });

  it('answers every refusal with the one Italian error envelope', () => {
    const components = document.components as { schemas: Record<string, unknown>; responses: Record<string, { content: { 'application/json': { schema: unknown; example: { message: string } } } }> };
    expect(components.schemas.ErrorEnvelope).toMatchObject({ required: ['message'], properties: { message: { type: 'string' }, errors: { type: 'array' } } });
    for (const response of Object.values(components.responses)) expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(components.responses.ServiceUnavailable!.content['application/json'].example.message).toBe('Servizio temporaneamente non disponibile. Riprova più tardi.');
    const login = operationOf('POST', '/api/login').responses;
    // 401 is the service's own refusal of a wrong password (`alsoRefuses`), not the chain's.
    expect(Object.keys(login).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '429', '503', 'default']);
    expect(login['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    // The gateway's own read: no service behind it, no limiter, no body.
    expect(Object.keys(operationOf('GET', '/api/public-config').responses).sort()).toEqual(['200', '400', 'default']);
  });

  it("answers each route's success as its handler does: status, JSON schema, file or page", () => {
    expect(operationOf('POST', '/api/register').responses['201']).toBeDefined();
    expect(operationOf('POST', '/api/telemetry/traces').responses['204']).toEqual({ description: 'Done; no body' });
    expect(Object.keys(operationOf('GET', '/api/shipments/:id/label').responses['200']!.content!)).toEqual(['application/pdf']);
    expect(Object.keys(operationOf('GET', '/api/products/csv').responses['200']!.content!)).toEqual(['text/csv; charset=utf-8']);
    expect(Object.keys(operationOf('GET', '/t/:token').responses['200']!.content!)).toEqual(['text/html']);
    expect(Object.keys(operationOf('GET', '/t/:token').responses['404']!.content!)).toEqual(['text/html']);
    expect(operationOf('GET', '/api/public-config').responses['200']!.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['termsUrl', 'privacyUrl', 'telemetry', 'sso'],
    });
    // A route's zod schema on the output side: closed objects, nullable fields as JSON Schema says them.
    const orderPage = operationOf('GET', '/api/orders').responses['200']!.content!['application/json']!.schema as { properties: { data: { items: Record<string, unknown> } } };
    expect(orderPage).toMatchObject({ type: 'object', required: ['data', 'meta'], additionalProperties: false });
    expect(orderPage.properties.data.items).toMatchObject({ type: 'object', additionalProperties: false, properties: { buyerEmail: { type: ['string', 'null'] } } });
  });

  it('describes the success answer of every route: a JSON schema, a file, a page or no body', () => {
    const undescribed = table
      .filter((r) => {
        const answer = r.response ?? {};
        return !answer.schema && !answer.file && !answer.page && answer.status !== 204;
      })
      .map((r) => `${r.method} ${r.path}`);
    expect(undescribed).toEqual([]);
    // A JSON answer's schema is closed: a field the handler adds and the schema lacks is a drift.
    const schema = operationOf('GET', '/api/public-config').responses['200']!.content!['application/json']!.schema;
    expect(schema.additionalProperties).toBe(false);
  });

  it('documents the form route with both its encodings and the webhook as the signed bytes', () => {
    expect(Object.keys(operationOf('POST', '/api/sso/backchannel-logout').requestBody!.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    const webhook = operationOf('POST', '/api/webhooks/:marketplace');
    expect(webhook.requestBody!.content).toEqual({ 'application/json': { schema: {} } });
    expect(webhook.parameters!.map((p) => `${p.in} ${p.name}`)).toEqual(['path marketplace', 'header X-Shopify-Hmac-Sha256']);
  });

  it('describes the fields a check of its own parses (Italian messages) with what a client sends', () => {
    const preset = operationOf('POST', '/api/package-presets').requestBody!.content['application/json']!.schema as { properties: Record<string, unknown> };
    expect(preset.properties.lengthMm).toEqual({ type: 'integer', minimum: 1, maximum: 10_000 });
    expect(preset.properties.name).toMatchObject({ type: 'string', minLength: 1 });
    expect(operationOf('POST', '/api/shipments/bulk-create').requestBody!.content['application/json']!.schema).toMatchObject({
      properties: { orderIds: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 }, confirmUnpaid: { type: 'boolean' } },
    });
    // A body checked as a whole before it becomes an object: the object is what is documented.
    expect(operationOf('PUT', '/api/products/:id').requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { weightGrams: { type: ['integer', 'null'] }, shipsInOwnBox: { type: 'boolean' } },
    });
  });

  it('marks a body required only when the route refuses an empty one', () => {
    expect(operationOf('POST', '/api/login').requestBody!.required).toBe(true);
    expect(operationOf('POST', '/api/login').requestBody!.content['application/json']!.schema).toMatchObject({ type: 'object', properties: { email: expect.any(Object) } });
  });
});

describe('links: what a client calls next with an answer', () => {
  type Link = { operationRef: string; parameters: Record<string, string>; description?: string };
  const linksOf = (op: Operation): Record<string, Link> => Object.values(op.responses).reduce<Record<string, Link>>((all, r) => ({ ...all, ...((r as { links?: Record<string, Link> }).links ?? {}) }), {});
  /** `#/paths/~1api~1x~1%7Bid%7D/get` → the operation it points at, as Schemathesis resolves it (percent-decoded, then the pointer). */
  const target = (ref: string): { key: string; op: Operation | undefined } => {
    const [, pointer] = ref.split('#/paths/');
    const at = pointer!.lastIndexOf('/');
    const path = decodeURIComponent(pointer!.slice(0, at)).replace(/~1/g, '/').replace(/~0/g, '~');
    const method = pointer!.slice(at + 1);
    return { key: `${method.toUpperCase()} ${path}`, op: paths[path]?.[method] };
  };

  it('renders a route response\'s links as OpenAPI links by operationRef', () => {
    const routes = [
      stub({ method: 'POST', path: '/api/things', response: { status: 201, links: { read: { method: 'GET', path: '/api/things/:id', parameters: { id: '$response.body#/id' }, description: 'The new thing' } } } }),
      stub({ path: '/api/things/:id' }),
    ];
    const doc = openApiDocument(routes, API_INFO);
    const created = (doc.paths as Record<string, Record<string, Operation>>)['/api/things']!.post!.responses['201'] as unknown as { links: Record<string, Link> };
    expect(created.links).toEqual({ read: { operationRef: '#/paths/~1api~1things~1%7Bid%7D/get', parameters: { id: '$response.body#/id' }, description: 'The new thing' } });
    // A route without links says none.
    expect((doc.paths as Record<string, Record<string, Operation>>)['/api/things/{id}']!.get!.responses['200']).not.toHaveProperty('links');
  });

  it('links every create to its read, update and delete, each link to a route of the table with its path parameters', () => {
    const linked = operations.filter(({ op }) => Object.keys(linksOf(op)).length > 0);
    const targets = Object.fromEntries(linked.map(({ key, op }) => [key, Object.values(linksOf(op)).map((l) => target(l.operationRef).key).sort()]));
    expect(targets).toMatchObject({
      'POST /api/merchant-addresses': ['DELETE /api/merchant-addresses/{id}', 'PATCH /api/merchant-addresses/{id}'],
      'POST /api/shipping-rules': ['DELETE /api/shipping-rules/{id}', 'PUT /api/shipping-rules/{id}'],
      'POST /api/package-presets': ['DELETE /api/package-presets/{id}', 'PUT /api/package-presets/{id}'],
      'GET /api/products': ['PUT /api/products/{id}'],
      'POST /api/orders': ['GET /api/orders/{id}', 'PATCH /api/orders/{id}/carrier'],
      'POST /api/orders/imports': ['GET /api/orders/imports/{id}'],
    });
    expect(targets['POST /api/merchants/{merchantId}/carrier-integrations']).toEqual(
      expect.arrayContaining(['GET', 'PUT', 'DELETE'].map((m) => `${m} /api/merchants/{merchantId}/carrier-integrations/{id}`)),
    );
    for (const { key, op } of linked) {
      for (const [name, link] of Object.entries(linksOf(op))) {
        const { key: targetKey, op: targetOp } = target(link.operationRef);
        // Every link names an operation of the document, and gives each of its path parameters a value.
        expect({ link: `${key} → ${name}`, target: targetOp ? targetKey : 'missing' }).toEqual({ link: `${key} → ${name}`, target: targetKey });
        const pathParams = (targetOp!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
        expect({ link: `${key} → ${name}`, parameters: Object.keys(link.parameters).sort() }).toEqual({ link: `${key} → ${name}`, parameters: pathParams });
        for (const expression of Object.values(link.parameters)) expect(expression).toMatch(/^\$(response\.body#\/|request\.path\.)/);
      }
    }
  });
});

describe('schemas JSON Schema cannot say', () => {
  it('documents the object around a transform, a refinement and a custom check instead of crashing', () => {
    const body = z
      .object({
        name: z.string().min(1).transform((s) => s.trim()),
        when: z.custom<Date>((v) => v instanceof Date),
        amount: z.string().refine((s) => /^\d+,\d{2}$/.test(s)),
      })
      .refine((b) => b.name !== 'x');
    const doc = openApiDocument([stub({ method: 'POST', body, response: { schema: z.object({ at: z.date(), n: z.string().transform(Number) }) } })], API_INFO);
    const op = (doc.paths as Record<string, Record<string, Operation>>)['/api/x']!.post!;
    expect(op.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, when: {}, amount: { type: 'string' } },
      required: ['name', 'when', 'amount'],
    });
    // The answer's output side: a date and a transform's result are "any" rather than a crash.
    expect(op.responses['200']!.content!['application/json']!.schema).toMatchObject({ type: 'object', properties: { at: {}, n: {} } });
  });
});
