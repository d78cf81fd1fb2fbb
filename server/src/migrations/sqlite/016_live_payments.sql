-- At most one live attempt (pending or processing) of one method for one sale (amount and media)
-- of an order: checkout answers such an attempt again instead of making another, and this index
-- holds that rule whatever runs at once. SQLite's one writer keeps it already; it is here so both
-- databases refuse the same rows.
CREATE UNIQUE INDEX payments_one_live ON payments (order_id, method, amount_cents, media_ids) WHERE status IN ('pending', 'processing');
