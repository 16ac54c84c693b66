// @ts-check
/**
 * eBay through the gateway, as the screens do it, for the benches (`bench/orders.js`, `bench/load.js`):
 * a sandbox seller connected by OAuth, and a sync waited for until the orders list counts its orders.
 */
const { consentAs, consentUrlOf } = require('@smista/sandboxes');
const { api } = require('./lib');

const SELLER_PASSWORD = 'BenchSeller1!';

/**
 * Connects a sandbox seller to the selected merchant as the screens do: the authorize URL from
 * oauth-params, the consent page accepted, the code sent to the callback route. Answers the integration id.
 * @param {string} baseUrl @param {string} cookie @param {string} merchantId @param {string} username
 */
async function connectSeller(baseUrl, cookie, merchantId, username) {
  const params = await api(baseUrl, cookie, 'GET', '/api/marketplace/ebay/oauth-params');
  const location = new URL(await consentAs(consentUrlOf(params), { username, password: SELLER_PASSWORD, accept: true }));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`consenso senza codice: ${location}`);
  const state = location.searchParams.get('state');
  const answer = await api(baseUrl, cookie, 'POST', '/api/merchants/current/oauth/callback', { code, marketplace: 'ebay', merchantId, state });
  return /** @type {number} */ (answer.integration.id);
}

/**
 * Starts a sync of the integration, waits for its job to finish and then for the merchant's list
 * to count every order it found on top of `before`. Answers the orders found and the time taken.
 * Until the job has finished only the job is asked (the list cannot be complete before it), so the
 * bench's own polling loads the stack it measures as little as it can.
 * @param {string} baseUrl @param {string} cookie @param {number} integrationId @param {number} before
 */
async function syncAndWait(baseUrl, cookie, integrationId, before) {
  const started = performance.now();
  const { job } = await api(baseUrl, cookie, 'POST', `/api/orders/sync/${integrationId}`);
  const deadline = Date.now() + 900_000;
  let found = -1;
  let seen = 0;
  while (Date.now() < deadline) {
    if (found < 0) {
      const current = await api(baseUrl, cookie, 'GET', `/api/orders/sync/jobs/${job.id}`);
      if (current.status === 'failed') throw new Error(`sincronizzazione fallita: ${current.errorMessage}`);
      if (current.status === 'completed') found = current.ordersFound;
    }
    if (found >= 0) {
      const page = await api(baseUrl, cookie, 'GET', `/api/orders?pageSize=1&_t=${Date.now()}`);
      seen = page.meta.totalItems;
      if (seen >= before + found) return { found, ms: performance.now() - started };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import incompleto: ${seen - before} di ${found} ordini`);
}

module.exports = { SELLER_PASSWORD, connectSeller, syncAndWait };
