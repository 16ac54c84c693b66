-- Up Migration

-- Users. E-mail is stored lowercased; username keeps its spelling but is unique case-insensitively.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  email text NOT NULL CONSTRAINT users_email_lowercase CHECK (email = lower(email)),
  first_name text NOT NULL,
  last_name text NOT NULL,
  -- data:image/...;base64,... (decoded at most 1 MB); TOASTed out of line, never read on the hot path.
  avatar text,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

-- Sessions: only the SHA-256 of the token is kept, so a database leak yields no usable cookie.
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  merchant_id uuid,
  role text CONSTRAINT sessions_role_check CHECK (role IN ('admin', 'user')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CONSTRAINT sessions_merchant_role CHECK ((merchant_id IS NULL) = (role IS NULL))
);
CREATE INDEX sessions_user_merchant ON sessions (user_id, merchant_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- Password-reset tokens: hashed, one hour, single use.
CREATE TABLE password_reset_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

-- Down Migration
DROP TABLE password_reset_tokens;
DROP TABLE sessions;
DROP TABLE users;
