import type { Selectable } from 'kysely';
import { now, type Db, type Schema } from '../db.ts';
import type { Claim } from '../services/job-runner.ts';
import { claimJobs } from './job-claims.ts';

type OutboxRow = Selectable<Schema['mail_outbox']>;
/** A claimed message: its row and the claim's token. */
export type OutboxJob = OutboxRow & { token: string };

export type NewOutboxMessage = Pick<OutboxRow, 'id' | 'organization_id' | 'kind' | 'subject_id' | 'address' | 'locale' | 'site_origin'>;

/** Queues a message unless one of the same kind, subject and address is queued or sent already; answers whether it did. */
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage, nowMs: number): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values({ ...message, created_at: now(), next_attempt_at_ms: nowMs })
    .onConflict((conflict) => conflict.columns(['kind', 'subject_id', 'address']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims up to `limit` unsent messages that are due, oldest due first (see claimJobs). Each claim
 * counts a try.
 */
export async function claimOutboxMessages(db: Db, claim: Claim, { nowMs, limit }: { nowMs: number; limit: number }): Promise<OutboxJob[]> {
  const rows = await claimJobs(db, 'mail_outbox', claim, {
    key: 'id',
    firstBy: 'next_attempt_at_ms',
    nowMs,
    limit,
    countsAttempt: true,
    where: (eb) => eb.and([eb('sent_at', 'is', null), eb('next_attempt_at_ms', '<=', nowMs)]),
  })
    .returningAll()
    .execute();
  return rows.map((row) => ({ ...row, token: claim.token }));
}

export async function renewOutboxClaim(db: Db, token: string, leaseExpiresAtMs: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ lease_expires_at_ms: leaseExpiresAtMs }).where('claim_token', '=', token).where('sent_at', 'is', null).execute();
}

/** Gives a claimed message back (its sender is stopping): due again at once, its try not counted. */
export async function releaseOutboxClaim(db: Db, id: string, token: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ claim_token: null, lease_expires_at_ms: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/**
 * Records a message as sent (only while this claim holds it). A notice (arrival, faces) goes
 * instead: its address is kept no longer than needed.
 */
export async function markOutboxSent(db: Db, job: Pick<OutboxJob, 'id' | 'kind'>, token: string): Promise<void> {
  if (job.kind !== 'receipt') {
    await db.deleteFrom('mail_outbox').where('id', '=', job.id).where('claim_token', '=', token).execute();
    return;
  }
  const { id } = job;
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: now(), last_error: null, claim_token: null, lease_expires_at_ms: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** Records a failed try: the message is due again at `nextAttemptAtMs`. */
export async function markOutboxFailed(db: Db, id: string, token: string, error: string, nextAttemptAtMs: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ last_error: error.slice(0, 1000), next_attempt_at_ms: nextAttemptAtMs, claim_token: null, lease_expires_at_ms: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** Drops a message that will never be sent (its address unsubscribed, its order gone). */
export async function deleteOutboxMessage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
}

export type RecipientRow = Selectable<Schema['mail_recipients']>;

/** The organization's row of an address, made with `token` the first time. */
export async function findOrInsertRecipient(db: Db, organizationId: number, address: string, token: string): Promise<RecipientRow> {
  await db
    .insertInto('mail_recipients')
    .values({ organization_id: organizationId, address, token })
    .onConflict((conflict) => conflict.columns(['organization_id', 'address']).doNothing())
    .execute();
  return (await findRecipient(db, organizationId, address)) as RecipientRow;
}

export function findRecipient(db: Db, organizationId: number, address: string): Promise<RecipientRow | undefined> {
  return db.selectFrom('mail_recipients').selectAll().where('organization_id', '=', organizationId).where('address', '=', address).executeTakeFirst();
}

/** Marks the token's address unsubscribed (kept as it was if it already is); answers its row, or undefined for an unknown token. */
export async function unsubscribeRecipient(db: Db, token: string): Promise<RecipientRow | undefined> {
  await db.updateTable('mail_recipients').set({ unsubscribed_at: now() }).where('token', '=', token).where('unsubscribed_at', 'is', null).execute();
  return db.selectFrom('mail_recipients').selectAll().where('token', '=', token).executeTakeFirst();
}

export type SubscriptionRow = Selectable<Schema['notify_subscriptions']>;

/** Answers false when the address already waits for that card. */
export async function insertSubscription(db: Db, subscription: SubscriptionRow): Promise<boolean> {
  const result = await db
    .insertInto('notify_subscriptions')
    .values(subscription)
    .onConflict((conflict) => conflict.columns(['card_id', 'address']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How many subscriptions (of cards and of facial search periods) the address made with the organization since `since`. */
export async function countSubscriptionsSince(db: Db, organizationId: number, address: string, since: string): Promise<number> {
  let total = 0;
  for (const table of ['notify_subscriptions', 'notify_face_subscriptions'] as const) {
    const row = await db
      .selectFrom(table)
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('address', '=', address)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

export type FaceSubscriptionRow = Selectable<Schema['notify_face_subscriptions']>;

/** Answers false when the address already waits for that period. */
export async function insertFaceSubscription(db: Db, subscription: FaceSubscriptionRow): Promise<boolean> {
  const result = await db
    .insertInto('notify_face_subscriptions')
    .values(subscription)
    .onConflict((conflict) => conflict.columns(['organization_id', 'captured_from', 'captured_to', 'address']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The facial search subscriptions waiting, of one organization or of all. */
export function listFaceSubscriptions(db: Db, organizationId?: number): Promise<FaceSubscriptionRow[]> {
  let query = db.selectFrom('notify_face_subscriptions').selectAll();
  if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
  return query.execute();
}

/** Deletes one; answers whether this call did (of two at once, one queues its notice). */
export async function deleteFaceSubscription(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('notify_face_subscriptions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes and answers the subscriptions of these cards (the caller queues their notices in the same transaction). */
export async function takeSubscriptions(db: Db, cardIds: readonly string[]): Promise<SubscriptionRow[]> {
  if (!cardIds.length) return [];
  const rows = await db.selectFrom('notify_subscriptions').selectAll().where('card_id', 'in', cardIds).execute();
  if (rows.length) await db.deleteFrom('notify_subscriptions').where('card_id', 'in', cardIds).execute();
  return rows;
}

/** Drops the subscriptions made before `before` (their photos never came); answers how many. */
export async function deleteSubscriptionsBefore(db: Db, before: string): Promise<number> {
  const cards = await db.deleteFrom('notify_subscriptions').where('created_at', '<', before).executeTakeFirst();
  const periods = await db.deleteFrom('notify_face_subscriptions').where('created_at', '<', before).executeTakeFirst();
  return Number(cards.numDeletedRows) + Number(periods.numDeletedRows);
}

/**
 * `mail:purge`: the organization's subscriptions, its sent messages and pending arrival notices,
 * and the addresses nothing waits for; answers how many rows went. Kept: receipts not yet sent
 * (a paid order's) with their addresses, and the unsubscribed addresses (so they stay unsubscribed).
 */
export async function purgeOrganizationMail(db: Db, organizationId: number): Promise<number> {
  const subscriptions = await db.deleteFrom('notify_subscriptions').where('organization_id', '=', organizationId).executeTakeFirst();
  const periods = await db.deleteFrom('notify_face_subscriptions').where('organization_id', '=', organizationId).executeTakeFirst();
  const messages = await db
    .deleteFrom('mail_outbox')
    .where('organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('kind', '!=', 'receipt')]))
    .executeTakeFirst();
  const recipients = await db
    .deleteFrom('mail_recipients')
    .where('organization_id', '=', organizationId)
    .where('unsubscribed_at', 'is', null)
    .where('address', 'not in', (eb) => eb.selectFrom('mail_outbox').select('address').where('organization_id', '=', organizationId))
    .executeTakeFirst();
  return [subscriptions, periods, messages, recipients].reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
}

/** The address's subscriptions with the organization go (it unsubscribed). */
export async function deleteSubscriptionsOf(db: Db, organizationId: number, address: string): Promise<void> {
  await db.deleteFrom('notify_subscriptions').where('organization_id', '=', organizationId).where('address', '=', address).execute();
  await db.deleteFrom('notify_face_subscriptions').where('organization_id', '=', organizationId).where('address', '=', address).execute();
}
