-- Issue 19, "the drawer says one thing about the marketplace tracking". A push marketplaces skipped
-- (automatic tracking off, integration off or in error) was stored with the time it was recorded as
-- the time the tracking was sent ('Inviato il' beside 'Non inviato'), and its audit row as 'ok'
-- ('Riuscita'). From now on `marketplace_tracking_updated_at` is the time the marketplace took the
-- tracking (pushed only), `marketplace_tracking_last_attempt` the time of a real call, and a skipped
-- push is an audit row of its own outcome. The rows already written are put right the same way.
ALTER TABLE shipment_calls DROP CONSTRAINT shipment_calls_outcome_check;
ALTER TABLE shipment_calls ADD CONSTRAINT shipment_calls_outcome_check CHECK (outcome IN ('started', 'ok', 'refused', 'unavailable', 'error', 'skipped'));

UPDATE shipment_calls SET outcome = 'skipped'
 WHERE operation = 'PushTracking' AND outcome = 'ok'
   AND coalesce(message, '') NOT LIKE 'Tracking inviato a %' AND coalesce(message, '') NOT LIKE 'Tracking già inviato a %';

UPDATE shipments SET marketplace_tracking_updated_at = NULL
 WHERE marketplace_tracking_status IS DISTINCT FROM 'pushed' AND marketplace_tracking_updated_at IS NOT NULL;
UPDATE shipments SET marketplace_tracking_last_attempt = NULL
 WHERE marketplace_tracking_status = 'skipped' AND marketplace_tracking_attempts = 0;
