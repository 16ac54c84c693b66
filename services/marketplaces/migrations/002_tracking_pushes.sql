-- The tracking of each shipment told to its marketplace (eBay createShippingFulfillment): one row
-- per shipment, so a shipment is never pushed twice (a pushed row answers "already pushed"), a
-- failed attempt is retried with back-off by whichever replica takes its lease first, and the
-- merchant sees what happened (shipments keeps the outcome from marketplaces.tracking.attempted).

CREATE TABLE tracking_pushes (
  id bigserial PRIMARY KEY,
  -- the shipments service's id; one push per shipment (with the merchant: events of another
  -- shipments database on the same NATS, as test stacks share one, never collide)
  shipment_id bigint NOT NULL,
  merchant_id uuid NOT NULL,
  integration_id bigint NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  -- the orders service's id (0 when the caller did not give it)
  order_id bigint NOT NULL DEFAULT 0,
  -- {externalOrderId, lineItems: [{lineItemId, quantity}], carrierCode (ours), trackingNumber, shippedDate}:
  -- what is sent, kept so that every retry sends exactly the same
  payload jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'pushed', 'retrying', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  -- the marketplace's code (eBay 32xxx) or ours (QUOTA_EXCEEDED, PROVIDER_UNAVAILABLE...); the Italian text
  last_error_code text,
  last_error text,
  -- when a pending or retrying push is due
  next_attempt_at timestamptz,
  fulfillment_id text,
  pushed_at timestamptz,
  -- the replica (or request) making the call and until when; past it any replica may take the row
  lease_owner uuid,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, shipment_id)
);
-- The pusher's round: the due pending and retrying rows, oldest due first.
CREATE INDEX tracking_pushes_due ON tracking_pushes (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX tracking_pushes_merchant ON tracking_pushes (merchant_id, id DESC);
CREATE INDEX tracking_pushes_integration ON tracking_pushes (integration_id);
