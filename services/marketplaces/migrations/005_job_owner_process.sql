-- The process holding a running sync job's lease (the kit's process presence): when that process is
-- gone (its PostgreSQL session ended, so its presence lock is free), any replica takes the job over
-- at once from its last committed page instead of waiting for the lease to run out. NULL when no
-- process holds it (pending, waiting out a back-off, finished).
ALTER TABLE jobs ADD COLUMN owner_process uuid;
