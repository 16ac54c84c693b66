-- A shipment its carrier cannot cancel (Poste Delivery Business, GLS after the workday close, a
-- letter whose label was handed out) is voided in Smista only: its label is marked not to be used,
-- with the reason the screens show, and the audit trail records the void with its own outcome.
ALTER TABLE shipments ADD COLUMN label_void_reason text;

ALTER TABLE shipment_calls DROP CONSTRAINT IF EXISTS shipment_calls_outcome_check;
ALTER TABLE shipment_calls ADD CONSTRAINT shipment_calls_outcome_check
  CHECK (outcome IN ('started', 'ok', 'refused', 'unavailable', 'error', 'skipped', 'voided'));
