-- At most one live attempt (pending or processing) of one method for one sale (amount and media)
-- of an order: checkout answers such an attempt again instead of making another, and this index
-- holds that rule whatever runs at once (see migrations/sqlite/016_live_payments.sql). The media
-- list is indexed by its hash: a package's list may outgrow an index entry.
CREATE UNIQUE INDEX payments_one_live ON payments (order_id, method, amount_cents, md5(media_ids)) WHERE status IN ('pending', 'processing');
