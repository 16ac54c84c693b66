-- Issue 26: e-mails to the buyer in the merchant's name. Off until the merchant switches them on
-- (`buyer_mail_settings`, one row per merchant; templates hold only what the merchant reworded, the
-- rest are the contracts' defaults).
CREATE TABLE buyer_mail_settings (
  merchant_id uuid PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT false,
  -- the kinds switched on (contracts buyerMailKinds)
  kinds text[] NOT NULL DEFAULT '{shipped,out_for_delivery,delivered,held}',
  sender_name text NOT NULL DEFAULT '',
  reply_to text NOT NULL DEFAULT '',
  -- {kind: {subject, body}} for the reworded kinds only
  templates jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT ''
);

-- The outbox of buyer e-mails: a row is written in the transaction that labelled the shipment or
-- kept the carrier's news, only for the kinds the merchant chose, and never twice for a shipment
-- and kind. The sender (app/buyer-mailer.ts) claims due rows (SKIP LOCKED, then held until
-- `claimed_until`), sends them and records what became of each.
CREATE TABLE buyer_mails (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  kind text NOT NULL,
  -- the address at queue time (the drawer shows it; the sender reads the shipment's own again)
  recipient text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
  reason text,
  -- the buyer's unsubscribe link `/u/{token}`: random, 43 characters
  unsubscribe_token text NOT NULL UNIQUE,
  send_after timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  queued_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (shipment_id, kind)
);
CREATE INDEX buyer_mails_due ON buyer_mails (send_after) WHERE status = 'pending';

-- Buyers who asked a merchant for no more e-mails: the address's sha256 (lower case), so that
-- erasing a buyer's personal data leaves nothing readable here and the choice still holds.
CREATE TABLE buyer_mail_unsubscribes (
  merchant_id uuid NOT NULL,
  address_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, address_hash)
);
