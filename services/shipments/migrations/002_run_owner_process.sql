-- The process holding a run's lease (the kit's process presence): when that process is gone (its
-- PostgreSQL session ended, so its presence lock is free), any replica takes the run over at once
-- instead of waiting for the lease to run out. NULL for runs written before.
ALTER TABLE process_runs ADD COLUMN owner_process uuid;

-- A label claim records its process too, and when its carrier call is surely over (claimed at plus
-- the label deadline): the claim of a process that is gone is shortened to that moment, so the
-- shipment is labelled again as soon as the dead call cannot still be running at the carrier.
ALTER TABLE shipments ADD COLUMN processing_process uuid, ADD COLUMN processing_call_until timestamptz;
