// Builds one static site per organization: `npm run build [-- --tenant NAME]...`.
// Fetches every organization from the API, validates it, renders all tenants in one Astro build
// and swaps each finished site in whole at dist/sites/<webName>/ (@gallery/publisher/releases).
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { baseCatalogues } from '../src/i18n/catalogues.ts';
import type { WireBrandingList } from '@gallery/contract/media';
import type { WireOrganizationList } from '@gallery/contract/organization';
import { headersFile, redirectsFile } from '@gallery/contract/site-routing';
import { isWebName } from '@gallery/contract/rules';
import { brandingStem, type BrandingStem } from '@gallery/contract/branding-files';
import { brandingFrom, type Branding, type ImageSize } from '../src/tenant/branding.ts';
import { inertSvg } from '@gallery/contract/inert-svg';
import { tenantCatalogues, tenantTheme } from '../src/tenant/messages.ts';
import { toOrganization } from '../src/tenant/organization-schema.ts';
import type { Organization } from '../src/tenant/organization.ts';
import type { Tenant } from '../src/tenant/snapshot.ts';
import { resolveTenantFile } from '../src/tenant/tenant-files.ts';
import type { SiteBuilder } from '@gallery/publisher';
import { installRelease, linkSharedFiles, liveRelease, newReleaseDir, pruneSharedFiles, storeSharedFiles } from '@gallery/publisher/releases';
import { configOrExit, loadSiteConfig } from './startup.ts';

const root = path.resolve(import.meta.dirname, '..');
const DEFAULT_OUT_DIR = path.join(root, 'dist');
/** Where the built sites land: one folder per web name. */
export const SITES_DIR = path.join(DEFAULT_OUT_DIR, 'sites');
const DEFAULT_CACHE_DIR = path.join(root, '.cache');

export interface BuildOptions {
  /** Where the build reads organizations from. */
  sourceUrl: string;
  /** The API address baked into the sites for visitors' browsers. */
  publicApiUrl: string;
  /** Rebuild only these tenants (all of them when not given). */
  tenants?: string[];
  /** Folder of per-tenant overrides (messages, branding); tenants/ by default. */
  tenantsDir?: string;
  /** Build cache (snapshots, the tenants file); .cache/ by default. */
  cacheDir?: string;
  /** Output folder: Astro renders into <outDir>/astro, the sites land in <outDir>/sites; dist/ by default. */
  outDir?: string;
  log?: (line: string) => void;
}

export interface BuildSummary {
  /** Peak memory of the Astro build process, MiB. */
  astroPeakMiB: number;
  built: string[];
  /** Tenants built from their last good snapshot because the API could not give them. */
  fromSnapshot: string[];
  /** Tenants whose site is the error page, or who kept their previous site. */
  failed: Array<{ tenant: string; reason: string }>;
  /** Tenants whose new site was swapped in. */
  installed: string[];
  seconds: number;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

async function folderNames(dir: string, suffix = ''): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => (suffix ? e.name.endsWith(suffix) : e.isDirectory())).map((e) => e.name.slice(0, e.name.length - suffix.length));
  } catch {
    return [];
  }
}

/** Web names from the API, the tenants folder and the snapshots (so a down API still builds). */
async function tenantNames(sourceUrl: string, tenantsDir: string, snapshotDir: string, log: (line: string) => void): Promise<string[]> {
  const names = new Set([...(await folderNames(tenantsDir)), ...(await folderNames(snapshotDir, '.json'))]);
  try {
    const list = (await getJson(`${sourceUrl}/api/v1/organizations`)) as WireOrganizationList;
    for (const o of list.organizations) names.add(o.web_name);
  } catch (error) {
    log(`  ! could not list organizations (${error instanceof Error ? error.message : error}); using tenants/ and snapshots`);
  }
  return [...names].filter(isWebName).sort();
}

/** The organization from the API, saved as the new snapshot; else the last snapshot. */
async function loadOrganization(sourceUrl: string, webName: string, snapshotDir: string): Promise<{ organization: Organization; fromSnapshot: boolean }> {
  const snapshot = path.join(snapshotDir, `${webName}.json`);
  try {
    const answer = (await getJson(`${sourceUrl}/api/v1/organization/${encodeURIComponent(webName)}`)) as { organization?: unknown };
    const organization = toOrganization(answer.organization, webName);
    await mkdir(snapshotDir, { recursive: true });
    await writeFile(snapshot, JSON.stringify(answer.organization));
    return { organization, fromSnapshot: false };
  } catch (error) {
    let saved: string;
    try {
      saved = await readFile(snapshot, 'utf8');
    } catch {
      throw error;
    }
    return { organization: toOrganization(JSON.parse(saved), webName), fromSnapshot: true };
  }
}

/** A picture's size, for the pages to lay it out before it loads; null when sharp cannot read it (an .ico). */
async function imageSize(input: string | Buffer): Promise<ImageSize | null> {
  try {
    const { width, height } = await sharp(input).metadata();
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** A branding file as it goes into a site: its name there and where it is read, SVGs already inert. */
type BrandingSource = { name: string; from: string } | { name: string; svg: string };

interface SiteBranding {
  branding: Branding;
  files: BrandingSource[];
}

/**
 * The branding among files (name → path, read through realpath checks beforehand), the first of
 * each stem; an SVG is made inert now, and one that holds no SVG image is left out. Null when
 * none is left.
 */
async function brandingAmong(files: Map<string, string>, webName: string, log: (line: string) => void): Promise<SiteBranding | null> {
  const sources: BrandingSource[] = [];
  for (const name of [...files.keys()].sort()) {
    const stem = brandingStem(name);
    if (!stem || sources.some((s) => brandingStem(s.name) === stem)) continue;
    const from = files.get(name) as string;
    if (!name.toLowerCase().endsWith('.svg')) {
      sources.push({ name, from });
      continue;
    }
    const svg = await inertSvg(await readFile(from, 'utf8'));
    if (svg === null) log(`! tenant "${webName}": branding/${name} holds no SVG image; left out`);
    else sources.push({ name, svg });
  }
  const found = await Promise.all(
    sources.map(async (source) => ({
      stem: brandingStem(source.name) as BrandingStem,
      file: source.name,
      size: await imageSize('svg' in source ? Buffer.from(source.svg) : source.from),
    })),
  );
  return found.length ? { branding: brandingFrom(found), files: sources } : null;
}

/** The files of a folder of ours (the build cache), by name. */
async function filesIn(dir: string): Promise<Map<string, string>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return new Map(names.map((name) => [name, path.join(dir, name)]));
}

/**
 * The branding files of tenants/<webName>/branding/, each checked to stay inside the tenant's
 * folder: one that leads out (or nowhere) is left out with a line saying so.
 */
async function tenantFolderBranding(tenantsDir: string, webName: string, log: (line: string) => void): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const refused = (error: unknown) => log(`! ${error instanceof Error ? error.message : error}; left out`);
  const dir = await resolveTenantFile(tenantsDir, webName, 'branding').catch((error: unknown) => void refused(error));
  if (!dir) return files;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (brandingStem(name) === null) continue;
    const file = await resolveTenantFile(tenantsDir, webName, path.join('branding', name)).catch((error: unknown) => void refused(error));
    if (file && (await stat(file)).isFile()) files.set(name, file);
    else if (file) log(`! tenant "${webName}": branding/${name} is not a file; left out`);
  }
  return files;
}

/**
 * A tenant's branding: tenants/<webName>/branding/ when present (local runs), else the files the
 * API stores, downloaded whole into the build cache, which keeps the last ones for when the API
 * cannot answer.
 */
async function tenantBranding(tenantsDir: string, cacheDir: string, sourceUrl: string, webName: string, log: (line: string) => void): Promise<SiteBranding> {
  const local = await brandingAmong(await tenantFolderBranding(tenantsDir, webName, log), webName, log);
  if (local) return local;
  const cached = path.join(cacheDir, 'branding', webName);
  const fresh = `${cached}.new`;
  try {
    const { files } = (await getJson(`${sourceUrl}/api/v1/branding/${encodeURIComponent(webName)}`)) as WireBrandingList;
    await rm(fresh, { recursive: true, force: true });
    await mkdir(fresh, { recursive: true });
    for (const name of files.filter((file) => brandingStem(file) !== null)) {
      const response = await fetch(`${sourceUrl}/api/v1/branding/${encodeURIComponent(webName)}/${encodeURIComponent(name)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`branding file ${name} answered ${response.status}`);
      await writeFile(path.join(fresh, name), Buffer.from(await response.arrayBuffer()));
    }
    await rm(cached, { recursive: true, force: true });
    await rename(fresh, cached);
  } catch {
    // The API could not give the branding: the files it gave last time, if any, still apply.
    await rm(fresh, { recursive: true, force: true });
  }
  return (await brandingAmong(await filesIn(cached), webName, log)) ?? { branding: {}, files: [] };
}

/**
 * Assembles one tenant's release from Astro's output (moved, not copied), the shared files
 * (hard-linked from the store) and its branding, then swaps it in.
 */
async function assembleSite(outDir: string, webName: string, shared: Map<string, string>, brandingFiles: BrandingSource[]): Promise<void> {
  const release = await newReleaseDir(outDir, webName);
  await rename(path.join(outDir, 'astro', webName), release);
  await linkSharedFiles(release, shared);
  if (brandingFiles.length) {
    await mkdir(path.join(release, 'branding'), { recursive: true });
    for (const file of brandingFiles) {
      const target = path.join(release, 'branding', file.name);
      await ('svg' in file ? writeFile(target, file.svg) : copyFile(file.from, target));
    }
  }
  await writeFile(path.join(release, '_redirects'), redirectsFile());
  await writeFile(path.join(release, '_headers'), headersFile());
  await installRelease(outDir, webName, release);
}

/**
 * Runs scripts/astro-build.ts in a child process; answers its peak memory in MiB. Its working
 * directory is a fresh folder inside the project: a static build puts its server chunks in
 * `<cwd>/.astro/` unless the output folder's path starts with the cwd's text (a sibling such as
 * /tmp/bench-build-* of a clone at /tmp/bench), where node_modules is out of their reach. Inside
 * the project they find react, and two builds at once never share them.
 */
async function runAstroBuild(env: Record<string, string>): Promise<number> {
  await mkdir(path.join(root, '.astro'), { recursive: true });
  const cwd = await mkdtemp(path.join(root, '.astro', 'build-'));
  try {
    return await astroBuildIn(cwd, env);
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

function astroBuildIn(cwd: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--no-warnings', path.join(root, 'scripts', 'astro-build.ts')], {
      cwd,
      // Always a production build: under Vitest NODE_ENV is 'test', which would bundle React's
      // development build (twice the weight) into the sites.
      env: { ...process.env, ...env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = output.trim().split('\n');
      const last = lines.pop() ?? '';
      if (code !== 0) return reject(new Error(`astro build failed (exit ${code}):\n${output}`));
      if (lines.length) console.log(lines.join('\n'));
      resolve((JSON.parse(last) as { peakRssKiB: number }).peakRssKiB / 1024);
    });
  });
}

/** The build's folders, defaults filled in. */
export function buildDirs(
  options: Pick<BuildOptions, 'tenantsDir' | 'cacheDir' | 'outDir'>,
): Required<Pick<BuildOptions, 'tenantsDir' | 'cacheDir' | 'outDir'>> {
  return {
    tenantsDir: options.tenantsDir ?? path.join(root, 'tenants'),
    cacheDir: options.cacheDir ?? DEFAULT_CACHE_DIR,
    outDir: options.outDir ?? DEFAULT_OUT_DIR,
  };
}

/** Drops what the build keeps of a tenant (its snapshot, its branding), so a removed one stays gone. */
export async function forgetTenant(cacheDir: string, webName: string): Promise<void> {
  await rm(path.join(cacheDir, 'snapshots', `${webName}.json`), { force: true });
  await rm(path.join(cacheDir, 'branding', webName), { recursive: true, force: true });
}

export async function buildTenants(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const { tenantsDir, cacheDir, outDir } = buildDirs(options);
  // The last organization each tenant loaded with, used when the API cannot answer.
  const snapshotDir = path.join(cacheDir, 'snapshots');
  const names = options.tenants ? options.tenants.map((name) => name.toLowerCase()) : await tenantNames(options.sourceUrl, tenantsDir, snapshotDir, log);
  const invalid = names.find((name) => !isWebName(name));
  if (invalid) throw new Error(`"${invalid}" is not a web name (lower-case letters, digits and dashes)`);

  const tenants: Tenant[] = [];
  const brandingFiles = new Map<string, BrandingSource[]>();
  const summary: BuildSummary = { built: [], fromSnapshot: [], failed: [], installed: [], seconds: 0, astroPeakMiB: 0 };
  for (const [index, webName] of names.entries()) {
    const progress = `[${index + 1}/${names.length}]`;
    const { branding, files } = await tenantBranding(tenantsDir, cacheDir, options.sourceUrl, webName, (line) => log(`  ${progress} ${line}`));
    brandingFiles.set(webName, files);
    let organization: Organization | null = null;
    try {
      const loaded = await loadOrganization(options.sourceUrl, webName, snapshotDir);
      organization = loaded.organization;
      if (loaded.fromSnapshot) summary.fromSnapshot.push(webName);
      log(`  ${progress} ✓ ${webName}${loaded.fromSnapshot ? ' (API unavailable: last good snapshot)' : ''}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      summary.failed.push({ tenant: webName, reason });
      log(`  ${progress} ✗ ${webName}: ${reason} (its site is the error page)`);
    }
    // Broken overrides must not take a site down with them: the base texts and theme still work.
    const fallback =
      <T>(what: string, base: T) =>
      (error: unknown) => {
        log(`  ${progress} ! ${error instanceof Error ? error.message : error}; using the base ${what}`);
        return base;
      };
    const catalogues = await tenantCatalogues(tenantsDir, webName).catch(fallback('messages', baseCatalogues));
    const theme = await tenantTheme(tenantsDir, webName).catch(fallback('theme', {}));
    tenants.push({ webName, organization, catalogues, branding, theme });
  }

  if (tenants.length) {
    await mkdir(cacheDir, { recursive: true });
    const tenantsFile = path.join(cacheDir, 'tenants.json');
    await writeFile(tenantsFile, JSON.stringify(tenants));
    summary.astroPeakMiB = await runAstroBuild({
      TENANTS_FILE: tenantsFile,
      PUBLIC_API_URL: options.publicApiUrl,
      ASTRO_OUT_DIR: path.join(outDir, 'astro'),
    });

    const astroOut = path.join(outDir, 'astro');
    const webNames = new Set(tenants.map((t) => t.webName));
    const shared = await storeSharedFiles(
      outDir,
      astroOut,
      (await readdir(astroOut)).filter((entry) => !webNames.has(entry)),
    );
    for (const tenant of tenants) {
      // A site that could not be loaded keeps its previous release rather than becoming the error page.
      if (!tenant.organization && (await liveRelease(outDir, tenant.webName))) {
        log(`  ! ${tenant.webName}: its previous site stays`);
        continue;
      }
      await assembleSite(outDir, tenant.webName, shared, brandingFiles.get(tenant.webName) ?? []);
      summary.installed.push(tenant.webName);
    }
    await pruneSharedFiles(outDir);
  }

  summary.built = tenants.filter((t) => t.organization).map((t) => t.webName);
  summary.seconds = (performance.now() - started) / 1000;
  log(
    `Built ${tenants.length} sites in ${summary.seconds.toFixed(1)} s into ${path.join(outDir, 'sites')}/: ` +
      `${summary.built.length} ok (${summary.fromSnapshot.length} from snapshots), ${summary.failed.length} error pages`,
  );
  return summary;
}

/** This build as the publisher runs it: the named sites (or all) from `sourceUrl`, in these folders. */
export function siteBuilder(options: Pick<BuildOptions, 'sourceUrl' | 'publicApiUrl' | 'tenantsDir' | 'cacheDir' | 'outDir'>): SiteBuilder {
  const dirs = buildDirs(options);
  return {
    dirs,
    build: (tenants, log) => buildTenants({ ...options, ...dirs, ...(tenants ? { tenants } : {}), log }),
    forget: (webName) => forgetTenant(dirs.cacheDir, webName),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { tenant: { type: 'string', multiple: true } } });
  const config = configOrExit((problems) => loadSiteConfig(process.env, problems));
  const summary = await buildTenants({
    sourceUrl: config.publicApiUrl,
    publicApiUrl: config.publicApiUrl,
    ...(values.tenant ? { tenants: values.tenant } : {}),
  });
  if (summary.built.length === 0) process.exitCode = 1;
}
