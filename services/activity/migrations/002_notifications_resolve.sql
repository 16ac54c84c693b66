-- Issue 19, "notifications that tell the truth". A notification resolves itself when its cause is
-- gone ('Etichette non create' after the label was made, a pool refilled, a token renewed, a sync
-- that later succeeded, the GLS day closed): it keeps its row (its dedup key stays taken, so the
-- same cause told again raises nothing) and leaves the lists and the unread count.

-- What a notification is about (marketplace:<id>, carrier:<id>, workday:<day>, or its label group):
-- the key its cause goes away by.
ALTER TABLE notifications ADD COLUMN subject text NOT NULL DEFAULT '';
ALTER TABLE notifications ADD COLUMN resolved_at timestamptz;
CREATE INDEX notifications_open ON notifications (merchant_id, updated_at DESC, id DESC) WHERE resolved_at IS NULL;
CREATE INDEX notifications_subject ON notifications (merchant_id, subject) WHERE resolved_at IS NULL;

-- The notifications already raised get their subject from their key, and a link to where the
-- problem is (the integration's own page instead of the marketplaces catalogue).
UPDATE notifications SET subject = 'marketplace:' || split_part(dedup_key, ':', 2), link = '/dashboard/integration/' || split_part(dedup_key, ':', 2)
 WHERE kind IN ('token_refused', 'token_expiring');
UPDATE notifications SET subject = 'carrier:' || split_part(dedup_key, ':', 2) WHERE kind = 'codes_low';
UPDATE notifications SET subject = 'workday:' || split_part(dedup_key, ':', 2), link = '/dashboard/shipments?status=shipped' WHERE kind = 'workday_open';
UPDATE notifications SET subject = dedup_key WHERE kind = 'labels_failed';

-- Causes that went away, as of when: a notification of the same cause whose event arrives later
-- (told by another consumer: a failed sync read after the integration's deletion, a low pool read
-- after its refill) and is older than that comes resolved.
CREATE TABLE resolutions (
  merchant_id uuid NOT NULL,
  kind text NOT NULL,
  subject text NOT NULL,
  resolved_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, kind, subject)
);

-- A failed label stays a problem until its shipment is labelled or cancelled after it.
ALTER TABLE label_failures ADD COLUMN reason text NOT NULL DEFAULT '';
ALTER TABLE label_failures ADD COLUMN external_order_id text NOT NULL DEFAULT '';
ALTER TABLE label_failures ADD COLUMN failed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE label_failures ADD COLUMN settled boolean NOT NULL DEFAULT false;
CREATE INDEX label_failures_shipment ON label_failures (merchant_id, shipment_id) WHERE NOT settled;

-- Shipments labelled or cancelled, and the latest time: a failure of it older than that, read late
-- (the failures' consumer behind the labels' one), is already settled.
CREATE TABLE settled_shipments (
  merchant_id uuid NOT NULL,
  shipment_id bigint NOT NULL,
  settled_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, shipment_id)
);

-- The GLS account of each labelled shipment: the reminder leads to that account's shipped ones.
ALTER TABLE gls_shipments ADD COLUMN carrier_integration_id bigint;

-- Members of an activity line that grows ('add'): each shipment counts once per line.
CREATE TABLE activity_members (
  merchant_id uuid NOT NULL,
  group_key text NOT NULL,
  member text NOT NULL,
  PRIMARY KEY (merchant_id, group_key, member)
);
