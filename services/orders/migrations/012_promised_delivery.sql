-- Issue 26: the latest delivery the marketplace promised the buyer (eBay's maxEstimatedDeliveryDate,
-- Amazon's deliverByWindow): a shipment not delivered by then is late (a notification).
ALTER TABLE orders ADD COLUMN promised_delivery_by timestamptz;
