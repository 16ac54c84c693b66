import { status } from '@grpc/grpc-js';
import { ebayMessages, italianDate, marketplaceMessages as m } from '@smista/contracts';
import { failure, finishedJob, integrationEvents, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * The sellers' tokens against the eBay sandbox: refresh on demand ('Aggiorna token'), before a call
 * when the access token is about to expire, after a 401, by the periodic sweep (one at a time per
 * integration), a refused refresh token (error status, warning, imports stop) and the 30-day warning.
 */

let stack: MarketplacesStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startMarketplacesStack();
  shop = await stack.newMerchant();
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

const TOKEN_ENDPOINT = 'POST /identity/v1/oauth2/token';
const tokenCalls = async () => (await stack.control.stats()).endpoints[TOKEN_ENDPOINT]?.calls ?? 0;
/** Makes the stored access token expire in `seconds` (inside the 600 s margin when small). */
const expireSoon = (integrationId: number, seconds: number) =>
  stack.pool.query(`UPDATE integrations SET access_token_expires_at = now() + make_interval(secs => $2) WHERE id = $1`, [integrationId, seconds]);

describe('refresh on demand (RefreshToken)', () => {
  it('renews the access token, keeps the refresh token (eBay gives none), and says so in an event', async () => {
    const seller = await stack.newSeller(0, 'aggiorna');
    const connected = await shop.connectEbay(seller);
    const before = await stack.openTokens(connected.id);
    const refreshed = await shop.api.refreshToken({ merchantId: shop.merchantId, id: connected.id });
    const after = await stack.openTokens(connected.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).toBe(before.refreshToken);
    expect(refreshed).toMatchObject({ status: 'active', refreshTokenMasked: connected.refreshTokenMasked, refreshTokenExpiresAt: connected.refreshTokenExpiresAt });
    expect(refreshed.accessTokenMasked).not.toBe(connected.accessTokenMasked);
    expect(Date.parse(refreshed.accessTokenExpiresAt)).toBeGreaterThanOrEqual(Date.parse(connected.accessTokenExpiresAt));
    expect((await integrationEvents(stack.pool, connected.id)).map((e) => e.changedByUserId)).toEqual([shop.admin.id, shop.admin.id]);
    // Each carries the refresh token's expiry (activity warns 30 days before it).
    expect((await integrationEvents(stack.pool, connected.id)).map((e) => e.refreshTokenExpiresAt)).toEqual([connected.refreshTokenExpiresAt, connected.refreshTokenExpiresAt]);
  });

  it('an unknown integration id is NOT_FOUND', async () => {
    expect((await failure(shop.api.refreshToken({ merchantId: '', id: 999_999 }))).code).toBe(status.NOT_FOUND);
  });
});

describe('automatic refresh', () => {
  it('before a call, when the access token expires within TOKEN_REFRESH_MARGIN_SECONDS', async () => {
    const seller = await stack.newSeller(5, 'margine');
    const connected = await shop.connectEbay(seller);
    const before = await stack.openTokens(connected.id);
    await expireSoon(connected.id, 60);
    const calls = await tokenCalls();
    const started = await shop.api.startSync({ merchantId: '', integrationId: connected.id, triggeredBy: '' });
    expect((await finishedJob(shop.api, shop.merchantId, started.id)).status).toBe('completed');
    expect(await tokenCalls()).toBe(calls + 1);
    const after = await stack.openTokens(connected.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(7000_000);
  });

  it('after a 401 (eBay expired the token early): one refresh, the same page again, the job completes', async () => {
    const seller = await stack.newSeller(5, 'scaduto');
    const connected = await shop.connectEbay(seller);
    expect(await stack.control.expireAccessTokens(seller)).toBeGreaterThan(0);
    const calls = await tokenCalls();
    const started = await shop.api.startSync({ merchantId: '', integrationId: connected.id, triggeredBy: '' });
    expect(await finishedJob(shop.api, shop.merchantId, started.id)).toMatchObject({ status: 'completed', ordersSynced: 5 });
    expect(await tokenCalls()).toBe(calls + 1);
  });

  it('the periodic sweep refreshes tokens about to expire, one refresh per integration even when two run at once', async () => {
    const seller = await stack.newSeller(0, 'spazzata');
    const connected = await shop.connectEbay(seller);
    const before = await stack.openTokens(connected.id);
    await expireSoon(connected.id, 30);
    const calls = await tokenCalls();
    const housekeeper = stack.running!.housekeeper;
    // Two replicas sweeping together: the row lock lets one refresh; the other finds the new token.
    const [a, b] = await Promise.all([housekeeper.sweepTokens(), housekeeper.sweepTokens()]);
    expect([...a, ...b].filter((id) => id === connected.id).length).toBeGreaterThanOrEqual(1);
    expect(await tokenCalls()).toBe(calls + 1);
    expect((await stack.openTokens(connected.id)).accessToken).not.toBe(before.accessToken);
    // Nothing left to refresh.
    expect(await housekeeper.sweepTokens()).not.toContain(connected.id);
  });
});

describe('a refresh token eBay refuses', () => {
  it('turns the integration to error with a warning to connect again; imports stop with that message; connecting again heals it', async () => {
    const seller = await stack.newSeller(5, 'revocato');
    const connected = await shop.connectEbay(seller);
    await stack.control.revokeSeller(seller);
    await stack.control.expireAccessTokens(seller);

    const started = await shop.api.startSync({ merchantId: '', integrationId: connected.id, triggeredBy: '' });
    const job = await finishedJob(shop.api, shop.merchantId, started.id);
    expect(job.status).toBe('failed');
    expect(job.errorMessage).toContain(ebayMessages.refreshRefused);

    const broken = await shop.api.getIntegration({ merchantId: '', id: connected.id });
    expect(broken).toMatchObject({ status: 'error', statusMessage: ebayMessages.refreshRefused, tokenWarning: m.tokenRefused('eBay'), active: true });
    expect((await integrationEvents(stack.pool, connected.id)).at(-1)).toMatchObject({ status: 'error', changedByUserId: '' });

    // Imports stop: a new sync and the schedule refuse it, with the same message.
    expect(await failure(shop.api.startSync({ merchantId: '', integrationId: connected.id, triggeredBy: '' }))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: ebayMessages.refreshRefused,
    });
    await stack.running!.housekeeper.schedule();
    expect((await shop.api.listJobs({ merchantId: '', integrationId: connected.id, limit: 0 })).jobs).toHaveLength(1);
    // 'Aggiorna token' asks eBay again and says why it failed.
    expect(await failure(shop.api.refreshToken({ merchantId: '', id: connected.id }))).toEqual({ code: status.FAILED_PRECONDITION, details: ebayMessages.refreshRefused });

    const healed = await shop.connectEbay(seller);
    expect(healed).toMatchObject({ id: connected.id, status: 'active', statusMessage: '', tokenWarning: '' });
    const again = await shop.api.startSync({ merchantId: '', integrationId: connected.id, triggeredBy: '' });
    expect((await finishedJob(shop.api, shop.merchantId, again.id)).status).toBe('completed');
  }, 60_000);
});

describe('the 30-day warning', () => {
  it('a refresh token expiring within 30 days shows the date in Italian; beyond, nothing', async () => {
    const seller = await stack.newSeller(0, 'avviso');
    await stack.control.setRefreshTokenLifetime(seller, 20 * 86_400);
    const integration = await shop.connectEbay(seller);
    const expiresAt = new Date(integration.refreshTokenExpiresAt);
    expect(expiresAt.getTime() - Date.now()).toBeLessThan(21 * 86_400_000);
    expect(integration.tokenWarning).toBe(m.tokenExpiresSoon('eBay', italianDate(expiresAt)));
    expect((await shop.api.listIntegrations({ merchantId: '' })).integrations.find((i) => i.id === integration.id)?.tokenWarning).toBe(integration.tokenWarning);

    // Connecting again with a full-length refresh token clears the warning.
    await stack.control.setRefreshTokenLifetime(seller, 47_304_000);
    expect((await shop.connectEbay(seller)).tokenWarning).toBe('');
  });
});
