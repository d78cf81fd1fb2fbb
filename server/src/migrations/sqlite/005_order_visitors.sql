-- Orders belong to the browser that made them, not to the card: creation is idempotent per
-- visitor key (a random key the browser keeps), so a second visitor typing the same card code
-- gets an order of their own. Orders made before keep a NULL key: no creation finds them again.
ALTER TABLE orders ADD COLUMN visitor_key TEXT;
DROP INDEX orders_one_open;
CREATE UNIQUE INDEX orders_one_open ON orders (organization_id, first_card_id, visitor_key) WHERE status = 0;
