-- Mail: see migrations/sqlite/020_mail.sql.
ALTER TABLE orders ADD COLUMN locale text COLLATE "C";

CREATE TABLE mail_outbox (
  id text COLLATE "C" PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind text COLLATE "C" NOT NULL CHECK (kind IN ('receipt')),
  subject_id text COLLATE "C" NOT NULL,
  address text COLLATE "C" NOT NULL,
  locale text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at_ms bigint NOT NULL,
  last_error text,
  sent_at text COLLATE "C",
  claim_token text COLLATE "C",
  lease_expires_at_ms bigint,
  UNIQUE (kind, subject_id, address)
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at_ms) WHERE sent_at IS NULL;

CREATE TABLE mail_recipients (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  address text COLLATE "C" NOT NULL,
  token text COLLATE "C" NOT NULL UNIQUE,
  unsubscribed_at text COLLATE "C",
  PRIMARY KEY (organization_id, address)
);
