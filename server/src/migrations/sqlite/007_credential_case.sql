-- Credentials match whatever case a visitor types ("cred-ana" finds "CRED-ANA"): they are
-- stored upper-cased, the form every look-up uses (src/lib/credential.ts). Credentials are
-- ASCII (letters, digits, . _ : -), so SQLite's upper() is the browser's toUpperCase(). Two
-- credentials of one organization that differ only in case cannot both become one: the later
-- stays as it was (OR IGNORE) for the provider to merge.
UPDATE OR IGNORE customers SET external_id = upper(external_id)
WHERE external_id IS NOT NULL AND external_id <> upper(external_id);
