-- Issue 25: a shipment keeps its parcel as it is (taken from the order's catalogue weight and
-- package at creation, edited in the drawer) and, for a destination outside the EU customs union,
-- its customs declaration. A pending shipment without a weight, or whose declaration lacks
-- something, is a problem (Errori) and is not labelled. `customs_missing` is what the domain's
-- `customsMissing` answered at the last change (empty: nothing missing or no declaration needed).
ALTER TABLE shipments
  ADD COLUMN parcel_weight_grams integer CHECK (parcel_weight_grams > 0),
  ADD COLUMN parcel_length_mm integer CHECK (parcel_length_mm > 0),
  ADD COLUMN parcel_width_mm integer CHECK (parcel_width_mm > 0),
  ADD COLUMN parcel_height_mm integer CHECK (parcel_height_mm > 0),
  ADD COLUMN parcel_package_name text NOT NULL DEFAULT '',
  ADD COLUMN customs_needed boolean NOT NULL DEFAULT false,
  ADD COLUMN customs_territory text,
  ADD COLUMN customs jsonb,
  ADD COLUMN customs_missing jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The labels made before went out at the fixed 1 kg: that is what the carrier has. Pending ones
-- get no weight: the merchant enters it (never a silent 1 kg again).
UPDATE shipments SET parcel_weight_grams = 1000 WHERE has_label OR status IN ('shipped', 'delivered');
