-- The merchants' orders imported from the marketplaces, their items and shipping addresses, and the
-- per-status counters of the list's tabs. Every table carries merchant_id: every read filters by it.

-- The list's search (ILIKE '%term%') goes through a trigram index that also holds the merchant id,
-- so a search reads only the merchant's own matches: pg_trgm for the trigrams, btree_gin for the
-- uuid key in the same GIN index. The services connect as the cluster superuser locally; in
-- production the database role must be allowed to create them (or an administrator creates them
-- beforehand): see the README.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  -- the marketplace integration (owned by the marketplaces service) the order came from
  integration_id bigint NOT NULL,
  external_id text NOT NULL,
  marketplace text NOT NULL,
  buyer_name text NOT NULL DEFAULT '',
  buyer_email text,
  external_username text,
  total numeric(12, 2) NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'EUR',
  status text NOT NULL DEFAULT 'da_spedire'
    CHECK (status IN ('da_spedire', 'in_transito', 'spedito', 'consegnato', 'annullato')),
  payment_status text NOT NULL DEFAULT 'in_attesa'
    CHECK (payment_status IN ('in_attesa', 'pagato', 'fallito', 'rimborsato', 'parzialmente_rimborsato')),
  external_order_status text,
  external_payment_status text,
  items_count integer NOT NULL DEFAULT 0,
  order_date timestamptz NOT NULL,
  ship_by_date timestamptz,
  -- the marketplace's lastModifiedDate of the version stored: only a newer one replaces it
  external_last_modified_at timestamptz NOT NULL,
  last_synced_at timestamptz,
  -- the marketplace's own payload of the version stored (originalData)
  original_data jsonb,
  -- a carrier integration of the carriers service; null = none assigned
  carrier_integration_id bigint,
  -- external id, buyer name, e-mail and username, lower-cased and without accents (domain/search.ts):
  -- written by the service, so the search does not depend on the database's locale
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_external_key UNIQUE (merchant_id, integration_id, external_id)
);
-- The payload (a few kB) is read only by the detail: stored out of line, uncompressed, instead of
-- compressed into the row, so the rows the list, the search and the counts read stay narrow.
ALTER TABLE orders ALTER COLUMN original_data SET STORAGE EXTERNAL;

-- The list's default order (order date, newest first; id breaks ties); with status included, the
-- per-status counts of a date range are an index-only scan.
CREATE INDEX orders_by_date ON orders (merchant_id, order_date DESC, id DESC) INCLUDE (status);
-- The status tabs (and the dashboard's TO_SHIP count) in the default order.
CREATE INDEX orders_by_status ON orders (merchant_id, status, order_date DESC, id DESC);
-- The integration tabs in the default order; deleting an integration's orders.
CREATE INDEX orders_by_integration ON orders (merchant_id, integration_id, order_date DESC, id DESC) INCLUDE (status);
-- The other sort columns a long list is plausibly sorted by (the rest sort in memory).
CREATE INDEX orders_by_total ON orders (merchant_id, total, id);
CREATE INDEX orders_by_buyer ON orders (merchant_id, lower(buyer_name), id);
CREATE INDEX orders_by_ship_by ON orders (merchant_id, ship_by_date, id);
-- Search on order id, buyer name, e-mail and username: ILIKE '%term%' through trigrams, only
-- among the merchant's own orders. New entries gather in a pending list and are merged in
-- batches (measured: ~1,000 imports/s instead of ~700 with fastupdate off); 512 kB instead of the
-- default 4 MB bounds what a search must also scan while an import runs.
CREATE INDEX orders_search ON orders USING gin (merchant_id, search_text gin_trgm_ops) WITH (gin_pending_list_limit = 512);

CREATE TABLE shipping_addresses (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  merchant_id uuid NOT NULL,
  full_name text NOT NULL DEFAULT '',
  company_name text,
  address_line1 text NOT NULL DEFAULT '',
  address_line2 text,
  city text NOT NULL DEFAULT '',
  state text,
  postal_code text NOT NULL DEFAULT '',
  -- the country's name in Italian (from country_code)
  country text NOT NULL DEFAULT '',
  country_code text NOT NULL DEFAULT '',
  phone_number text,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE order_items (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  merchant_id uuid NOT NULL,
  -- the marketplace's order of the lines
  position integer NOT NULL,
  external_item_id text NOT NULL,
  legacy_item_id text,
  sku text,
  title text NOT NULL DEFAULT '',
  quantity integer NOT NULL DEFAULT 1,
  unit_price numeric(12, 2) NOT NULL DEFAULT 0,
  total numeric(12, 2) NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'EUR',
  image_url text,
  variant_info text,
  fulfillment_status text,
  ship_by_date timestamptz
);
CREATE INDEX order_items_by_order ON order_items (order_id, position);

-- Marketplace integrations deleted (their orders went with them): imports of theirs still in the
-- stream are dropped. The marketplaces service never reuses an id.
CREATE TABLE deleted_integrations (
  integration_id bigint PRIMARY KEY,
  merchant_id uuid NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now()
);

-- Orders per merchant, integration, marketplace and status, kept by the triggers below in the
-- transaction of every change: the tabs' counts and the list's total without counting 100,000
-- rows. Each connection adds to its own slot (backend pid % 16), so concurrent imports do not
-- queue on one row; a count is the sum of the slots.
CREATE TABLE order_counts (
  merchant_id uuid NOT NULL,
  integration_id bigint NOT NULL,
  marketplace text NOT NULL,
  status text NOT NULL,
  slot smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (merchant_id, integration_id, marketplace, status, slot)
);

-- Statement-level triggers with transition tables: one counter write per statement and key, also
-- for the thousands of rows of a deleted integration. Keys are written in order, so two
-- transactions never wait on each other's counter rows in opposite orders.
CREATE FUNCTION orders_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts AS c (merchant_id, integration_id, marketplace, status, slot, n)
  SELECT merchant_id, integration_id, marketplace, status, pg_backend_pid() % 16, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (merchant_id, integration_id, marketplace, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION orders_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts AS c (merchant_id, integration_id, marketplace, status, slot, n)
  SELECT merchant_id, integration_id, marketplace, status, pg_backend_pid() % 16, -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (merchant_id, integration_id, marketplace, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION orders_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts AS c (merchant_id, integration_id, marketplace, status, slot, n)
  SELECT merchant_id, integration_id, marketplace, status, pg_backend_pid() % 16, sum(d)
    FROM (
      SELECT o.merchant_id, o.integration_id, o.marketplace, o.status, -1 AS d
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.status, o.marketplace) IS DISTINCT FROM (n.status, n.marketplace)
      UNION ALL
      SELECT n.merchant_id, n.integration_id, n.marketplace, n.status, 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.status, o.marketplace) IS DISTINCT FROM (n.status, n.marketplace)
    ) changed
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (merchant_id, integration_id, marketplace, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_counts_after_insert();
CREATE TRIGGER orders_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_counts_after_delete();
CREATE TRIGGER orders_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_counts_after_update();
