-- Issue 20: a line's fulfilment at its marketplace is kept in Smista's words (LineFulfilmentStatus
-- of the contracts: da_spedire, parzialmente_spedito, spedito), mapped by the marketplace's adapter;
-- nothing outside the adapter names a marketplace's raw value. The lines imported before were eBay's
-- own (NOT_STARTED, IN_PROGRESS, FULFILLED): the same mapping as adapters/ebay/units.ts
-- lineFulfilmentOf, an unknown value becoming unknown (null).

UPDATE order_items
   SET fulfillment_status = CASE upper(btrim(fulfillment_status))
         WHEN 'NOT_STARTED' THEN 'da_spedire'
         WHEN 'IN_PROGRESS' THEN 'parzialmente_spedito'
         WHEN 'FULFILLED' THEN 'spedito'
         ELSE NULL
       END
 WHERE fulfillment_status IS NOT NULL
   AND fulfillment_status NOT IN ('da_spedire', 'parzialmente_spedito', 'spedito');
