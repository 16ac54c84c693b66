import os from 'node:os';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { context, propagation, trace, SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { DomainError } from './domain-error';
import { createLogger } from './logger';
import {
  basicAuth,
  createProviderHttp,
  NotSupportedError,
  parseRetryAfter,
  ProviderHttpError,
  ProviderRefusedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
  type ProviderHttp,
  type ProviderHttpOptions,
} from './provider-http';
import { startTracing } from './tracing';

/** What the local provider saw of each request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

type Handler = (seen: Seen, res: ServerResponse, index: number) => void;

let server: http.Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];
let inFlight = 0;
let maxInFlight = 0;
let logLines: string[];
const clients: ProviderHttp[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString(), at: Date.now() };
      seen.push(entry);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => inFlight--);
      handler(entry, res, seen.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  logLines = [];
  inFlight = 0;
  maxInFlight = 0;
  handler = (_s, res) => reply(res, 200, 'ok');
});

afterEach(async () => {
  server.closeAllConnections();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function reply(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  res.end(body);
}

/** A client whose pino output (debug and up) lands in `logLines`. */
function client(overrides: Partial<ProviderHttpOptions> = {}): ProviderHttp {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const c = createProviderHttp({
    provider: 'GLS Italia',
    baseUrl,
    logger: createLogger('provider-http-test', 'debug', sink),
    retries: { baseDelayMs: 10, maxDelayMs: 40 },
    ...overrides,
  });
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<ProviderHttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ProviderHttpError) return err;
    throw err;
  }
  throw new Error('expected the request to fail');
}

const logs = () => logLines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('provider-http requests', () => {
  it('sends JSON, XML and form bodies and reads text, JSON and bytes', async () => {
    handler = (s, res) => reply(res, 200, JSON.stringify({ echo: s.body, type: s.headers['content-type'], url: s.url }), { 'content-type': 'application/json' });
    const api = client({ baseUrl: `${baseUrl}/gp/internet/` });

    const json = await api.request({ method: 'POST', path: '/user/sessions', json: { a: 1 }, query: { x: 'y z', n: [1, 2] } });
    expect(json.status).toBe(200);
    expect(json.json()).toEqual({ echo: '{"a":1}', type: 'application/json', url: '/gp/internet/user/sessions?x=y+z&n=1&n=2' });
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.attempts).toBe(1);

    const xml = await api.request({ method: 'POST', path: 'soap', xml: '<Info/>' });
    expect(xml.json()).toMatchObject({ echo: '<Info/>', type: 'text/xml; charset=utf-8' });
    const form = await api.request({ method: 'POST', path: 'form', form: { XMLInfoParcel: '<Info>&</Info>' } });
    expect(form.json()).toMatchObject({ echo: 'XMLInfoParcel=%3CInfo%3E%26%3C%2FInfo%3E', type: 'application/x-www-form-urlencoded' });
    expect(form.body).toBeInstanceOf(Buffer);
    expect(form.text()).toContain('XMLInfoParcel');

    handler = (_s, res) => reply(res, 200, 'not json');
    const broken = await api.request({ path: 'x' });
    expect(() => broken.json()).toThrow(/GLS Italia: the answer \(HTTP 200, 8 bytes\) is not valid JSON/);
    expect(() => broken.json()).not.toThrow(/not json"/);
    await expect(api.request({ path: 'x', json: {}, text: 'y' })).rejects.toThrow(/one request body/);
  });

  it('logs one debug line per successful attempt with provider, method, redacted URL, status, duration and attempt', async () => {
    await client().request({ path: '/ok', query: { page: 2 } });
    expect(logs()).toEqual([
      expect.objectContaining({
        level: 'debug',
        provider: 'GLS Italia',
        method: 'GET',
        url: `${baseUrl}/ok?page=2`,
        status: 200,
        attempt: 1,
        durationMs: expect.any(Number),
      }),
    ]);
  });
});

describe('provider-http timeouts', () => {
  it('gives up waiting for the headers with a typed timeout error', async () => {
    handler = () => undefined; // never answers (undici checks this limit on a clock of about 1 s)
    const started = Date.now();
    const err = await failure(client({ timeouts: { headersMs: 150 }, retries: { maxRetries: 0 } }).request({ path: '/hang' }));
    expect(err).toBeInstanceOf(ProviderTimeoutError);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ phase: 'headers', timeoutMs: 150, code: 'PROVIDER_UNAVAILABLE', attempts: 1, detail: 'headers timeout after 150 ms' });
    expect(err.message).toBe('GLS Italia non risponde in questo momento. Riprova più tardi.');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logs().at(-1)).toMatchObject({ level: 'warn', error: 'UND_ERR_HEADERS_TIMEOUT', attempt: 1 });
  });

  it('bounds the whole request, body included', async () => {
    handler = (_s, res) => {
      res.writeHead(200);
      const drip = setInterval(() => (res.writableEnded ? clearInterval(drip) : res.write('.')), 30);
      res.on('close', () => clearInterval(drip));
    };
    const err = await failure(client({ timeouts: { headersMs: 1_000, requestMs: 200 }, retries: { maxRetries: 0 } }).request({ path: '/drip' }));
    expect(err).toMatchObject({ phase: 'request', timeoutMs: 200 });
  });

  it('retries a GET that timed out', async () => {
    handler = (_s, res, index) => (index === 0 ? undefined : reply(res, 200, 'late but fine'));
    // The second attempt answers at once, but on a busy machine "at once" can pass 150 ms: the
    // timeout is long enough for it on this machine now, and the first attempt never answers.
    const busy = Math.min(10, Math.max(1, os.loadavg()[0]! / os.availableParallelism()));
    const res = await client({ timeouts: { requestMs: Math.round(300 * busy) } }).request({ path: '/slow-once' });
    expect(res.text()).toBe('late but fine');
    expect(res.attempts).toBe(2);
  });
});

describe('provider-http retries', () => {
  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    handler = (_s, res, index) => (index === 0 ? reply(res, 429, 'slow down', { 'retry-after': '1' }) : reply(res, 200, 'ok'));
    const res = await client().request({ path: '/orders' });
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(2);
    expect(seen).toHaveLength(2);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
    expect(logs()).toEqual([
      expect.objectContaining({ level: 'warn', status: 429, attempt: 1, retryInMs: 1000 }),
      expect.objectContaining({ level: 'debug', status: 200, attempt: 2 }),
    ]);
  });

  it('retries a 503 with backoff and returns the answer that follows', async () => {
    handler = (_s, res, index) => (index === 0 ? reply(res, 503, 'busy') : reply(res, 200, 'ok'));
    const res = await client().request({ path: '/label' });
    expect(res.text()).toBe('ok');
    expect(seen.map((s) => s.url)).toEqual(['/label', '/label']);
  });

  it('gives up after the retries with the last status', async () => {
    handler = (_s, res) => reply(res, 502, 'bad gateway');
    const err = await failure(client().request({ path: '/down' }));
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err).toMatchObject({ status: 502, attempts: 3, bodyExcerpt: 'bad gateway' });
    expect(seen).toHaveLength(3);
  });

  it('does not retry a 400, and refuses it with its status and body excerpt', async () => {
    handler = (_s, res) => reply(res, 400, '{"errors":[{"errorId":30800,"message":"Invalid filter value"}]}');
    const err = await failure(client().request({ path: '/order', query: { filter: 'bad' } }));
    expect(err).toBeInstanceOf(ProviderRefusedError);
    expect(err).toMatchObject({ code: 'PROVIDER_REFUSED', status: 400, attempts: 1, method: 'GET' });
    expect(err.message).toBe('GLS Italia ha rifiutato la richiesta (HTTP 400)');
    expect(err.bodyExcerpt).toContain('Invalid filter value');
    expect(seen).toHaveLength(1);
  });

  it('returns a status the caller accepts instead of throwing', async () => {
    handler = (_s, res) => reply(res, 404, 'nope');
    const res = await client().request({ path: '/missing', accept: (s) => s === 404 });
    expect(res.status).toBe(404);
  });

  it('does not retry a POST unless the caller marks it safe', async () => {
    handler = (_s, res) => reply(res, 503, 'busy');
    const unsafe = await failure(client().request({ method: 'POST', path: '/AddParcel', text: 'x' }));
    expect(unsafe).toMatchObject({ status: 503, attempts: 1 });
    expect(unsafe).toBeInstanceOf(ProviderUnavailableError);
    expect(seen).toHaveLength(1);

    seen = [];
    handler = (_s, res, index) => (index < 2 ? reply(res, 503, 'busy') : reply(res, 201, 'created'));
    const safe = await client().request({ method: 'POST', path: '/waybill', text: 'x', retrySafe: true });
    expect(safe.status).toBe(201);
    expect(safe.attempts).toBe(3);
    expect(seen.map((s) => s.body)).toEqual(['x', 'x', 'x']);
  });

  it('retries even a POST when the connection was refused (nothing was sent)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).request({ method: 'POST', path: '/x', text: 'x' }));
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err).toMatchObject({ attempts: 3 });
    expect(err.detail).toMatch(/ECONNREFUSED/);
  });

  it('does not wait for a Retry-After beyond the cap and reports it on the error', async () => {
    handler = (_s, res) => reply(res, 429, 'quota', { 'retry-after': '3600' });
    const started = Date.now();
    const err = await failure(client().request({ path: '/quota' }));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(err).toMatchObject({ status: 429, attempts: 1, retryAfterMs: 3_600_000 });
    expect(seen).toHaveLength(1);
  });

  it('stops waiting between attempts when the caller cancels', async () => {
    handler = (_s, res) => reply(res, 503, 'busy', { 'retry-after': '5' });
    const controller = new AbortController();
    const pending = client({ retries: { maxRetryAfterMs: 10_000 } }).request({ path: '/busy', signal: controller.signal, operation: 'GetPdf' });
    const failed = expect(pending).rejects.toThrow('shutting down');
    // Cancelled once the first 503 is in and the 5 s wait has begun (its warning is logged then).
    for (const deadline = Date.now() + 10_000; logs().length === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 5));
    expect(logs()[0]).toMatchObject({ level: 'warn', status: 503, operation: 'GetPdf', retryInMs: 5_000 });
    const cancelledAt = Date.now();
    controller.abort(new Error('shutting down'));
    await failed;
    // Well before the 5 s the server asked for: the wait ended with the cancel.
    expect(Date.now() - cancelledAt).toBeLessThan(2_500);
    expect(seen).toHaveLength(1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('provider-http concurrency', () => {
  it('keeps at most maxConcurrentPerHost requests in flight at the provider', async () => {
    handler = (_s, res) => setTimeout(() => reply(res, 200, 'ok'), 60);
    const api = client({ maxConcurrentPerHost: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => api.request({ path: `/label/${i}` })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(seen).toHaveLength(6);
    expect(maxInFlight).toBe(2);
  });
});

describe('provider-http redaction', () => {
  const glsPassword = 'Gls&Pwd<42';
  const bearer = 'v^1.1#i^1#p^3#r^1#bearer-TOKEN-9f8e7d';
  const urlPassword = 'UrlPa55:word!';
  const queryToken = 'qTok-1234567890';
  const clientSecret = 'PosteSecret-abcdef';
  const refreshToken = 'RefreshTok-zyxwvu';

  /** Every form a credential could leak in. */
  const forbidden = [
    glsPassword,
    encodeURIComponent(glsPassword),
    'Gls&amp;Pwd&lt;42',
    bearer,
    encodeURIComponent(bearer),
    urlPassword,
    encodeURIComponent(urlPassword),
    Buffer.from(`apiuser:${urlPassword}`).toString('base64'),
    queryToken,
    clientSecret,
    refreshToken,
  ];

  function expectClean(err: ProviderHttpError): void {
    const surfaces = [err.message, err.stack ?? '', JSON.stringify(err), inspect(err, { depth: 5 }), ...logLines];
    for (const text of surfaces) for (const secret of forbidden) expect(text).not.toContain(secret);
  }

  /** A provider that echoes everything it received, as some do in their error pages. */
  const echo: Handler = (s, res) => reply(res, 400, `${s.method} ${s.url}\n${JSON.stringify(s.headers)}\n${s.body}`);

  it('keeps header, URL, query and listed body credentials out of logs and errors', async () => {
    handler = (s, res, index) => (index === 0 ? reply(res, 503, `retry later ${s.body}`) : echo(s, res, index));
    const gls = client({ secrets: () => [glsPassword] });
    const err = await failure(
      gls.request({
        method: 'POST',
        path: '/ilswebservice.asmx/AddParcel',
        query: { access_token: queryToken, sede: 'YF' },
        headers: { Authorization: `Bearer ${bearer}` },
        form: { XMLInfoParcel: `<Info><SedeGls>YF</SedeGls><PasswordClienteGls>${glsPassword}</PasswordClienteGls></Info>` },
        retrySafe: true,
      }),
    );
    // The provider did get the credentials, and echoed them back.
    expect(seen[1].headers.authorization).toBe(`Bearer ${bearer}`);
    expect(seen[1].url).toContain(queryToken);
    expect(seen[1].body).toContain(encodeURIComponent(glsPassword));
    expect(err).toBeInstanceOf(ProviderRefusedError);
    expect(err.bodyExcerpt).toContain('[redacted]');
    expect(err.bodyExcerpt).toContain('SedeGls');
    expect(err.url).toBe(`${baseUrl}/ilswebservice.asmx/AddParcel?access_token=%5Bredacted%5D&sede=YF`);
    expect(logLines).toHaveLength(2);
    expectClean(err);
  });

  it('turns user:password in the URL into a Basic header and shows neither', async () => {
    handler = echo;
    const api = client({ baseUrl: baseUrl.replace('http://', `http://apiuser:${encodeURIComponent(urlPassword)}@`) });
    const err = await failure(api.request({ path: '/identity/v1/oauth2/token' }));
    expect(seen[0].headers.authorization).toBe(basicAuth('apiuser', urlPassword));
    expect(err.url).toBe(`${baseUrl}/identity/v1/oauth2/token`);
    expectClean(err);
  });

  it('finds credentials in JSON and form bodies by their field names', async () => {
    handler = echo;
    const poste = client({ provider: 'Poste Delivery Business' });
    const jsonErr = await failure(
      poste.request({ method: 'POST', path: '/user/sessions', json: { clientId: 'client-1', secretId: clientSecret, grantType: 'client_credentials' } }),
    );
    expect(seen[0].body).toContain(clientSecret);
    expect(jsonErr.bodyExcerpt).toContain('client-1');
    expectClean(jsonErr);

    const formErr = await failure(
      poste.request({ method: 'POST', path: '/token', form: { grant_type: 'refresh_token', refresh_token: refreshToken } }),
    );
    expect(seen[1].body).toContain(refreshToken);
    expect(formErr.bodyExcerpt).toContain('grant_type=refresh_token');
    expectClean(formErr);
  });

  it('redacts text on demand for an adapter’s own messages', () => {
    const gls = client({ secrets: () => [glsPassword] });
    expect(gls.redact(`login failed for password ${glsPassword}`)).toBe('login failed for password [redacted]');
    expect(gls.redact('{"access_token":"abc","expires_in":7200}')).toBe('{"access_token":"[redacted]","expires_in":7200}');
  });
});

describe('provider-http tracing', () => {
  it('records a client span per attempt and sends no trace headers to the provider', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = startTracing({ service: 'provider-http-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    try {
      handler = (_s, res, index) => (index === 0 ? reply(res, 503, 'busy') : reply(res, 200, 'ok'));
      await trace.getTracer('test').startActiveSpan('parent', async (parent) => {
        await client().request({ path: '/track', query: { token: 'trace-test-token' } });
        parent.end();
      });
      expect(seen.map((s) => s.headers.traceparent ?? s.headers.tracestate ?? null)).toEqual([null, null]);
      const spans = exporter.getFinishedSpans().filter((s) => s.name === 'GET');
      expect(spans).toHaveLength(2);
      expect(spans[0].kind).toBe(SpanKind.CLIENT);
      expect(spans.map((s) => s.attributes['http.response.status_code'])).toEqual([503, 200]);
      expect(spans[1].attributes['http.request.resend_count']).toBe(1);
      expect(spans[0].attributes['url.full']).toBe(`${baseUrl}/track?token=%5Bredacted%5D`);
      expect(spans[0].attributes['smista.provider']).toBe('GLS Italia');
    } finally {
      await tracing.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    }
  });
});

describe('NotSupportedError', () => {
  it('is a DomainError with the NOT_SUPPORTED code and the Italian message', () => {
    const err = new NotSupportedError('chiusura giornata', 'Poste Italiane');
    expect(err).toBeInstanceOf(DomainError);
    expect(err.code).toBe('NOT_SUPPORTED');
    expect(err.message).toBe('Operazione non supportata da Poste Italiane: chiusura giornata');
    expect(err).toMatchObject({ operation: 'chiusura giornata', provider: 'Poste Italiane', name: 'NotSupportedError' });
  });
});
