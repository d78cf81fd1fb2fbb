import { normalizeCardCode } from '@gallery/contract/card-code';
import { DEFAULT_LOCALE, isLocale } from '@gallery/contract/locales';
import { NOTIFY_KEEP_DAYS, type WireNotifyBody } from '@gallery/contract/notify';
import { transaction, type Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { findCard } from '../repositories/cards.ts';
import {
  countSubscriptionsSince,
  deleteSubscriptionsBefore,
  findRecipient,
  insertSubscription,
  purgeOrganizationMail,
  takeSubscriptions,
} from '../repositories/mail.ts';
import { cardHasMedia } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { newId } from './ids.ts';
import { startLoop, type Worker } from './job-runner.ts';
import { addressKey, queueMessage, siteOrigin } from './mail-outbox.ts';

// "E-mail me when my photos arrive" (issue #29). A subscription waits for its card's first media;
// the transaction that inserts them (an import, an upload) turns each into an arrival notice in
// the outbox and deletes it. Unmet, it is deleted after NOTIFY_KEEP_DAYS.

/** Subscriptions one address may make with an organization in an hour: the form cannot flood it. */
const PER_ADDRESS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How often each API instance deletes the subscriptions past their days. */
const EXPIRE_EVERY_MS = HOUR_MS;

/**
 * `POST /api/v1/notify/:org/:card`: the address waits for the card's first photos (once per card
 * and address; asked again, nothing changes). `origin` is the calling site's (the link's host).
 */
export async function subscribe(db: Db, organizationId: number, cardCode: string, body: WireNotifyBody, origin: string | undefined): Promise<void> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  const card = await findCard(db, organizationId, normalizeCardCode(cardCode));
  if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
  // Photos already there: nothing to wait for (the site shows them).
  if (await cardHasMedia(db, card.id)) throw new ApiError(409, 'VALIDATION_ERROR', 'the card already has its photos');
  const address = addressKey(body.email);
  // An address that unsubscribed from the organization is not subscribed again by anyone.
  if ((await findRecipient(db, organizationId, address))?.unsubscribed_at) return;
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    host = null;
  }
  await transaction(db, async (db) => {
    const since = new Date(Date.now() - HOUR_MS).toISOString();
    if ((await countSubscriptionsSince(db, organizationId, address, since)) >= PER_ADDRESS_PER_HOUR) throw new ApiError(429, 'RATE_LIMITED');
    await insertSubscription(db, {
      id: newId(),
      organization_id: organizationId,
      card_id: card.id,
      address,
      locale: body.locale ?? DEFAULT_LOCALE,
      site_origin: siteOrigin(host, organization),
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

/** Every API instance deletes, hourly, the subscriptions whose photos never came. */
export function startSubscriptionExpiry(db: Db, log: (message: string) => void): Worker {
  return startLoop(
    'Subscription expiry',
    EXPIRE_EVERY_MS,
    async () => {
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
