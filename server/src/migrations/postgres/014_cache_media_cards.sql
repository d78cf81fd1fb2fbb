-- A media written names its card on the channel read_cache ('media:<card id>'), so the read
-- cache drops only what depends on that card (read-cache.ts): during an import into one card,
-- every other card's look-up stays kept. Row triggers, since a statement's trigger cannot see its
-- rows without a transition table per event; pg_notify folds a transaction's equal notices into
-- one, so a batch of 200 media of one card still sends one. A TRUNCATE names no rows: the whole
-- topic. (The body is quoted, not dollar-quoted: see 011_cache_notify.sql.)
DROP TRIGGER cache_media ON media;
DROP TRIGGER cache_media_update ON media;
CREATE FUNCTION cache_notify_media_card() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM pg_notify(''read_cache'', ''media:'' || OLD.card_id);
  END IF;
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    PERFORM pg_notify(''read_cache'', ''media:'' || NEW.card_id);
  END IF;
  RETURN NULL;
END';
CREATE TRIGGER cache_media AFTER INSERT OR DELETE ON media FOR EACH ROW EXECUTE FUNCTION cache_notify_media_card();
CREATE TRIGGER cache_media_update AFTER UPDATE OF card_id ON media FOR EACH ROW WHEN (OLD.card_id IS DISTINCT FROM NEW.card_id) EXECUTE FUNCTION cache_notify_media_card();
CREATE TRIGGER cache_media_truncate AFTER TRUNCATE ON media FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('media');
