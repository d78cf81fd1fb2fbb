// The mail specs' side of the e-mails: what the fixtures' SMTP server received (E2E_INBOX_DIR,
// one `<n>.eml` per message), parsed as a mail program would; the outbox and the empty cards a
// visitor subscribes to, straight in the run's database (no command makes a card without media).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_DATA_DIR, E2E_INBOX_DIR } from '../../../playwright.config.ts';
import { openDatabase, type Db } from '../../../server/src/db.ts';
import { createCard } from '../../../server/src/repositories/cards.ts';
import { findOrganizationByWebName } from '../../../server/src/repositories/organizations.ts';
import { normalizeCardCode, normalizeSecret } from '@gallery/contract/card-code';

export { linkIn } from '../../support/smtp.ts';

/** Every message the SMTP server received for this address, in the order it came. */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  const files = (await readdir(E2E_INBOX_DIR)).filter((file) => file.endsWith('.eml'));
  files.sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(E2E_INBOX_DIR, file)))));
  return mails.filter((mail) => [mail.to ?? []].flat().some((to) => to.value.some((box) => box.address === address)));
}

async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir: E2E_DATA_DIR, databaseUrl: null });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A card of the organization with no media yet (with its two-factor access code when given). */
export function createEmptyCard(webName: string, code: string, secret?: string): Promise<void> {
  return withDatabase(async (db) => {
    const organization = await findOrganizationByWebName(db, webName);
    if (!organization) throw new Error(`no organization ${webName}`);
    await createCard(db, { organizationId: organization.id, code: normalizeCardCode(code), secret: secret === undefined ? null : normalizeSecret(secret) });
  });
}

/** The messages to this address still in the outbox, not yet sent (a sent notice leaves it; a sent receipt stays, marked). */
export function unsentMailTo(address: string): Promise<number> {
  return withDatabase(async (db) => {
    const rows = await db.selectFrom('mail_outbox').select('id').where('address', '=', address).where('sent_at', 'is', null).execute();
    return rows.length;
  });
}
