// The card look-up's compiled query (db.ts compiledOnce) runs at once on SQLite when nothing
// holds the one connection. While a transaction holds it, the look-up must wait its turn: run
// at once, it would read inside that transaction and answer what was never committed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type Db } from '../../server/src/db.ts';
import { createCard, lookUpCard } from '../../server/src/repositories/cards.ts';
import { upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase } from './helpers.ts';

let dataDir: string;
let db: Db;
let orgId: number;

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
  orgId = await upsertOrganization(db, DEMO_ORGANIZATION);
});

afterAll(async () => {
  await closeTestDatabase(db, dataDir);
});

class RolledBack extends Error {}

describe('compiled queries', () => {
  it('answer at once when the connection is free', async () => {
    await createCard(db, { organizationId: orgId, code: 'FREE00001' });
    expect((await lookUpCard(db, orgId, 'FREE00001'))?.card?.code).toBe('FREE00001');
  });

  it('never read what a transaction under way has not committed', async () => {
    let lookedUp: ReturnType<typeof lookUpCard> | undefined;
    const rolledBack = transaction(db, async (trx) => {
      await createCard(trx, { organizationId: orgId, code: 'UNCOMMIT1' });
      lookedUp = lookUpCard(db, orgId, 'UNCOMMIT1');
      // Let the look-up run as far as it can while the transaction still holds the connection.
      await new Promise((resolve) => setImmediate(resolve));
      throw new RolledBack();
    });
    await expect(rolledBack).rejects.toBeInstanceOf(RolledBack);
    const found = await lookedUp;
    expect(found?.organization.id).toBe(orgId);
    expect(found?.card).toBeUndefined();
  });
});
