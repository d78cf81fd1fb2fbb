import type { Db } from '../db.ts';

/** A readiness probe's read gives up after this: a load balancer asks again in seconds. */
const READ_TIMEOUT_MS = 2_000;

/**
 * Whether the database answers a small read in time. On SQLite it runs on the read-only
 * connection, so a write waiting for another process's lock does not delay it; on PostgreSQL it
 * needs a pooled connection and the server up.
 */
export async function databaseReadable(db: Db, timeoutMs = READ_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  const read = db
    .selectFrom('kysely_migration')
    .select('name')
    .limit(1)
    .execute()
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
