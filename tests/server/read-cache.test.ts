// The read cache (server/src/read-cache.ts) keeps the card look-up and the rows that build order
// answers until a write drops them: a write from this process, from the admin CLI's own process,
// or (two-instances.test.ts) from another API instance is seen on the next read.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ReadCache, sqliteChanges, type ChangeSource } from '../../server/src/read-cache.ts';
import { createTestApi, runCli, type TestApi } from './helpers.ts';
import { addMediaRows } from './shop-helpers.ts';
import { photoFolder } from './visitor-helpers.ts';

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
