-- An organization removed by the provider: its site is withdrawn and the API's organization calls
-- no longer know it, while its cards, photos and orders stay (orders are financial records).
-- org:upsert brings it back. The removal moves updated_at, so "what changed since T" includes it.
ALTER TABLE organizations ADD COLUMN removed_at TEXT;
