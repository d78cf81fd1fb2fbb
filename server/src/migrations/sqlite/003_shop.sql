-- The shop: products with their price ranges, orders, and payments behind a gateway.
-- Money is always integer cents of BRL.

-- `products:set` replaces an organization's products by archiving the old ones (active = 0):
-- orders placed earlier keep pointing at the product and prices they were made with.
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- 0 marks the all-digital package (every media of the order's cards).
  unities INTEGER NOT NULL CHECK (unities >= 0),
  is_photo INTEGER NOT NULL CHECK (is_photo IN (0, 1)),
  is_video INTEGER NOT NULL CHECK (is_video IN (0, 1)),
  description TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX products_organization ON products (organization_id, active, position);

CREATE TABLE product_price_ranges (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  min_photos INTEGER NOT NULL CHECK (min_photos >= 1),
  max_photos INTEGER CHECK (max_photos IS NULL OR max_photos >= min_photos),
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0)
);
CREATE INDEX product_price_ranges_product ON product_price_ranges (product_id, min_photos);

-- status: 0 open, 1 paid, 2 canceled. Ids are random (the id is the visitor's only key).
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  first_card_id TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  pdv TEXT,
  tz TEXT,
  customer TEXT CHECK (customer IS NULL OR json_valid(customer)),
  address TEXT CHECK (address IS NULL OR json_valid(address)),
  finished_at TEXT,
  paid_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- One open order per organization and first card: creating again returns it.
CREATE UNIQUE INDEX orders_one_open ON orders (organization_id, first_card_id) WHERE status = 0;

CREATE TABLE order_cards (
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  card_id TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (order_id, card_id)
);

-- One row per media in a per-item product; one row with media_id NULL for the all-digital
-- package. A media is in an order at most once.
CREATE TABLE order_items (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id),
  media_id TEXT REFERENCES media (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX order_items_media ON order_items (order_id, media_id) WHERE media_id IS NOT NULL;
CREATE UNIQUE INDEX order_items_package ON order_items (order_id, product_id) WHERE media_id IS NULL;

-- Our record of each charge attempt. Card number and CVV are never stored: last 4 and brand only.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('pix', 'creditCard')),
  gateway TEXT NOT NULL,
  charge_id TEXT UNIQUE,
  idempotency_key TEXT NOT NULL UNIQUE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'paid', 'refused', 'canceled', 'expired', 'refunded', 'chargedback')),
  pix_text TEXT,
  card_last4 TEXT,
  card_brand TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payments_order ON payments (order_id, created_at);

-- The built-in sandbox gateway's own books (a real gateway keeps these on its side).
CREATE TABLE sandbox_charges (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('pix', 'creditCard')),
  amount_cents INTEGER NOT NULL,
  status TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  pix_text TEXT,
  card_last4 TEXT,
  card_brand TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Set when a paid order covers the media; `isSold` reads it.
ALTER TABLE media ADD COLUMN sold_order_id TEXT REFERENCES orders (id) ON DELETE SET NULL;
