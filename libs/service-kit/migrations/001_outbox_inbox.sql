-- Up Migration
CREATE TABLE outbox (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  subject text NOT NULL,
  payload bytea NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);
CREATE INDEX outbox_pending ON outbox (seq) WHERE published_at IS NULL;

CREATE TABLE inbox (
  consumer text NOT NULL,
  message_id text NOT NULL,
  subject text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, message_id)
);

CREATE TABLE dead_letters (
  id bigserial PRIMARY KEY,
  consumer text NOT NULL,
  message_id text NOT NULL,
  subject text NOT NULL,
  payload bytea NOT NULL,
  error text NOT NULL,
  deliveries integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE dead_letters;
DROP TABLE inbox;
DROP TABLE outbox;
