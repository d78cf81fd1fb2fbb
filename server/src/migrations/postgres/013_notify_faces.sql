-- Notify me from the facial search: see migrations/sqlite/021_notify_faces.sql.
CREATE TABLE notify_face_subscriptions (
  id text COLLATE "C" PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  captured_from text COLLATE "C" NOT NULL,
  captured_to text COLLATE "C" NOT NULL,
  address text COLLATE "C" NOT NULL,
  locale text COLLATE "C" NOT NULL,
  site_origin text,
  created_at text COLLATE "C" NOT NULL,
  UNIQUE (organization_id, captured_from, captured_to, address)
);
CREATE INDEX notify_face_subscriptions_address ON notify_face_subscriptions (organization_id, address);
CREATE INDEX notify_face_subscriptions_age ON notify_face_subscriptions (created_at);

ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('receipt', 'arrival', 'faces'));
