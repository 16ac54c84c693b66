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
export async function registerWithMerchant(context: BrowserContext, baseUrl: string, user: object, merchantName: string): Promise<void> {
  const registered = await api(context, baseUrl, 'POST', '/api/register', user);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const merchant = await api(context, baseUrl, 'POST', '/api/merchants', { name: merchantName });
  if (merchant.status !== 201) throw new Error(`create merchant: ${merchant.status} ${JSON.stringify(merchant.body)}`);
}
