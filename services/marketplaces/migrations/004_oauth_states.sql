-- The `state` of each OAuth consent a user starts (GetOAuthParams): bound to the user, the merchant
-- and the marketplace, short-lived and used once by CompleteOAuth. Without it a callback link made
-- from another person's consent would connect their store to whoever opened it (OAuth CSRF). Only
-- the SHA-256 of the state is kept: the table alone cannot be turned into a working link.
CREATE TABLE oauth_states (
  state_hash bytea PRIMARY KEY,
  merchant_id uuid NOT NULL,
  user_id uuid NOT NULL,
  marketplace_id integer NOT NULL REFERENCES marketplaces (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX oauth_states_expiry ON oauth_states (expires_at);
