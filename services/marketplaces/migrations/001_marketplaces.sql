-- The marketplace catalogue, each merchant's marketplace integrations (OAuth tokens sealed with the
-- kit's `secrets`) and the order-sync jobs.

CREATE TABLE marketplaces (
  id integer PRIMARY KEY,
  identifier text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL,
  logo_url text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  -- Connects through the seller's consent (OAuth); the authorization page comes from configuration
  -- (eBay: EBAY_AUTH_URL), so no address is stored here.
  oauth boolean NOT NULL DEFAULT false,
  api_doc_url text,
  -- setting names the connect dialog asks for (spec §3 requiredSettings)
  required_settings jsonb NOT NULL DEFAULT '[]'::jsonb,
  max_orders_limit integer NOT NULL DEFAULT 0,
  sort_order integer NOT NULL
);

INSERT INTO marketplaces (id, identifier, name, description, logo_url, oauth, api_doc_url, required_settings, sort_order) VALUES
  (1, 'ebay', 'eBay', 'Importa gli ordini del tuo negozio eBay e invia a eBay i numeri di tracking delle spedizioni. Il collegamento avviene con l''autorizzazione del tuo account venditore.', '/assets/marketplaces/ebay.svg', true, 'https://developer.ebay.com/api-docs/sell/fulfillment/overview.html', '[]', 1),
  (2, 'amazon', 'Amazon', 'Importa gli ordini di Amazon Seller Central tramite Selling Partner API e conferma le spedizioni con il tracking.', '/assets/marketplaces/amazon.svg', false, 'https://developer-docs.amazon.com/sp-api/', '["sellerId", "marketplaceId", "clientId", "clientSecret", "refreshToken"]', 2),
  (3, 'shopify', 'Shopify', 'Importa gli ordini del tuo negozio Shopify e aggiorna le evasioni con corriere e tracking.', '/assets/marketplaces/shopify.svg', false, 'https://shopify.dev/docs/api/admin-rest', '["shopDomain", "accessToken"]', 3),
  (4, 'aliexpress', 'AliExpress', 'Importa gli ordini del tuo negozio AliExpress e comunica le spedizioni con il numero di tracking.', '/assets/marketplaces/aliexpress.svg', false, 'https://openservice.aliexpress.com/doc/doc.htm', '["appKey", "appSecret"]', 4),
  (5, 'etsy', 'Etsy', 'Importa gli ordini (le ricevute) del tuo negozio Etsy e aggiungi il tracking alle spedizioni.', '/assets/marketplaces/etsy.svg', false, 'https://developers.etsy.com/documentation/', '["shopId", "apiKey", "apiSecret"]', 5);

CREATE TABLE integrations (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  marketplace_id integer NOT NULL REFERENCES marketplaces (id),
  type text NOT NULL DEFAULT 'marketplace' CHECK (type = 'marketplace'),
  -- sealed with the kit's `secrets`, bound to the row (`integrations:<id>:access_token`); never clear text
  access_token text,
  refresh_token text,
  -- the masked forms shown (spec §2), made when a token is sealed so that reads never open one
  access_token_masked text,
  refresh_token_masked text,
  refresh_token_preview text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  -- 'inactive' is not stored: it is shown while active is false, and the status comes back with it
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'error')),
  status_message text,
  -- the marketplace refused the refresh token: the seller must connect again
  token_refused_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  connected_at timestamptz,
  -- provider settings without secrets (spec §3 config)
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  auto_update_tracking boolean NOT NULL DEFAULT false,
  -- the seller who consented (eBay commerce/identity)
  external_user_id text,
  username text,
  email text,
  account_type text,
  last_synced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integrations_merchant ON integrations (merchant_id, id);
-- Connecting the same seller again in the same merchant renews that integration.
CREATE UNIQUE INDEX integrations_seller ON integrations (merchant_id, marketplace_id, external_user_id) WHERE external_user_id IS NOT NULL;
-- The token sweep: active integrations by access-token expiry.
CREATE INDEX integrations_access_expiry ON integrations (access_token_expires_at) WHERE active AND status = 'active';

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  integration_id bigint NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'orders_sync' CHECK (type = 'orders_sync'),
  execution_mode text NOT NULL DEFAULT 'background' CHECK (execution_mode = 'background'),
  triggered_by text NOT NULL CHECK (triggered_by IN ('user', 'schedule', 'auto')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  started_at timestamptz,
  completed_at timestamptz,
  orders_found integer NOT NULL DEFAULT 0,
  orders_synced integer NOT NULL DEFAULT 0,
  error_message text,
  -- {filter: created|modified, from, to, nextOffset, pages, retries}: the window is fixed when the
  -- job first runs, so a job taken over after a crash reads the same pages from its last committed offset
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- the replica working on it and until when; past it (a crash, a back-off), any replica may take it
  lease_owner uuid,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One pending or running sync per integration: a second start joins it, the schedule skips it.
CREATE UNIQUE INDEX jobs_one_open ON jobs (integration_id) WHERE status IN ('pending', 'running');
CREATE INDEX jobs_claimable ON jobs (lease_until NULLS FIRST, id) WHERE status IN ('pending', 'running');
CREATE INDEX jobs_merchant ON jobs (merchant_id, id DESC);
CREATE INDEX jobs_integration ON jobs (integration_id, id DESC);
