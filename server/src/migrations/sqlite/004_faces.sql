-- The facial search: the face descriptors (128 float32) of each photo, computed once. A photo's
-- row in media_face_index says it was looked at, even when no face was found in it.
CREATE TABLE media_face_index (
  media_id TEXT PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
  faces INTEGER NOT NULL,
  indexed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE media_faces (
  media_id TEXT NOT NULL REFERENCES media_face_index (media_id) ON DELETE CASCADE,
  descriptor BLOB NOT NULL
);
CREATE INDEX media_faces_media ON media_faces (media_id);
