// The sites on disk, swapped in whole. Each site is a release folder, and `sites/<webName>` is a
// symbolic link to the live one; a new release is linked in with one rename, so a visitor gets
// either the old site or the new one, never half of each. The files every site shares (the
// hashed `_astro/` bundles, public files) are stored once and hard-linked into each release: a
// release stays a plain self-contained folder for any static host, and 1,000 sites hold one copy.
//
//   <outDir>/sites/<webName>          -> releases/<webName>/<id>   (what the preview server serves)
//   <outDir>/releases/<webName>/<id>/  a complete site
//   <outDir>/shared/<sha256>           one copy of each shared file
import { createHash } from 'node:crypto';
import { link, lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SiteRelease {
  web_name: string;
  /** When the release was built (ISO 8601). */
  built_at: string;
}

/** Served at /_release.json: which build of the site is live. */
export const RELEASE_FILE = '_release.json';

const sitesDir = (outDir: string) => path.join(outDir, 'sites');
const releasesDir = (outDir: string, webName: string) => path.join(outDir, 'releases', webName);
const sharedDir = (outDir: string) => path.join(outDir, 'shared');

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** The files all sites share, each stored once by content; answers their stored paths by relative path. */
export async function storeSharedFiles(outDir: string, fromDir: string, entries: string[]): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  await mkdir(sharedDir(outDir), { recursive: true });
  for (const entry of entries) {
    const source = path.join(fromDir, entry);
    const files = (await stat(source)).isDirectory() ? (await filesUnder(source)).map((f) => path.join(entry, f)) : [entry];
    for (const file of files) {
      const content = await readFile(path.join(fromDir, file));
      const target = path.join(sharedDir(outDir), createHash('sha256').update(content).digest('hex'));
      await writeFile(target, content, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      stored.set(file, target);
    }
  }
  return stored;
}

/** Hard-links the shared files into a site being assembled. */
export async function linkSharedFiles(siteDir: string, stored: Map<string, string>): Promise<void> {
  for (const [file, target] of stored) {
    await mkdir(path.dirname(path.join(siteDir, file)), { recursive: true });
    await link(target, path.join(siteDir, file));
  }
}

/** Where a new release of the site goes (not created yet); install it with `installRelease`. */
export async function newReleaseDir(outDir: string, webName: string): Promise<string> {
  const id = `${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  await mkdir(releasesDir(outDir, webName), { recursive: true });
  return path.join(releasesDir(outDir, webName), id);
}

/** The folder the site's link points to, or null when the site has none. */
export async function liveRelease(outDir: string, webName: string): Promise<string | null> {
  const site = path.join(sitesDir(outDir), webName);
  try {
    return path.resolve(sitesDir(outDir), await readlink(site));
  } catch {
    return null;
  }
}

/** The web names that have a live site. */
export async function liveSites(outDir: string): Promise<string[]> {
  const names = await readdir(sitesDir(outDir)).catch(() => [] as string[]);
  return names.filter((name) => !name.startsWith('.')).sort();
}

/**
 * Makes a finished release folder the live site in one atomic rename of its link, writes its
 * `_release.json` first, and removes the releases before the previous one (kept for visitors
 * whose page still asks for its files).
 */
export async function installRelease(outDir: string, webName: string, releaseDir: string): Promise<SiteRelease> {
  const release: SiteRelease = { web_name: webName, built_at: new Date().toISOString() };
  await writeFile(path.join(releaseDir, RELEASE_FILE), JSON.stringify(release));
  const site = path.join(sitesDir(outDir), webName);
  await mkdir(sitesDir(outDir), { recursive: true });
  // A site from before releases is a plain folder, which a link cannot replace in one step.
  const current = await lstat(site).catch(() => null);
  if (current && !current.isSymbolicLink()) await rm(site, { recursive: true, force: true });
  const previous = await liveRelease(outDir, webName);
  const next = `${site}.${path.basename(releaseDir)}.link`;
  await symlink(path.relative(sitesDir(outDir), releaseDir), next);
  await rename(next, site);
  const keep = new Set([releaseDir, previous].filter((dir): dir is string => dir !== null));
  await removeReleasesBut(outDir, webName, keep);
  return release;
}

/** Takes a site off line: its link, then its releases and the shared files nobody uses any more. */
export async function withdrawSite(outDir: string, webName: string): Promise<void> {
  await rm(path.join(sitesDir(outDir), webName), { force: true });
  await rm(releasesDir(outDir, webName), { recursive: true, force: true });
  await pruneSharedFiles(outDir);
}

async function removeReleasesBut(outDir: string, webName: string, keep: Set<string>): Promise<void> {
  const dir = releasesDir(outDir, webName);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!keep.has(path.join(dir, name))) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Removes the shared files no release links to any more (their only link is the store's). */
export async function pruneSharedFiles(outDir: string): Promise<number> {
  let removed = 0;
  for (const name of await readdir(sharedDir(outDir)).catch(() => [] as string[])) {
    const file = path.join(sharedDir(outDir), name);
    if ((await stat(file)).nlink === 1) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
