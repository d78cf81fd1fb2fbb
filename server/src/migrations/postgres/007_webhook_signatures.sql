-- As migrations/sqlite/015_webhook_signatures.sql: the change webhook's signatures taken, until
-- they go stale.
CREATE TABLE webhook_signatures (
  signature text COLLATE "C" PRIMARY KEY,
  expires_at_ms bigint NOT NULL
);
CREATE INDEX webhook_signatures_expiry ON webhook_signatures (expires_at_ms);
