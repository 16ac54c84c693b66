-- The merchants' shipments (spec §3), their label PDFs, the GLS workday manifests, the audit trail
-- of every carrier and marketplace call, and the processing runs. Every table carries merchant_id
-- (or hangs off a table that does): every read filters by it.

-- The list's search (ILIKE '%term%') goes through a trigram index that also holds the merchant id
-- (btree_gin for the uuid key in the same GIN index), as in orders.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- Our GLS ContatoreProgressivo: taken once per shipment, before its first CreateLabel, and sent
-- again on every retry, so the carrier answers the same parcel instead of making a second one.
CREATE SEQUENCE shipment_label_sequence;

CREATE TABLE shipments (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  -- the order (owned by the orders service) the shipment was created from, as it was then
  order_id bigint NOT NULL,
  order_external_id text NOT NULL DEFAULT '',
  marketplace text NOT NULL DEFAULT '',
  marketplace_integration_id bigint,
  -- [{lineItemId, quantity}]: what the marketplace is told was shipped
  line_items jsonb NOT NULL DEFAULT '[]',
  -- the items' titles, shortened: printed on the label
  content_description text NOT NULL DEFAULT '',
  -- a carrier integration of the carriers service and its carrier code; null = none
  carrier_integration_id bigint,
  carrier_provider text,
  shipping_address_id bigint,
  recipient_name text NOT NULL DEFAULT '',
  address_line1 text NOT NULL DEFAULT '',
  address_line2 text,
  city text NOT NULL DEFAULT '',
  state text,
  postal_code text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  country_code text NOT NULL DEFAULT 'IT',
  phone_number text,
  recipient_email text,
  tracking_number text,
  carrier_shipment_number text,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'error', 'cancelled')),
  has_label boolean NOT NULL DEFAULT false,
  label_sequence bigint,
  error_message text,
  error_code text,
  retry_count integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  shipped_at timestamptz,
  estimated_delivery_date timestamptz,
  delivered_at timestamptz,
  label_printed_at timestamptz,
  cancelled_at timestamptz,
  close_workday_status text CHECK (close_workday_status IN ('closed', 'failed')),
  close_workday_message text,
  close_workday_at timestamptz,
  manifest_id bigint,
  marketplace_tracking_status text,
  marketplace_tracking_error text,
  marketplace_tracking_attempts integer NOT NULL DEFAULT 0,
  marketplace_tracking_last_attempt timestamptz,
  marketplace_tracking_updated_at timestamptz,
  -- the last tracking event read from the carrier (its time is the last movement)
  tracking_status text,
  tracking_description text,
  tracking_updated_at timestamptz,
  -- who is labelling it (a claim token) and until when: a claim that ran out may be taken over
  processing_owner uuid,
  processing_until timestamptz,
  -- order ids, recipient, tracking number and city, lower-cased without accents (domain/search.ts):
  -- written by the service on every change of those fields
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One live shipment per order, also when two requests race: bulk create inserts ON CONFLICT DO
-- NOTHING against this index and reports the existing one.
CREATE UNIQUE INDEX shipments_one_live_per_order ON shipments (merchant_id, order_id) WHERE status <> 'cancelled';
-- The list (newest first) and its status tabs.
CREATE INDEX shipments_by_merchant ON shipments (merchant_id, id DESC);
CREATE INDEX shipments_by_status ON shipments (merchant_id, status, id DESC);
CREATE INDEX shipments_by_carrier ON shipments (merchant_id, carrier_integration_id, id DESC);
CREATE INDEX shipments_search ON shipments USING gin (merchant_id, search_text gin_trgm_ops);

-- Label PDFs apart from the rows, so a list never reads them. Already compressed: stored as they are.
CREATE TABLE labels (
  shipment_id bigint PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE labels ALTER COLUMN pdf SET STORAGE EXTERNAL;

-- GLS workday manifests ("distinta"), one per close and carrier integration.
CREATE TABLE manifests (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  carrier_integration_id bigint NOT NULL,
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE manifests ALTER COLUMN pdf SET STORAGE EXTERNAL;

-- Every carrier and marketplace call made for a shipment: operation, time, duration, outcome and
-- the provider's reason. Never credentials. A CreateLabel row is written ('started') before the call.
CREATE TABLE shipment_calls (
  id bigserial PRIMARY KEY,
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  merchant_id uuid NOT NULL,
  operation text NOT NULL,
  target text NOT NULL DEFAULT '',
  attempt integer NOT NULL DEFAULT 1,
  started_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer,
  outcome text NOT NULL CHECK (outcome IN ('started', 'ok', 'refused', 'unavailable', 'error')),
  message text
);
CREATE INDEX shipment_calls_by_shipment ON shipment_calls (shipment_id, id);

-- Processing runs: one per ProcessShipments request, with its items. The owner renews its lease
-- while it works; any replica takes over a run whose lease ran out and finishes its open items.
CREATE TABLE process_runs (
  id uuid PRIMARY KEY,
  merchant_id uuid NOT NULL,
  -- the user who asked: a takeover calls the carriers on their behalf
  created_by text NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished')),
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  succeeded integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  lease_owner uuid,
  lease_until timestamptz,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX process_runs_running ON process_runs (lease_until) WHERE status = 'running';
CREATE INDEX process_runs_by_merchant ON process_runs (merchant_id, started_at DESC);

CREATE TABLE process_run_items (
  run_id uuid NOT NULL REFERENCES process_runs (id) ON DELETE CASCADE,
  shipment_id bigint NOT NULL,
  position integer NOT NULL,
  -- null while open
  outcome text CHECK (outcome IN ('ok', 'failed', 'skipped')),
  error_code text,
  message text,
  PRIMARY KEY (run_id, shipment_id)
);
CREATE INDEX process_run_items_open ON process_run_items (run_id, position) WHERE outcome IS NULL;
