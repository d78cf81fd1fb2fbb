import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

// The one rule for reading tenants/<webName>/ (Node only: the build and the publisher): a tenant
// folder is the operator's to fill, but what it holds must stay inside it. A symbolic link that
// leads out of it (to a key file, .env, another tenant's folder) or nowhere is refused, for that
// tenant alone, so what lands in a public site is only ever the tenant's own files.

/** A tenant file that leads outside its tenant's folder, or to nothing; the message names both. */
export class TenantFileError extends Error {}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/**
 * The real path of `tenants/<webName>/<relative>`, or null when nothing is there. Throws
 * TenantFileError when the tenant's folder is itself a link out of the tenants folder, or when
 * the file (or a folder on its way) is a symbolic link leading outside the tenant's real folder
 * or to nothing. Read the answer, not the link: it is what was checked.
 */
export async function resolveTenantFile(tenantsDir: string, webName: string, relative: string): Promise<string | null> {
  const where = `tenant "${webName}": ${relative.split(path.sep).join('/')}`;
  let folder: string;
  try {
    folder = await realpath(path.join(tenantsDir, webName));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  if (folder !== path.join(await realpath(tenantsDir), webName)) {
    throw new TenantFileError(`tenant "${webName}": its folder is a link leading out of ${tenantsDir}; none of its files are used`);
  }
  const file = path.join(tenantsDir, webName, relative);
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
    // Nothing there at all, or a link (on the way) that leads nowhere.
    const dangling = await lstat(file).then(
      (stat) => stat.isSymbolicLink(),
      () => false,
    );
    if (dangling) throw new TenantFileError(`${where} is a link leading nowhere`);
    return null;
  }
  if (!real.startsWith(folder + path.sep)) throw new TenantFileError(`${where} leads outside the tenant's folder`);
  return real;
}
