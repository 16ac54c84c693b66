import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Operation } from 'openapi-backend';
import type { z } from 'zod';
import { jsonSchemaOf } from '../../src/openapi/document';

/** One answer as a suite received it. */
export interface ReceivedAnswer {
  method: string;
  /** The request's path, with its query string. */
  path: string;
  status: number;
  /** The `content-type` header, or null without a body. */
  contentType: string | null;
  /** The parsed JSON body (or the text when it is not JSON). */
  body: unknown;
}

/** The validator the document's schemas are read with: JSON Schema 2020-12 (OpenAPI 3.1's), every error, the formats. */
function documentAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

const presenterAjv = documentAjv();

/**
 * What a value breaks of a zod schema as the API document writes it (output side, closed objects),
 * read through JSON as the browser receives it: for unit suites that check a presenter's answer,
 * every optional part filled, without a gateway. Empty when it fits.
 *
 * @example expect(schemaProblemsOf(orderResponse, orderJson(order))).toEqual([]);
 */
export function schemaProblemsOf(schema: z.ZodType, value: unknown): string[] {
  const validate = presenterAjv.compile(jsonSchemaOf(schema, 'output'));
  return validate(JSON.parse(JSON.stringify(value))) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/** The API document of each gateway a suite talks to, loaded once (by base URL). */
const documents = new Map<string, Promise<OpenAPIBackend>>();

/**
 * Checks an answer against the API document the gateway itself serves (`GET /api/openapi.json`),
 * with openapi-backend's operation matching and response validation (Ajv, JSON Schema 2020-12):
 * the path and method are a documented operation, the status is one it lists (`default` covers
 * only the 5xx), the content type is one of that status's, and a JSON body fits its schema. Every
 * gateway suite's {@link Browser} calls it on every answer, so the document cannot drift from what
 * the API does. Returns the problems, empty when the answer conforms.
 */
export async function conformanceProblems(baseUrl: string, answer: ReceivedAnswer): Promise<string[]> {
  const url = new URL(answer.path, 'http://gateway');
  // The shell's static files and the remotes are not the API.
  if (!/^\/(api|t|u)\//.test(url.pathname)) return [];
  const api = await documentOf(baseUrl);
  const operation = api.router.matchOperation({ method: answer.method, path: url.pathname, headers: {}, query: url.search.slice(1) });
  if (!operation) {
    // An unknown route: the gateway's 404 (or 405) envelope, nothing to match it against.
    return answer.status === 404 || answer.status === 405 ? [] : [`${answer.method} ${url.pathname} is not in the API document`];
  }
  const where = `${answer.method} ${url.pathname} → ${answer.status} (${operation.operationId})`;
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
  const documented = responses[String(answer.status)] ?? (answer.status >= 500 ? responses.default : undefined);
  if (!documented) return [`${where}: the document lists ${Object.keys(responses).join(', ')} only`];
  const problems: string[] = [];
  const types = Object.keys(documented.content ?? {}).map(mediaType);
  if (types.length === 0) {
    if (answer.body !== undefined && answer.body !== '') problems.push(`${where}: the document says no body, one came (${answer.contentType})`);
    return problems;
  }
  const received = answer.contentType ? mediaType(answer.contentType) : null;
  if (!received || !types.includes(received)) problems.push(`${where}: content type ${received} is not one of ${types.join(', ')}`);
  if (received === 'application/json') {
    const result = api.validateResponse(answer.body, operation as Operation, answer.status);
    for (const e of result.errors ?? []) problems.push(`${where}: body${e.instancePath || ''} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
  return problems;
}

function documentOf(baseUrl: string): Promise<OpenAPIBackend> {
  let api = documents.get(baseUrl);
  if (!api) {
    api = (async () => {
      const res = await fetch(`${baseUrl}/api/openapi.json`);
      if (res.status !== 200) throw new Error(`GET /api/openapi.json → ${res.status}`);
      const backend = new OpenAPIBackend({
        definition: (await res.json()) as never,
        quick: true, // the document's own validity is api-docs.test.ts's job; compile validators when used
        // The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12: Ajv's 2020 build.
        customizeAjv: () => documentAjv() as never,
      });
      await backend.init();
      return backend;
    })();
    api.catch(() => documents.delete(baseUrl));
    documents.set(baseUrl, api);
  }
  return api;
}

/** `application/json; charset=utf-8` → `application/json`. */
const mediaType = (type: string): string => type.split(';')[0]!.trim().toLowerCase();

/**
 * `fetch` for what a {@link Browser} does not read (a PDF, a CSV, a request with headers of its
 * own): the same check on the answer, which is returned unread.
 *
 * @example
 * const pdf = await conformingFetch(app.baseUrl, `/api/shipments/${id}/label`, { headers: { cookie } });
 */
export async function conformingFetch(baseUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${baseUrl}${path}`, init);
  const contentType = res.headers.get('content-type');
  const bytes = Buffer.from(await res.clone().arrayBuffer());
  let body: unknown = bytes.length ? '(bytes)' : undefined;
  if (contentType && mediaType(contentType) === 'application/json') {
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      body = bytes.toString('utf8');
    }
  }
  await assertConforms(baseUrl, { method: init.method ?? 'GET', path, status: res.status, contentType, body });
  return res;
}

/** Throws when the answer does not match the document, naming the route, the status and what differs. */
export async function assertConforms(baseUrl: string, answer: ReceivedAnswer): Promise<void> {
  const problems = await conformanceProblems(baseUrl, answer);
  if (problems.length) throw new Error(`the answer does not match the API document:\n${problems.join('\n')}`);
}
