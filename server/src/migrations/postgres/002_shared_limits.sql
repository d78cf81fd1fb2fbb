-- As migrations/sqlite/010_shared_limits.sql: the rate-limit counters and the checkout lock that
-- several API instances on one database share. Times are milliseconds since the epoch.
CREATE TABLE rate_limit_hits (
  key text COLLATE "C" PRIMARY KEY,
  window_started_ms bigint NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_started_ms);

CREATE TABLE order_locks (
  order_id text COLLATE "C" PRIMARY KEY,
  holder text COLLATE "C" NOT NULL,
  expires_at_ms bigint NOT NULL
);
