import crypto from 'node:crypto';
import type { APIRequestContext, BrowserContext } from 'playwright-core';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse {
  status: number;
  /** The parsed JSON, the raw text when it is not JSON, undefined when empty. */
  body: any;
}

const jsonHeaders = (data: unknown) => ({ Accept: 'application/json', ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}) });

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * A backend call with the cookies of a browser context (or of an API-only user's request
 * context); never throws on an error status.
 *
 * @example
 * const me = await api(browser.context, app.baseUrl, 'GET', '/api/user');
 * expect(me.status).toBe(200);
 */
export async function api(context: BrowserContext | APIRequestContext, baseUrl: string, method: Method, urlPath: string, data?: unknown): Promise<ApiResponse> {
  const requester = 'request' in context ? context.request : context;
  const res = await requester.fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: jsonHeaders(data),
    data: data === undefined ? undefined : JSON.stringify(data),
    failOnStatusCode: false,
  });
  return { status: res.status(), body: parseBody(await res.text()) };
}

/** A backend call without the browser and without cookies (a second user, or checking credentials). */
export async function rawApi(baseUrl: string, method: Method, urlPath: string, data?: unknown): Promise<ApiResponse> {
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: jsonHeaders(data),
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  return { status: res.status, body: parseBody(await res.text()) };
}

/**
 * Registers `user` and creates a merchant through the API, with the browser context's cookies (so
 * the browser is logged in); throws with the answer when either call fails. For suites whose UI
 * flows start after registration (those flows are in auth-and-merchants).
 */
export async function registerWithMerchant(context: BrowserContext | APIRequestContext, baseUrl: string, user: object, merchantName: string): Promise<{ id: string }> {
  const registered = await api(context, baseUrl, 'POST', '/api/register', user);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const merchant = await api(context, baseUrl, 'POST', '/api/merchants', { name: merchantName });
  if (merchant.status !== 201) throw new Error(`create merchant: ${merchant.status} ${JSON.stringify(merchant.body)}`);
  return { id: String(merchant.body.id) };
}

/**
 * Logs the browser context in as `user` through the API (the context's cookies then carry the
 * session) and, with `merchantId`, selects that merchant for the session. For a step that needs a
 * person logged in, whatever an earlier step left. Throws with the answer when a call fails.
 *
 * @example
 * await signIn(browser.context, app.baseUrl, admin, (await merchant.get()).id);
 */
export async function signIn(context: BrowserContext, baseUrl: string, user: { email: string; password: string }, merchantId?: string): Promise<void> {
  const login = await api(context, baseUrl, 'POST', '/api/login', { email: user.email, password: user.password });
  if (login.status !== 200) throw new Error(`login ${user.email}: ${login.status} ${JSON.stringify(login.body)}`);
  if (merchantId === undefined) return;
  const selected = await api(context, baseUrl, 'POST', '/api/merchants/set-current', { merchantId });
  if (selected.status !== 200) {
    throw new Error(`set-current ${merchantId}: ${selected.status} ${JSON.stringify(selected.body)} (${await sessionCookiesSeen(context, baseUrl)})`);
  }
}

/**
 * What the context holds of the session cookie, for a failure's message: how many, where, and a
 * short fingerprint of each value (never the token), e.g. "smista_session: 1 (127.0.0.1/ 3fa2c1)".
 */
async function sessionCookiesSeen(context: BrowserContext, baseUrl: string): Promise<string> {
  const cookies = (await context.cookies(baseUrl)).filter((c) => c.name === 'smista_session');
  const seen = cookies.map((c) => `${c.domain}${c.path} ${crypto.createHash('sha256').update(c.value).digest('hex').slice(0, 6)}${c.value ? '' : ' vuoto'}`);
  return `smista_session: ${cookies.length}${seen.length ? ` (${seen.join(', ')})` : ''}`;
}
