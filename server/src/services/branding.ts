import fs from 'node:fs/promises';
import path from 'node:path';
import { brandingStem } from '@gallery/contract/branding-files';
import { inertSvg } from '@gallery/contract/inert-svg';
import { contentTypeOf } from '@gallery/contract/content-types';
import { transaction, type Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { findBrandingFile, hasBranding, listBrandingNames, replaceBranding, type BrandingFile } from '../repositories/branding.ts';
import { findOrganizationByWebName, findOrganizationIdByWebName, lockOrganization, markOrganizationChanged } from '../repositories/organizations.ts';

// Branding files (logo, banners, background, favicon, error banner) live in the database
// (table branding_files), so every API instance on it serves the same ones. Each is named as the
// sites expect, `<stem>.<ext>` (brandingStem), and holds at most 2 MiB; an SVG is stored inert
// (@gallery/contract/inert-svg).

const MAX_BYTES = 2 * 1024 * 1024;

export class BrandingError extends Error {}

async function organizationIdOf(db: Db, webName: string): Promise<number> {
  const organization = await findOrganizationByWebName(db, webName);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  return organization.id;
}

/** The stored file names of an organization (404 ORGANIZATION_NOT_FOUND for an unknown one); none when nothing was stored. */
export async function listBranding(db: Db, webName: string): Promise<string[]> {
  return listBrandingNames(db, await organizationIdOf(db, webName));
}

/** One stored file and its content type; 404 NOT_FOUND for a name that is not a stored branding file. */
export async function brandingFile(db: Db, webName: string, fileName: string): Promise<{ bytes: Buffer; contentType: string }> {
  const organizationId = await organizationIdOf(db, webName);
  const bytes = brandingStem(fileName) === null ? undefined : await findBrandingFile(db, organizationId, fileName);
  if (!bytes) throw new ApiError(404, 'NOT_FOUND');
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: contentTypeOf(fileName) };
}

/**
 * The branding files of a folder, sorted by name (other names ignored). Strict (set by the
 * admin): refuses a folder without any, or a file over 2 MiB. Lenient (carried over): skips
 * such files.
 */
async function readBrandingFolder(folder: string, { strict }: { strict: boolean }): Promise<BrandingFile[]> {
  const names = (await fs.readdir(folder)).filter((name) => brandingStem(name) !== null).sort();
  if (!names.length && strict) throw new BrandingError(`${folder} holds no branding file (logo, banner-pt, ... with .svg .png .jpg .webp .ico)`);
  const files: BrandingFile[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const stat = await fs.stat(file);
    // Checked before reading, and again on what was read (the file may have grown meanwhile).
    const bytes = stat.isFile() && stat.size <= MAX_BYTES ? await fs.readFile(file) : undefined;
    if (!bytes || bytes.length > MAX_BYTES) {
      if (strict) throw new BrandingError(stat.isFile() ? `${name} is larger than 2 MiB` : `${name} is not a file`);
      continue;
    }
    // An SVG is stored inert: the sites serve it from their own origin.
    const svg = name.toLowerCase().endsWith('.svg') ? await inertSvg(bytes.toString('utf8')) : undefined;
    if (svg === null) {
      if (strict) throw new BrandingError(`${name} holds no SVG image`);
      continue;
    }
    files.push({ name, bytes: svg === undefined ? bytes : Buffer.from(svg) });
  }
  return files;
}

/**
 * Replaces an organization's branding with the branding files of `folder`, whole, in one
 * transaction that also marks the organization changed (the publisher rebuilds its site).
 * Answers the names stored.
 */
export async function setBranding(db: Db, webName: string, folder: string): Promise<{ webName: string; names: string[] }> {
  // The files are read before the transaction: it stays short.
  const files = await readBrandingFolder(folder, { strict: true });
  return transaction(db, async (db) => {
    const organization = await findOrganizationByWebName(db, webName);
    if (!organization) throw new BrandingError(`unknown organization "${webName}"`);
    // Two replacements of one organization's set at once: the second waits, then replaces the first's.
    await lockOrganization(db, organization.id);
    await replaceBranding(db, organization.id, files);
    await markOrganizationChanged(db, organization.web_name);
    return { webName: organization.web_name, names: files.map((file) => file.name) };
  });
}

/**
 * Carries the branding that versions before the database kept on the API machine's disk,
 * DATA_DIR/branding/<webName>/, into the database, once: an organization (removed or not) gets
 * its folder's files only while it has none in the database (a `branding:set` since, or another
 * instance that carried its own copy first, wins), and is marked changed so its site is rebuilt
 * from them. The folder is then renamed DATA_DIR/branding.carried-over-<time>, kept as a backup
 * the API never reads again. Folders of unknown web names stay in that backup, named in a log line.
 * Answers the web names carried over.
 */
export async function carryOverDiskBranding(db: Db, dataDir: string, log: (message: string) => void = () => {}): Promise<string[]> {
  const root = path.join(dataDir, 'branding');
  const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [];
  const carried: string[] = [];
  for (const entry of entries) {
    // `<webName>.new-XXXX`: a scratch copy an interrupted branding:set of those versions left.
    if (!entry.isDirectory() || entry.name.includes('.new-')) continue;
    // Another instance on this folder may have carried it over and moved it meanwhile.
    const files = await readBrandingFolder(path.join(root, entry.name), { strict: false }).catch(() => []);
    if (!files.length) continue;
    const outcome = await transaction(db, async (db) => {
      const organizationId = await findOrganizationIdByWebName(db, entry.name);
      if (organizationId === undefined) return 'unknown';
      // Read under the organization's lock: another instance carrying it over at once goes first or after.
      await lockOrganization(db, organizationId);
      if (await hasBranding(db, organizationId)) return 'kept';
      await replaceBranding(db, organizationId, files);
      await markOrganizationChanged(db, entry.name);
      return 'carried';
    });
    if (outcome === 'carried') carried.push(entry.name);
    if (outcome === 'unknown') log(`Branding on disk for unknown organization "${entry.name}" not carried over (kept in the backup folder)`);
  }
  const backup = `${root}.carried-over-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await fs.rename(root, backup).then(
    () => log(`Branding on disk carried over into the database (${carried.join(', ') || 'nothing new'}); the folder is kept as ${backup}`),
    (error: NodeJS.ErrnoException) => {
      // ENOENT: another instance on this data folder moved it first. Otherwise the next start
      // reads it again, harmlessly: what is in the database already stays.
      if (error.code !== 'ENOENT') log(`Branding folder ${root} could not be moved aside: ${error.message}`);
    },
  );
  return carried;
}
