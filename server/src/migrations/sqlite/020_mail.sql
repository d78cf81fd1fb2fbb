-- Mail (issue #29). The language an order was bought in (null: before it was recorded, pt).
ALTER TABLE orders ADD COLUMN locale TEXT;

-- The outbox: a message to send, written in the transaction of the event that causes it (an
-- order paid), so neither exists without the other. One per kind, subject (an order id) and
-- address: the same event recorded twice queues nothing more. Claimed as other jobs are (a token
-- and a lease); a failed try waits until next_attempt_at_ms. The Message-ID is made of the row's id, so
-- a message sent again after a crash is recognizable as the same one.
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('receipt', 'arrival')),
  subject_id TEXT NOT NULL,
  -- The tenant site an arrival notice links to (a receipt's comes from its order).
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
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at_ms) WHERE sent_at IS NULL;

-- Each address an organization mails has one unsubscribe token; unsubscribed_at set, no more
-- mail of that organization goes to it.
CREATE TABLE mail_recipients (
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  unsubscribed_at TEXT,
  PRIMARY KEY (organization_id, address)
);

-- "E-mail me when my photos arrive": one per card and address, until the card's first media land
-- (the notice is then queued and the subscription deleted) or 30 days pass.
CREATE TABLE notify_subscriptions (
  id TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  card_id TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  locale TEXT NOT NULL,
  site_origin TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (card_id, address)
);
CREATE INDEX notify_subscriptions_address ON notify_subscriptions (organization_id, address);
CREATE INDEX notify_subscriptions_age ON notify_subscriptions (created_at);
