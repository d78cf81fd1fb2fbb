// The modules a page's islands import travel with its first request: each built page names, in a
// <link rel="modulepreload"> of its <head>, every module its islands and scripts import statically.
// Without them the browser learns of the shared chunks (React, the stores: most of the bytes) only
// once an island's own small module has arrived, one round trip later (on a phone network, 0.6 s
// before the first photo can show). Lazy chunks (import()) stay lazy.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const ENTRY = /(?:component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"|<script type="module" src="(\/_astro\/[^"]+\.js)"/g;
const STATIC_IMPORT = /(?:^|[;}\s])(?:import\s*[^"'`()]*?from\s*|import\s*)"(\.\/[^"]+\.js)"/g;

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => path.join(entry.parentPath, entry.name));
}

export function islandPreloads(): AstroIntegration {
  return {
    name: 'island-preloads',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const imports = new Map<string, Promise<string[]>>();
        /** The modules `url` imports statically, as site paths. */
        const importsOf = (url: string): Promise<string[]> => {
          let found = imports.get(url);
          if (!found) {
            found = readFile(path.join(root, url), 'utf8').then(
              (code) => [...code.matchAll(STATIC_IMPORT)].map((match) => path.posix.join(path.posix.dirname(url), match[1]!)),
              () => [],
            );
            imports.set(url, found);
          }
          return found;
        };
        for (const file of await htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const entries = new Set([...html.matchAll(ENTRY)].map((match) => match[1] ?? match[2]!));
          const deep = new Set<string>();
          const walk = async (url: string): Promise<void> => {
            for (const next of await importsOf(url)) {
              if (deep.has(next) || entries.has(next)) continue;
              deep.add(next);
              await walk(next);
            }
          };
          for (const entry of entries) await walk(entry);
          if (!deep.size) continue;
          const links = [...deep].map((url) => `<link rel="modulepreload" href="${url}">`).join('');
          await writeFile(file, html.replace('</head>', `${links}</head>`));
        }
      },
    },
  };
}
