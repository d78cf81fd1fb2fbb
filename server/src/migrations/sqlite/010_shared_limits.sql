-- Several API instances on one database (issue #16) must agree on what each used to keep in its
-- own memory: how often a client called (rate limits) and who is charging an order right now.
-- Times are milliseconds since the epoch, compared with the caller's clock.

-- One row per budget and client (`lookup:203.0.113.7`): the hits of the window that started at
-- window_started_ms. An ended window is restarted in place by the next hit.
CREATE TABLE rate_limit_hits (
  key TEXT PRIMARY KEY,
  window_started_ms INTEGER NOT NULL,
  hits INTEGER NOT NULL
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_started_ms);

-- The checkout lock: one holder per order until it releases or its lease runs out (a holder
-- that died mid-checkout does not block the order for longer than that).
CREATE TABLE order_locks (
  order_id TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at_ms INTEGER NOT NULL
);
