-- The read cache (server/src/read-cache.ts) keeps rows that rarely change: organizations, cards,
-- their media counts and products. Every statement that writes them, from any process (an API
-- instance, the admin CLI), sends the topic on the channel read_cache by trigger, so no write
-- path can forget to; PostgreSQL delivers it at commit to every instance that listens. Only the
-- columns the cache keeps count (a media sold or an organization's face generation do not). Statement
-- triggers: an import's batch of media sends one notice, and pg_notify folds a transaction's
-- equal notices into one. (The body is quoted, not dollar-quoted: the migration runner splits
-- statements at semicolons outside plain quotes.)
CREATE FUNCTION cache_notify() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  PERFORM pg_notify(''read_cache'', TG_ARGV[0]);
  RETURN NULL;
END';
CREATE TRIGGER cache_organizations AFTER INSERT OR DELETE OR TRUNCATE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('organizations');
CREATE TRIGGER cache_organizations_update AFTER UPDATE OF web_name, name, profile, removed_at ON organizations FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('organizations');
CREATE TRIGGER cache_cards AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cards FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('cards');
CREATE TRIGGER cache_media AFTER INSERT OR DELETE OR TRUNCATE ON media FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('media');
CREATE TRIGGER cache_media_update AFTER UPDATE OF card_id ON media FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('media');
CREATE TRIGGER cache_products AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('products');
CREATE TRIGGER cache_price_ranges AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_price_ranges FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('products');
