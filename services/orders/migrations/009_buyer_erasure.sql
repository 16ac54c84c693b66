-- Amazon's buyers' personal data erased a number of days after delivery (issue 22, Amazon's data
-- protection policy: app/buyer-data-retention.ts).
--
-- delivered_at: when the order's shipments first made it consegnato (the delivering shipment's
-- event time), kept once set. buyer_erased_at: when its buyer's data was erased (this round, or a
-- marketplace's privacy request); the round never takes an order again once it is set.
ALTER TABLE orders ADD COLUMN delivered_at timestamptz;
ALTER TABLE orders ADD COLUMN buyer_erased_at timestamptz;

-- Orders delivered before this migration: the delivered shipment's last event is the best time known.
UPDATE orders o SET delivered_at = d.at
  FROM (SELECT order_id, min(updated_at) AS at FROM order_shipments
         WHERE status = 'delivered' OR tracking_status = 'delivered' GROUP BY order_id) d
 WHERE o.id = d.order_id AND o.status = 'consegnato';

-- The round's question (Amazon orders delivered before a cutoff, not yet erased) reads only those.
CREATE INDEX orders_buyer_erasure_due ON orders (delivered_at, merchant_id, id)
  WHERE marketplace = 'amazon' AND buyer_erased_at IS NULL AND delivered_at IS NOT NULL;
