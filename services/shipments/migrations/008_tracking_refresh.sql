-- Issue 26: tracking that keeps itself current. Each shipped shipment of a carrier with a tracking
-- call is read again at `tracking_next_at` (domain/tracking-schedule.ts); a replica claims it until
-- `tracking_claimed_until`, so two replicas never read the same shipment at once. Its events are
-- kept (`tracking_events`), and the alerts it stands in now (held, exception, returned, stalled,
-- late) are what activity notifies of.
ALTER TABLE shipments
  ADD COLUMN tracking_alerts text[] NOT NULL DEFAULT '{}',
  ADD COLUMN tracking_next_at timestamptz,
  ADD COLUMN tracking_claimed_until timestamptz,
  ADD COLUMN tracking_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN tracking_checked_at timestamptz;

-- What is on its way now is read at once; the rest never again.
UPDATE shipments SET tracking_next_at = now() WHERE status = 'shipped' AND tracking_number IS NOT NULL;

-- The refresher claims per carrier, oldest due first; letters (no tracking call) are never scanned.
CREATE INDEX shipments_tracking_due ON shipments (carrier_provider, tracking_next_at) WHERE tracking_next_at IS NOT NULL;

CREATE TABLE tracking_events (
  id bigserial PRIMARY KEY,
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  merchant_id uuid NOT NULL,
  at timestamptz NOT NULL,
  -- Smista's status (contracts trackingStatuses) and the carrier's own code and words
  status text NOT NULL,
  code text NOT NULL DEFAULT '',
  description text NOT NULL,
  location text NOT NULL DEFAULT '',
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shipment_id, at, code, description)
);
CREATE INDEX tracking_events_by_shipment ON tracking_events (shipment_id, at);

-- The carriers' call limits, shared by every replica: the calls made per carrier and minute.
CREATE TABLE tracking_call_budget (
  provider text NOT NULL,
  window_start timestamptz NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  PRIMARY KEY (provider, window_start)
);
