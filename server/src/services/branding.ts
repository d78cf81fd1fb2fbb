import fs from 'node:fs/promises';
import path from 'node:path';
import { brandingStem } from '../../../src/tenant/branding.ts';

// Branding files (logo, banners, background, favicon, error banner) live in the API's storage
// under DATA_DIR/branding/<webName>/, named as the sites expect: `<stem>.<ext>`.

const MAX_BYTES = 2 * 1024 * 1024;

export class BrandingError extends Error {}

function brandingDir(dataDir: string, webName: string): string {
  return path.join(dataDir, 'branding', webName);
}

/** The stored file names, each a valid branding name; none when nothing was stored. */
export async function listBranding(dataDir: string, webName: string): Promise<string[]> {
  const names = await fs.readdir(brandingDir(dataDir, webName)).catch(() => []);
  return names.filter((name) => brandingStem(name) !== null).sort();
}

/** The path of one stored file, or undefined for a name that is not a stored branding file. */
export async function brandingFile(dataDir: string, webName: string, fileName: string): Promise<string | undefined> {
  return (await listBranding(dataDir, webName)).includes(fileName) ? path.join(brandingDir(dataDir, webName), fileName) : undefined;
}

/**
 * Replaces an organization's branding with the branding files of `folder`, whole: they are
 * copied into a scratch folder that then takes the old one's place.
 */
export async function setBranding(dataDir: string, webName: string, folder: string): Promise<string[]> {
  const names = (await fs.readdir(folder)).filter((name) => brandingStem(name) !== null).sort();
  if (!names.length) throw new BrandingError(`${folder} holds no branding file (logo, banner-pt, ... with .svg .png .jpg .webp .ico)`);
  for (const name of names) {
    const { size } = await fs.stat(path.join(folder, name));
    if (size > MAX_BYTES) throw new BrandingError(`${name} is larger than 2 MiB`);
  }
  const target = brandingDir(dataDir, webName);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const scratch = await fs.mkdtemp(`${target}.new-`);
  try {
    for (const name of names) await fs.copyFile(path.join(folder, name), path.join(scratch, name));
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(scratch, target);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return names;
}
