import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl, startShopifySandbox } from '@smista/sandboxes';
import { shopifyAuthorizeUrl } from '../../src/adapters';
import type { AdapterSandbox } from './adapter-contract';

const SHOP = 'contratto.myshopify.com';
const OWNER = { email: 'titolare@contratto.it', password: 'Contratto1!' };

/**
 * Shopify's sandbox (`deploy/sandboxes/src/shopify`) for the adapter contract: Smista's sandbox
 * app, one shop whose owner installs the app on the sandbox's page; the callback goes to the
 * adapter whole (HMAC, shop, timestamp), and the refresh token renews the access token after the
 * sandbox expired it.
 */
export const shopifySandbox: AdapterSandbox = {
  identifier: 'shopify',
  async start(orders) {
    // Shopify Plus (1000 points/s): the contract reads answers; pacing on a Basic bucket is the adapter test's.
    const shopify = await startShopifySandbox({ port: 0, shops: [{ shop: SHOP, ...OWNER, orders, seed: 11, plan: 'plus' }] });
    const control = shopifySandboxControl(shopify.url);
    let refreshToken: string | undefined;
    return {
      config: {
        SHOPIFY_CLIENT_ID: SHOPIFY_SANDBOX_APP.clientId,
        SHOPIFY_CLIENT_SECRET: SHOPIFY_SANDBOX_APP.clientSecret,
        SHOPIFY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
        SHOPIFY_SHOP_URL: `${shopify.url}/store/{shop}`,
      },
      async connect(adapter) {
        if (refreshToken) return (await adapter.refreshAccessToken(refreshToken)).accessToken;
        const callback = new URL(await shopifyInstallAs(shopifyAuthorizeUrl(adapter.authorizeParams('contratto'), 'shopify.contract'), OWNER));
        const tokens = await adapter.exchangeCode(callback.searchParams.get('code')!, Object.fromEntries(callback.searchParams));
        refreshToken = tokens.refreshToken;
        return tokens.accessToken;
      },
      orderIds: async () => (await control.orders(SHOP)).map((o) => o.legacyResourceId),
      async orderToShip() {
        const open = (await control.orders(SHOP)).find((o) => !o.cancelled && o.fulfillments.length === 0 && o.remainingQuantity > 0);
        if (!open) throw new Error('the Shopify sandbox shop has no order left to ship');
        return { externalOrderId: open.legacyResourceId, lineItems: open.lineItems.map((l) => ({ lineItemId: l.id.replace(/^gid:\/\/shopify\/LineItem\//, ''), quantity: l.quantity })) };
      },
      trackingNumbersOf: async (orderId) => ((await control.orders(SHOP)).find((o) => o.legacyResourceId === orderId)?.fulfillments ?? []).map((f) => f.trackingInfo[0]?.number ?? ''),
      // Shopify's rate limit as a 429 with Retry-After (its clients' retry signal); a THROTTLED 200 is the adapter's own test.
      rateLimit: async (count, retryAfterSeconds) => void (await control.injectFault({ kind: 'throttled', count, httpStatus: 429, retryAfterSeconds })),
      expireTokens: async () => void (await control.expireAccessTokens(SHOP)),
      // The sandbox's orders/updated, signed with the app's secret, caught by a receiver of our own.
      async orderWebhook(orderId) {
        let caught: { headers: Record<string, string>; rawBody: Buffer } | undefined;
        const receiver = http.createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => {
            caught = { headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), rawBody: Buffer.concat(chunks) };
            res.writeHead(200).end();
          });
        });
        await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
        try {
          const uri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/shopify`;
          await control.fireWebhook(SHOP, { topic: 'orders/updated', orderId, uri, clientId: SHOPIFY_SANDBOX_APP.clientId });
        } finally {
          await new Promise((resolve) => receiver.close(resolve));
        }
        if (!caught) throw new Error('the Shopify sandbox sent no delivery');
        return caught;
      },
      clearFaults: () => control.clearFaults(),
      close: () => shopify.close(),
    };
  },
};
