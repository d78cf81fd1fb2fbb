-- Modern renditions of thumbs and previews (issue #28): WebP in a few widths beside the JPEGs,
-- made after import by background jobs, never in a visitor's request. `renditions` is the set a
-- media's files were made with (services/renditions.ts, 0 = none yet): the gallery lists the
-- WebP sources only when it is the current one, so until then the JPEGs are served.
ALTER TABLE media ADD COLUMN renditions INTEGER NOT NULL DEFAULT 0;

-- One job per media waiting for its renditions, claimed as face jobs are (a token and a lease).
CREATE TABLE rendition_jobs (
  media_id TEXT PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  queued_at TEXT NOT NULL,
  claim_token TEXT,
  lease_expires_at_ms INTEGER
);
CREATE INDEX rendition_jobs_organization ON rendition_jobs (organization_id);
CREATE INDEX rendition_jobs_queue ON rendition_jobs (queued_at, media_id);
