-- Facial search at event scale (issue #15). Photos are described by a background pool as jobs
-- queued at import, never inside a visitor's request; the API matches against an in-memory copy
-- of the descriptors, which it keeps in step by reading the rows added since it last looked.

-- One job per photo waiting to be described. A job is claimed by stamping claimed_at; a claim
-- older than the lease (or any claim, when the API starts) belongs to a worker that died and is
-- taken again. The row goes when the photo's faces are written.
CREATE TABLE face_jobs (
  media_id TEXT PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  claimed_at TEXT
);
CREATE INDEX face_jobs_organization ON face_jobs (organization_id, claimed_at);
CREATE INDEX face_jobs_queue ON face_jobs (claimed_at, queued_at);

-- Descriptors rebuilt with an ever-growing id and their organization, so the in-memory index
-- loads an organization's rows added after the last one it holds with one range read.
CREATE TABLE media_faces_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL,
  media_id TEXT NOT NULL REFERENCES media_face_index (media_id) ON DELETE CASCADE,
  descriptor BLOB NOT NULL
);
INSERT INTO media_faces_new (organization_id, media_id, descriptor)
  SELECT m.organization_id, f.media_id, f.descriptor FROM media_faces f JOIN media m ON m.id = f.media_id ORDER BY f.rowid;
DROP TABLE media_faces;
ALTER TABLE media_faces_new RENAME TO media_faces;
CREATE INDEX media_faces_media ON media_faces (media_id);
CREATE INDEX media_faces_organization ON media_faces (organization_id, id);

-- Bumped when an organization's face data is purged: an in-memory index of another process
-- (the API, when the admin CLI purged) sees it and drops what it holds.
ALTER TABLE organizations ADD COLUMN faces_generation INTEGER NOT NULL DEFAULT 0;

-- An organization's photos by capture time (the facial search's period, the queueing of an
-- organization's photos).
CREATE INDEX media_organization_captured ON media (organization_id, kind, captured_at);

-- Photos already imported into organizations with facial search are queued once.
INSERT INTO face_jobs (media_id, organization_id)
  SELECT m.id, m.organization_id FROM media m JOIN organizations o ON o.id = m.organization_id
  WHERE m.kind = 'photo' AND json_extract(o.profile, '$.has_facial_recognition') = 1
    AND NOT EXISTS (SELECT 1 FROM media_face_index i WHERE i.media_id = m.id);
