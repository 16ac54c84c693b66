-- Orders from anywhere (issue 25): orders the merchant types or imports from a CSV file, stored as
-- any imported order under the marketplace 'manual' and integration 0 (no marketplace behind them:
-- nothing synced, nothing pushed back). Their number is the external id, so the unique key
-- (merchant, integration, external id) is also what makes a CSV import idempotent.

-- The last manual order number of each merchant ('M-000123'): taken with a row lock, so two orders
-- created at once never share one.
CREATE TABLE manual_order_numbers (
  merchant_id uuid PRIMARY KEY,
  last_number bigint NOT NULL
);

-- What a manual order carries beyond an import: the package preset chosen in the form (the
-- catalogue's presets; IF NOT EXISTS as the catalogue slice may add the same column) and the notes.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS package_preset_id bigint;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS notes text;

-- CSV imports of orders: one job per file, its orders waiting in order_import_rows until a worker
-- stores them, a batch per transaction (the job row locked FOR UPDATE SKIP LOCKED, its cursor moved
-- in the same transaction): a worker killed mid-batch leaves the batch to the next round, never
-- half-stored. The orders are keyed (merchant, 0, number) as any manual order: the same file twice
-- creates nothing new.
CREATE TABLE order_imports (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  created_by text NOT NULL DEFAULT '',
  file_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  total_orders integer NOT NULL,
  -- the position of the next order to store (orders before it are stored or were already there)
  next_position integer NOT NULL DEFAULT 0,
  created_orders integer NOT NULL DEFAULT 0,
  skipped_orders integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- The worker's queue: the jobs not finished, oldest first.
CREATE INDEX order_imports_open ON order_imports (id) WHERE status IN ('pending', 'running');
CREATE INDEX order_imports_by_merchant ON order_imports (merchant_id, id DESC);

CREATE TABLE order_import_rows (
  import_id bigint NOT NULL REFERENCES order_imports (id) ON DELETE CASCADE,
  position integer NOT NULL,
  external_id text NOT NULL,
  -- the order as checked (the manual order's body: address, items, notes) and its date
  payload jsonb NOT NULL,
  PRIMARY KEY (import_id, position)
);
