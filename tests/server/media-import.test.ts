import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../server/src/db.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCard, type CardRow } from '../../server/src/repositories/cards.ts';
import { countMedia, findMedia } from '../../server/src/repositories/media.ts';
import { upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { importMedia, importMedias, MediaImportError, safeFileName } from '../../server/src/services/media-import.ts';
import { DEMO_ORGANIZATION, demoSamplePath } from '../../server/src/services/seed.ts';
import { makeTempDir, row, rows, openTestDatabase, ON_POSTGRES } from './helpers.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { scratchFiles } from './visitor-helpers.ts';

let dataDir: string;
let sources: string;
let db: Db;
let card: CardRow;

const source = (sourcePath: string) => ({
  organizationId: card.organization_id,
  cardId: card.id,
  sourcePath,
  kind: 'photo' as const,
  soldAtVenue: false,
  capturedAt: '2025-01-01T10:00:00.000Z',
});
const mediaFolders = () => fs.readdir(path.join(dataDir, 'media')).catch(() => []);

beforeAll(async () => {
  dataDir = await makeTempDir();
  sources = await makeTempDir('provider-sources-');
  db = await openTestDatabase(dataDir);
  const organizationId = await upsertOrganization(db, DEMO_ORGANIZATION);
  card = await createCard(db, { organizationId, code: 'TEST00001' });
});
afterAll(async () => {
  await db.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(sources, { recursive: true, force: true });
});

describe('database', () => {
  it('re-opens idempotently, keeping data and applying each migration once', async () => {
    const again = await openTestDatabase(dataDir);
    try {
      const versions = await rows(again, sql`SELECT name FROM kysely_migration ORDER BY name`);
      const dir = path.resolve(import.meta.dirname, '../../server/src/migrations', ON_POSTGRES ? 'postgres' : 'sqlite');
      const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
      expect(files[0]).toMatch(/^001_/);
      expect(versions).toEqual(files.map((name) => ({ name })));
      expect(await rows(again, sql`SELECT code FROM cards`)).toEqual([{ code: 'TEST00001' }]);
    } finally {
      await again.destroy();
    }
  });

  it.skipIf(ON_POSTGRES)('keeps the SQLite file in WAL mode with foreign keys on', async () => {
    const again = await openTestDatabase(dataDir);
    try {
      expect(await row(again, sql`PRAGMA journal_mode`)).toEqual({ journal_mode: 'wal' });
      expect(await row(again, sql`PRAGMA foreign_keys`)).toEqual({ foreign_keys: 1 });
    } finally {
      await again.destroy();
    }
  });
});

describe('media import', () => {
  it('refuses a file that only pretends to be a JPEG, leaving no row and no files', async () => {
    const fake = path.join(sources, 'fake.jpg');
    await fs.writeFile(fake, 'this is text, not a photo');
    const before = await mediaFolders();
    await expect(importMedia(db, createLocalStore(dataDir), source(fake))).rejects.toThrow(MediaImportError);
    expect(await countMedia(db)).toBe(0);
    expect(await mediaFolders()).toEqual(before);
    expect(await scratchFiles(dataDir)).toEqual([]);
  });

  it('imports nothing from a batch with one bad file', async () => {
    const fake = path.join(sources, 'fake2.jpg');
    await fs.writeFile(fake, 'not an image either');
    await expect(importMedias(db, createLocalStore(dataDir), [source(demoSamplePath(1)), source(fake)])).rejects.toThrow(MediaImportError);
    expect(await countMedia(db)).toBe(0);
    expect(await mediaFolders()).toEqual([]);
  });

  it('imports a PNG with transparency, keeping the original and making every derivative', async () => {
    const png = path.join(sources, "Fête à l'école.png");
    await sharp({ create: { width: 2400, height: 1200, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toFile(png);
    const media = await importMedia(db, createLocalStore(dataDir), source(png));
    expect(await findMedia(db, media.id)).toMatchObject({ mime: 'image/png', width: 2400, height: 1200, filename: 'Fete_a_l_ecole.png' });
    const files = (await fs.readdir(path.join(dataDir, 'media', media.id))).sort();
    expect(files).toEqual(['original.png', 'preview-wm.jpg', 'preview.jpg', 'thumb-wm.jpg', 'thumb.jpg']);
    const preview = await sharp(path.join(dataDir, 'media', media.id, 'preview.jpg')).metadata();
    const thumb = await sharp(path.join(dataDir, 'media', media.id, 'thumb.jpg')).metadata();
    expect([preview.width, preview.height, thumb.width, thumb.height]).toEqual([1600, 800, 480, 240]);
  });

  it('stores a photo turned by its EXIF orientation at the size it is shown: a portrait stays a portrait', async () => {
    const turned = path.join(sources, 'turned.jpg');
    // Landscape pixels that viewers turn a quarter (orientation 6): shown 200 wide, 300 high.
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(turned);
    const media = await importMedia(db, createLocalStore(dataDir), source(turned));
    expect(await findMedia(db, media.id)).toMatchObject({ width: 200, height: 300 });
    const thumb = await sharp(path.join(dataDir, 'media', media.id, 'thumb.jpg')).metadata();
    expect([thumb.width, thumb.height]).toEqual([200, 300]);
  });

  it('keeps display names safe and true to the content', () => {
    expect(safeFileName('../../etc/passwd.jpg', ['.jpg', '.jpeg'])).toBe('passwd.jpg');
    expect(safeFileName('photo.png', ['.jpg', '.jpeg'])).toBe('photo.jpg');
    expect(safeFileName('.hidden.JPEG', ['.jpg', '.jpeg'])).toBe('hidden.jpeg');
    expect(safeFileName('"quoted".jpg', ['.jpg'])).toBe('quoted_.jpg');
  });
});
