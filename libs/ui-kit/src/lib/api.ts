/** Options of {@link apiFetch}. */
export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. Mutating requests always carry a JSON body (`{}` when none is given). */
  body?: unknown;
  signal?: AbortSignal;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Calls the gateway the way spec §7 describes: cookies always sent, JSON body with a JSON content
 * type, and a non-ok response turned into `Error("<status>: <body text>")`.
 *
 * The gateway rejects mutating requests without `Content-Type: application/json` (CSRF
 * protection), so POST/PUT/PATCH/DELETE always send a body.
 *
 * @example
 * const user = await apiFetch<User>('/api/login', { method: 'POST', body: { email, password } });
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const res = await apiRequest(path, options);
  if (!res.ok) throw await responseError(res);
  return readBody<T>(res);
}

/**
 * Like {@link apiFetch} but hands back the raw response, for callers that branch on the status.
 * The caller owns the body: read it (`res.json()`, `res.text()`, {@link responseError}) or drop it
 * with {@link discardBody} on every path, or the browser keeps the response open.
 *
 * @example
 * const res = await apiRequest(`/api/verify-reset-token/${token}`);
 * await discardBody(res); // only the status matters
 * return res.ok;
 */
export async function apiRequest(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const body = options.body !== undefined ? options.body : MUTATING.has(method) ? {} : undefined;
  return fetch(path, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
}

/**
 * Drops a response body nobody needs (a 401 that means "logged out", a 404 read as "none"), so the
 * browser can close the response instead of holding it open until garbage collection. Safe on
 * bodiless (204) and already-read responses; never throws.
 *
 * @example
 * if (res.status === 401) { await discardBody(res); return null; }
 */
export async function discardBody(res: Response): Promise<void> {
  if (!res.body || res.bodyUsed) return;
  await res.body.cancel().catch(() => undefined);
}

/** Builds the spec §7 error (`"<status>: <body text>"`) from a non-ok response. */
export async function responseError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(res.status, text || res.statusText);
}

/** The error {@link apiFetch} throws; its `message` is exactly `"<status>: <body text>"`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
}

async function readBody<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/**
 * The server's `message` field from an error thrown by {@link apiFetch} (or any error whose
 * message reads `"<status>: {json}"`), for toasts. Undefined when there is none.
 */
export function errorMessageFrom(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const bodyText = error instanceof ApiError ? error.bodyText : error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // not JSON: no server message to show
  }
  return undefined;
}

/** The HTTP status carried by an error from {@link apiFetch}, if any. */
export function errorStatusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const m = /^(\d{3}): /.exec(error.message);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * What a refused request (a 4xx) says in Italian: the server's `message`, for the screen to show
 * instead of a generic text. Undefined for any other failure (5xx, network), which is the
 * connection's, not something the person can fix.
 *
 * @example refusalMessageOf(new ApiError(400, '{"message":"Pagina non valida"}')) // 'Pagina non valida'
 */
export function refusalMessageOf(error: unknown): string | undefined {
  const status = errorStatusOf(error);
  return status !== undefined && status >= 400 && status < 500 ? errorMessageFrom(error) : undefined;
}

/**
 * A list answer as spec §3 allows it: a plain array, or an object carrying `data`; anything else
 * is an empty list.
 *
 * @example listOf({ data: [a, b] }) // [a, b]
 */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)) return (body as { data: T[] }).data;
  return [];
}

/**
 * {@link apiFetch} for a list endpoint: the answer read with {@link listOf}.
 *
 * @example const carriers = await apiFetchList<CarrierIntegrationJson>('/api/carrier-integrations');
 */
export async function apiFetchList<T>(path: string, options: ApiFetchOptions = {}): Promise<T[]> {
  return listOf<T>(await apiFetch<unknown>(path, options));
}

/** Spec §7: integration requests retry 3 times, 500 ms apart. */
export const INTEGRATION_RETRIES = 3;
export const INTEGRATION_RETRY_DELAY_MS = 500;

/**
 * The `retry` of an integration query (spec §7): up to {@link INTEGRATION_RETRIES} times, never
 * after a 4xx, which the server would only answer again.
 */
export function shouldRetryIntegration(failureCount: number, error: Error): boolean {
  const status = errorStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < INTEGRATION_RETRIES;
}
