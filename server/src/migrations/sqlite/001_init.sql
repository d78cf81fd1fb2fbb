-- Organizations keep their searchable columns apart; every other WireOrganization field lives
-- in `profile` as JSON so the shape can grow without a migration per flag.
CREATE TABLE organizations (
  id INTEGER PRIMARY KEY,
  web_name TEXT NOT NULL UNIQUE CHECK (web_name GLOB '[a-z0-9]*' AND web_name = lower(web_name)),
  name TEXT NOT NULL CHECK (name <> ''),
  profile TEXT NOT NULL CHECK (json_valid(profile)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Card ids are random so that knowing one id never reveals another card.
CREATE TABLE cards (
  id TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  code TEXT NOT NULL CHECK (length(code) = 9),
  secret TEXT,
  captured_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (organization_id, code)
);

CREATE TABLE media (
  id TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  card_id TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('photo', 'video', 'extra')),
  filename TEXT NOT NULL,
  mime TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  captured_at TEXT NOT NULL,
  sold_at_venue INTEGER NOT NULL DEFAULT 0 CHECK (sold_at_venue IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The gallery lists a card's media in capture order.
CREATE INDEX media_card_captured ON media (card_id, captured_at);
