// Builds one static site per organization: `npm run build [-- --tenant NAME]`.
// Fetches every organization from the API, validates it, renders all tenants in one Astro build
// and splits the output into self-contained folders under dist/sites/<webName>/.
import { build } from 'astro';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config.ts';
import { redirectsFile } from '../src/lib/site-routing.ts';
import type { WireOrganizationList } from '../src/lib/api/wire.ts';
import { toOrganization } from '../src/tenant/organization.ts';
import type { Tenant } from '../src/tenant/snapshot.ts';

const root = path.resolve(import.meta.dirname, '..');
export const SITES_DIR = path.join(root, 'dist', 'sites');
const ASTRO_OUT = path.join(root, 'dist', 'astro');
const CACHE_DIR = path.join(root, '.cache');

export interface BuildOptions {
  /** Where the build reads organizations from. */
  sourceUrl: string;
  /** The API address baked into the sites for visitors' browsers. */
  publicApiUrl: string;
  /** Rebuild only this tenant. */
  tenant?: string;
  log?: (line: string) => void;
}

export interface BuildSummary {
  built: string[];
  failed: Array<{ tenant: string; reason: string }>;
  seconds: number;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

async function localTenantNames(): Promise<string[]> {
  try {
    const entries = await readdir(path.join(root, 'tenants'), { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function tenantNames(sourceUrl: string): Promise<string[]> {
  const list = (await getJson(`${sourceUrl}/api/v1/organizations`)) as WireOrganizationList;
  const names = new Set([...list.organizations.map((o) => o.web_name), ...(await localTenantNames())]);
  return [...names].sort();
}

/** Copies Astro's output for one tenant plus the files all tenants share into its own folder. */
async function assembleSite(webName: string, shared: string[]): Promise<void> {
  const site = path.join(SITES_DIR, webName);
  await rm(site, { recursive: true, force: true });
  await cp(path.join(ASTRO_OUT, webName), site, { recursive: true });
  for (const entry of shared) await cp(path.join(ASTRO_OUT, entry), path.join(site, entry), { recursive: true });
  await writeFile(path.join(site, '_redirects'), redirectsFile());
}

export async function buildTenants(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const names = options.tenant ? [options.tenant.toLowerCase()] : await tenantNames(options.sourceUrl);

  const tenants: Tenant[] = [];
  const failed: BuildSummary['failed'] = [];
  for (const name of names) {
    try {
      const answer = (await getJson(`${options.sourceUrl}/api/v1/organization/${encodeURIComponent(name)}`)) as {
        organization?: unknown;
      };
      tenants.push({ organization: toOrganization(answer.organization, name) });
      log(`  ✓ ${name}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failed.push({ tenant: name, reason });
      log(`  ✗ ${name}: ${reason}`);
    }
  }

  if (tenants.length) {
    await mkdir(CACHE_DIR, { recursive: true });
    const tenantsFile = path.join(CACHE_DIR, 'tenants.json');
    await writeFile(tenantsFile, JSON.stringify(tenants));
    process.env['TENANTS_FILE'] = tenantsFile;
    process.env['PUBLIC_API_URL'] = options.publicApiUrl;
    process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
    await build({ root, logLevel: 'warn' });

    const webNames = new Set(tenants.map((t) => t.organization.webName));
    const shared = (await readdir(ASTRO_OUT)).filter((entry) => !webNames.has(entry));
    for (const webName of webNames) await assembleSite(webName, shared);
  }

  const seconds = (performance.now() - started) / 1000;
  log(`Built ${tenants.length} of ${names.length} tenant sites in ${seconds.toFixed(1)} s into ${path.relative(root, SITES_DIR)}/`);
  return { built: tenants.map((t) => t.organization.webName), failed, seconds };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { tenant: { type: 'string' } } });
  const config = loadConfig();
  const summary = await buildTenants({
    sourceUrl: config.publicApiUrl,
    publicApiUrl: config.publicApiUrl,
    ...(values.tenant ? { tenant: values.tenant } : {}),
  });
  if (summary.built.length === 0) process.exitCode = 1;
}
