import crypto from 'node:crypto';
import type { MarketplaceIntegrationJson, SyncJobJson } from '@smista/contracts';
import { consentAs, consentUrlOf, ebaySandboxControl } from '@smista/sandboxes';
import type { Member } from './team';

/** The password of every seller these helpers create on the sandbox. */
export const SELLER_PASSWORD = 'Sandbox1!';

/** A new seller on the app's (shared) eBay sandbox with `orders` orders created now. */
export async function newSeller(ebayUrl: string, orders: number): Promise<string> {
  const control = ebaySandboxControl(ebayUrl);
  const username = `gw_${crypto.randomBytes(5).toString('hex')}`;
  await control.addSeller({ username, password: SELLER_PASSWORD, orders: 0 });
  if (orders > 0) await control.addOrders(username, orders);
  return username;
}

/** The browser's round trip: oauth-params → consent page → the redirect's parameters. */
export async function consent(member: Member, seller: string, accept = true): Promise<URL> {
  const params = await member.b.get('/api/marketplace/ebay/oauth-params');
  if (params.status !== 200) throw new Error(`oauth-params → ${params.status}`);
  return new URL(await consentAs(consentUrlOf(params.body), { username: seller, password: SELLER_PASSWORD, accept }));
}

/** Connects `seller` for the member's selected merchant through the shell's callback post. */
export async function connectEbay(member: Member, merchantId: string, seller: string): Promise<MarketplaceIntegrationJson> {
  const redirect = await consent(member, seller);
  const res = await member.b.post('/api/merchants/current/oauth/callback', {
    code: redirect.searchParams.get('code'),
    marketplace: 'ebay',
    merchantId,
    state: redirect.searchParams.get('state'),
  });
  if (res.status !== 200) throw new Error(`callback → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.integration;
}

/** Waits for a sync job to end (completed or failed). */
export async function finishedJob(member: Member, jobId: number): Promise<SyncJobJson> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await member.b.get(`/api/orders/sync/jobs/${jobId}`);
    if (res.status !== 200) throw new Error(`job ${jobId} → ${res.status}`);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
