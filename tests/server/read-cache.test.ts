// The read cache (server/src/read-cache.ts) keeps the card look-up and the rows that build order
// answers until a write drops them: a write from this process, from the admin CLI's own process,
// or (two-instances.test.ts) from another API instance is seen on the next read.
import { Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCard, lookUpCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { setImmediate } from 'node:timers/promises';
import type { Schema } from '../../server/src/db.ts';
import { changesOf, ReadCache, sqliteChanges, TABLE_TOPICS, type ChangeSource } from '../../server/src/read-cache.ts';
import { createTestApi, ON_POSTGRES, openTestDatabase, runCli, type TestApi } from './helpers.ts';
import { addMediaRow, addMediaRows } from './shop-helpers.ts';
import { photoFolder } from './visitor-helpers.ts';

/** The event loop's next turn: the second callback comes after libuv polled for I/O (where requests are read) once more. */
const nextTurn = async () => {
  await setImmediate();
  await setImmediate();
};

let api: TestApi;
let orgId: number;

beforeAll(async () => {
  api = await createTestApi();
  orgId = (await findOrganizationByWebName(api.db, 'demo'))!.id;
});
afterAll(() => api.close());

async function lookUp(code: string): Promise<{ status: number; count: number | undefined; message: string }> {
  const res = await api.app.inject({ method: 'GET', url: `/api/v1/card/${code}/medias?organization_id=${orgId}` });
  const body = res.json<{ medias_count?: number; message: string }>();
  return { status: res.statusCode, count: body.medias_count, message: body.message };
}

describe('the read cache', () => {
  it('keeps an answer until a write to its topic, and keeps nothing it cannot vouch for', async () => {
    let live = true;
    const cache = new ReadCache((): ChangeSource => ({ sync: () => live, close: async () => {} }));
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('a', ['cards'], load)).toBe(1);
    expect(await cache.read('a', ['cards'], load)).toBe(1);
    cache.drop('products');
    expect(await cache.read('a', ['cards'], load)).toBe(1);
    cache.drop('cards');
    expect(await cache.read('a', ['cards'], load)).toBe(2);
    // A read under way when its topic is written keeps nothing: it may have read the old row.
    const slow = cache.read('b', ['media'], async () => {
      cache.drop('media');
      return 'old';
    });
    expect(await slow).toBe('old');
    expect(await cache.read('b', ['media'], async () => 'new')).toBe('new');
    // No word on changes (a busy database, a lost PostgreSQL connection): every read reads.
    live = false;
    expect(await cache.read('a', ['cards'], load)).toBe(3);
    expect(await cache.read('a', ['cards'], load)).toBe(4);
    await cache.close();
  });

  it("drops one card's part on a write to that card, and every part on a write to the whole topic", async () => {
    const cache = new ReadCache((): ChangeSource => ({ sync: () => true, close: async () => {} }));
    let loads = 0;
    const read = (key: string, dependsOn: Parameters<ReadCache['read']>[1]) => cache.read(key, dependsOn, async () => `${key}${++loads}`);
    expect(await read('a', () => ['cards', 'media:A'])).toBe('a1');
    expect(await read('b', ['media:B'])).toBe('b2');
    expect(await read('all', ['media'])).toBe('all3');
    cache.drop('media:B');
    expect(await read('a', () => ['cards', 'media:A'])).toBe('a1');
    expect(await read('b', ['media:B'])).toBe('b4');
    expect(await read('all', ['media'])).toBe('all5');
    cache.drop('media');
    expect(await read('a', () => ['cards', 'media:A'])).toBe('a6');
    expect(await read('b', ['media:B'])).toBe('b7');
    await cache.close();
  });

  it('reads what a PostgreSQL statement changes from its SQL, as the triggers count it, and its whole topic when unsure', () => {
    // Kysely's PostgreSQL compiler, as the API's driver sees its statements (no connection made).
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const changes = (query: Compilable) => changesOf(query.compile());
    const media = (id: string, card: string) => ({
      ...{ id, organization_id: 1, card_id: card, kind: 'photo' as const, filename: 'a.jpg', mime: 'image/jpeg', width: 1, height: 1, bytes: 1 },
      ...{ sha256: id, captured_at: '2026-11-27T10:00:00Z', sold_at_venue: 0 as const },
    });
    expect(changes(db.insertInto('media').values([media('m1', 'cardA'), media('m2', 'cardB'), media('m3', 'cardA')]))).toEqual(['media:cardA', 'media:cardB']);
    expect(changes(db.updateTable('media').set({ renditions: 1 }).where('id', '=', 'm1'))).toEqual([]);
    expect(changes(db.updateTable('media').set({ sold_order_id: 'o1' }).where('id', 'in', ['m1', 'm2']))).toEqual([]);
    expect(changes(db.updateTable('media').set({ card_id: 'cardB' }).where('id', '=', 'm1'))).toEqual(['media']);
    expect(changes(db.deleteFrom('media').where('id', '=', 'm1'))).toEqual(['media']);
    expect(changes(db.insertInto('media').values({ ...media('m4', 'x'), card_id: sql<string>`(select 'cardC')` }))).toEqual(['media']);
    expect(
      changes(
        db
          .insertInto('media')
          .values(media('m5', 'cardA'))
          .onConflict((conflict) => conflict.column('id').doUpdateSet({ card_id: 'cardB' })),
      ),
    ).toEqual(['media']);
    expect(changes(db.updateTable('organizations').set({ name: 'New' }).where('id', '=', 1))).toEqual(['organizations']);
    expect(changes(db.updateTable('organizations').set({ updated_at: '2026-11-27T10:00:00Z' }).where('id', '=', 1))).toEqual([]);
    expect(changes(db.updateTable('cards').set({ secret: 's' }).where('id', '=', 'cardA'))).toEqual(['cards']);
    expect(changes(db.insertInto('orders').values({ id: 'o1' } as never))).toEqual([]);
    expect(changes(db.selectFrom('media').selectAll())).toEqual([]);
  });

  it('asks SQLite for changes once per turn of the event loop, and again at once after a write of its own', async () => {
    const database = { ownWrites: 0, dataVersion: 1, versionReads: 0, topics: [{ topic: 'cards', version: 1 }] };
    const cache = new ReadCache(
      sqliteChanges({
        ownWrites: () => database.ownWrites,
        dataVersion: () => (database.versionReads++, database.dataVersion),
        topicVersions: () => database.topics,
      }),
    );
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('card', ['cards'], load)).toBe(1);
    expect(await cache.read('card', ['cards'], load)).toBe(1);
    expect(database.versionReads).toBe(1);
    // Another process commits to cards: this turn's reads are concurrent with it, the next turn's see it.
    database.dataVersion = 2;
    database.topics = [{ topic: 'cards', version: 2 }];
    expect(await cache.read('card', ['cards'], load)).toBe(1);
    await nextTurn();
    expect(await cache.read('card', ['cards'], load)).toBe(2);
    expect(database.versionReads).toBe(2);
    // This process writes (its own commit moves data_version too): the very next read asks again.
    database.ownWrites++;
    database.dataVersion = 3;
    database.topics = [{ topic: 'cards', version: 3 }];
    expect(await cache.read('card', ['cards'], load)).toBe(3);
    expect(database.versionReads).toBe(3);
    await cache.close();
  });

  it("sees the admin CLI's import (its own process) on the look-up right after it ends", async () => {
    await createCard(api.db, { organizationId: orgId, code: 'CACHE0001' });
    await addMediaRows(api.db, orgId, 'CACHE0001', 'photo', 1);
    expect(await lookUp('CACHE0001')).toMatchObject({ status: 200, count: 1 });
    expect(await lookUp('CACHE0001')).toMatchObject({ status: 200, count: 1 });
    const folder = await photoFolder(3);
    try {
      const result = await runCli(api.dataDir, 'media:import', '--org', 'demo', '--card', 'CACHE0001', folder);
      expect(result.code, result.stderr).toBe(0);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
    expect(await lookUp('CACHE0001')).toMatchObject({ status: 200, count: 4 });
  });

  it("sees this process's own writes at once: a card made after a look-up missed it, its first media", async () => {
    expect(await lookUp('CACHE0002')).toMatchObject({ status: 404, message: 'CARD_NOT_FOUND' });
    await createCard(api.db, { organizationId: orgId, code: 'CACHE0002' });
    expect(await lookUp('CACHE0002')).toMatchObject({ status: 404, message: 'CARD_EMPTY_MEDIA' });
    await addMediaRows(api.db, orgId, 'CACHE0002', 'photo', 2);
    expect(await lookUp('CACHE0002')).toMatchObject({ status: 200, count: 2 });
  });
});

describe.runIf(ON_POSTGRES)("PostgreSQL's per-card notices", () => {
  /** A media of `code` written without telling anyone (triggers off): only a drop of its card's look-up shows it. */
  const addUnannounced = (code: string) =>
    api.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await addMediaRow(trx, orgId, code, 'photo');
    });

  it("counts the writes the database's triggers count: the same tables, an update only of the same columns", async () => {
    // tgtype's bit 16: the trigger fires on UPDATE; tgattr: its UPDATE OF columns (none: any update).
    const { rows } = await sql<{ table: string; on_update: boolean; columns: string[] | null }>`
      SELECT c.relname AS table, (t.tgtype & 16) <> 0 AS on_update,
        (SELECT array_agg(a.attname::text ORDER BY a.attname) FROM unnest(t.tgattr) AS k(n)
          JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = k.n) AS columns
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND p.proname LIKE 'cache_notify%'`.execute(api.db);
    const triggers = Object.fromEntries(
      [...new Set(rows.map((row) => row.table))].map((table) => {
        const updates = rows.filter((row) => row.table === table && row.on_update);
        // Any update counts when one update trigger names no columns.
        const columns = updates.some((row) => !row.columns) ? undefined : [...new Set(updates.flatMap((row) => row.columns!))].sort();
        return [table, columns];
      }),
    );
    const counted = Object.fromEntries(Object.entries(TABLE_TOPICS).map(([table, { columns }]) => [table, columns && [...columns].sort()]));
    expect(triggers).toEqual(counted);
  });

  it("keeps a card's look-up while media of another card are written, by another instance or by this one", async () => {
    for (const code of ['CARDPART0', 'CARDPART1', 'CARDPART2']) {
      await createCard(api.db, { organizationId: orgId, code });
      await addMediaRows(api.db, orgId, code, 'photo', 1);
    }
    // An instance started after those writes (no notice of them reaches it), once it listens:
    // a look-up it kept does not see an unannounced media.
    const instance = await openTestDatabase(api.dataDir);
    try {
      const count = async (code: string) => (await lookUpCard(instance, orgId, code))?.mediaCount;
      await expect
        .poll(async () => {
          const before = await count('CARDPART0');
          await addUnannounced('CARDPART0');
          return (await count('CARDPART0')) === before;
        })
        .toBe(true);
      expect([await count('CARDPART1'), await count('CARDPART2')]).toEqual([1, 1]);
      await addUnannounced('CARDPART1');
      // Another instance (the API's handle) writes to card 2: its notice drops card 2's look-up alone.
      await addMediaRow(api.db, orgId, 'CARDPART2', 'photo');
      await expect.poll(() => count('CARDPART2')).toBe(2);
      expect(await count('CARDPART1')).toBe(1);
      // This instance writes to card 2: the same, at once.
      await addMediaRow(instance, orgId, 'CARDPART2', 'photo');
      expect([await count('CARDPART1'), await count('CARDPART2')]).toEqual([1, 3]);
      // A write to card 1 drops card 1's.
      await addMediaRow(api.db, orgId, 'CARDPART1', 'photo');
      await expect.poll(() => count('CARDPART1')).toBe(3);
    } finally {
      await instance.destroy();
    }
  });
});
