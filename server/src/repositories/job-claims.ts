import type { Expression, ExpressionBuilder, SqlBool, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { locksRows, type Db, type Schema } from '../db.ts';
import type { Claim } from '../services/job-runner.ts';

/** The job tables workers claim with a token and a lease (`claim_token`, `lease_expires_at_ms`). */
type JobTable = 'face_jobs' | 'rendition_jobs' | 'import_jobs' | 'mail_outbox';

/** A column of one of `T`'s tables (distributes, so a union of tables takes any of their columns). */
type Column<T extends JobTable> = T extends JobTable ? keyof Schema[T] & string : never;

interface JobClaimOptions<T extends JobTable> {
  /** The job's key, also the tie-break of the order. */
  key: Extract<Column<T>, 'id' | 'media_id'>;
  /** Jobs are taken lowest first by this column (queued time, or when a retry is due). */
  firstBy: Column<T>;
  nowMs: number;
  limit: number;
  /** Only this organization's jobs. */
  organizationId?: number | undefined;
  /**
   * Which jobs may be taken at all, besides the lease (due, not failed ...). It runs in a subquery
   * that names the job table without an alias: `import_jobs.batch_id` there is the candidate's.
   */
  where?: ((eb: ExpressionBuilder<Schema, T>) => Expression<SqlBool>) | undefined;
  /** Counts the claim as an attempt (`attempts` + 1; a release takes it back). */
  countsAttempt?: boolean;
}

/**
 * Claims up to `limit` jobs whose lease is unset or over (`nowMs`): stamps the claim's token and
 * lease on them in one statement, so two workers never take the same job. The caller adds what
 * the claim answers (`returning`).
 */
export function claimJobs<T extends JobTable>(db: Db, table: T, claim: Claim, options: JobClaimOptions<T>): UpdateQueryBuilder<Schema, T, T, UpdateResult>;
// Kysely cannot resolve its types over a table left generic: the body is checked against every
// job table at once, and the signature above gives each caller its own table's types.
export function claimJobs(
  db: Db,
  table: JobTable,
  claim: Claim,
  options: JobClaimOptions<JobTable>,
): UpdateQueryBuilder<Schema, JobTable, JobTable, UpdateResult> {
  const { key, firstBy, nowMs, limit, organizationId, where, countsAttempt = false } = options;
  return db
    .updateTable(table)
    .set((eb) => ({
      claim_token: claim.token,
      lease_expires_at_ms: claim.leaseExpiresAtMs,
      ...(countsAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
    }))
    .where(key, 'in', (eb) =>
      eb
        .selectFrom(table)
        .select(key)
        .where((eb) => eb.or([eb('lease_expires_at_ms', 'is', null), eb('lease_expires_at_ms', '<', nowMs)]))
        .$call((query) => (organizationId === undefined ? query : query.where('organization_id', '=', organizationId)))
        .$call((query) => (where === undefined ? query : query.where(where)))
        .orderBy(firstBy)
        .orderBy(key)
        .limit(limit)
        // Rows another claim holds (PostgreSQL) are left to it, not waited for nor taken twice.
        .$if(locksRows(db), (query) => query.forUpdate().skipLocked()),
    );
}
