-- Organizations' branding files (logo, banners, background, favicon, error banner) in the
-- database rather than on one API machine's disk, so every instance on the database serves the
-- same ones. Each at most 2 MiB, a handful per organization; `branding:set` replaces an
-- organization's set whole. Files an older version kept in DATA_DIR/branding/<webName>/ are
-- carried over once by the API's start (services/branding.ts, carryOverDiskBranding).
CREATE TABLE branding_files (
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (organization_id, name)
);
