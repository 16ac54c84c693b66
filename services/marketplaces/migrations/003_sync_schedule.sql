-- The server-side schedule on a fixed grid per integration (domain/jobs.ts `nextSyncSlot`): when
-- the integration's next scheduled sync is due. NULL until its first scheduled job: then it is due
-- one interval after its latest job (or its connection). Every replica looks for due rows with
-- FOR NO KEY UPDATE SKIP LOCKED, so one of them creates the job and moves this on.
ALTER TABLE integrations ADD COLUMN next_sync_at timestamptz;
CREATE INDEX integrations_sync_due ON integrations (next_sync_at) WHERE active AND status = 'active';
