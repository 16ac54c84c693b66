-- Up Migration

-- A merchant whose admin requires single sign-on of its members (issue 24): members then work in
-- it only from a session opened with 'Accedi con SSO' (the caller token's `sso` claim).
ALTER TABLE merchants ADD COLUMN sso_required boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE merchants DROP COLUMN sso_required;
