-- Issue 26: the buyer's public tracking page, `/t/{public_token}`. The token is random (at least
-- 128 bits, URL-safe), never derived from an id; written with the label (store markLabelled) and kept
-- for the shipment's life. What is already shipped or delivered gets one now: two random uuids'
-- 32 bytes (244 random bits) in base64url without padding, 43 characters.
ALTER TABLE shipments ADD COLUMN public_token text;

UPDATE shipments
   SET public_token = rtrim(translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')
 WHERE status IN ('shipped', 'delivered') AND public_token IS NULL;

CREATE UNIQUE INDEX shipments_public_token ON shipments (public_token) WHERE public_token IS NOT NULL;
