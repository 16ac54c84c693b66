-- Up Migration

-- The merchant's logo (issue 25), printed on its packing slips: one per merchant, PNG or JPEG of
-- up to 512 KB (checked by the service on its bytes; the size is repeated here as a last guard).
CREATE TABLE merchant_logos (
  merchant_id uuid PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  data bytea NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 524288),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE merchant_logos;
