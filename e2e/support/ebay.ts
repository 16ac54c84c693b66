import type { BrowserContext, Page } from 'playwright-core';
import { connectEbayThroughGateway } from '../../deploy/local/src/gateway-session';
import { api } from './api';

/**
 * Connects a sandbox seller's eBay account to the merchant the way the marketplaces screen does,
 * without its screen (the marketplaces suite drives that), with the browser context's cookies: the
 * OAuth parameters, the sandbox's consent page signed and accepted like a person would, then the
 * code and the state it came back with handed to `POST /api/merchants/current/oauth/callback`
 * (deploy/local's `connectEbayThroughGateway`, which the demo seed of `make dev` uses too). Answers
 * the callback's body; throws with the answer when a call fails.
 */
export function connectEbayThroughApi(context: BrowserContext, baseUrl: string, seller: { username: string; password: string }, merchantId: string): Promise<any> {
  return connectEbayThroughGateway((method, path, body) => api(context, baseUrl, method, path, body), seller, merchantId);
}

/** {@link connectEbayThroughApi} with the cookies of a page at the app. */
export function connectEbay(p: Page, seller: { username: string; password: string }, merchantId: string): Promise<any> {
  return connectEbayThroughApi(p.context(), new URL(p.url()).origin, seller, merchantId);
}
