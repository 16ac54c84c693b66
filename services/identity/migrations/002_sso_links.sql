-- Up Migration

-- Single sign-on (issue 24). A user created by their first SSO sign-in has no Smista password
-- until they set one; password login refuses them like a wrong password.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- The identity-provider account behind a user: (issuer, sub) is what the OpenID Connect provider
-- promises to keep stable, never the e-mail (which its users may change).
CREATE TABLE sso_links (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX sso_links_user ON sso_links (user_id);

-- Which provider session (the ID token's `sid`) opened which Smista session: Keycloak's back-channel
-- logout names the `sid`, and every session it opened ends.
ALTER TABLE sessions ADD COLUMN sso_issuer text, ADD COLUMN sso_session_id text;
CREATE INDEX sessions_sso_session ON sessions (sso_issuer, sso_session_id) WHERE sso_session_id IS NOT NULL;

-- Nonces of ID tokens already exchanged for a session (SHA-256), kept until the token could no
-- longer be accepted anyway: a replayed token finds its nonce here and is refused.
CREATE TABLE sso_used_nonces (
  nonce_hash bytea PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_used_nonces_expires_at ON sso_used_nonces (expires_at);

-- Down Migration
DROP TABLE sso_used_nonces;
DROP INDEX sessions_sso_session;
ALTER TABLE sessions DROP COLUMN sso_session_id, DROP COLUMN sso_issuer;
DROP TABLE sso_links;
ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL;
