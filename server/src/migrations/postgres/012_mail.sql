-- Mail: see migrations/sqlite/020_mail.sql.
ALTER TABLE orders ADD COLUMN locale text COLLATE "C";

CREATE TABLE mail_outbox (
  id text COLLATE "C" PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind text COLLATE "C" NOT NULL CHECK (kind IN ('receipt', 'arrival')),
  subject_id text COLLATE "C" NOT NULL,
  site_origin text,
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

CREATE TABLE notify_subscriptions (
  id text COLLATE "C" PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  card_id text COLLATE "C" NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  address text COLLATE "C" NOT NULL,
  locale text COLLATE "C" NOT NULL,
  site_origin text,
  created_at text COLLATE "C" NOT NULL,
  UNIQUE (card_id, address)
);
CREATE INDEX notify_subscriptions_address ON notify_subscriptions (organization_id, address);
CREATE INDEX notify_subscriptions_age ON notify_subscriptions (created_at);
