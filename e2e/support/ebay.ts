import type { BrowserContext, Page } from 'playwright-core';
import { connectEbayThroughGateway } from '../../deploy/local/src/gateway-session';
import { api } from './api';
import { eventually } from './ui';

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

/**
 * The merchant selected in the context has the sandbox seller's eBay connected and synced once:
 * connected when it is not yet, a sync started unless one already completed, then waited for until
 * the orders list holds every order the sync found. Answers the integration's id.
 */
export async function ebayConnectedAndSynced(context: BrowserContext, baseUrl: string, seller: { username: string; password: string }, merchantId: string, timeoutMs: number): Promise<number> {
  const get = async (path: string) => {
    const res = await api(context, baseUrl, 'GET', path);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body;
  };
  if (((await get('/api/merchants/current/integrations')) as any[]).length === 0) await connectEbayThroughApi(context, baseUrl, seller, merchantId);
  const [integration] = (await get('/api/merchants/current/integrations')) as any[];
  if (integration.lastJob?.status !== 'completed') expect((await api(context, baseUrl, 'POST', `/api/orders/sync/${integration.id}`, {})).status).toBeLessThan(300);
  await eventually(async () => {
    const [now] = (await get('/api/merchants/current/integrations')) as any[];
    expect(now.lastJob?.status).toBe('completed');
    expect((await get('/api/orders?pageSize=1')).meta.totalItems).toBe(now.lastJob.ordersFound);
  }, timeoutMs);
  return integration.id as number;
}
