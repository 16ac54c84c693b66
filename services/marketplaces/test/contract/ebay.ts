import { consentAs, EBAY_SANDBOX_APP, ebaySandboxControl, startEbaySandbox } from '@smista/sandboxes';
import { buildAuthorizeUrl } from '../../src/adapters';
import type { AdapterSandbox } from './adapter-contract';

const SELLER = { username: 'venditore_contratto', password: 'Contratto1!' };

/**
 * eBay's sandbox (`deploy/sandboxes/src/ebay`) for the adapter contract: Smista's sandbox app, one
 * seller who consents on the sandbox's page; the refresh token of the consent renews the access
 * token after the sandbox expired it.
 */
export const ebaySandbox: AdapterSandbox = {
  identifier: 'ebay',
  async start(orders) {
    const ebay = await startEbaySandbox({ port: 0, sellers: [{ ...SELLER, orders, seed: 11 }] });
    const control = ebaySandboxControl(ebay.url);
    let refreshToken: string | undefined;
    return {
      config: {
        EBAY_CLIENT_ID: EBAY_SANDBOX_APP.clientId,
        EBAY_CLIENT_SECRET: EBAY_SANDBOX_APP.clientSecret,
        EBAY_RU_NAME: EBAY_SANDBOX_APP.ruName,
        EBAY_AUTH_URL: ebay.url,
        EBAY_API_URL: ebay.url,
        EBAY_IDENTITY_URL: ebay.url,
        MARKETPLACE_MAX_CONCURRENT_REQUESTS: 4,
      },
      async connect(adapter) {
        if (refreshToken) return (await adapter.refreshAccessToken(refreshToken)).accessToken;
        const redirect = new URL(await consentAs(buildAuthorizeUrl(adapter.authorizeParams(), 'ebay.contract'), { ...SELLER, accept: true }));
        const tokens = await adapter.exchangeCode(redirect.searchParams.get('code')!);
        refreshToken = tokens.refreshToken;
        return tokens.accessToken;
      },
      orderIds: async () => (await control.orders(SELLER.username)).map((o) => o.orderId),
      async orderToShip() {
        // Seed 11 gives the seller six orders still to ship among the 45.
        const open = (await control.orders(SELLER.username)).find((o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelState === 'NONE_REQUESTED');
        if (!open) throw new Error('the eBay sandbox seller has no order left to ship');
        const order = await control.order(SELLER.username, open.orderId);
        return { externalOrderId: open.orderId, lineItems: (order.lineItems as { lineItemId: string; quantity: number }[]).map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })) };
      },
      trackingNumbersOf: async (orderId) => (await control.fulfillments(SELLER.username)).filter((f) => f.orderId === orderId).map((f) => f.trackingNumber ?? ''),
      rateLimit: async (count, retryAfterSeconds) => void (await control.injectFault({ kind: 'quota', count, pathPrefix: '/sell/', retryAfterSeconds })),
      expireTokens: async () => void (await control.expireAccessTokens(SELLER.username)),
      clearFaults: () => control.clearFaults(),
      close: () => ebay.close(),
    };
  },
};
