import { setTimeout as sleep } from 'node:timers/promises';
import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { messages } from '@smista/contracts';
import { Agent, request as undiciRequest } from 'undici';
import { DomainError } from './domain-error';
import { KitErrorCode } from './errors';
import type { Logger } from './logger';

/*
 * The HTTP client that carrier and marketplace adapters stand on (each adapter's `client.ts`):
 * timeouts, retries with backoff that honour Retry-After, a per-host concurrency cap and redaction of
 * every credential from logs, spans and errors. Adapters add the provider's wire format on top.
 */

/**
 * Thrown by an adapter for an operation its provider does not offer (GLS has no tracking pools,
 * a letter product has no API). Its message is the Italian text the user sees.
 *
 * @example
 * async cancelShipment() { throw new NotSupportedError('annullamento spedizione', 'Poste Italiane'); }
 */
export class NotSupportedError extends DomainError {
  constructor(
    readonly operation: string,
    readonly provider: string,
  ) {
    super(KitErrorCode.NotSupported, messages.errors.notSupported(operation, provider));
    this.name = 'NotSupportedError';
  }
}

/** What every transport error carries for diagnostics; every field is already redacted. */
export interface ProviderFailure {
  provider: string;
  /** The adapter's name for the call (e.g. 'AddParcel'), when it gave one. */
  operation?: string;
  method: string;
  /** The URL without user info and with credential-like query values replaced by `[redacted]`. */
  url: string;
  attempts: number;
  /** The last HTTP status, when an answer arrived. */
  status?: number;
  /** The first 500 characters of the answer's body, redacted. */
  bodyExcerpt?: string;
  /** What happened, in English, for operators (e.g. `headers timeout after 10000 ms`). */
  detail: string;
  /** The wait the last answer asked for (Retry-After): a job can come back then. */
  retryAfterMs?: number;
}

/** Base of the transport errors: a DomainError whose Italian message names only the provider. */
export abstract class ProviderHttpError extends DomainError implements ProviderFailure {
  readonly provider: string;
  readonly operation?: string;
  readonly method: string;
  readonly url: string;
  readonly attempts: number;
  readonly status?: number;
  readonly bodyExcerpt?: string;
  readonly detail: string;
  readonly retryAfterMs?: number;

  protected constructor(code: string, message: string, failure: ProviderFailure) {
    super(code, message);
    this.provider = failure.provider;
    this.method = failure.method;
    this.url = failure.url;
    this.attempts = failure.attempts;
    this.detail = failure.detail;
    if (failure.operation !== undefined) this.operation = failure.operation;
    if (failure.status !== undefined) this.status = failure.status;
    if (failure.bodyExcerpt !== undefined) this.bodyExcerpt = failure.bodyExcerpt;
    if (failure.retryAfterMs !== undefined) this.retryAfterMs = failure.retryAfterMs;
  }
}

/** The provider could not be reached, or kept answering 429/5xx after the retries. */
export class ProviderUnavailableError extends ProviderHttpError {
  constructor(failure: ProviderFailure) {
    super(KitErrorCode.ProviderUnavailable, messages.errors.providerUnavailable(failure.provider), failure);
    this.name = 'ProviderUnavailableError';
  }
}

/** Which limit ran out: connecting, waiting for the headers, a pause in the body, or the whole request. */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'request';

/** A timeout (a kind of unavailability, so `instanceof ProviderUnavailableError` holds too). */
export class ProviderTimeoutError extends ProviderUnavailableError {
  constructor(
    readonly phase: TimeoutPhase,
    readonly timeoutMs: number,
    failure: ProviderFailure,
  ) {
    super(failure);
    this.name = 'ProviderTimeoutError';
  }
}

/** The provider answered with a status the request does not accept (by default anything but 2xx, 429 and 5xx). */
export class ProviderRefusedError extends ProviderHttpError {
  declare readonly status: number;
  constructor(failure: ProviderFailure & { status: number }) {
    super(KitErrorCode.ProviderRefused, messages.errors.providerRefused(failure.provider, failure.status), failure);
    this.name = 'ProviderRefusedError';
  }
}

export interface ProviderTimeouts {
  /** TCP (and TLS) connection. Default 10 s. */
  connectMs: number;
  /**
   * From sending the request to the response headers, and the longest pause inside the body.
   * Default 20 s. undici checks it on a clock of about one second; `requestMs` is exact.
   */
  headersMs: number;
  /** One attempt from start to the last body byte, including the wait behind the host cap. Default 30 s. */
  requestMs: number;
}

export interface ProviderRetries {
  /** Retries after the first attempt. Default 2 (three attempts at most). */
  maxRetries: number;
  /** Backoff before retry n is about baseDelayMs × 2^(n-1), between half and all of it (jitter). Default 250. */
  baseDelayMs: number;
  /** Ceiling of the computed backoff. Default 5 s. */
  maxDelayMs: number;
  /**
   * The longest Retry-After the client waits for. A provider asking for more (a daily quota spent)
   * ends the request at once with `retryAfterMs` on the error, so a job can come back later. Default 30 s.
   */
  maxRetryAfterMs: number;
}

export interface ProviderHttpOptions {
  /** The provider's display name: in logs, spans and the Italian error messages (e.g. 'GLS Italia'). */
  provider: string;
  /** Paths are joined to it (its own path is kept): `https://apiw.gp.posteitaliane.it/gp/internet`. */
  baseUrl: string;
  logger: Logger;
  timeouts?: Partial<ProviderTimeouts>;
  retries?: Partial<ProviderRetries>;
  /** Requests in flight per origin (host and port); the rest wait in line. Default 4. */
  maxConcurrentPerHost?: number;
  /** Sent with every request (e.g. `{ POSTE_clientID: settings.clientId }`). */
  headers?: Record<string, string>;
  /**
   * The credential values of this provider account, asked before each request, so a refreshed
   * token is covered too. They are replaced by `[redacted]` wherever they would surface. Header
   * credentials, URL passwords and fields named like password/token/secret/key are found without it.
   *
   * @example secrets: () => [settings.password]
   */
  secrets?: () => Iterable<string | null | undefined>;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface ProviderRequest {
  method?: 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Joined to `baseUrl`; an absolute URL (another host of the same provider) is used as it is. */
  path: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Sent as `application/json`. Give at most one of json, xml, form, text, bytes. */
  json?: unknown;
  /** Sent as `text/xml; charset=utf-8` (set `content-type` in headers for SOAP 1.2). */
  xml?: string;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: Record<string, string> | URLSearchParams;
  /** Sent as `text/plain; charset=utf-8` unless headers say otherwise. */
  text?: string;
  /** Raw bytes; set `content-type` in headers. */
  bytes?: Uint8Array;
  /**
   * GET, HEAD, OPTIONS, PUT and DELETE are retried; POST and PATCH only when this is true, because
   * the provider would not act twice (an idempotency key, a reference the provider de-duplicates).
   * A request that never reached the provider (connection refused or timed out) is retried anyway.
   */
  retrySafe?: boolean;
  /** Statuses returned instead of thrown (after the retries). Default: 2xx. */
  accept?: (status: number) => boolean;
  /** Further values to redact for this request only (e.g. a password inside this XML body). */
  secrets?: readonly (string | null | undefined)[];
  /** Names the operation in logs and spans (e.g. 'AddParcel'). */
  operation?: string;
  timeouts?: Partial<Pick<ProviderTimeouts, 'headersMs' | 'requestMs'>>;
  /** Cancels the request and the waits between attempts; the signal's reason is thrown. */
  signal?: AbortSignal;
}

export interface ProviderResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The attempt that produced this answer (1 when there was no retry). */
  attempts: number;
  /** The body as UTF-8. */
  text(): string;
  /** The body parsed as JSON; a SyntaxError that does not quote the body when it is not JSON. */
  json<T = unknown>(): T;
}

export interface ProviderHttp {
  /**
   * Sends a request with the client's timeouts, retries and redaction. Resolves with an accepted
   * answer; throws {@link ProviderUnavailableError} (or {@link ProviderTimeoutError}) or
   * {@link ProviderRefusedError} otherwise.
   */
  request(request: ProviderRequest): Promise<ProviderResponse>;
  /** Replaces every credential known for `request` in `text` (for an adapter's own logs and errors). */
  redact(text: string, request?: ProviderRequest): string;
  /** Closes the pooled connections (shutdown step). */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUTS: ProviderTimeouts = { connectMs: 10_000, headersMs: 20_000, requestMs: 30_000 };
const DEFAULT_RETRIES: ProviderRetries = { maxRetries: 2, baseDelayMs: 250, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Failures before anything was sent: retrying cannot make the provider act twice. */
const NOT_SENT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const EXCERPT_CHARS = 500;

const tracer = trace.getTracer('smista-provider-http');

/**
 * Builds the HTTP client of one provider account. Create it once per adapter instance and close it
 * at shutdown. Trace headers are never sent to providers.
 *
 * @example
 * const gls = createProviderHttp({
 *   provider: 'GLS Italia',
 *   baseUrl: config.GLS_BASE_URL,
 *   logger,
 *   timeouts: { requestMs: 120_000 },
 *   secrets: () => [settings.password],
 * });
 * const res = await gls.request({
 *   method: 'POST',
 *   path: '/ilswebservice.asmx/AddParcel',
 *   form: { XMLInfoParcel: buildAddParcel(settings, parcel) },
 *   retrySafe: false,
 *   operation: 'AddParcel',
 * });
 * return parseAddParcel(res.text());
 */
export function createProviderHttp(options: ProviderHttpOptions): ProviderHttp {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const retries = { ...DEFAULT_RETRIES, ...options.retries };
  const { provider, logger } = options;
  const baseUrl = new URL(options.baseUrl);
  // One pool per origin, at most `connections` sockets each, one request per socket at a time.
  const agent = new Agent({
    connections: options.maxConcurrentPerHost ?? 4,
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.headersMs,
  });

  /** Every credential of a request: listed ones, header values, URL password, sensitive body fields. */
  const redactorFor = (req: ProviderRequest | undefined, url: URL | undefined, headers: Record<string, string>): Redactor => {
    const redactor = new Redactor();
    for (const value of options.secrets?.() ?? []) redactor.add(value);
    for (const value of req?.secrets ?? []) redactor.add(value);
    for (const [name, value] of Object.entries(headers)) redactor.addHeader(name, value);
    if (url) redactor.addUrl(url);
    if (req?.form) for (const [name, value] of new URLSearchParams(req.form)) if (SENSITIVE_NAME.test(name)) redactor.add(value);
    if (req?.json !== undefined) redactor.addJson(req.json);
    if (req?.xml) redactor.addXml(req.xml);
    return redactor;
  };

  async function request(req: ProviderRequest): Promise<ProviderResponse> {
    const method = req.method ?? 'GET';
    const url = buildUrl(baseUrl, req.path, req.query);
    const { headers, body } = encode(options.headers, req, url);
    const redactor = redactorFor(req, url, headers);
    const shownUrl = redactor.url(url);
    stripUserInfo(url);
    const mayRetry = IDEMPOTENT.has(method) || req.retrySafe === true;
    const accept = req.accept ?? isSuccess;
    const headersMs = req.timeouts?.headersMs ?? timeouts.headersMs;
    const requestMs = req.timeouts?.requestMs ?? timeouts.requestMs;
    const maxAttempts = retries.maxRetries + 1;
    const base = { provider, method, url: shownUrl, ...(req.operation ? { operation: req.operation } : {}) };

    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const outcome = await tracer.startActiveSpan(
        method,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'http.request.method': method,
            'url.full': shownUrl,
            'server.address': url.hostname,
            'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
            'smista.provider': provider,
            ...(req.operation ? { 'smista.provider.operation': req.operation } : {}),
            ...(attempt > 1 ? { 'http.request.resend_count': attempt - 1 } : {}),
          },
        },
        async (span) => {
          try {
            const result = await sendOnce({ agent, url, method, headers, body, connectMs: timeouts.connectMs, headersMs, requestMs, signal: req.signal });
            recordOnSpan(span, result, accept);
            return result;
          } finally {
            span.end();
          }
        },
      );
      const durationMs = Math.round(performance.now() - started);

      if (outcome.kind === 'aborted') throw outcome.reason;
      const retryable =
        outcome.kind === 'answer' ? mayRetry && isRetryableStatus(outcome.status) : mayRetry || NOT_SENT.has(outcome.code);
      const retryAfterMs = outcome.kind === 'answer' ? parseRetryAfter(header(outcome.headers, 'retry-after')) : undefined;
      const waitTooLong = retryAfterMs !== undefined && retryAfterMs > retries.maxRetryAfterMs;
      const retryInMs =
        retryable && attempt < maxAttempts && !waitTooLong ? (retryAfterMs ?? backoff(attempt, retries)) : undefined;

      if (outcome.kind === 'answer' && accept(outcome.status) && retryInMs === undefined) {
        logger.debug({ ...base, status: outcome.status, durationMs, attempt }, 'provider request');
        return toResponse(outcome, attempt, provider);
      }

      const failure = describe(outcome, redactor);
      logger.warn(
        {
          ...base,
          ...(outcome.kind === 'answer' ? { status: outcome.status } : { error: outcome.code }),
          durationMs,
          attempt,
          detail: failure.detail,
          ...(retryInMs !== undefined ? { retryInMs } : {}),
        },
        retryInMs !== undefined ? 'provider request failed, retrying' : 'provider request failed',
      );

      if (retryInMs !== undefined) {
        try {
          await sleep(retryInMs, undefined, { signal: req.signal });
        } catch {
          throw req.signal?.reason;
        }
        continue;
      }
      const common = { ...base, attempts: attempt, ...failure, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
      if (outcome.kind === 'timeout') throw new ProviderTimeoutError(outcome.phase, outcome.timeoutMs, common);
      if (outcome.kind === 'network' || isRetryableStatus(outcome.status)) throw new ProviderUnavailableError(common);
      throw new ProviderRefusedError({ ...common, status: outcome.status });
    }
  }

  return {
    request,
    redact: (text, req) => {
      const url = req ? buildUrl(baseUrl, req.path, req.query) : undefined;
      const headers = req && url ? encode(options.headers, req, url).headers : { ...options.headers };
      return redactorFor(req, url, headers).text(text);
    },
    close: () => agent.close(),
  };
}

/** `Authorization: Basic …` for a user and password (eBay's token endpoint, HTTP basic APIs). */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * Milliseconds a `Retry-After` value asks to wait: delay-seconds or an HTTP-date (a date in the past
 * is 0). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// ---------------------------------------------------------------------------------------------------
// One attempt

type Outcome =
  | { kind: 'answer'; status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }
  | { kind: 'timeout'; code: string; phase: TimeoutPhase; timeoutMs: number }
  | { kind: 'network'; code: string; message: string }
  | { kind: 'aborted'; reason: unknown };

type Answer = Extract<Outcome, { kind: 'answer' }>;

async function sendOnce(a: {
  agent: Agent;
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  connectMs: number;
  headersMs: number;
  requestMs: number;
  signal?: AbortSignal;
}): Promise<Outcome> {
  if (a.signal?.aborted) return { kind: 'aborted', reason: a.signal.reason };
  // Our own timer, so that a timeout is told apart from the caller's cancellation.
  const controller = new AbortController();
  const timedOut = Symbol('request timeout');
  const timer = setTimeout(() => controller.abort(timedOut), a.requestMs);
  const onCallerAbort = () => controller.abort(a.signal?.reason);
  a.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const res = await undiciRequest(a.url, {
      dispatcher: a.agent,
      method: a.method as 'GET',
      headers: a.headers,
      body: a.body,
      signal: controller.signal,
      headersTimeout: a.headersMs,
      bodyTimeout: a.headersMs,
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { kind: 'answer', status: res.statusCode, headers: res.headers, body };
  } catch (err) {
    if (controller.signal.aborted && controller.signal.reason === timedOut) {
      return { kind: 'timeout', code: 'REQUEST_TIMEOUT', phase: 'request', timeoutMs: a.requestMs };
    }
    if (controller.signal.aborted) return { kind: 'aborted', reason: a.signal?.reason };
    const code = errorCode(err);
    const phase = ({ UND_ERR_CONNECT_TIMEOUT: 'connect', UND_ERR_HEADERS_TIMEOUT: 'headers', UND_ERR_BODY_TIMEOUT: 'body' } as Record<string, TimeoutPhase>)[code];
    if (phase) return { kind: 'timeout', code, phase, timeoutMs: phase === 'connect' ? a.connectMs : a.headersMs };
    const message = err instanceof Error ? err.message : String(err);
    if (code === 'UND_ERR_INVALID_ARG') throw new TypeError(`invalid provider request: ${message}`);
    return { kind: 'network', code, message };
  } finally {
    clearTimeout(timer);
    a.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown }; errors?: { code?: unknown }[] } | null;
  const code = e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code;
  return typeof code === 'string' ? code : 'NETWORK_ERROR';
}

function recordOnSpan(span: Span, outcome: Outcome, accept: (status: number) => boolean): void {
  if (outcome.kind === 'answer') {
    span.setAttribute('http.response.status_code', outcome.status);
    if (!accept(outcome.status)) {
      span.setAttribute('error.type', String(outcome.status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  } else if (outcome.kind !== 'aborted') {
    span.setAttribute('error.type', outcome.code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.code });
  }
}

function describe(outcome: Exclude<Outcome, { kind: 'aborted' }>, redactor: Redactor): Pick<ProviderFailure, 'detail' | 'status' | 'bodyExcerpt'> {
  if (outcome.kind === 'answer') {
    const excerpt = redactor.text(outcome.body.subarray(0, 64 * 1024).toString('utf8')).slice(0, EXCERPT_CHARS);
    return { status: outcome.status, detail: `HTTP ${outcome.status}`, ...(excerpt ? { bodyExcerpt: excerpt } : {}) };
  }
  if (outcome.kind === 'timeout') return { detail: `${outcome.phase} timeout after ${outcome.timeoutMs} ms` };
  return { detail: redactor.text(`${outcome.code}: ${outcome.message}`) };
}

function toResponse(answer: Answer, attempts: number, provider: string): ProviderResponse {
  return {
    status: answer.status,
    headers: answer.headers,
    body: answer.body,
    attempts,
    text: () => answer.body.toString('utf8'),
    json: <T>() => {
      try {
        return JSON.parse(answer.body.toString('utf8')) as T;
      } catch {
        // V8's message quotes the text; a token answer must not end up in a log that way.
        throw new SyntaxError(`${provider}: the answer (HTTP ${answer.status}, ${answer.body.length} bytes) is not valid JSON`);
      }
    },
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const isRetryableStatus = (status: number) => status === 429 || (status >= 500 && status !== 501 && status !== 505);

function backoff(attempt: number, retries: ProviderRetries): number {
  const ceiling = Math.min(retries.maxDelayMs, retries.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

function header(headers: Answer['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// ---------------------------------------------------------------------------------------------------
// Building the request

function buildUrl(baseUrl: URL, path: string, query: ProviderRequest['query']): URL {
  const url = /^https?:\/\//i.test(path)
    ? new URL(path)
    : new URL(`${baseUrl.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`, baseUrl.origin);
  if (!/^https?:\/\//i.test(path)) {
    url.username = baseUrl.username;
    url.password = baseUrl.password;
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
}

function encode(
  defaults: Record<string, string> | undefined,
  req: ProviderRequest,
  url: URL,
): { headers: Record<string, string>; body: string | Uint8Array | undefined } {
  const given = (['json', 'xml', 'form', 'text', 'bytes'] as const).filter((k) => req[k] !== undefined);
  if (given.length > 1) throw new TypeError(`give one request body, not ${given.join(' and ')}`);
  let body: string | Uint8Array | undefined;
  let contentType: string | undefined;
  if (req.json !== undefined) [body, contentType] = [JSON.stringify(req.json), 'application/json'];
  else if (req.xml !== undefined) [body, contentType] = [req.xml, 'text/xml; charset=utf-8'];
  else if (req.form !== undefined) [body, contentType] = [new URLSearchParams(req.form).toString(), 'application/x-www-form-urlencoded'];
  else if (req.text !== undefined) [body, contentType] = [req.text, 'text/plain; charset=utf-8'];
  else if (req.bytes !== undefined) body = req.bytes;

  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  for (const [name, value] of Object.entries({ ...defaults, ...req.headers })) headers[name.toLowerCase()] = value;
  // Credentials in the URL travel as a Basic header (the URL is sent without them).
  if (url.username || url.password) headers.authorization ??= basicAuth(safeDecode(url.username), safeDecode(url.password));
  return { headers, body };
}

function stripUserInfo(url: URL): void {
  url.username = '';
  url.password = '';
}

// ---------------------------------------------------------------------------------------------------
// Redaction

/** Names of headers, query parameters and body fields whose values are credentials. */
const SENSITIVE_NAME = /pass|pwd|secret|token|key|auth|sign|session|cookie|credential/i;
const REDACTED = '[redacted]';

/**
 * Collects the credential values of one request and replaces them, in every spelling they may take
 * (as is, URL-encoded, JSON- and XML-escaped), plus anything shaped like a credential: `Bearer …`,
 * `Basic …`, `"token": "…"`, `<Password>…</Password>`, `password=…`.
 */
class Redactor {
  private readonly values = new Set<string>();

  add(value: string | null | undefined): void {
    if (!value) return;
    for (const form of [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2), JSON.stringify(value).slice(1, -1), escapeXml(value)]) {
      if (form) this.values.add(form);
    }
  }

  addHeader(name: string, value: string): void {
    if (!SENSITIVE_NAME.test(name)) return;
    this.add(value);
    const [scheme, token] = value.split(/\s+/, 2);
    if (!token) return;
    this.add(token);
    if (scheme.toLowerCase() === 'basic') {
      const decoded = Buffer.from(token, 'base64').toString('utf8');
      this.add(decoded);
      this.add(decoded.slice(decoded.indexOf(':') + 1));
    }
  }

  addUrl(url: URL): void {
    this.add(safeDecode(url.password));
    this.add(url.password);
    for (const [name, value] of url.searchParams) if (SENSITIVE_NAME.test(name)) this.add(value);
  }

  addJson(value: unknown, sensitive = false): void {
    if (typeof value === 'string') {
      if (sensitive) this.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) this.addJson(item, sensitive);
    } else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) this.addJson(item, sensitive || SENSITIVE_NAME.test(name));
    }
  }

  addXml(xml: string): void {
    for (const match of xml.matchAll(XML_ELEMENT)) if (SENSITIVE_NAME.test(match[1])) this.add(unescapeXml(match[3]));
  }

  /** The URL as it may be shown: no user info, credential-like query values replaced. */
  url(url: URL): string {
    const shown = new URL(url.href);
    stripUserInfo(shown);
    for (const name of new Set(shown.searchParams.keys())) {
      if (SENSITIVE_NAME.test(name)) shown.searchParams.set(name, REDACTED);
    }
    return this.text(shown.href);
  }

  text(input: string): string {
    let out = input;
    // Longest first, so a value containing another is replaced whole.
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) out = out.split(value).join(REDACTED);
    return out
      .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
      .replace(/("[^"]*(?:pass|pwd|secret|token|key|auth|sign|session|cookie|credential)[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, `$1"${REDACTED}"`)
      .replace(XML_ELEMENT, (whole, name: string, attrs: string | undefined) =>
        SENSITIVE_NAME.test(name) ? `<${name}${attrs ?? ''}>${REDACTED}</${name}>` : whole,
      )
      .replace(/([?&\s]|^)([\w.-]*(?:pass|pwd|secret|token|key|auth|sign|session|credential)[\w.-]*)=([^&\s"'<]*)/gi, (whole, lead: string, name: string, value: string) =>
        value === REDACTED || value === encodeURIComponent(REDACTED) ? whole : `${lead}${name}=${REDACTED}`,
      );
  }
}

/** `<name attrs>text</name>` without nested elements. */
const XML_ELEMENT = /<([A-Za-z_][\w.:-]*)(\s[^>]*)?>([^<]*)<\/\1>/g;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
