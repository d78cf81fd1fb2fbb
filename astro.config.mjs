import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// One build renders every tenant under src/pages/[tenant]/; scripts/build-tenants.ts then
// splits dist/astro/ into one self-contained folder per tenant under dist/sites/.
export default defineConfig({
  integrations: [react()],
  outDir: './dist/astro',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
});
