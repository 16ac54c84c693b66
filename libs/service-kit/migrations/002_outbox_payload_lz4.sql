-- Up Migration
-- Outbox payloads carry marketplace orders' raw JSON (several KB each, thousands per sync): pglz
-- compressing them was a few per cent of PostgreSQL's CPU during an import; lz4 does it for a
-- fraction of that. New rows only; existing ones keep pglz and read back the same.
ALTER TABLE outbox ALTER COLUMN payload SET COMPRESSION lz4;

-- Down Migration
ALTER TABLE outbox ALTER COLUMN payload SET COMPRESSION pglz;
