-- Amazon connects by the seller's consent (SP-API website authorization flow) and reads orders
-- through Orders v2026-01-01: the catalogue row of the contracts changed with it (connect method
-- oauth, no required settings, the Orders reference).
UPDATE marketplaces
   SET oauth = true,
       required_settings = '[]',
       api_doc_url = 'https://developer-docs.amazon.com/sp-api/docs/orders-api-v2026-01-01-reference'
 WHERE identifier = 'amazon';

-- A marketplace's usage plans as token buckets, one row per seller and operation
-- ('amazon|<selling partner id>|searchOrders'), shared by every replica: each reservation locks
-- the row (adapters/amazon/pacer.ts). `tokens` may be below zero: requests booked ahead.
CREATE TABLE marketplace_rate_buckets (
  bucket text PRIMARY KEY,
  tokens double precision NOT NULL,
  rate double precision NOT NULL CHECK (rate > 0),
  burst double precision NOT NULL CHECK (burst >= 1),
  at_ms bigint NOT NULL
);

-- The pagination token of each page a sync handed out ('<window>|<offset>'), so that a job resumed
-- on another replica or after a restart goes on from its last page (Amazon's expire after 24 h).
CREATE TABLE marketplace_page_tokens (
  page text PRIMARY KEY,
  token text NOT NULL,
  expires_at_ms bigint NOT NULL
);
CREATE INDEX marketplace_page_tokens_expiry ON marketplace_page_tokens (expires_at_ms);
