-- Up Migration

-- Merchants that require single sign-on of their members (issue 24), as identity last heard from
-- `merchants.merchant.sso_required_changed` (merchants owns the setting; this is identity's copy,
-- so merchant selection refuses a password session without asking). `changed_at`: the newest
-- change wins over one delivered late.
CREATE TABLE merchant_sso_requirements (
  merchant_id uuid PRIMARY KEY,
  required boolean NOT NULL,
  changed_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE merchant_sso_requirements;
