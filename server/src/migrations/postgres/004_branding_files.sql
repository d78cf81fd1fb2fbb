-- Organizations' branding files: see migrations/sqlite/012_branding_files.sql.
CREATE TABLE branding_files (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text COLLATE "C" NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (organization_id, name)
);
