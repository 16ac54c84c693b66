-- Issue 19, "an update of an existing order is not an import". A later sync reads again every order
-- changed on the marketplace since the previous window (a tracking push changes an eBay order, and
-- the windows overlap by 5 minutes): those are updates. Each order an integration ever imported is
-- kept here by its marketplace id, so a sync counts apart the orders it imports for the first time
-- (jobs.orders_new, marketplaces.sync.finished `orders_new`), in the transaction of the page.
-- Orders imported before this migration are not here: the first sync after it counts the ones it
-- reads again as new, once.
CREATE TABLE imported_orders (
  integration_id bigint NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  -- the job that imported it first
  job_id bigint NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (integration_id, external_id)
);

ALTER TABLE jobs ADD COLUMN orders_new integer NOT NULL DEFAULT 0;

-- The shipments processing run that labelled a pushed shipment ('' on demand): activity tells a
-- run's pushes as one line.
ALTER TABLE tracking_pushes ADD COLUMN run_id text NOT NULL DEFAULT '';
