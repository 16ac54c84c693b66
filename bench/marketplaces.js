// @ts-check
/**
 * Connecting a marketplace through the gateway as the screens do, for the benches: the consent URL
 * from oauth-params, the sandbox's consent page signed and allowed by `consent` (the sandbox's
 * `…AuthorizeAs` / `shopifyInstallAs`, answering where it redirects), then the callback route with
 * what came back (Amazon names its code `spapi_oauth_code`; a signed query, Shopify's and Amazon's,
 * goes whole as `callback`, as the shell sends it). Answers the integration id.
 */
const { api } = require('./lib');

/**
 * @param {string} baseUrl @param {string} cookie @param {string} merchantId @param {string} marketplace
 * @param {(consentUrl: string) => Promise<string>} consent @param {string} [shop] Shopify's shop domain
 */
async function connectMarketplace(baseUrl, cookie, merchantId, marketplace, consent, shop) {
  const params = await api(baseUrl, cookie, 'GET', `/api/marketplace/${marketplace}/oauth-params${shop ? `?shop=${encodeURIComponent(shop)}` : ''}`);
  const query = new URL(await consent(params.consentUrl)).searchParams;
  const signed = query.has('hmac') || query.has('selling_partner_id') ? Object.fromEntries(query) : {};
  const answer = await api(baseUrl, cookie, 'POST', '/api/merchants/current/oauth/callback', {
    code: query.get('code') ?? query.get('spapi_oauth_code'),
    marketplace,
    merchantId,
    state: query.get('state'),
    callback: signed,
  });
  return /** @type {number} */ (answer.integration.id);
}

module.exports = { connectMarketplace };
