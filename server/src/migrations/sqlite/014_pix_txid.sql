-- Each PIX charge has its own random txid in its BR Code. Before, the txid was the order id, the
-- visitor's only key to the order, and anyone who saw the code (a friend who paid it, a screenshot,
-- a bank statement) could read the buyer's data. A bank statement names the txid: it is kept with
-- the charge, ours and the sandbox's, and leads to one charge only. Older charges keep NULL.
ALTER TABLE payments ADD COLUMN pix_txid TEXT;
CREATE UNIQUE INDEX payments_pix_txid ON payments (pix_txid);
ALTER TABLE sandbox_charges ADD COLUMN pix_txid TEXT;
CREATE UNIQUE INDEX sandbox_charges_pix_txid ON sandbox_charges (pix_txid);
