-- The carrier catalogue, each merchant's carrier integrations and the tracking-code pools.

CREATE TABLE carriers (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL,
  logo_url text NOT NULL,
  -- gls | generic (username/password/customer code) | letter (no API, a code pool)
  credential_kind text NOT NULL CHECK (credential_kind IN ('gls', 'generic', 'letter')),
  uses_code_pool boolean NOT NULL DEFAULT false,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  sort_order integer NOT NULL
);

INSERT INTO carriers (id, code, name, description, logo_url, credential_kind, uses_code_pool, sort_order) VALUES
  (1, 'gls', 'GLS Italia', 'Corriere espresso nazionale: etichette PDF, chiusura giornaliera e tracking tramite GLS Label Service.', '/assets/carriers/gls.svg', 'gls', false, 1),
  (2, 'poste_delivery', 'Poste Delivery Business', 'Pacchi Poste Italiane: lettere di vettura, etichette PDF e tracking tramite le API Poste Delivery Business.', '/assets/carriers/poste_delivery.svg', 'generic', false, 2),
  (3, 'posta_1', 'Posta1', 'Posta prioritaria nazionale con codici di tracciamento assegnati da Poste Italiane.', '/assets/carriers/posta_1.svg', 'letter', true, 3),
  (4, 'posta_rc', 'Raccomandata', 'Raccomandata nazionale con codici assegnati da Poste Italiane e distinta di accettazione.', '/assets/carriers/posta_rc.svg', 'letter', true, 4),
  (5, 'posta_pr_intl', 'Postapriority Internazionale', 'Posta prioritaria per l''estero tracciata con codici internazionali (UPU S10).', '/assets/carriers/posta_pr_intl.svg', 'letter', true, 5),
  (6, 'posta_rc_intl', 'Raccomandata Internazionale', 'Raccomandata per l''estero con codici internazionali (UPU S10) e distinta di accettazione.', '/assets/carriers/posta_rc_intl.svg', 'letter', true, 6);

CREATE TABLE carrier_integrations (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL,
  carrier_id integer NOT NULL REFERENCES carriers (id),
  connection_name text NOT NULL,
  -- GLS credentials (spec §3); *_password columns hold the kit's `secrets` form, never plain text
  branch_code text,
  client_code text,
  client_password text,
  contract_code text,
  branch_email text,
  pickup_username text,
  pickup_password text,
  -- generic credentials
  username text,
  password text,
  customer_code text,
  service_type text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'error')),
  status_message text,
  active boolean NOT NULL DEFAULT true,
  connected_at timestamptz,
  last_sync timestamptz,
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- pools: available codes, kept in the transaction of every change, and whether the low-stock
  -- event was sent for the current crossing
  codes_available bigint NOT NULL DEFAULT 0 CHECK (codes_available >= 0),
  low_stock_notified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carrier_integrations_merchant ON carrier_integrations (merchant_id, id);

CREATE TABLE tracking_codes (
  id bigserial PRIMARY KEY,
  integration_id bigint NOT NULL REFERENCES carrier_integrations (id) ON DELETE CASCADE,
  tracking_code text NOT NULL,
  status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'used', 'reserved')),
  assigned_to_order_id text,
  -- the shipment reference the code was taken for: a retried CreateLabel gets the same code
  reference text,
  -- the label's recipient, for the day's distinta
  recipient jsonb,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (integration_id, tracking_code)
);
-- The next available code of a pool, in insertion order.
CREATE INDEX tracking_codes_available ON tracking_codes (integration_id, id) WHERE status = 'available';
CREATE UNIQUE INDEX tracking_codes_reference ON tracking_codes (integration_id, reference) WHERE reference IS NOT NULL;
CREATE INDEX tracking_codes_used_at ON tracking_codes (integration_id, used_at) WHERE status = 'used';

-- GLS ContatoreProgressivo (≤ 9 digits, unique per package) for callers that give none.
CREATE SEQUENCE label_sequence MAXVALUE 999999999 CYCLE;
