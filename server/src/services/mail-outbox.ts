import { randomBytes } from 'node:crypto';
import { formatCardCode } from '@gallery/contract/card-code';
import { brandingStem } from '@gallery/contract/branding-files';
import { DEFAULT_LOCALE, inLocale, isLocale, type Locale } from '@gallery/contract/locales';
import type { WireOrganization } from '@gallery/contract/organization';
import { cardsLinkPath } from '@gallery/contract/site-routing';
import type { MailConfig } from '../config.ts';
import { transaction, type Db } from '../db.ts';
import { mailTranslator } from '../mail/catalogue.ts';
import { arrivalContent, facesContent } from '../mail/arrival.ts';
import { buildMessage, type MailContent } from '../mail/message.ts';
import { receiptContent, type ReceiptFacts } from '../mail/receipt.ts';
import type { Mailer, OutgoingMail } from '../mail/transport.ts';
import {
  claimOutboxMessages,
  deleteOutboxMessage,
  deleteSubscriptionsOf,
  findOrInsertRecipient,
  findRecipient,
  insertOutboxMessage,
  markOutboxFailed,
  markOutboxSent,
  releaseOutboxClaim,
  renewOutboxClaim,
  unsubscribeRecipient,
  type OutboxJob,
} from '../repositories/mail.ts';
import { findCardById } from '../repositories/cards.ts';
import { findOrder, type OrderRow } from '../repositories/orders.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { findProduct } from '../repositories/products.ts';
import { listPayments } from '../repositories/payments.ts';
import { listBrandingNames } from '../repositories/branding.ts';
import { requiresAccessCode } from './card-access.ts';
import { newId } from './ids.ts';
import { newClaim, startWorker, whileLeased, type JobQueue, type Worker } from './job-runner.ts';
import { viewOrder } from './order-view.ts';
import type { StoredCustomer } from './shop-customer.ts';

// The outbox (issue #29): a message is queued in the transaction of the event that causes it and
// sent later by the job runner, so a crash loses none and a failed try is retried with a growing
// wait. Delivery is at least once: a sender killed after the SMTP server accepted a message but
// before the row says so sends it again when the lease ends. Its Message-ID is made of the row's
// id, so that copy is the same message to the mail programs that drop duplicates by it.

/** Messages sent at once by a process; SMTP servers throttle clients that open many more. */
const SENDING_AT_ONCE = 2;
/** The longest wait between two tries of a message. */
const MAX_RETRY_MS = 3_600_000;

export const addressKey = (address: string) => address.trim().toLowerCase();

/**
 * Queues a message to an address unless the address unsubscribed from the organization; the
 * address's unsubscribe token is made with its first message. The caller's transaction holds the
 * event that causes it.
 */
export async function queueMessage(
  db: Db,
  message: { organizationId: number; kind: OutboxJob['kind']; subjectId: string; address: string; locale: Locale; siteOrigin?: string | null },
): Promise<void> {
  const address = addressKey(message.address);
  const recipient = await findOrInsertRecipient(db, message.organizationId, address, randomBytes(24).toString('base64url'));
  if (recipient.unsubscribed_at !== null) return;
  await insertOutboxMessage(
    db,
    {
      id: newId(),
      organization_id: message.organizationId,
      kind: message.kind,
      subject_id: message.subjectId,
      address,
      locale: message.locale,
      site_origin: message.siteOrigin ?? null,
    },
    Date.now(),
  );
}

/** Queues the receipt of an order just paid, in the transaction that pays it, to the checkout's e-mail. */
export async function queueReceipt(db: Db, order: OrderRow): Promise<void> {
  const customer = order.customer ? (JSON.parse(order.customer) as Partial<StoredCustomer>) : null;
  if (!customer?.email) return;
  const locale = isLocale(order.locale) ? order.locale : DEFAULT_LOCALE;
  await queueMessage(db, { organizationId: order.organization_id, kind: 'receipt', subjectId: order.id, address: customer.email, locale });
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[a-z0-9-]+\.localhost)(:\d+)?$/i;

/**
 * The organization's site as the buyer reached it: the host the order was made on (the site
 * sends it as `pdv`) when its first label is the organization's web name, as every tenant host's
 * is (anything else could send the buyer elsewhere); else the organization's `url`; else none.
 */
export function siteOrigin(pdv: string | null, organization: Pick<WireOrganization, 'web_name' | 'url'>): string | null {
  const host = (pdv ?? '').toLowerCase();
  if (/^[a-z0-9.-]+(:\d+)?$/.test(host) && host.split('.')[0] === organization.web_name) return `${LOCAL_HOST.test(host) ? 'http' : 'https'}://${host}`;
  return organization.url ? new URL(organization.url).origin : null;
}

/** The Message-ID of an outbox row: the same for every try of it. */
function messageIdOf(job: Pick<OutboxJob, 'id' | 'kind'>, from: string): string {
  const domain = /@([^@\s>]+)>?$/.exec(from)?.[1] ?? 'localhost';
  return `<${job.kind}.${job.id}@${domain}>`;
}

/** What a receipt says, from the order as it is stored, its link opening the site in `locale`; undefined when the order is gone. */
async function receiptFacts(db: Db, orderId: string, locale: Locale): Promise<{ organization: WireOrganization; facts: ReceiptFacts } | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  const view = await viewOrder(db, order);
  const paid = (await listPayments(db, order.id)).find((payment) => payment.status === 'paid');
  const lines = await Promise.all(
    view.lines.map(async (line) => ({
      description: (await findProduct(db, line.product_id))?.description ?? '',
      count: line.items.length,
      allDigital: line.all_digital,
    })),
  );
  const origin = siteOrigin(order.pdv, view.organization);
  const facts: ReceiptFacts = {
    organization: view.organization.name,
    orderId: order.id,
    cardCode: formatCardCode(view.cards[0]?.code ?? ''),
    lines,
    totalCents: paid?.amount_cents ?? view.total,
    payment: paid?.method === 'creditCard' ? { method: 'creditCard', brand: paid.card_brand, last4: paid.card_last4 } : { method: 'pix' },
    galleryUrl:
      origin && view.cards.length
        ? `${origin}${inLocale(
            cardsLinkPath(
              view.cards.map((card) => card.code),
              requiresAccessCode(view.organization),
            ),
            locale,
          )}`
        : null,
  };
  return { organization: view.organization, facts };
}

/** What an outbox row says, by its kind, from the database as it is now; undefined when its subject is gone. */
async function contentOf(db: Db, job: OutboxJob, locale: Locale): Promise<{ organization: WireOrganization; content: MailContent } | undefined> {
  const t = mailTranslator(locale);
  if (job.kind === 'receipt') {
    const receipt = await receiptFacts(db, job.subject_id, locale);
    return receipt && { organization: receipt.organization, content: receiptContent(t, locale, receipt.facts) };
  }
  if (job.kind === 'faces') {
    const organization = await findOrganizationById(db, job.organization_id);
    if (!organization) return undefined;
    const origin = job.site_origin ?? siteOrigin(null, organization);
    return { organization, content: facesContent(t, { organization: organization.name, homeUrl: origin && `${origin}${inLocale('/', locale)}` }) };
  }
  const [card, organization] = await Promise.all([findCardById(db, job.subject_id), findOrganizationById(db, job.organization_id)]);
  if (!card || !organization) return undefined;
  const origin = job.site_origin ?? siteOrigin(null, organization);
  const code = formatCardCode(card.code);
  return {
    organization,
    content: arrivalContent(t, {
      organization: organization.name,
      cardCode: code,
      galleryUrl: origin && `${origin}${inLocale(cardsLinkPath([card.code], requiresAccessCode(organization)), locale)}`,
    }),
  };
}

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  config: MailConfig;
  log: (message: string) => void;
}

/** The message of an outbox row, built from the database as it is now; undefined when its subject is gone. */
async function outgoingMail({ db, config }: MailDeps, job: OutboxJob): Promise<OutgoingMail | undefined> {
  const recipient = await findRecipient(db, job.organization_id, job.address);
  if (!recipient || recipient.unsubscribed_at !== null) return undefined;
  const locale = isLocale(job.locale) ? job.locale : DEFAULT_LOCALE;
  const made = await contentOf(db, job, locale);
  if (!made) return undefined;
  const logo = (await listBrandingNames(db, job.organization_id)).find((name) => brandingStem(name) === 'logo');
  const web = encodeURIComponent(made.organization.web_name);
  const unsubscribeUrl = `${config.publicApiUrl}/api/v1/mail/unsubscribe/${recipient.token}?lang=${locale}`;
  const branding = {
    organization: made.organization.name,
    logoUrl: logo ? `${config.publicApiUrl}/api/v1/branding/${web}/${encodeURIComponent(logo)}` : null,
    unsubscribeUrl,
  };
  return {
    ...buildMessage(mailTranslator(locale), branding, made.content),
    id: job.id,
    messageId: messageIdOf(job, config.from),
    to: job.address,
    date: new Date(job.created_at),
    unsubscribeUrl,
  };
}

/** The wait after a message's `attempts`-th failed try: `retryMs`, doubling with each, an hour at most. */
function retryDelayMs(retryMs: number, attempts: number): number {
  return Math.min(retryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** Sends one claimed message and records the outcome; a failed try waits its turn again. */
async function sendOne(deps: MailDeps, job: OutboxJob): Promise<void> {
  const { db, mailer, config, log } = deps;
  const mail = await outgoingMail(deps, job);
  // Unsubscribed since it was queued, or its order removed: nothing will ever be sent.
  if (!mail) return deleteOutboxMessage(db, job.id);
  try {
    await mailer.send(mail);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const waitMs = retryDelayMs(config.retryMs, job.attempts);
    log(`Mail ${job.id} (${job.kind}) not sent, try ${job.attempts}: ${reason}; next try in ${Math.round(waitMs / 1000)} s`);
    return markOutboxFailed(db, job.id, job.token, reason, Date.now() + waitMs);
  }
  await markOutboxSent(db, job, job.token);
}

function outboxQueue(deps: MailDeps): JobQueue<OutboxJob> {
  const { db } = deps;
  return {
    claim: (limit) => transaction(db, (db) => claimOutboxMessages(db, newClaim(), { nowMs: Date.now(), limit })),
    run: (job) =>
      whileLeased(
        (lease) => renewOutboxClaim(db, job.token, lease),
        () => sendOne(deps, job),
      ),
    release: (job) => releaseOutboxClaim(db, job.id, job.token),
  };
}

/** The API's mail sender: sends the outbox's due messages as they come, in every instance; first it sweeps a crashed run's debris. */
export function startMailSender(deps: MailDeps): Worker {
  const { mailer, log } = deps;
  mailer.sweep().then(
    (removed) => {
      if (removed.length) log(`Removed ${removed.length} unfinished mail file(s) of an interrupted run: ${removed.join(', ')}`);
    },
    (error: unknown) => log(`Mail: the sweep of unfinished files failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  return startWorker('Mail', outboxQueue(deps), { concurrency: SENDING_AT_ONCE, log });
}

/**
 * `/api/v1/mail/unsubscribe/:token`: no more mail of the organization to the token's address.
 * Answers the line to show, in the language of the message the link came in.
 */
export async function unsubscribe(db: Db, token: string, lang: string | undefined): Promise<{ found: boolean; locale: Locale; text: string }> {
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const t = mailTranslator(locale);
  const recipient = await transaction(db, async (db) => {
    const found = await unsubscribeRecipient(db, token);
    // Nothing more will be sent to it: its waiting subscriptions go too.
    if (found) await deleteSubscriptionsOf(db, found.organization_id, found.address);
    return found;
  });
  if (!recipient) return { found: false, locale, text: t('unsubscribe.unknown') };
  const organization = await findOrganizationById(db, recipient.organization_id);
  return { found: true, locale, text: t('unsubscribe.done', { address: recipient.address, organization: organization?.name ?? '' }) };
}
