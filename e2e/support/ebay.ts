import type { BrowserContext, Page } from 'playwright-core';
import { consentAs } from '@smista/sandboxes';
import { api } from './api';

/**
 * Connects a sandbox seller's eBay account to the merchant the way the marketplaces screen does,
 * without its screen (the marketplaces suite drives that), with the browser context's cookies: the
 * OAuth parameters, the sandbox's consent page signed and accepted like a person would
 * (`consentAs`), then the code handed to `POST /api/merchants/current/oauth/callback`. Answers the
 * callback's body; throws with the answer when a call fails.
 */
export async function connectEbayThroughApi(context: BrowserContext, baseUrl: string, seller: { username: string; password: string }, merchantId: string): Promise<any> {
  const params = await api(context, baseUrl, 'GET', '/api/marketplace/ebay/oauth-params');
  if (params.status !== 200) throw new Error(`oauth-params: ${params.status} ${JSON.stringify(params.body)}`);
  const { authorizeUrl, clientId, redirectUri, scopes } = params.body as { authorizeUrl: string; clientId: string; redirectUri: string; scopes: string[] };
  const url = new URL(authorizeUrl);
  for (const [name, value] of Object.entries({ response_type: 'code', redirect_uri: redirectUri, state: 'ebay', client_id: clientId, scope: scopes.join(' ') })) {
    url.searchParams.set(name, value);
  }
  const code = new URL(await consentAs(url.toString(), { ...seller, accept: true })).searchParams.get('code');
  if (!code) throw new Error('consenso eBay senza code');
  const answer = await api(context, baseUrl, 'POST', '/api/merchants/current/oauth/callback', { code, marketplace: 'ebay', merchantId });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`oauth/callback: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** {@link connectEbayThroughApi} with the cookies of a page at the app. */
export function connectEbay(p: Page, seller: { username: string; password: string }, merchantId: string): Promise<any> {
  return connectEbayThroughApi(p.context(), new URL(p.url()).origin, seller, merchantId);
}
