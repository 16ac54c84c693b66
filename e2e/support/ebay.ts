import type { Page } from 'playwright-core';
import { consentAs } from '@smista/sandboxes';

/**
 * Connects a sandbox seller's eBay account to the page's merchant the way the marketplaces screen
 * does, without its screen (the marketplaces suite drives that): the OAuth parameters through the
 * page's fetch, the sandbox's consent page signed and accepted like a person would (`consentAs`),
 * then the code handed to `POST /api/merchants/current/oauth/callback` through the page's fetch,
 * with its cookies. Answers the callback's body.
 */
export async function connectEbay(p: Page, seller: { username: string; password: string }, merchantId: string): Promise<any> {
  const params = await p.evaluate(async () => {
    const res = await fetch('/api/marketplace/ebay/oauth-params', { credentials: 'include', headers: { Accept: 'application/json' } });
    return { status: res.status, body: await res.json().catch(() => null) };
  });
  expect(params.status).toBe(200);
  const { authorizeUrl, clientId, redirectUri, scopes } = params.body as { authorizeUrl: string; clientId: string; redirectUri: string; scopes: string[] };
  const url = new URL(authorizeUrl);
  for (const [name, value] of Object.entries({ response_type: 'code', redirect_uri: redirectUri, state: 'ebay', client_id: clientId, scope: scopes.join(' ') })) {
    url.searchParams.set(name, value);
  }
  const location = await consentAs(url.toString(), { ...seller, accept: true });
  const code = new URL(location).searchParams.get('code');
  expect(code).toBeTruthy();
  const answer = await p.evaluate(
    async ({ code, merchantId }) => {
      const res = await fetch('/api/merchants/current/oauth/callback', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ code, marketplace: 'ebay', merchantId }),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { code, merchantId },
  );
  expect(answer.status).toBeGreaterThanOrEqual(200);
  expect(answer.status).toBeLessThan(300);
  return answer.body;
}
