import { DEFAULT_LOCALE, isLocale } from '@gallery/contract/locales';
import { NOTIFY_KEEP_DAYS, type WireNotifyBody, type WireNotifyFacesBody } from '@gallery/contract/notify';
import type { WireOrganization } from '@gallery/contract/organization';
import { transaction, type Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { countQueuedPhotosCapturedBetween } from '../repositories/faces.ts';
import {
  countSubscriptionsSince,
  deleteFaceSubscription,
  deleteSubscriptionsBefore,
  findRecipient,
  insertFaceSubscription,
  insertSubscription,
  listFaceSubscriptions,
  purgeOrganizationMail,
  takeSubscriptions,
} from '../repositories/mail.ts';
import { cardHasMedia } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { openCards } from './card-access.ts';
import { faceSearchOrganization, facePeriod } from './face-period.ts';
import { newId } from './ids.ts';
import { startLoop, type Worker } from './job-runner.ts';
import { addressKey, queueMessage, siteOrigin } from './mail-outbox.ts';

// "E-mail me when my photos arrive" (issue #29). A subscription waits for its card's first media;
// the transaction that inserts them (an import, an upload) turns each into an arrival notice in
// the outbox and deletes it. From the facial search, whose pending photos belong to no card the
// visitor knows (and are not known to be theirs), it waits for the period searched: when none of
// its photos is left to index, the transaction that indexes the last one queues a 'faces' notice
// (search again) and deletes it; the hourly pass does too, for the one two indexers finishing at
// once may miss. Unmet, either is deleted after NOTIFY_KEEP_DAYS.

/** Subscriptions one address may make with an organization in an hour: the form cannot flood it. */
const PER_ADDRESS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How often each API instance deletes the subscriptions past their days. */
const EXPIRE_EVERY_MS = HOUR_MS;

/** What both subscriptions check first: the address (as kept), unless it unsubscribed from the organization, and the calling site. */
async function subscriber(
  db: Db,
  organization: WireOrganization,
  email: string,
  origin: string | undefined,
): Promise<{ address: string; siteOrigin: string | null } | null> {
  const address = addressKey(email);
  // An address that unsubscribed from the organization is not subscribed again by anyone.
  if ((await findRecipient(db, organization.id, address))?.unsubscribed_at) return null;
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    host = null;
  }
  return { address, siteOrigin: siteOrigin(host, organization) };
}

/** In the subscription's transaction: an address makes at most PER_ADDRESS_PER_HOUR of either kind with an organization. */
async function assertUnderHourlyLimit(db: Db, organizationId: number, address: string): Promise<void> {
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  if ((await countSubscriptionsSince(db, organizationId, address, since)) >= PER_ADDRESS_PER_HOUR) throw new ApiError(429, 'RATE_LIMITED');
}

/**
 * `POST /api/v1/notify/:org/:card`: the address waits for the card's first photos (once per card
 * and address; asked again, nothing changes). `origin` is the calling site's (the link's host).
 */
export async function subscribe(
  db: Db,
  organizationId: number,
  cardCode: string,
  secret: string | undefined,
  body: WireNotifyBody,
  origin: string | undefined,
): Promise<void> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  // The one rule for opening cards: under two-factor, only with the access code.
  const [card] = await openCards(db, organization, [cardCode], secret);
  if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
  // Photos already there: nothing to wait for (the site shows them).
  if (await cardHasMedia(db, card.id)) throw new ApiError(409, 'VALIDATION_ERROR', 'the card already has its photos');
  const who = await subscriber(db, organization, body.email, origin);
  if (!who) return;
  await transaction(db, async (db) => {
    await assertUnderHourlyLimit(db, organizationId, who.address);
    await insertSubscription(db, {
      id: newId(),
      organization_id: organizationId,
      card_id: card.id,
      address: who.address,
      locale: body.locale ?? DEFAULT_LOCALE,
      site_origin: who.siteOrigin,
      created_at: new Date().toISOString(),
    });
  });
}

/**
 * `POST /api/v1/notify/:org`, from the facial search: the address waits until no photo captured
 * in the days searched is left to index (once per period and address). Only where the search
 * runs, and only while some are pending.
 */
export async function subscribeFaces(db: Db, organizationId: number, body: WireNotifyFacesBody, origin: string | undefined): Promise<void> {
  const organization = await faceSearchOrganization(db, organizationId);
  const period = facePeriod(organization, body.from_date, body.to_date);
  const from = new Date(period.from).toISOString();
  const to = new Date(period.to).toISOString();
  if (!(await countQueuedPhotosCapturedBetween(db, organizationId, from, to))) {
    throw new ApiError(409, 'VALIDATION_ERROR', 'no photo of the period is waiting to be indexed');
  }
  const who = await subscriber(db, organization, body.email, origin);
  if (!who) return;
  await transaction(db, async (db) => {
    await assertUnderHourlyLimit(db, organizationId, who.address);
    await insertFaceSubscription(db, {
      id: newId(),
      organization_id: organizationId,
      captured_from: from,
      captured_to: to,
      address: who.address,
      locale: body.locale ?? DEFAULT_LOCALE,
      site_origin: who.siteOrigin,
      created_at: new Date().toISOString(),
    });
  });
}

/**
 * In the transaction that inserts media on these cards: the subscriptions waiting for them
 * become arrival notices (one each) and are deleted.
 */
export async function queueArrivalNotices(db: Db, cardIds: readonly string[]): Promise<void> {
  for (const subscription of await takeSubscriptions(db, [...new Set(cardIds)])) {
    await queueMessage(db, {
      organizationId: subscription.organization_id,
      kind: 'arrival',
      subjectId: subscription.card_id,
      address: subscription.address,
      locale: isLocale(subscription.locale) ? subscription.locale : DEFAULT_LOCALE,
      siteOrigin: subscription.site_origin,
    });
  }
}

/**
 * The facial search subscriptions (of one organization, or all) whose period has no photo left
 * to index become notices (one each) and are deleted. In the transaction that indexes a photo.
 */
export async function queueFaceNotices(db: Db, organizationId?: number): Promise<void> {
  for (const subscription of await listFaceSubscriptions(db, organizationId)) {
    if (await countQueuedPhotosCapturedBetween(db, subscription.organization_id, subscription.captured_from, subscription.captured_to)) continue;
    if (!(await deleteFaceSubscription(db, subscription.id))) continue;
    await queueMessage(db, {
      organizationId: subscription.organization_id,
      kind: 'faces',
      // One notice per period and address.
      subjectId: `${subscription.captured_from}/${subscription.captured_to}`,
      address: subscription.address,
      locale: isLocale(subscription.locale) ? subscription.locale : DEFAULT_LOCALE,
      siteOrigin: subscription.site_origin,
    });
  }
}

/** Every API instance, hourly, deletes the subscriptions whose photos never came, and queues the facial ones met but missed. */
export function startSubscriptionExpiry(db: Db, log: (message: string) => void): Worker {
  return startLoop(
    'Subscription expiry',
    EXPIRE_EVERY_MS,
    async () => {
      await transaction(db, (db) => queueFaceNotices(db));
      const removed = await deleteSubscriptionsBefore(db, new Date(Date.now() - NOTIFY_KEEP_DAYS * DAY_MS).toISOString());
      if (removed) log(`Deleted ${removed} notification request(s) older than ${NOTIFY_KEEP_DAYS} days`);
    },
    log,
  );
}

/** `mail:purge --org`: see purgeOrganizationMail. */
export function purgeMail(db: Db, organizationId: number): Promise<number> {
  return transaction(db, (db) => purgeOrganizationMail(db, organizationId));
}
