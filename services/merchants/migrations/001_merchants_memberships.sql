-- Up Migration
CREATE TABLE merchants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Normalised by the domain (trimmed, 1..120); the check only guards against an empty row.
  name text NOT NULL CHECK (btrim(name) <> ''),
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  merchant_id uuid NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'user')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, merchant_id)
);
-- "My merchants" is asked on every merchant selection.
CREATE INDEX memberships_user_id ON memberships (user_id);
-- Team listing and the foreign key's cascade look memberships up by merchant.
CREATE INDEX memberships_merchant_id ON memberships (merchant_id);

-- Down Migration
DROP TABLE memberships;
DROP TABLE merchants;
