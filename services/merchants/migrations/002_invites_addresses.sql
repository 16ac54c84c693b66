-- Up Migration
CREATE TABLE invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  -- Normalised by the domain (trimmed, lower case); compared as stored.
  email text NOT NULL CHECK (email <> '' AND email = lower(btrim(email))),
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
  -- sha256 (hex) of the 256-bit token sent by e-mail; the token itself is never stored.
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid NOT NULL,
  -- Who sent it, as identity knew them then: the public invite page shows it without a caller.
  inviter_email text NOT NULL,
  inviter_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid,
  -- Cancelled by an admin, or closed because it had expired when a new invite for the address was made.
  cancelled_at timestamptz,
  CHECK (expires_at > created_at),
  CHECK ((accepted_at IS NULL) = (accepted_by IS NULL)),
  CHECK (accepted_at IS NULL OR cancelled_at IS NULL)
);
-- One open invite per address and merchant, even when two admins invite at the same moment.
CREATE UNIQUE INDEX invites_one_open_per_email ON invites (merchant_id, email)
  WHERE accepted_at IS NULL AND cancelled_at IS NULL;
-- The team screen's pending list, newest first.
CREATE INDEX invites_merchant_created ON invites (merchant_id, created_at DESC);

CREATE TABLE merchant_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  address_types text[] NOT NULL CHECK (
    cardinality(address_types) >= 1
    AND address_types <@ ARRAY['billing', 'pickup', 'return', 'warehouse']::text[]
  ),
  is_default boolean NOT NULL DEFAULT false,
  company_name text NOT NULL CHECK (btrim(company_name) <> ''),
  contact_person text,
  address_line1 text NOT NULL CHECK (btrim(address_line1) <> ''),
  address_line2 text,
  city text NOT NULL CHECK (btrim(city) <> ''),
  state text,
  postal_code text NOT NULL CHECK (btrim(postal_code) <> ''),
  country text NOT NULL DEFAULT 'Italia' CHECK (btrim(country) <> ''),
  country_code text NOT NULL DEFAULT 'IT' CHECK (country_code ~ '^[A-Z]{2}$'),
  phone text,
  email text,
  vat_number text,
  tax_code text,
  pickup_hours text,
  notes text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One default address per merchant; the service clears the old default in the same transaction.
CREATE UNIQUE INDEX merchant_addresses_one_default ON merchant_addresses (merchant_id) WHERE is_default;
CREATE INDEX merchant_addresses_merchant_id ON merchant_addresses (merchant_id);

-- Down Migration
DROP TABLE merchant_addresses;
DROP TABLE invites;
