// How a built page's island code starts.
// - Its modules travel with its first request: each page names, in <link rel="modulepreload">s of
//   its <head>, every module its islands and scripts import statically. Without them the browser
//   learns of the shared chunks (React, the stores: most of the bytes) only once an island's own
//   small module has arrived, one round trip later (on a phone network, 0.6 s). Lazy chunks
//   (import()) stay lazy.
// - Photos first: a page whose islands wait for its first screen of photos (client:after-photos,
//   src/lib/directives/) holds those preloads and its module scripts in a <template> (inert: the
//   browser fetches nothing in it) until they show. On a phone network the island code (about
//   130 KB) would otherwise share the bandwidth with the first screen's photos and delay them; the
//   directives then put them in the <head>, and the islands hydrate.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { HELD_CODE_ATTRIBUTE } from '../src/lib/gallery-early.ts';

const ENTRY = /(?:component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"|<script type="module" src="(\/_astro\/[^"]+\.js)"/g;
const STATIC_IMPORT = /(?:^|[;}\s])(?:import\s*[^"'`()]*?from\s*|import\s*)"(\.\/[^"]+\.js)"/g;
const MODULE_SCRIPT = /<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/g;
const WAITS_FOR_PHOTOS = /<astro-island [^>]*client="after-photos/;

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => path.join(entry.parentPath, entry.name));
}

export function islandLoading(): AstroIntegration {
  return {
    name: 'island-loading',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const name of ['after-photos', 'after-photos-idle'])
          addClientDirective({ name, entrypoint: fileURLToPath(new URL(`../src/lib/directives/${name}.ts`, import.meta.url)) });
      },
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
          let html = await readFile(file, 'utf8');
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
          let head = [...deep].map((url) => `<link rel="modulepreload" href="${url}">`).join('');
          if (WAITS_FOR_PHOTOS.test(html)) {
            const scripts = html.match(MODULE_SCRIPT) ?? [];
            html = html.replace(MODULE_SCRIPT, '');
            head = `<template ${HELD_CODE_ATTRIBUTE}>${head}${scripts.join('')}</template>`;
          }
          if (head) await writeFile(file, html.replace('</head>', `${head}</head>`));
        }
      },
    },
  };
}
