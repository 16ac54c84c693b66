-- The orders' shipments as orders knows them from the shipments service's events, and the order's
-- status following them (domain/order-shipments.ts): the marketplace's own status is kept apart,
-- so a later import of an unchanged order does not take a shipped order back.

-- What the marketplace says (the adapter's mapping); `status` is the one shown and counted.
ALTER TABLE orders ADD COLUMN marketplace_status text
  CHECK (marketplace_status IN ('da_spedire', 'in_transito', 'spedito', 'consegnato', 'annullato'));
UPDATE orders SET marketplace_status = status;
ALTER TABLE orders ALTER COLUMN marketplace_status SET NOT NULL;
-- The order has shipments: an import keeps `status` and lets the service work it out again
-- (read on the row the import's upsert locks, so it is never a stale answer).
ALTER TABLE orders ADD COLUMN has_shipments boolean NOT NULL DEFAULT false;

CREATE TABLE order_shipments (
  -- the shipments service's id, unique within a merchant's events (keyed with the merchant, so
  -- events of another shipments database on the same NATS, as test stacks share one, never collide)
  shipment_id bigint NOT NULL,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  merchant_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'error', 'cancelled')),
  tracking_number text,
  -- our carrier code (gls, poste_delivery, posta_1...)
  carrier_provider text,
  carrier_integration_id bigint,
  has_label boolean NOT NULL DEFAULT false,
  -- the carrier's last word: in_transit | delivered | exception | info
  tracking_status text,
  shipped_at timestamptz,
  -- occurred_at of the last event applied: the row's version (an older event never changes the status)
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, shipment_id)
);
-- An order's shipments, newest first (its detail, a page's rows, GetOrders).
CREATE INDEX order_shipments_by_order ON order_shipments (order_id, shipment_id DESC);
