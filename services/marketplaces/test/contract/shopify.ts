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
      clearFaults: () => control.clearFaults(),
      close: () => shopify.close(),
    };
  },
};
