// A served demo site for the browser benches: the real API on a throw-away folder (demo seeded)
// and the demo tenant built and served on ephemeral ports.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { buildTenants } from '../../scripts/build-tenants.ts';
import { startSitesServer } from '../../scripts/serve.ts';
import { buildApp } from '../../server/src/app.ts';
import { loadDatabaseUrl } from '../../server/src/config.ts';
import { openDatabase, type Db } from '../../server/src/db.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { seedRenderedDemo } from './demo-data.ts';

export interface DemoSite {
  /** http://demo.localhost:<port>/ */
  url: string;
  apiUrl: string;
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

/** `prepare` runs against the seeded database before the site is built. */
export async function startDemoSite(prepare?: (db: Db, dataDir: string) => Promise<void>): Promise<DemoSite> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-site-'));
  const dataDir = path.join(work, 'data');
  const db = await openDatabase({ dataDir, databaseUrl: loadDatabaseUrl(process.env) });
  const store = createLocalStore(dataDir);
  await seedRenderedDemo(db, store);
  await prepare?.(db, dataDir);
  const app = buildApp({ db, dataDir, store, rateLimit: { max: 1_000_000 } });
  const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  await buildTenants({
    sourceUrl: apiUrl,
    publicApiUrl: apiUrl,
    tenants: ['demo'],
    outDir: path.join(work, 'dist'),
    cacheDir: path.join(work, 'cache'),
    // The demo as npm start shows it: with the branding of the repository's tenants/demo.
    tenantsDir: path.resolve(import.meta.dirname, '../../tenants'),
    log: () => {},
  });
  const sites = await startSitesServer({ port: 0, sitesDir: path.join(work, 'dist', 'sites') });
  return {
    url: sites.url,
    apiUrl,
    db,
    dataDir,
    close: async () => {
      await sites.close();
      await app.close();
      await db.destroy();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** Chromium's switches for chrome-launcher: the browser tests' own, headless. */
export const CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_ARGS];
