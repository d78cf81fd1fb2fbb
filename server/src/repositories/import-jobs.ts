import type { Insertable, Selectable } from 'kysely';
import { chunks, type Db, type Schema } from '../db.ts';
import type { Claim } from '../services/job-runner.ts';
import { claimJobs } from './job-claims.ts';

export type ImportJob = Selectable<Schema['import_jobs']>;
export type NewImportJob = Omit<Insertable<Schema['import_jobs']>, 'claim_token' | 'lease_expires_at_ms' | 'media_id' | 'attempts' | 'error'>;

export async function insertImportJobs(db: Db, jobs: readonly NewImportJob[]): Promise<void> {
  for (const batch of chunks(jobs))
    await db
      .insertInto('import_jobs')
      .values([...batch])
      .execute();
}

/**
 * Claims up to `limit` jobs, oldest first (see claimJobs), among those without an error whose
 * batch is queued whole (no `import_batches` row). Each claim counts as an attempt.
 */
export function claimImportJobs(db: Db, claim: Claim, options: { nowMs: number; limit: number; batchId?: string }): Promise<ImportJob[]> {
  const { batchId } = options;
  return claimJobs(db, 'import_jobs', claim, {
    key: 'id',
    firstBy: 'queued_at',
    nowMs: options.nowMs,
    limit: options.limit,
    countsAttempt: true,
    where: (eb) =>
      eb.and([
        eb('error', 'is', null),
        eb.not(eb.exists(eb.selectFrom('import_batches').select('import_batches.id').whereRef('import_batches.id', '=', 'import_jobs.batch_id'))),
        ...(batchId === undefined ? [] : [eb('batch_id', '=', batchId)]),
      ]),
  })
    .returningAll()
    .execute();
}

/** Extends the lease of a claim (its holder is still working). */
export async function renewImportClaim(db: Db, token: string, leaseExpiresAtMs: number): Promise<void> {
  await db.updateTable('import_jobs').set({ lease_expires_at_ms: leaseExpiresAtMs }).where('claim_token', '=', token).execute();
}

/**
 * Gives a claimed job back (its worker is stopping): free for any worker at once, its attempt
 * not counted. The media id stays, so the next attempt removes what this one stored.
 */
export async function releaseImportClaim(db: Db, jobId: string, token: string): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set((eb) => ({ claim_token: null, lease_expires_at_ms: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', jobId)
    .where('claim_token', '=', token)
    .execute();
}

/** Records the media id an attempt stores its files under; false when the claim was lost. */
export async function startImportAttempt(db: Db, jobId: string, token: string, mediaId: string): Promise<boolean> {
  const result = await db.updateTable('import_jobs').set({ media_id: mediaId }).where('id', '=', jobId).where('claim_token', '=', token).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a finished job; false when the claim was lost (another worker owns the job now). */
export async function finishImportJob(db: Db, jobId: string, token: string): Promise<boolean> {
  const result = await db.deleteFrom('import_jobs').where('id', '=', jobId).where('claim_token', '=', token).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends a failed attempt: with an error the job failed for good, else it may be claimed again from `retryAtMs`. */
export async function endImportAttempt(db: Db, jobId: string, token: string, outcome: { error: string } | { retryAtMs: number }): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set(
      'error' in outcome
        ? { claim_token: null, lease_expires_at_ms: null, media_id: null, error: outcome.error }
        : { claim_token: null, lease_expires_at_ms: outcome.retryAtMs, media_id: null },
    )
    .where('id', '=', jobId)
    .where('claim_token', '=', token)
    .execute();
}

/** A batch's jobs not finished yet: waiting or running, and failed (with their errors). */
export async function batchJobs(db: Db, batchId: string): Promise<Array<Pick<ImportJob, 'id' | 'file_name' | 'error'>>> {
  return db.selectFrom('import_jobs').select(['id', 'file_name', 'error']).where('batch_id', '=', batchId).orderBy('file_name').execute();
}

/** Every job not finished, with its card's code: waiting ones (no error) and failed ones, for `list`. */
export function listUnfinishedImports(db: Db): Promise<Array<Pick<ImportJob, 'organization_id' | 'file_name' | 'error'> & { code: string }>> {
  return db
    .selectFrom('import_jobs as j')
    .innerJoin('cards as c', 'c.id', 'j.card_id')
    .select(['j.organization_id', 'c.code', 'j.file_name', 'j.error'])
    .orderBy('c.code')
    .orderBy('j.file_name')
    .execute();
}

export async function deleteImportJobs(db: Db, jobIds: readonly string[]): Promise<void> {
  for (const batch of chunks(jobIds)) await db.deleteFrom('import_jobs').where('id', 'in', batch).execute();
}

/**
 * Every id in the media store that some row owns: a media's, an import job's staged file, its
 * attempt's files. One statement, so one snapshot: a job finishing meanwhile (its row deleted,
 * its media's inserted) is seen before or after, never half.
 */
export async function listStoreOwners(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('media')
    .select('id')
    .unionAll(db.selectFrom('import_jobs').select('id'))
    .unionAll(db.selectFrom('import_jobs').select('media_id as id').where('media_id', 'is not', null).$narrowType<{ id: string }>())
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Opens a batch that is being queued: its jobs are held back until releaseImportBatch. */
export async function openImportBatch(db: Db, batchId: string, leaseExpiresAtMs: number): Promise<void> {
  await db.insertInto('import_batches').values({ id: batchId, lease_expires_at_ms: leaseExpiresAtMs }).execute();
}

/** Extends a queueing batch's lease; false when it was dropped as abandoned. */
export async function renewImportBatch(db: Db, batchId: string, leaseExpiresAtMs: number): Promise<boolean> {
  const result = await db.updateTable('import_batches').set({ lease_expires_at_ms: leaseExpiresAtMs }).where('id', '=', batchId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets workers claim every job of a queued batch at once; false when it was dropped as abandoned. */
export async function releaseImportBatch(db: Db, batchId: string): Promise<boolean> {
  const result = await db.deleteFrom('import_batches').where('id', '=', batchId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Deletes batches still being queued, with their jobs: the one named, or every one whose lease
 * ended before `leaseEndedBeforeMs` (its process died). Answers the jobs' ids, whose staged files
 * are the caller's to remove. The batch row goes first: a queueing process renewing it meanwhile
 * waits for this transaction, then finds it gone and inserts nothing more.
 */
export async function deleteQueueingBatches(db: Db, which: { batchId: string } | { leaseEndedBeforeMs: number }): Promise<string[]> {
  const query = db.deleteFrom('import_batches');
  const batches = await ('batchId' in which ? query.where('id', '=', which.batchId) : query.where('lease_expires_at_ms', '<', which.leaseEndedBeforeMs))
    .returning('id')
    .execute();
  const jobIds: string[] = [];
  for (const batch of chunks(batches.map((row) => row.id))) {
    const jobs = await db.deleteFrom('import_jobs').where('batch_id', 'in', batch).returning('id').execute();
    jobIds.push(...jobs.map((job) => job.id));
  }
  return jobIds;
}
