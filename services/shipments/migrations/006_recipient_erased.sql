-- Issue 22: a marketplace's privacy request (Shopify customers/redact, shop/redact) erases the
-- recipient of the buyer's shipments: name, street, phone and e-mail blank, the label PDF deleted
-- (it printed them). What the carrier needs to trace the parcel stays (tracking number, city, postal
-- code, country). When it happened, so the label's refusal can say why and a repeat changes nothing.
ALTER TABLE shipments ADD COLUMN recipient_erased_at timestamptz;
