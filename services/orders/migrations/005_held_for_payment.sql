-- Issue 19: an order to ship that is not paid (payment in_attesa or fallito) is held back in its own
-- status, da_pagare (the 'Da pagare' tab), out of 'Da spedire', of the shipping rules and of bulk
-- shipment creation, until an import says it is paid (domain/statuses.ts heldForPayment).

ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('da_pagare', 'da_spedire', 'in_transito', 'spedito', 'consegnato', 'annullato'));

-- Held back (on insert, or by a newer version) since the rules last looked at it: they do when an
-- import says it is paid, and this is cleared.
ALTER TABLE orders ADD COLUMN rules_pending boolean NOT NULL DEFAULT false;

-- The orders already waiting for their payment (the counters' trigger moves the tabs' counts).
UPDATE orders SET status = 'da_pagare', rules_pending = true
 WHERE status = 'da_spedire' AND payment_status IN ('in_attesa', 'fallito');
