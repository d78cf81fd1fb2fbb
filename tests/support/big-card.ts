// A card of many media in seconds, for the browser tests and benches at scale: rows inserted
// directly, every media folder hard-linked to one of the demo's imported photos (so each file
// serves as a real one).
import { linkSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chunks, transaction, type Db } from '../../server/src/db.ts';
import { createCard, findCard } from '../../server/src/repositories/cards.ts';
import { insertMedias, listMediaOfCards, type NewMedia } from '../../server/src/repositories/media.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { newId } from '../../server/src/services/ids.ts';
import { mediaDir } from '../../server/src/services/media-files.ts';

/**
 * Card `code` of the demo organization with `count` photos, captured a second apart; every third
 * sold at the venue unless `allOnSale`. Does nothing when the card exists.
 */
export async function seedBigCard(db: Db, dataDir: string, code: string, count: number, { allOnSale = false } = {}): Promise<void> {
  const organization = await findOrganizationByWebName(db, 'demo');
  if (!organization) throw new Error('demo organization missing after seeding');
  if (await findCard(db, organization.id, code)) return;
  const demoCards = await Promise.all(['DEMO00001', 'DEMO00002'].map(async (demo) => (await findCard(db, organization.id, demo))!.id));
  const sources = (await listMediaOfCards(db, demoCards)).filter((media) => media.kind === 'photo');
  // The files first and the rows in small transactions: a test run's API keeps answering meanwhile.
  const card = await createCard(db, { organizationId: organization.id, code });
  const start = Date.parse('2026-01-01T08:00:00Z');
  const rows: NewMedia[] = [];
  for (let i = 0; i < count; i++) {
    // The listed row carries its card's code and its sale, which the new one does not share.
    const { card_code: _code, sold_order_id: _sold, created_at: _created, ...source } = sources[i % sources.length]!;
    const id = newId();
    const folder = mediaDir(dataDir, id);
    mkdirSync(folder);
    for (const file of readdirSync(mediaDir(dataDir, source.id))) {
      linkSync(path.join(mediaDir(dataDir, source.id), file), path.join(folder, file));
    }
    rows.push({ ...source, id, card_id: card.id, captured_at: new Date(start + i * 1000).toISOString(), sold_at_venue: !allOnSale && i % 3 === 0 ? 1 : 0 });
  }
  for (const batch of chunks(rows, 1000)) await transaction(db, (db) => insertMedias(db, batch));
}
