import type { BrowserContext, Page } from 'playwright-core';
import { consentAs, consentUrlOf } from '@smista/sandboxes';
import { api } from './api';

/**
 * Connects a sandbox seller's eBay account to the merchant the way the marketplaces screen does,
 * without its screen (the marketplaces suite drives that), with the browser context's cookies: the
 * OAuth parameters, the sandbox's consent page signed and accepted like a person would
 * (`consentAs`), then the code and the state it came back with handed to
 * `POST /api/merchants/current/oauth/callback`. Answers the
 * callback's body; throws with the answer when a call fails.
 */
export async function connectEbayThroughApi(context: BrowserContext, baseUrl: string, seller: { username: string; password: string }, merchantId: string): Promise<any> {
  const params = await api(context, baseUrl, 'GET', '/api/marketplace/ebay/oauth-params');
  if (params.status !== 200) throw new Error(`oauth-params: ${params.status} ${JSON.stringify(params.body)}`);
  const back = new URL(await consentAs(consentUrlOf(params.body), { ...seller, accept: true }));
  const code = back.searchParams.get('code');
  if (!code) throw new Error('consenso eBay senza code');
  const state = back.searchParams.get('state');
  const answer = await api(context, baseUrl, 'POST', '/api/merchants/current/oauth/callback', { code, marketplace: 'ebay', merchantId, state });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`oauth/callback: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** {@link connectEbayThroughApi} with the cookies of a page at the app. */
export function connectEbay(p: Page, seller: { username: string; password: string }, merchantId: string): Promise<any> {
  return connectEbayThroughApi(p.context(), new URL(p.url()).origin, seller, merchantId);
}
