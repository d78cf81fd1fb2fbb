-- Face jobs are claimed as import jobs are (011_import_jobs.sql): a random token and a lease its
-- holder renews. Before, a claim was a time stamp taken again after two minutes, and every claim
-- was released when an API started, which with several instances freed the live ones' too.
DROP INDEX face_jobs_organization;
DROP INDEX face_jobs_queue;
ALTER TABLE face_jobs DROP COLUMN claimed_at;
ALTER TABLE face_jobs ADD COLUMN claim_token TEXT;
ALTER TABLE face_jobs ADD COLUMN lease_expires_at_ms INTEGER;
CREATE INDEX face_jobs_organization ON face_jobs (organization_id);
CREATE INDEX face_jobs_queue ON face_jobs (queued_at, media_id);
