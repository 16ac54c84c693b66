import { ALIEXPRESS_SANDBOX_APP, aliexpressAuthorizeAs, aliexpressSandboxControl, startAliexpressSandbox } from '@smista/sandboxes';
import type { AdapterSandbox } from './adapter-contract';

const SELLER = { sellerId: '2207654321', userNick: 'Contratto AliExpress', email: 'venditore@contratto-ali.it', password: 'Contratto1!' };

/**
 * AliExpress's sandbox (`deploy/sandboxes/src/aliexpress`) for the adapter contract: Smista's
 * sandbox app, one seller who allows on the sandbox's authorize page, the signed token calls, and
 * the refresh token renewing the access token after the sandbox expired it. The rate limit is the
 * gateway's ApiCallLimit ("this ban will last N seconds"), an `error_response` with HTTP 200.
 */
export const aliexpressSandbox: AdapterSandbox = {
  identifier: 'aliexpress',
  async start(orders) {
    const ali = await startAliexpressSandbox({ port: 0, sellers: [{ ...SELLER, orders, seed: 17 }] });
    const control = aliexpressSandboxControl(ali.url);
    let refreshToken: string | undefined;
    return {
      config: {
        ALIEXPRESS_APP_KEY: ALIEXPRESS_SANDBOX_APP.appKey,
        ALIEXPRESS_APP_SECRET: ALIEXPRESS_SANDBOX_APP.appSecret,
        ALIEXPRESS_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
        ALIEXPRESS_AUTH_URL: ali.url,
        ALIEXPRESS_API_URL: ali.url,
      },
      async connect(adapter) {
        if (refreshToken) return (await adapter.refreshAccessToken(refreshToken)).accessToken;
        const callback = new URL(await aliexpressAuthorizeAs(adapter.consentUrl(adapter.authorizeParams(), 'aliexpress.contract'), SELLER));
        const tokens = await adapter.exchangeCode(callback.searchParams.get('code')!);
        refreshToken = tokens.refreshToken;
        return tokens.accessToken;
      },
      orderIds: async () => (await control.orders(SELLER.sellerId)).map((o) => o.orderId),
      async orderToShip() {
        const open = (await control.orders(SELLER.sellerId)).find((o) => o.status === 'WAIT_SELLER_SEND_GOODS' && o.fulfilments.length === 0);
        if (!open) throw new Error('the AliExpress sandbox seller has no order left to ship');
        return { externalOrderId: open.orderId, lineItems: open.items.map((i) => ({ lineItemId: i.childId, quantity: i.quantity })) };
      },
      trackingNumbersOf: async (orderId) => ((await control.orders(SELLER.sellerId)).find((o) => o.orderId === orderId)?.fulfilments ?? []).map((f) => f.logisticsNo),
      rateLimit: async (count, retryAfterSeconds) => void (await control.injectFault({ kind: 'quota', count, banSeconds: retryAfterSeconds })),
      expireTokens: async () => void (await control.expireAccessTokens(SELLER.sellerId)),
      clearFaults: () => control.clearFaults(),
      close: () => ali.close(),
    };
  },
};
