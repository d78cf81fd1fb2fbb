import react from '@astrojs/react';
import sentry from '@sentry/astro';
import { defineConfig } from 'astro/config';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadMediaStore } from '@gallery/contract/s3-settings';
import { islandLoading } from './scripts/island-loading.ts';
import { pagePolicy } from './src/lib/page-policy.ts';

/** Which page an entry (an island, a page's script) belongs to; 'base' for every page's script, null for entries both pages have. */
function pageOf(id) {
  if (/[\\/]src[\\/]layouts[\\/]Base\.astro/.test(id)) return 'base';
  const island = /[\\/]src[\\/]islands[\\/](home|gallery)[\\/]/.exec(id);
  if (island) return island[1];
  if (/[\\/]src[\\/]pages[\\/]\[tenant\][\\/]gallery[\\/]/.test(id)) return 'gallery';
  if (/[\\/]src[\\/]pages[\\/]\[tenant\][\\/]index\.astro/.test(id)) return 'home';
  return null;
}

/**
 * Each page's islands are separate entries; the code they import on arrival goes into one chunk
 * per page (and one both pages share), not into a dozen small ones each paid for by a request and
 * by worse compression. Code only a lazy import() reaches keeps its own chunk.
 */
function arrivalChunk(id, context) {
  const getModuleInfo = (moduleId) => context.getModuleInfo(moduleId);
  const pages = new Set();
  const seen = new Set();
  const walk = (moduleId) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const info = getModuleInfo(moduleId);
    if (!info) return;
    if (info.isEntry) pages.add(pageOf(moduleId));
    for (const importer of info.importers) walk(importer);
  };
  if (getModuleInfo(id)?.isEntry) return null;
  walk(id);
  if (pages.size === 0) return null;
  // What every page runs (the legal pages too) stays apart from the islands' code.
  if (pages.has('base')) return 'base';
  return pages.size === 1 && !pages.has(null) ? `${[...pages][0]}-page` : 'pages';
}

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Error reporting costs visitors a bundle, so it exists only in builds given a DSN. Its init file by
// absolute path: the build runs in a folder of its own (scripts/build-tenants.ts).
const sentryDsn = process.env.PUBLIC_SENTRY_DSN;

// One build renders every tenant under src/pages/[tenant]/; scripts/build-tenants.ts then
// splits the output into one self-contained folder per tenant under dist/sites/.
export default defineConfig({
  integrations: [
    react(),
    islandLoading(),
    ...(sentryDsn
      ? [
          sentry({
            clientInitPath: fileURLToPath(new URL('./sentry.client.config.ts', import.meta.url)),
            enabled: { client: true, server: false },
            sourcemaps: { disable: true },
          }),
        ]
      : []),
  ],
  outDir: './dist/astro',
  // Styles travel inside each page: a separate stylesheet would block the first paint for one more request.
  build: { format: 'directory', inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  // No markdown pages: and Shiki's inline styles would not pass the pages' policy.
  markdown: { syntaxHighlight: false },
  // Each page's Content-Security-Policy <meta>, with the hashes of its inline scripts.
  security: { csp: pagePolicy(process.env, loadMediaStore(process.env)) },
  vite: {
    define: { 'import.meta.env.PUBLIC_RELEASE': JSON.stringify(version) },
    build: {
      rolldownOptions: {
        output: {
          // What every page runs, then what both pages' islands load first (with its dependencies), then what one page loads.
          codeSplitting: {
            groups: [
              { name: (id, context) => (arrivalChunk(id, context) === 'base' ? 'base' : null), priority: 3 },
              { name: (id, context) => (arrivalChunk(id, context) === 'pages' ? 'pages' : null), priority: 2 },
              { name: (id, context) => (/^(base|pages)$/.test(arrivalChunk(id, context) ?? '') ? null : arrivalChunk(id, context)), priority: 1 },
            ],
          },
        },
      },
    },
  },
});
