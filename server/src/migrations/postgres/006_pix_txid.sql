-- Each PIX charge has its own random txid: see migrations/sqlite/014_pix_txid.sql.
ALTER TABLE payments ADD COLUMN pix_txid text COLLATE "C";
CREATE UNIQUE INDEX payments_pix_txid ON payments (pix_txid);
ALTER TABLE sandbox_charges ADD COLUMN pix_txid text COLLATE "C";
CREATE UNIQUE INDEX sandbox_charges_pix_txid ON sandbox_charges (pix_txid);
