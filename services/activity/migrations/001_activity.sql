-- What the dashboard and the header show, built from the other services' events: the merchants'
-- notifications and who read them, the recent activity, and the projections the periodic checks
-- read (marketplace integrations for token expiry, GLS shipments for the workday reminder).
-- Every table carries merchant_id: test stacks share one NATS, so every stack's consumers see
-- every stack's events, and ids of other services (jobs, shipments, integrations) repeat across
-- stacks; merchant ids do not.

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  -- sync_failed | token_expiring | token_refused | codes_low | labels_failed | workday_open
  kind text NOT NULL,
  -- one per condition: a redelivered event, a second replica or the next hourly check find it taken
  dedup_key text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  -- where the merchant fixes it (a path of the app)
  link text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- a grouped notification (a run's failed labels) grows: shown with its latest time
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_dedup UNIQUE (merchant_id, dedup_key)
);
CREATE INDEX notifications_recent ON notifications (merchant_id, updated_at DESC, id DESC);

-- Read marks per user: one user reading a notification leaves it unread for the others.
CREATE TABLE notification_reads (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_reads_user ON notification_reads (user_id);

-- The shipments behind a labels_failed notification: its count is how many distinct ones failed.
CREATE TABLE label_failures (
  merchant_id uuid NOT NULL,
  group_key text NOT NULL,
  shipment_id bigint NOT NULL,
  PRIMARY KEY (merchant_id, group_key, shipment_id)
);

CREATE TABLE activity (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  -- orders_imported | labels_created | shipment_delivered | rule_changed | carriers_assigned
  kind text NOT NULL,
  -- one line per group: the orders of a sync, the labels of a run, a delivered shipment
  group_key text NOT NULL,
  body text NOT NULL,
  count integer NOT NULL DEFAULT 1,
  total integer NOT NULL DEFAULT 0,
  occurred_at timestamptz NOT NULL,
  CONSTRAINT activity_group UNIQUE (merchant_id, group_key)
);
CREATE INDEX activity_recent ON activity (merchant_id, occurred_at DESC, id DESC);

-- marketplaces.integration.changed, latest change only (changed_at guards against a late older one).
CREATE TABLE marketplace_integrations (
  merchant_id uuid NOT NULL,
  integration_id bigint NOT NULL,
  provider text NOT NULL,
  status text NOT NULL,
  active boolean NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  refresh_token_expires_at timestamptz,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, integration_id)
);
CREATE INDEX marketplace_integrations_expiry ON marketplace_integrations (refresh_token_expires_at) WHERE NOT deleted;

-- GLS shipments labelled (shipments.shipment.labelled) and whether their workday was closed (or
-- they were cancelled): the reminder counts those of the day still open.
CREATE TABLE gls_shipments (
  merchant_id uuid NOT NULL,
  shipment_id bigint NOT NULL,
  -- the merchant's calendar day of the label (Europe/Rome)
  labelled_on date NOT NULL,
  closed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, shipment_id)
);
CREATE INDEX gls_shipments_open ON gls_shipments (labelled_on, merchant_id) WHERE NOT closed;
