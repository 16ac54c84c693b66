-- Issue 26: tracking that keeps itself current. Each shipped shipment of a carrier with a tracking
-- call has a row in `tracking_schedule`: read again at `next_at` (domain/tracking-schedule.ts), by
-- the replica that claimed it until `claimed_until`, so two replicas never read the same shipment at
-- once. The schedule is a narrow table of its own: a read that changes nothing rewrites none of the
-- shipments' indexes (their search index among them). Each shipment keeps its events
-- (`tracking_events`) and the alerts it stands in now (held, exception, returned, stalled, late),
-- what activity notifies of.
ALTER TABLE shipments ADD COLUMN tracking_alerts text[] NOT NULL DEFAULT '{}';

CREATE TABLE tracking_schedule (
  shipment_id bigint PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  -- the carrier (`carrier_provider`): the refresher claims per carrier, within its call budget
  provider text NOT NULL,
  next_at timestamptz,
  claimed_until timestamptz,
  failures integer NOT NULL DEFAULT 0,
  checked_at timestamptz
);
-- Oldest due first per carrier; letters (no tracking call) are never scanned.
CREATE INDEX tracking_schedule_due ON tracking_schedule (provider, next_at) WHERE next_at IS NOT NULL;

-- What is on its way now is read at once.
INSERT INTO tracking_schedule (shipment_id, provider, next_at)
SELECT id, carrier_provider, now() FROM shipments WHERE status = 'shipped' AND tracking_number IS NOT NULL AND carrier_provider IS NOT NULL;

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
