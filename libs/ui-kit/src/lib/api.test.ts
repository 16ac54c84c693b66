import {
  apiFetch,
  apiFetchList,
  apiRequest,
  discardBody,
  ApiError,
  errorMessageFrom,
  errorStatusOf,
  listOf,
  refusalMessageOf,
  shouldRetryIntegration,
} from './api';
import { fetchCurrentUser } from './session';

describe('errorMessageFrom', () => {
  it('reads the message field of a JSON error body', () => {
    expect(errorMessageFrom(new ApiError(400, '{"message":"Email già registrata"}'))).toBe('Email già registrata');
    expect(errorMessageFrom(new Error('401: {"message":"Accesso richiesto"}'))).toBe('Accesso richiesto');
  });

  it('gives undefined when there is no message', () => {
    expect(errorMessageFrom(new ApiError(502, 'Bad Gateway'))).toBeUndefined();
    expect(errorMessageFrom(new ApiError(400, '{"error":"x"}'))).toBeUndefined();
    expect(errorMessageFrom('nope')).toBeUndefined();
  });

  it('formats errors as "status: body" (spec §7)', () => {
    const e = new ApiError(404, 'Not Found');
    expect(e.message).toBe('404: Not Found');
    expect(errorStatusOf(e)).toBe(404);
    expect(errorStatusOf(new Error('500: boom'))).toBe(500);
  });
});

/**
 * A response whose body records how it ended: fully read or cancelled. A body left in neither
 * state keeps the request open in the browser (issue 7).
 */
function trackedResponse(status: number, text: string | null, headers: Record<string, string> = {}) {
  const fate = { read: false, cancelled: false };
  const bytes = text === null ? null : new TextEncoder().encode(text);
  const body =
    bytes === null
      ? null
      : new ReadableStream<Uint8Array>({
          pull(controller) {
            if (bytes.length) controller.enqueue(bytes);
            controller.close();
            fate.read = true;
          },
          cancel() {
            fate.cancelled = true;
          },
        }, { highWaterMark: 0 });
  return { res: new Response(body, { status, headers }), fate };
}

describe('every body is read or cancelled', () => {
  const realFetch = globalThis.fetch;
  let next: ReturnType<typeof trackedResponse>;
  const calls: { url: string; init: RequestInit }[] = [];

  beforeEach(() => {
    calls.length = 0;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return next.res;
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  const settled = () => next.fate.read || next.fate.cancelled;

  it('apiFetch reads the body of an ok answer and of an error', async () => {
    next = trackedResponse(200, '{"id":"u1"}');
    await expect(apiFetch('/api/user')).resolves.toEqual({ id: 'u1' });
    expect(next.fate).toEqual({ read: true, cancelled: false });

    next = trackedResponse(400, '{"message":"No"}');
    await expect(apiFetch('/api/merchants', { method: 'POST', body: { name: '' } })).rejects.toThrow('400: {"message":"No"}');
    expect(next.fate.read).toBe(true);
    expect(calls[1].init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":""}' });
  });

  it('fetchCurrentUser cancels the 401 body and reads the others', async () => {
    next = trackedResponse(401, '{"message":"Accesso richiesto"}');
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(next.fate).toEqual({ read: false, cancelled: true });

    next = trackedResponse(200, '{"id":"u1","email":"a@b.it"}');
    await expect(fetchCurrentUser()).resolves.toMatchObject({ id: 'u1' });
    expect(settled()).toBe(true);

    next = trackedResponse(502, 'Bad Gateway');
    await expect(fetchCurrentUser()).rejects.toThrow('502: Bad Gateway');
    expect(settled()).toBe(true);
  });

  it('discardBody cancels an unread body and is harmless on empty or read ones', async () => {
    next = trackedResponse(404, '{"message":"Non trovato"}');
    const res = await apiRequest('/api/orders');
    expect(settled()).toBe(false);
    await discardBody(res);
    expect(next.fate.cancelled).toBe(true);
    expect(res.bodyUsed).toBe(true);

    const empty = new Response(null, { status: 204 });
    await expect(discardBody(empty)).resolves.toBeUndefined();

    const read = new Response('x');
    await read.text();
    await expect(discardBody(read)).resolves.toBeUndefined();
  });
});

describe('refusalMessageOf', () => {
  it("gives the server's message of a 4xx only", () => {
    expect(refusalMessageOf(new ApiError(400, '{"message":"Pagina non valida"}'))).toBe('Pagina non valida');
    expect(refusalMessageOf(new Error('409: {"message":"Spedizione già annullata"}'))).toBe('Spedizione già annullata');
    expect(refusalMessageOf(new ApiError(500, '{"message":"boom"}'))).toBeUndefined();
    expect(refusalMessageOf(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(refusalMessageOf(new ApiError(404, 'Not Found'))).toBeUndefined();
  });
});

describe('listOf (spec §3 list answers)', () => {
  it('takes a plain array or a data field, anything else is empty', () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ data: [3] })).toEqual([3]);
    expect(listOf(null)).toEqual([]);
    expect(listOf('x')).toEqual([]);
    expect(listOf({ message: 'x' })).toEqual([]);
  });
});

describe('shouldRetryIntegration (spec §7: 3 retries)', () => {
  it('retries failures up to three times, never an answer the server would repeat', () => {
    expect(shouldRetryIntegration(0, new ApiError(503, ''))).toBe(true);
    expect(shouldRetryIntegration(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryIntegration(3, new ApiError(500, ''))).toBe(false);
    expect(shouldRetryIntegration(0, new ApiError(404, '{"message":"Integrazione non trovata"}'))).toBe(false);
    expect(shouldRetryIntegration(0, new Error('403: {"message":"no"}'))).toBe(false);
  });
});

describe('apiFetchList', () => {
  const realFetch = globalThis.fetch;
  let answer: () => Response;
  beforeEach(() => {
    globalThis.fetch = (async () => answer()) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('reads an array or a data field, and throws the spec §7 error', async () => {
    answer = () => new Response('[{"id":1}]', { status: 200 });
    await expect(apiFetchList('/api/carrier-integrations')).resolves.toEqual([{ id: 1 }]);
    answer = () => new Response('{"data":[{"id":2}],"meta":{}}', { status: 200 });
    await expect(apiFetchList('/api/carrier-integrations')).resolves.toEqual([{ id: 2 }]);
    answer = () => new Response('', { status: 200 });
    await expect(apiFetchList('/api/carrier-integrations')).resolves.toEqual([]);
    answer = () => new Response('{"message":"Accesso negato"}', { status: 403 });
    await expect(apiFetchList('/api/carrier-integrations')).rejects.toThrow('403: {"message":"Accesso negato"}');
  });
});
