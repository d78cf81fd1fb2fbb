-- A folder `media:import` is still queueing (issue 26): it inserts its jobs in short
-- transactions, a few hundred rows each, then stages their files, outside any transaction. The
-- batch's row holds them back meanwhile (no worker claims a job of a batch listed here) and its
-- lease, renewed by the queueing process, tells a live import from a killed one. Deleting the
-- row releases the whole folder at once; a batch whose lease ran out is dropped with its jobs
-- and their staged files (services/import-jobs.ts dropAbandonedBatches).
CREATE TABLE import_batches (
  id TEXT PRIMARY KEY,
  lease_expires_at_ms INTEGER NOT NULL
);
