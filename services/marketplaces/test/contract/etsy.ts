import { randomBytes } from 'node:crypto';
import { ETSY_SANDBOX_APP, etsyAuthorizeAs, etsySandboxControl, startEtsySandbox } from '@smista/sandboxes';
import { codeChallengeOf } from '../../src/domain';
import type { AdapterSandbox } from './adapter-contract';

const SELLER = { userId: 61234567, shopId: 44455566, shopName: 'ContrattoArtigiano', email: 'venditore@contratto-etsy.it', password: 'Contratto1!' };

/**
 * Etsy's sandbox (`deploy/sandboxes/src/etsy`) for the adapter contract: Smista's sandbox app, one
 * shop whose owner consents on the sandbox's page with PKCE (the verifier kept here, as the service
 * keeps it with the state), and the refresh token renews the access token after the sandbox expired
 * it. Quotas generous: the contract reads answers; the day's quota running low is the adapter's own test.
 */
export const etsySandbox: AdapterSandbox = {
  identifier: 'etsy',
  async start(orders) {
    const etsy = await startEtsySandbox({ port: 0, sellers: [{ ...SELLER, receipts: orders, seed: 13 }], quota: { perSecond: 1000, perDay: 1_000_000 } });
    const control = etsySandboxControl(etsy.url);
    let refreshToken: string | undefined;
    return {
      config: {
        ETSY_KEYSTRING: ETSY_SANDBOX_APP.keystring,
        ETSY_SHARED_SECRET: ETSY_SANDBOX_APP.sharedSecret,
        ETSY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
        ETSY_CONNECT_URL: etsy.url,
        ETSY_TOKEN_URL: etsy.url,
        ETSY_API_URL: etsy.url,
      },
      async connect(adapter) {
        if (refreshToken) return (await adapter.refreshAccessToken(refreshToken)).accessToken;
        const verifier = randomBytes(32).toString('base64url');
        const callback = new URL(await etsyAuthorizeAs(adapter.consentUrl({ ...adapter.authorizeParams(), codeChallenge: codeChallengeOf(verifier) }, 'etsy.contract'), SELLER));
        const tokens = await adapter.exchangeCode(callback.searchParams.get('code')!, Object.fromEntries(callback.searchParams), verifier);
        refreshToken = tokens.refreshToken;
        return tokens.accessToken;
      },
      orderIds: async () => (await control.receipts(SELLER.userId)).map((r) => String(r.receiptId)),
      async orderToShip() {
        const open = (await control.receipts(SELLER.userId)).find((r) => r.status === 'paid' && !r.isShipped && r.shipments.length === 0);
        if (!open) throw new Error('the Etsy sandbox shop has no receipt left to ship');
        return { externalOrderId: String(open.receiptId), lineItems: open.transactions.map((t) => ({ lineItemId: String(t.transactionId), quantity: t.quantity })) };
      },
      trackingNumbersOf: async (orderId) => ((await control.receipts(SELLER.userId)).find((r) => String(r.receiptId) === orderId)?.shipments ?? []).map((s) => s.trackingCode),
      rateLimit: async (count, retryAfterSeconds) => void (await control.injectFault({ kind: 'quota', count, retryAfterSeconds })),
      expireTokens: async () => void (await control.expireAccessTokens(SELLER.userId)),
      clearFaults: () => control.clearFaults(),
      close: () => etsy.close(),
    };
  },
};
