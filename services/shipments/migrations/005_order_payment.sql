-- Issue 19: the order's payment as the orders service last told it (on creation from GetOrders,
-- then from `orders.order.upserted`): a live shipment of an order refunded on the marketplace is a
-- problem of the Errori tab. `order_payment_at` is the version (an older event never overwrites).
ALTER TABLE shipments ADD COLUMN order_payment_status text;
ALTER TABLE shipments ADD COLUMN order_payment_at timestamptz;

-- The audit trail also records a person's confirmation a shipment needed (created for an order not
-- paid): who, as the caller token names them (the message says it as the merchant reads it).
ALTER TABLE shipment_calls ADD COLUMN user_id text;
