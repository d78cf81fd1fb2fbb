-- A folder `media:import` is still queueing: see migrations/sqlite/017_import_batches.sql.
CREATE TABLE import_batches (
  id text COLLATE "C" PRIMARY KEY,
  lease_expires_at_ms bigint NOT NULL
);
