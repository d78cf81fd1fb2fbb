import { chunks, now, type Db } from '../db.ts';
import type { Claim } from '../services/job-runner.ts';
import { claimJobs } from './job-claims.ts';
import type { MediaRow } from './media.ts';

/** A queued media a worker took: enough to read its source image, and the claim's token. */
export type RenditionJob = Pick<MediaRow, 'id' | 'organization_id' | 'kind' | 'mime'> & { token: string };

/** Queues these media (already queued ones stay as they are); the caller runs it with their insert. */
export async function insertRenditionJobs(db: Db, media: ReadonlyArray<{ id: string; organization_id: number }>): Promise<void> {
  for (const batch of chunks(media)) {
    await db
      .insertInto('rendition_jobs')
      .values(batch.map((item) => ({ media_id: item.id, organization_id: item.organization_id, queued_at: now() })))
      .onConflict((conflict) => conflict.column('media_id').doNothing())
      .execute();
  }
}

/** Queues every media of the organization whose renditions are not of set `set`, unless queued already; answers how many. */
export async function queueMissingRenditions(db: Db, organizationId: number, set: number): Promise<number> {
  const result = await db
    .insertInto('rendition_jobs')
    .columns(['media_id', 'organization_id', 'queued_at'])
    .expression((eb) =>
      eb
        .selectFrom('media as m')
        .select(['m.id', 'm.organization_id', eb.val(now()).as('queued_at')])
        .where('m.organization_id', '=', organizationId)
        .where('m.renditions', '<>', set),
    )
    .onConflict((conflict) => conflict.column('media_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Claims up to `limit` jobs, oldest first (see claimJobs), of one organization when it is given. */
export async function claimRenditionJobs(db: Db, claim: Claim, options: { nowMs: number; limit: number; organizationId?: number }): Promise<RenditionJob[]> {
  const rows = await claimJobs(db, 'rendition_jobs', claim, { key: 'media_id', firstBy: 'queued_at', ...options })
    .returning((eb) => [
      'rendition_jobs.media_id',
      'rendition_jobs.organization_id',
      eb.selectFrom('media').select('media.kind').whereRef('media.id', '=', 'rendition_jobs.media_id').as('kind'),
      eb.selectFrom('media').select('media.mime').whereRef('media.id', '=', 'rendition_jobs.media_id').as('mime'),
    ])
    .execute();
  return rows.map((row) => ({
    id: row.media_id,
    organization_id: row.organization_id,
    kind: row.kind as MediaRow['kind'],
    mime: String(row.mime),
    token: claim.token,
  }));
}

/** Extends the lease of a claim (its holder is still working). */
export async function renewRenditionClaim(db: Db, token: string, leaseExpiresAtMs: number): Promise<void> {
  await db.updateTable('rendition_jobs').set({ lease_expires_at_ms: leaseExpiresAtMs }).where('claim_token', '=', token).execute();
}

/** Gives a claimed job back (its worker is stopping): free for any worker at once. */
export async function releaseRenditionClaim(db: Db, mediaId: string, token: string): Promise<void> {
  await db
    .updateTable('rendition_jobs')
    .set({ claim_token: null, lease_expires_at_ms: null })
    .where('media_id', '=', mediaId)
    .where('claim_token', '=', token)
    .execute();
}

/**
 * Ends a job: its media is marked with `set` when its files were made (undefined: they could not
 * be, the JPEGs stay its only copies). The caller runs it in a transaction.
 */
export async function finishRenditionJob(db: Db, mediaId: string, set: number | undefined): Promise<void> {
  await db.deleteFrom('rendition_jobs').where('media_id', '=', mediaId).execute();
  if (set !== undefined) await db.updateTable('media').set({ renditions: set }).where('id', '=', mediaId).execute();
}

/** How many jobs the organization has queued, claimed or not. */
export async function countRenditionJobs(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('rendition_jobs')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.n;
}
