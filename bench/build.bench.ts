// The tenant build at scale: 1,000 generated organizations served by the real API, rendered in
// one Astro build. Prints total time, time per tenant, peak memory, a one-tenant rebuild and the
// home and gallery page weights (production bundles). Targets on a 2-core machine: 1,000 tenants < 60 s, one tenant < 10 s.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadDatabaseUrl } from '../server/src/config.ts';
import { openDatabase, transaction } from '../server/src/db.ts';
import { upsertOrganization } from '../server/src/repositories/organizations.ts';
import { DEMO_ORGANIZATION } from '../server/src/services/seed.ts';
import { buildTenants } from '../scripts/build-tenants.ts';
import { JS_BUDGETS, pageWeight, type PageWeight } from '../scripts/page-weight.ts';

const TENANTS = Number(process.env['BENCH_TENANTS'] ?? 1000);
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
const db = await openDatabase({ dataDir: path.join(work, 'data'), databaseUrl: loadDatabaseUrl(process.env) });
await transaction(db, async (db) => {
  for (let i = 1; i <= TENANTS; i++) {
    const webName = `t${String(i).padStart(4, '0')}`;
    await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: webName, name: `Tenant ${i}` });
  }
});
const app = buildApp({ db, dataDir: path.join(work, 'data') });
const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const options = {
  sourceUrl: apiUrl,
  publicApiUrl: apiUrl,
  outDir: path.join(work, 'dist'),
  cacheDir: path.join(work, 'cache'),
  tenantsDir: path.join(work, 'tenants'),
  log: () => {},
};

const all = await buildTenants(options);
const peakMiB = Math.max(process.resourceUsage().maxRSS / 1024, all.astroPeakMiB);
const one = await buildTenants({ ...options, tenants: ['t0500'] });

const site = path.join(work, 'dist', 'sites', 't0001');
const weights: Record<keyof typeof JS_BUDGETS, PageWeight> = {
  home: await pageWeight(site),
  gallery: await pageWeight(site, 'gallery/index.html'),
};

console.log(`tenants built:          ${all.built.length} (${all.failed.length} failed)`);
console.log(`total build time:       ${all.seconds.toFixed(1)} s (target < 60 s)`);
console.log(`time per tenant:        ${((all.seconds * 1000) / TENANTS).toFixed(1)} ms`);
console.log(`peak memory (RSS):      ${peakMiB.toFixed(0)} MiB (largest of the build script and the Astro process)`);
console.log(`one-tenant rebuild:     ${one.seconds.toFixed(1)} s (target < 10 s)`);
for (const [page, weight] of Object.entries(weights) as Array<[keyof typeof JS_BUDGETS, PageWeight]>) {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `${`${page} weight (gzipped):`.padEnd(24)}HTML ${kb(weight.html)} KB, CSS ${kb(weight.css)} KB, JS ${kb(weight.js)} KB (target JS <= ${JS_BUDGETS[page] / 1024} KB)`,
  );
}

await app.close();
await db.destroy();
await rm(work, { recursive: true, force: true });
