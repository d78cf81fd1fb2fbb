-- Visitors: customers found by credential or by the home's customer form, ZIP download
-- tokens, visitor uploads (card origin, must_edit flag).

-- name_key and lastname_key hold the names folded for search (lower case, accents dropped,
-- spaces collapsed; computed in services/customers.ts), so lookups stay indexed SQL.
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  lastname TEXT NOT NULL DEFAULT '',
  name_key TEXT NOT NULL DEFAULT '',
  lastname_key TEXT NOT NULL DEFAULT '',
  external_id TEXT CHECK (external_id IS NULL OR external_id <> ''),
  cpf TEXT CHECK (cpf IS NULL OR (length(cpf) = 11 AND cpf NOT GLOB '*[^0-9]*')),
  email TEXT,
  phone TEXT,
  -- scrypt$<N>$<r>$<p>$<salt b64url>$<key b64url>
  password_hash TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (organization_id, external_id)
);
CREATE INDEX customers_external_id ON customers (external_id);
CREATE INDEX customers_cpf ON customers (organization_id, cpf);
CREATE INDEX customers_names ON customers (organization_id, lastname_key, name_key);

ALTER TABLE cards ADD COLUMN customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL;
-- 'import' for cards made by the operator, 'upload' for cards visitors made by sending photos.
ALTER TABLE cards ADD COLUMN origin TEXT NOT NULL DEFAULT 'import' CHECK (origin IN ('import', 'upload'));
CREATE INDEX cards_customer ON cards (customer_id);

-- 1 when the visitor asked for (or the organization requires) an edit before delivery.
ALTER TABLE media ADD COLUMN must_edit INTEGER NOT NULL DEFAULT 0 CHECK (must_edit IN (0, 1));

-- One row per generated ZIP link; media_ids is a JSON array of media ids in request order.
CREATE TABLE zip_downloads (
  token TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  media_ids TEXT NOT NULL CHECK (json_valid(media_ids) AND json_type(media_ids) = 'array'),
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX zip_downloads_expiry ON zip_downloads (expires_at);
