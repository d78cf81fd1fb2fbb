// Where a site's content comes from, stamped so a change shows: the API's organizations (their
// updated_at) and the tenants/<webName>/ folders on this machine (their files' names, sizes and
// times). A site exists for every organization and every tenant folder, as in the full build.
import { createHash } from 'node:crypto';
import { lstat, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { WireOrganizationList } from '@gallery/contract/organization';
import { isWebName } from '@gallery/contract/rules';
import { signatureHeaders } from '@gallery/contract/signature';
import type { SiteStamps } from './changes.ts';

/** The API's organizations with when each last changed. */
async function organizationStamps(apiUrl: string): Promise<Map<string, string>> {
  const response = await fetch(`${apiUrl}/api/v1/organizations`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`the organization list answered ${response.status}`);
  const { organizations } = (await response.json()) as WireOrganizationList;
  return new Map(organizations.map((o) => [o.web_name, o.updated_at]));
}

/**
 * One tenant folder's stamp: a digest of its entries' paths, sizes and modification times. Links
 * are not followed (a link's own time, and where it points): one leading nowhere or out of the
 * folder, which the build refuses and says so, must not stop anyone's stamps.
 */
async function folderStamp(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const name = path.relative(dir, file);
      try {
        const { size, mtimeMs } = await lstat(file);
        return `${name}:${size}:${mtimeMs}${entry.isSymbolicLink() ? ` -> ${await readlink(file)}` : ''}`;
      } catch {
        // Removed while being looked at: the next look tells.
        return `${name}:gone`;
      }
    }),
  );
  return createHash('sha1').update(lines.sort().join('\n')).digest('hex');
}

/** Each tenant folder's stamp; one that cannot be read is stamped so (its build says why), never failing the others. */
async function tenantFolderStamps(tenantsDir: string): Promise<Map<string, string>> {
  const entries = await readdir(tenantsDir, { withFileTypes: true }).catch(() => []);
  const names = entries.filter((e) => e.isDirectory() && isWebName(e.name)).map((e) => e.name);
  const stamp = (name: string) =>
    folderStamp(path.join(tenantsDir, name)).catch((error: unknown) => `unreadable: ${(error as NodeJS.ErrnoException).code ?? error}`);
  return new Map(await Promise.all(names.map(async (name) => [name, await stamp(name)] as const)));
}

export interface SourceStamps {
  organizations: Map<string, string>;
  folders: Map<string, string>;
}

/** Both sources at once; rejects when the API cannot answer (nothing can be told then). */
export async function readSources(apiUrl: string, tenantsDir: string): Promise<SourceStamps> {
  const [organizations, folders] = await Promise.all([organizationStamps(apiUrl), tenantFolderStamps(tenantsDir)]);
  return { organizations, folders };
}

/** Every site with one stamp covering both of its sources. */
export function siteStamps({ organizations, folders }: SourceStamps): SiteStamps {
  const names = [...new Set([...organizations.keys(), ...folders.keys()])].sort();
  return new Map(names.map((name) => [name, `${organizations.get(name) ?? '-'} ${folders.get(name) ?? '-'}`]));
}

/**
 * Records a tenant folder's change in the API through its signed webhook, so the organization's
 * updated_at tells it like any other change. Answers why not when it could not.
 */
export async function announceChange(apiUrl: string, secret: string, webName: string): Promise<string | null> {
  const body = JSON.stringify({ web_name: webName });
  try {
    const response = await fetch(`${apiUrl}/api/v1/organizations/changed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signatureHeaders(secret, body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? null : `the change webhook answered ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
