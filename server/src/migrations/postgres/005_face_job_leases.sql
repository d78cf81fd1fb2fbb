-- Face jobs are claimed as import jobs are: see migrations/sqlite/013_face_job_leases.sql.
DROP INDEX face_jobs_organization;
DROP INDEX face_jobs_queue;
ALTER TABLE face_jobs DROP COLUMN claimed_at;
ALTER TABLE face_jobs ADD COLUMN claim_token text COLLATE "C";
ALTER TABLE face_jobs ADD COLUMN lease_expires_at_ms bigint;
CREATE INDEX face_jobs_organization ON face_jobs (organization_id);
CREATE INDEX face_jobs_queue ON face_jobs (queued_at, media_id);
