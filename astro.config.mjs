import react from '@astrojs/react';
import sentry from '@sentry/astro';
import { defineConfig } from 'astro/config';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadMediaStore } from '@gallery/contract/s3-settings';
import { pagePolicy } from './src/lib/page-policy.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Error reporting costs visitors a bundle, so it exists only in builds given a DSN. Its init file by
// absolute path: the build runs in a folder of its own (scripts/build-tenants.ts).
const sentryDsn = process.env.PUBLIC_SENTRY_DSN;

// One build renders every tenant under src/pages/[tenant]/; scripts/build-tenants.ts then
// splits the output into one self-contained folder per tenant under dist/sites/.
export default defineConfig({
  integrations: [
    react(),
    ...(sentryDsn
      ? [sentry({ clientInitPath: fileURLToPath(new URL('./sentry.client.config.ts', import.meta.url)), enabled: { client: true, server: false }, sourcemaps: { disable: true } })]
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
  },
});
