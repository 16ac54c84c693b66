-- The delivery of each shipment told to its marketplace (issue 26: Shopify's fulfillmentEventCreate
-- DELIVERED on the fulfilment the tracking push made): one row per shipment, so a delivery is told
-- once (a redelivered event or a second delivered update inserts nothing). A row waits, pending,
-- until the shipment's tracking push has its fulfilment (tracking_pushes.fulfillment_id, same
-- merchant and shipment); then it is sent, and retried like a tracking push by whichever replica
-- takes its lease first. Marketplaces without a delivery call get no row (or a `skipped` one when
-- the delivery was known before the tracking push).

CREATE TABLE delivery_reports (
  id bigserial PRIMARY KEY,
  shipment_id bigint NOT NULL,
  merchant_id uuid NOT NULL,
  -- the orders service's id (0 when the event did not give it)
  order_id bigint NOT NULL DEFAULT 0,
  -- when the carrier delivered (its last movement), else when shipments learned it
  happened_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'reported', 'retrying', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  last_error_code text,
  last_error text,
  next_attempt_at timestamptz,
  -- the marketplace's id of the event (Shopify's FulfillmentEvent GID)
  event_id text,
  reported_at timestamptz,
  lease_owner uuid,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, shipment_id)
);
CREATE INDEX delivery_reports_due ON delivery_reports (next_attempt_at) WHERE status IN ('pending', 'retrying');
