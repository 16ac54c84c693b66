-- The merchant's product catalogue, package presets and the order's weight from them (issue 25).
--
-- products: every SKU seen in an imported order (learned in the import's transaction), with what the
-- marketplaces say (title, image, their references) and what the merchant fills once (weight,
-- dimensions, customs data). package_presets: the merchant's boxes, one default.
-- The order's weight = Σ quantity × (product weight, else the marketplace's item weight) + the tare of
-- the order's preset (else the merchant's default, else 0); unknown when a line has neither.

CREATE TABLE package_presets (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  name text NOT NULL,
  -- inner dimensions
  length_mm integer NOT NULL CHECK (length_mm > 0),
  width_mm integer NOT NULL CHECK (width_mm > 0),
  height_mm integer NOT NULL CHECK (height_mm > 0),
  tare_grams integer NOT NULL DEFAULT 0 CHECK (tare_grams >= 0),
  -- 0 = no limit
  max_weight_grams integer NOT NULL DEFAULT 0 CHECK (max_weight_grams >= 0),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX package_presets_by_name ON package_presets (merchant_id, lower(name));
CREATE UNIQUE INDEX package_presets_one_default ON package_presets (merchant_id) WHERE is_default;

CREATE TABLE products (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  sku text NOT NULL,
  title text NOT NULL DEFAULT '',
  image_url text,
  -- where the marketplaces sell it: [{"marketplace": "ebay", "integrationId": 3, "itemId": "1100…"}]
  marketplace_refs jsonb NOT NULL DEFAULT '[]',
  -- what the merchant fills once (one unit)
  weight_grams integer CHECK (weight_grams > 0),
  length_mm integer CHECK (length_mm > 0),
  width_mm integer CHECK (width_mm > 0),
  height_mm integer CHECK (height_mm > 0),
  hs_code text NOT NULL DEFAULT '',
  origin_country text NOT NULL DEFAULT '',
  customs_description text NOT NULL DEFAULT '',
  ships_in_own_box boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, sku)
);

-- The marketplace's own weight of one unit (adapters pass it when the marketplace says it).
ALTER TABLE order_items ADD COLUMN marketplace_weight_grams integer;
-- Σ quantity × unit weight of the lines; null when a line's weight is unknown (weight_missing).
ALTER TABLE orders ADD COLUMN items_weight_grams bigint;
ALTER TABLE orders ADD COLUMN weight_missing boolean NOT NULL DEFAULT false;
-- The package chosen for the order (by hand or by a rule); null: the merchant's default preset.
ALTER TABLE orders ADD COLUMN package_preset_id bigint REFERENCES package_presets (id) ON DELETE SET NULL;
-- A rule may set the package as well as the carrier.
ALTER TABLE shipping_rules ADD COLUMN package_preset_id bigint REFERENCES package_presets (id) ON DELETE SET NULL;

-- The tare of an order's package: its preset's, else the merchant's default preset's, else 0.
CREATE FUNCTION order_tare_grams(merchant uuid, preset bigint) RETURNS integer
  LANGUAGE sql STABLE AS $$
    SELECT COALESCE(
      (SELECT tare_grams FROM package_presets WHERE id = preset AND merchant_id = merchant),
      (SELECT tare_grams FROM package_presets WHERE merchant_id = merchant AND is_default),
      0)
  $$;

-- Orders imported before: their products learned from their lines, their weight as the marketplace gave it.
INSERT INTO products (merchant_id, sku, title, image_url, marketplace_refs)
SELECT DISTINCT ON (i.merchant_id, i.sku) i.merchant_id, i.sku, i.title, i.image_url,
       jsonb_build_array(jsonb_build_object('marketplace', o.marketplace, 'integrationId', o.integration_id,
                                            'itemId', COALESCE(i.legacy_item_id, i.external_item_id)))
  FROM order_items i JOIN orders o ON o.id = i.order_id
 WHERE i.sku IS NOT NULL AND i.sku <> ''
 ORDER BY i.merchant_id, i.sku, o.order_date DESC
ON CONFLICT DO NOTHING;
UPDATE orders SET items_weight_grams = weight_grams,
                  weight_missing = weight_grams IS NULL AND items_count > 0;
