import { consentAs, consentUrlOf } from '@smista/sandboxes';

/*
 * Smista's public API as a browser uses it, from Node: one session (the gateway's cookie kept
 * between calls), JSON in and out. The demo seed talks to the gateway only through this, and the
 * e2e helpers share the eBay connection flow below with it.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer of the gateway: the status and the parsed JSON (the text when it is not JSON; undefined when empty). */
export interface ApiAnswer {
  status: number;
  body: any;
}

/** One call of the gateway's `/api` with the caller's session; never throws on an error status. */
export type ApiCall = (method: ApiMethod, path: string, body?: unknown) => Promise<ApiAnswer>;

/** A logged-in (or not yet) person at the gateway, as the browser would be. */
export interface GatewaySession {
  call: ApiCall;
  /** The cookies the gateway set so far (name → value). */
  cookies(): Record<string, string>;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * A session at the gateway on `baseUrl`: each call sends the cookies the gateway set before (the
 * session cookie after `/api/login` or `/api/register`) and a JSON body with its content type, as
 * the shell does; the gateway's CSRF filter lets it through like any same-origin client.
 *
 * @example
 * const session = createGatewaySession('http://127.0.0.1:8080');
 * await session.call('POST', '/api/login', { email, password });
 * const merchants = (await session.call('GET', '/api/merchants')).body;
 */
export function createGatewaySession(baseUrl: string, options: { signal?: AbortSignal } = {}): GatewaySession {
  const jar = new Map<string, string>();
  const base = baseUrl.replace(/\/$/, '');
  return {
    async call(method, path, body) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (jar.size) headers.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: options.signal,
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';', 1);
        const at = pair.indexOf('=');
        if (at <= 0) continue;
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        // Max-Age=0 or an empty value: the gateway removed it (logout).
        if (!value || /;\s*max-age=0\b/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      return { status: res.status, body: parseBody(await res.text()) };
    },
    cookies: () => Object.fromEntries(jar),
  };
}

/** A call the gateway refused: the message names the call, the status and the body; `answer` has them. */
export class ApiRefusedError extends Error {
  constructor(
    what: string,
    readonly answer: ApiAnswer,
  ) {
    super(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/** A seller's sign-in at the eBay sandbox's consent page. */
export interface EbaySellerLogin {
  username: string;
  password: string;
}

/**
 * Connects an eBay seller to the caller's selected merchant the way the marketplaces screen does:
 * `GET /api/marketplace/ebay/oauth-params` (a one-time state issued to this user and merchant), the
 * sandbox's consent page signed and accepted like a person would (`consentAs`), then the code and
 * the state it came back with handed to `POST /api/merchants/current/oauth/callback`. The same
 * seller connected again renews the merchant's integration instead of adding one. Answers the
 * callback's body; throws {@link ApiRefusedError} when the gateway refuses a call, and an error
 * with the consent page's own Italian message when the seller's sign-in is refused.
 *
 * @example
 * await connectEbayThroughGateway(session.call, { username: 'smista_test_seller', password: 'Sandbox1!' }, merchantId);
 */
export async function connectEbayThroughGateway(call: ApiCall, seller: EbaySellerLogin, merchantId: string): Promise<any> {
  const params = await call('GET', '/api/marketplace/ebay/oauth-params');
  if (params.status !== 200) throw new ApiRefusedError('oauth-params', params);
  const back = new URL(await consentAs(consentUrlOf(params.body), { ...seller, accept: true }));
  const code = back.searchParams.get('code');
  if (!code) throw new Error('consenso eBay senza code');
  const state = back.searchParams.get('state');
  const answer = await call('POST', '/api/merchants/current/oauth/callback', { code, marketplace: 'ebay', merchantId, state });
  if (answer.status < 200 || answer.status >= 300) throw new ApiRefusedError('oauth/callback', answer);
  return answer.body;
}
