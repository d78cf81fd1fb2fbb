-- Imports as jobs that survive a kill -9 (issue #16). `media:import` checks a folder, then in one
-- transaction stages every file in the media store under its job's id and queues one job per
-- file. Workers (the CLI that queued them, and every API instance) make the derivatives and
-- insert the media row; the row's insert and the job's delete commit together.
--
-- A claim stamps a random token and a lease that its holder renews while it works; a job whose
-- holder died is taken again when the lease ends. media_id is the id the current attempt stores
-- its files under, so the sweep knows them as work in progress. A job that cannot succeed keeps
-- its error for the admin to read.
CREATE TABLE import_jobs (
  id TEXT PRIMARY KEY,
  batch_id TEXT NOT NULL,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  card_id TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('photo', 'extra', 'video')),
  file_name TEXT NOT NULL,
  captured_at TEXT NOT NULL,
  sold_at_venue INTEGER NOT NULL,
  queued_at TEXT NOT NULL,
  claim_token TEXT,
  lease_expires_at_ms INTEGER,
  media_id TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT
);
CREATE INDEX import_jobs_queue ON import_jobs (queued_at, id);
CREATE INDEX import_jobs_batch ON import_jobs (batch_id);
