-- "E-mail me when my photos arrive" from the facial search (issue #29): the photos the search
-- could not look at yet are not known to be the visitor's, so the address waits for the period
-- searched (the instants the organization's days begin and end), not for a card; when no photo
-- captured in it is left to index, one notice is queued (kind 'faces', subject the period) and
-- the subscription deleted. Nothing of the visitor's face is kept. One per period and address.
CREATE TABLE notify_face_subscriptions (
  id TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  captured_from TEXT NOT NULL,
  captured_to TEXT NOT NULL,
  address TEXT NOT NULL,
  locale TEXT NOT NULL,
  site_origin TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (organization_id, captured_from, captured_to, address)
);
CREATE INDEX notify_face_subscriptions_address ON notify_face_subscriptions (organization_id, address);
CREATE INDEX notify_face_subscriptions_age ON notify_face_subscriptions (created_at);

-- The outbox takes the new kind: SQLite changes a CHECK only by copying the table.
CREATE TABLE mail_outbox_next (
  id TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('receipt', 'arrival', 'faces')),
  subject_id TEXT NOT NULL,
  site_origin TEXT,
  address TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at_ms INTEGER NOT NULL,
  last_error TEXT,
  sent_at TEXT,
  claim_token TEXT,
  lease_expires_at_ms INTEGER,
  UNIQUE (kind, subject_id, address)
);
INSERT INTO mail_outbox_next SELECT id, organization_id, kind, subject_id, site_origin, address, locale, created_at, attempts, next_attempt_at_ms, last_error, sent_at, claim_token, lease_expires_at_ms FROM mail_outbox;
DROP TABLE mail_outbox;
ALTER TABLE mail_outbox_next RENAME TO mail_outbox;
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at_ms) WHERE sent_at IS NULL;
