import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { baseCatalogues, isCatalogueKey } from '../i18n/catalogues.ts';
import { LOCALES, type Catalogues } from '../i18n/index.ts';
import { resolveTenantFile } from './tenant-files.ts';
import { themeProblems, type Theme } from './theme.ts';

/** A tenant file's text; null when there is none (a link out of the folder throws). */
async function readTenantFile(tenantsDir: string, webName: string, relative: string): Promise<string | null> {
  const file = await resolveTenantFile(tenantsDir, webName, relative);
  return file && readFile(file, 'utf8').catch(() => null);
}

/**
 * The base catalogues with a tenant's overrides from tenants/<webName>/messages/<locale>.json.
 * An unknown key or a non-text value fails with the tenant, file and key named.
 */
export async function tenantCatalogues(tenantsDir: string, webName: string): Promise<Catalogues> {
  const catalogues = structuredClone(baseCatalogues);
  for (const locale of LOCALES) {
    const raw = await readTenantFile(tenantsDir, webName, path.join('messages', `${locale}.json`));
    if (raw === null) continue;
    const where = `tenant "${webName}": messages/${locale}.json`;
    let overrides: unknown;
    try {
      overrides = JSON.parse(raw);
    } catch {
      throw new Error(`${where} is not valid JSON`);
    }
    if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
      throw new Error(`${where} must be an object of message keys`);
    }
    for (const [key, value] of Object.entries(overrides)) {
      if (!isCatalogueKey(key)) throw new Error(`${where}: unknown message key "${key}"`);
      if (typeof value !== 'string' || !value.trim()) throw new Error(`${where}: "${key}" must be a non-empty text`);
      catalogues[locale][key] = value;
    }
  }
  return catalogues;
}

/** A tenant's theme from tenants/<webName>/theme.json; the default theme without one. Fails naming every wrong field. */
export async function tenantTheme(tenantsDir: string, webName: string): Promise<Theme> {
  const raw = await readTenantFile(tenantsDir, webName, 'theme.json');
  if (raw === null) return {};
  let theme: unknown;
  try {
    theme = JSON.parse(raw);
  } catch {
    throw new Error(`tenant "${webName}": theme.json is not valid JSON`);
  }
  const problems = themeProblems(theme);
  if (problems.length) throw new Error(`tenant "${webName}": theme.json: ${problems.join('; ')}`);
  return theme as Theme;
}
