-- Modern renditions of thumbs and previews: see migrations/sqlite/018_renditions.sql.
ALTER TABLE media ADD COLUMN renditions integer NOT NULL DEFAULT 0;

CREATE TABLE rendition_jobs (
  media_id text COLLATE "C" PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  queued_at text COLLATE "C" NOT NULL,
  claim_token text COLLATE "C",
  lease_expires_at_ms bigint
);
CREATE INDEX rendition_jobs_organization ON rendition_jobs (organization_id);
CREATE INDEX rendition_jobs_queue ON rendition_jobs (queued_at, media_id);
