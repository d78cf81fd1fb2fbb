-- The change webhook's signatures taken, until they go stale (signature.ts): a captured request
-- replayed within its five minutes is refused by whichever API instance it reaches. Rows past
-- expires_at_ms (milliseconds since the epoch) are purged by the next accepted call.
CREATE TABLE webhook_signatures (
  signature TEXT PRIMARY KEY,
  expires_at_ms INTEGER NOT NULL
);
CREATE INDEX webhook_signatures_expiry ON webhook_signatures (expires_at_ms);
