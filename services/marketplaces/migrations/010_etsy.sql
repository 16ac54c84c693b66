-- Etsy connects by the seller's consent (OAuth 2.0 with PKCE S256) and reads receipts through the
-- Open API v3: the catalogue row of the contracts changed with it (connect method oauth, no required
-- settings, the API reference).
UPDATE marketplaces
   SET oauth = true,
       required_settings = '[]',
       api_doc_url = 'https://developers.etsy.com/documentation/reference'
 WHERE identifier = 'etsy';

-- The PKCE code verifier of a consent (marketplaces that need PKCE): made with the state, sealed
-- with the service's keys (bound to the state's hash), used once with the state by CompleteOAuth and
-- never sent to the browser. NULL for marketplaces without PKCE.
ALTER TABLE oauth_states ADD COLUMN code_verifier text;
