import { AMAZON_SANDBOX_APP, amazonAuthorizeAs, amazonSandboxControl, startAmazonSandbox } from '@smista/sandboxes';
import type { AdapterSandbox } from './adapter-contract';

const SELLER = { sellerId: 'A2CONTRATTO', storeName: 'Contratto', email: 'venditore@contratto.it', password: 'Contratto1!' };

/**
 * Amazon's sandbox (`deploy/sandboxes/src/amazon`) for the adapter contract: Smista's sandbox app,
 * one merchant-fulfilled seller who consents on the sandbox's page (the redirect's
 * `selling_partner_id` goes to the adapter with the code), and the refresh token renews the access
 * token after the sandbox expired it. Usage plans fast on both sides: the contract reads answers;
 * the pacing at Amazon's rates is the adapter's own test.
 */
export const amazonSandbox: AdapterSandbox = {
  identifier: 'amazon',
  async start(orders) {
    const fast = { rate: 100, burst: 100 };
    const amazon = await startAmazonSandbox({ port: 0, sellers: [{ ...SELLER, orders, seed: 11, fbaShare: 0 }], usagePlans: { searchOrders: fast, getOrder: fast, confirmShipment: fast, getMarketplaceParticipations: fast } });
    const control = amazonSandboxControl(amazon.url);
    let refreshToken: string | undefined;
    return {
      config: {
        AMAZON_APPLICATION_ID: AMAZON_SANDBOX_APP.applicationId,
        AMAZON_CLIENT_ID: AMAZON_SANDBOX_APP.clientId,
        AMAZON_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret,
        AMAZON_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
        AMAZON_CONSENT_URL: amazon.url,
        AMAZON_LWA_URL: amazon.url,
        AMAZON_API_URL: amazon.url,
        AMAZON_RATE_LIMITS: { searchOrders: fast, getOrder: fast, confirmShipment: fast, getMarketplaceParticipations: fast },
      },
      async connect(adapter) {
        if (refreshToken) return (await adapter.refreshAccessToken(refreshToken)).accessToken;
        const callback = new URL(await amazonAuthorizeAs(adapter.consentUrl(adapter.authorizeParams(), 'amazon.contract'), SELLER));
        const tokens = await adapter.exchangeCode(callback.searchParams.get('spapi_oauth_code')!, Object.fromEntries(callback.searchParams));
        refreshToken = tokens.refreshToken;
        return tokens.accessToken;
      },
      orderIds: async () => (await control.orders(SELLER.sellerId)).map((o) => o.orderId),
      async orderToShip() {
        const open = (await control.orders(SELLER.sellerId)).find((o) => o.fulfillmentStatus === 'UNSHIPPED' && o.packages.length === 0);
        if (!open) throw new Error('the Amazon sandbox seller has no order left to ship');
        return { externalOrderId: open.orderId, lineItems: open.items.map((i) => ({ lineItemId: i.orderItemId, quantity: i.quantityOrdered })) };
      },
      trackingNumbersOf: async (orderId) => ((await control.orders(SELLER.sellerId)).find((o) => o.orderId === orderId)?.packages ?? []).map((p) => p.trackingNumber),
      // Amazon's 429 tells the wait only through the plan's rate: one request per `retryAfterSeconds`.
      rateLimit: async (count, retryAfterSeconds) => void (await control.injectFault({ kind: 'quota', count, rateLimit: 1 / retryAfterSeconds })),
      expireTokens: async () => void (await control.expireAccessTokens(SELLER.sellerId)),
      clearFaults: () => control.clearFaults(),
      close: () => amazon.close(),
    };
  },
};
