-- Issue 22, Shopify's webhooks. Every signed delivery is recorded once per marketplace and delivery
-- id (Shopify sends a delivery again, with the same X-Shopify-Webhook-Id, until it gets a 2xx): a
-- second arrival records nothing. The row is also the queue of what the delivery asks (an order to
-- read again and import as a sync does, a privacy request): the webhook is answered as soon as the
-- row is committed, and the work is done after, off the marketplace's 5-second timeout.
CREATE TABLE webhook_deliveries (
  marketplace_id integer NOT NULL REFERENCES marketplaces (id),
  webhook_id text NOT NULL,
  topic text NOT NULL,
  -- the seller the delivery names (Shopify: the shop's domain): integrations.external_user_id
  seller text NOT NULL,
  -- what it asks (the adapter's WebhookAction): ids, and a privacy request's e-mail until it is done
  action jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'ignored', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  PRIMARY KEY (marketplace_id, webhook_id)
);

CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (received_at) WHERE status = 'pending';
