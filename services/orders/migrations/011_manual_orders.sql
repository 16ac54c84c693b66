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
