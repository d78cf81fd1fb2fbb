-- Imports as jobs that survive a kill -9: see migrations/sqlite/011_import_jobs.sql.
CREATE TABLE import_jobs (
  id text COLLATE "C" PRIMARY KEY,
  batch_id text COLLATE "C" NOT NULL,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  card_id text COLLATE "C" NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  kind text COLLATE "C" NOT NULL CHECK (kind IN ('photo', 'extra', 'video')),
  file_name text COLLATE "C" NOT NULL,
  captured_at text COLLATE "C" NOT NULL,
  sold_at_venue integer NOT NULL,
  queued_at text COLLATE "C" NOT NULL,
  claim_token text COLLATE "C",
  lease_expires_at_ms bigint,
  media_id text COLLATE "C",
  attempts integer NOT NULL DEFAULT 0,
  error text
);
CREATE INDEX import_jobs_queue ON import_jobs (queued_at, id);
CREATE INDEX import_jobs_batch ON import_jobs (batch_id);
