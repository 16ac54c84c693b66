-- Issue 20: whether the buyer chose an express service is the marketplace adapter's reading of its
-- own shipping service (ImportedOrder.express), stored with the order; the shipping rules'
-- is_express and the API's isExpress read it instead of interpreting the marketplace's service codes
-- here. The orders imported before get the reading eBay's adapter makes (adapters/ebay/units.ts
-- isExpressService), from the service code they kept.

ALTER TABLE orders ADD COLUMN express boolean NOT NULL DEFAULT false;

UPDATE orders
   SET express = true
 WHERE shipping_service ~* 'express|expedited|overnight|next[[:space:]_-]?day|one[[:space:]_-]?day|same[[:space:]_-]?day|priority|espresso|24[[:space:]]?h';
