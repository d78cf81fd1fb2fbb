-- A payment sells exactly what it was made for: the media it covers are fixed when it is
-- created (a JSON list; `amount_cents` is its total), whatever the cart becomes meanwhile.
ALTER TABLE payments ADD COLUMN media_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(media_ids));
-- Attempts made before cannot say what they cover: they can no longer be paid (a charge paid
-- anyway is refunded, like any charge that no longer matches its order).
UPDATE payments SET status = 'canceled' WHERE status IN ('pending', 'processing');
