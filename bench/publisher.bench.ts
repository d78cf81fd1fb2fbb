// The publisher at scale: 1,000 organizations served by the real API, every site built by the
// publisher, then one organization renamed with the admin CLI (another process, as a provider
// does). Prints the change-to-visible time (target < 20 s on a 2-core machine), how many other
// sites were rebuilt (target 0) and the sites' size on disk (shared files stored once).
import { execFile } from 'node:child_process';
import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startPublisher } from '@gallery/publisher';
import { siteBuilder } from '../scripts/build-tenants.ts';
import { startSitesServer } from '../scripts/serve.ts';
import { buildApp } from '../server/src/app.ts';
import { loadDatabaseUrl } from '../server/src/config.ts';
import { openDatabase, transaction } from '../server/src/db.ts';
import { upsertOrganization } from '../server/src/repositories/organizations.ts';
import { DEMO_ORGANIZATION } from '../server/src/services/seed.ts';

const TENANTS = Number(process.env['BENCH_TENANTS'] ?? 1000);
const CHANGED = `t${String(Math.ceil(TENANTS / 2)).padStart(4, '0')}`;
const root = path.resolve(import.meta.dirname, '..');
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-publisher-'));
const dataDir = path.join(work, 'data');
const outDir = path.join(work, 'dist');
const db = await openDatabase({ dataDir, databaseUrl: loadDatabaseUrl(process.env) });
await transaction(db, async (db) => {
  for (let i = 1; i <= TENANTS; i++) {
    await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: `t${String(i).padStart(4, '0')}`, name: `Tenant ${i}` });
  }
});
const app = buildApp({ db, dataDir });
const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const lines: string[] = [];
const firstBuildStarted = performance.now();
const publisher = await startPublisher({
  sourceUrl: apiUrl,
  site: siteBuilder({ sourceUrl: apiUrl, publicApiUrl: apiUrl, outDir, cacheDir: path.join(work, 'cache'), tenantsDir: path.join(work, 'tenants') }),
  pollMs: 1000,
  quietMs: 1000,
  webhookSecret: null,
  cdn: null,
  log: (line) => lines.push(line),
});
const firstBuildSeconds = (performance.now() - firstBuildStarted) / 1000;
const sites = await startSitesServer({ port: 0, sitesDir: path.join(outDir, 'sites') });

/** The home page of a tenant, as a visitor's browser asks for it. */
function home(webName: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: sites.port, path: '/', headers: { host: `${webName}.localhost` } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

const builtAt = async () =>
  new Map(
    await Promise.all(
      (await readdir(path.join(outDir, 'sites'))).map(
        async (name) => [name, await readFile(path.join(outDir, 'sites', name, '_release.json'), 'utf8')] as const,
      ),
    ),
  );
const before = await builtAt();

// The provider renames one organization with the admin CLI.
const file = path.join(work, `${CHANGED}.json`);
await writeFile(file, JSON.stringify({ ...DEMO_ORGANIZATION, web_name: CHANGED, name: 'Renamed Tenant' }));
const changed = performance.now();
await promisify(execFile)(process.execPath, ['--no-warnings', path.join(root, 'server/src/cli.ts'), 'org:upsert', file], {
  env: { ...process.env, DATA_DIR: dataDir },
});
while (!(await home(CHANGED)).includes('<title>Renamed Tenant</title>')) await new Promise((resolve) => setTimeout(resolve, 50));
const visibleSeconds = (performance.now() - changed) / 1000;

const after = await builtAt();
const othersRebuilt = [...after].filter(([name, release]) => name !== CHANGED && before.get(name) !== release).length;

/** Bytes on disk under a folder, each hard-linked file counted once, and as if every link were a copy. */
async function diskUse(dir: string): Promise<{ actual: number; copies: number }> {
  const seen = new Set<number>();
  let actual = 0;
  let copies = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const { ino, size } = await lstat(path.join(entry.parentPath, entry.name));
    copies += size;
    if (!seen.has(ino)) actual += size;
    seen.add(ino);
  }
  return { actual, copies };
}
const releases = await diskUse(path.join(outDir, 'releases'));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

console.log(`tenants:                ${TENANTS}, first build by the publisher ${firstBuildSeconds.toFixed(1)} s`);
console.log(`change to visible:      ${visibleSeconds.toFixed(1)} s from the CLI's org:upsert to the new title served (target < 20 s)`);
console.log(`other sites rebuilt:    ${othersRebuilt} (target 0)`);
console.log(`sites on disk:          ${mb(releases.actual)} MB (${mb(releases.copies)} MB if each site carried its own copy of the shared files)`);
console.log(
  `publisher said:         ${lines
    .filter((line) => /building|built|changed/.test(line))
    .slice(-3)
    .join(' | ')}`,
);

await publisher.stop();
await sites.close();
await app.close();
await db.destroy();
await rm(work, { recursive: true, force: true });
