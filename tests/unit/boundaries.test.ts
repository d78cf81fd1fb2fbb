// The shape of the repository (README, "Layout"): the contract, the API and the publisher are
// packages of their own (npm workspaces) and the site generator is the root package. Every import
// of shipped code stays inside its package, or goes through another package's public entry (its
// package.json "exports") which the importer declares as a dependency; third-party imports are
// the importer's own dependencies; no file imports itself back through others; and only a
// deployable's entry files read process.env (each reads its variables once and hands them down).
// Tests and benches (root, not shipped) may open any package's internals, through relative paths.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKSPACES = ['contract', 'server', 'publisher'] as const;
/** Root folders and files that are not shipped code. */
const NOT_SHIPPED = ['tests', 'bench', 'node_modules', 'dist', '.cache', '.astro', 'docs', 'public', 'tenants', 'playwright.config.ts', 'vitest.config.ts'];

/**
 * The only files that read process.env: what node (or Astro) runs first, reading a deployable's
 * variables once. The rest is handed its configuration.
 */
const ENV_READERS = new Set([
  'server/src/server.ts', // the API: loadConfig(process.env) in its main block
  'server/src/cli.ts', // the admin CLI: the same configuration, in its main block
  'scripts/start.ts', // npm start: every deployable's variables, checked at once
  'scripts/publish.ts', // the production publisher: the site build's and the publisher's variables
  'scripts/build-tenants.ts', // the site build: its variables, and the Astro child's inherited environment
  'scripts/serve.ts', // the preview server: SITES_PORT
  'scripts/screenshots.ts', // npm run screenshots: npm start's variables on ports of its own
  'scripts/astro-build.ts', // the Astro child: ASTRO_OUT_DIR, set by build-tenants.ts
  'astro.config.mjs', // the Astro child: the PUBLIC_ variables baked into the pages, and their policy
  'src/tenant/snapshot.ts', // the Astro child's pages: TENANTS_FILE, written by build-tenants.ts
]);

interface Manifest {
  name: string;
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifestOf = (dir: string) => JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;
const packages = new Map<string, Manifest>([['', manifestOf('.')], ...WORKSPACES.map((dir) => [dir, manifestOf(dir)] as const)]);
const dirByName = new Map([...packages].map(([dir, manifest]) => [manifest.name, dir]));

/** The package a repository path belongs to: a workspace's folder, or '' for the root. */
const packageOf = (file: string) => WORKSPACES.find((dir) => file.startsWith(`${dir}/`)) ?? '';
const shipped = (file: string) => !NOT_SHIPPED.includes(file.split('/')[0] as string);

function sourceFiles(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.') || ['node_modules', 'dist'].includes(entry.name)) return [];
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) ? [file] : [];
  });
}

/** Every module a file names: static, type-only, re-exports and dynamic imports (an .astro file's frontmatter and scripts). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const code = file.endsWith('.astro')
    ? [...text.matchAll(/^---\n([\s\S]*?)\n---|<script[^>]*>([\s\S]*?)<\/script>/gm)].map((m) => m[1] ?? m[2]).join('\n')
    : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((imported) => imported.fileName);
}

/** A bare specifier's package name: `@scope/name` or `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);

/** The repository file a workspace specifier names through its exports, or null when it is not a public entry. */
function publicEntry(specifier: string): string | null {
  const dir = dirByName.get(packageName(specifier));
  if (dir === undefined) return null;
  const target = packages.get(dir)?.exports?.[`.${specifier.slice(packageName(specifier).length)}`];
  return target ? path.posix.join(dir, target) : null;
}

const files = sourceFiles();
const edges = new Map<string, string[]>();
const problems: string[] = [];
for (const file of files) {
  const own = packageOf(file);
  const manifest = packages.get(own) as Manifest;
  const declared = { ...manifest.dependencies, ...manifest.devDependencies };
  const targets: string[] = [];
  for (const specifier of importsOf(file)) {
    if (specifier.startsWith('.')) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.split('?')[0] as string));
      if (shipped(file) && packageOf(target) !== own)
        problems.push(`${file}: "${specifier}" leaves its package; import "${packages.get(packageOf(target))?.name}" through its exports`);
      targets.push(target);
    } else if (dirByName.has(packageName(specifier))) {
      const target = publicEntry(specifier);
      if (!target) problems.push(`${file}: "${specifier}" is not a public entry of ${packageName(specifier)} (its package.json "exports")`);
      else targets.push(target);
      if (!(packageName(specifier) in declared)) problems.push(`${file}: ${manifest.name} does not declare ${packageName(specifier)}`);
    } else if (!isBuiltin(specifier) && !specifier.includes(':') && !(packageName(specifier) in declared)) {
      problems.push(`${file}: ${manifest.name} does not declare "${packageName(specifier)}"`);
    }
  }
  edges.set(file, targets);
}

/** Groups of shipped files that import each other round a circle (Tarjan's strongly connected components). */
function circles(): string[][] {
  const nodes = files.filter(shipped);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of (edges.get(node) ?? []).filter((target) => edges.has(target) && shipped(target))) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || edges.get(node)?.includes(node)) found.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

describe('package boundaries', () => {
  it('finds the source files and their imports', () => {
    expect(files).toContain('server/src/server.ts');
    expect(edges.get('scripts/start.ts')).toContain('server/src/server.ts');
  });

  it('imports across packages only through public entries, and declares every dependency it imports', () => {
    expect(problems).toEqual([]);
  });

  it('has no import circle in shipped code', () => {
    expect(circles()).toEqual([]);
  });

  it('keeps the publisher and the site build clear of the API', () => {
    const reach = (start: string) => {
      const seen = new Set([start]);
      for (const file of seen) for (const next of edges.get(file) ?? []) if (edges.has(next)) seen.add(next);
      return [...seen];
    };
    for (const entry of ['scripts/publish.ts', 'scripts/build-tenants.ts', 'astro.config.mjs']) {
      expect(
        reach(entry).filter((file) => file.startsWith('server/')),
        entry,
      ).toEqual([]);
    }
  });

  it('reads process.env only in the entry files of a deployable', () => {
    const readers = files.filter((file) => shipped(file) && /process\.env\b/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(readers.filter((file) => !ENV_READERS.has(file))).toEqual([]);
  });
});
