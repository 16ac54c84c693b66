import crypto from 'node:crypto';
import { assertConforms } from './api-conformance';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser-like HTTP client for one user: keeps the `smista_session` cookie the gateway sets (and
 * the SSO nonce cookie, sent back with the session's) and sends JSON bodies with a JSON content type (spec §7).
 * Every answer is checked against the API document the gateway serves (support/api-conformance.ts):
 * one that the document does not describe throws, naming the route, the status and what differs.
 */
export class Browser {
  cookie: string | undefined;
  /** `smista_sso_nonce=<hash>` while the gateway keeps a sign-in with SSO open for this browser. */
  ssoNonceCookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie || this.ssoNonceCookie ? { cookie: [this.cookie, this.ssoNonceCookie].filter(Boolean).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (name === 'smista_sso_nonce') this.ssoNonceCookie = value ? `smista_sso_nonce=${value}` : undefined;
      if (name !== 'smista_session') continue;
      this.cookie = value ? `smista_session=${value}` : undefined;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    await assertConforms(this.baseUrl, { method, path, status: res.status, contentType: res.headers.get('content-type'), body: parsed });
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body, headers);
  put = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', path, body, headers);
}

/**
 * The registration form of a user nobody else in the run has, as the shell posts it: the fields,
 * the confirmation (equal to the password) and the accepted terms.
 */
export function newUser(overrides: Partial<Record<'firstName' | 'lastName' | 'email' | 'username' | 'password', string>> = {}) {
  const id = crypto.randomBytes(4).toString('hex');
  const fields = {
    firstName: 'Mario',
    lastName: 'Rossi',
    email: `mario.${id}@example.it`,
    username: `mario_${id}`,
    password: 'Segreta1',
    ...overrides,
  };
  return { ...fields, confirmPassword: fields.password, terms: true };
}
