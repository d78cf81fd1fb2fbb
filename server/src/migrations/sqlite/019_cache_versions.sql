-- The read cache (server/src/read-cache.ts) keeps rows that rarely change: organizations, cards,
-- their media counts and products. Every write to them, from any process (an API instance, the
-- admin CLI), bumps its topic's version here by trigger, so no write path can forget to, and a
-- reader that sees PRAGMA data_version move reads these four rows to learn what to drop. Only
-- the columns the cache keeps count (a media sold or an organization's face generation does not
-- move them).
CREATE TABLE cache_versions (
  topic TEXT PRIMARY KEY,
  version INTEGER NOT NULL
);
INSERT INTO cache_versions (topic, version) VALUES ('organizations', 0), ('cards', 0), ('media', 0), ('products', 0);
CREATE TRIGGER cache_organizations_insert AFTER INSERT ON organizations BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'organizations'; END;
CREATE TRIGGER cache_organizations_update AFTER UPDATE OF web_name, name, profile, removed_at ON organizations BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'organizations'; END;
CREATE TRIGGER cache_organizations_delete AFTER DELETE ON organizations BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'organizations'; END;
CREATE TRIGGER cache_cards_insert AFTER INSERT ON cards BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'cards'; END;
CREATE TRIGGER cache_cards_update AFTER UPDATE ON cards BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'cards'; END;
CREATE TRIGGER cache_cards_delete AFTER DELETE ON cards BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'cards'; END;
CREATE TRIGGER cache_media_insert AFTER INSERT ON media BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'media'; END;
CREATE TRIGGER cache_media_update AFTER UPDATE OF card_id ON media BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'media'; END;
CREATE TRIGGER cache_media_delete AFTER DELETE ON media BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'media'; END;
CREATE TRIGGER cache_products_insert AFTER INSERT ON products BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'products'; END;
CREATE TRIGGER cache_products_update AFTER UPDATE ON products BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'products'; END;
CREATE TRIGGER cache_products_delete AFTER DELETE ON products BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'products'; END;
CREATE TRIGGER cache_price_ranges_insert AFTER INSERT ON product_price_ranges BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'products'; END;
CREATE TRIGGER cache_price_ranges_update AFTER UPDATE ON product_price_ranges BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'products'; END;
CREATE TRIGGER cache_price_ranges_delete AFTER DELETE ON product_price_ranges BEGIN UPDATE cache_versions SET version = version + 1 WHERE topic = 'products'; END;
