// The browser tests' server: `npm start` as a visitor meets it, plus fixture organizations that
// differ in flags and branding, loaded through the real admin command line before the build.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { configOrExit, startProduct, stopOnSignals } from '../../../scripts/start.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(root, 'tests/fixtures');

stopOnSignals(
  await startProduct(configOrExit(), {
    tenantsDir: path.join(fixtures, 'tenants'),
    cacheDir: path.join(os.tmpdir(), 'gallery-e2e-cache'),
    beforeBuild: async () => {
      for (const org of ['parque', 'corrida']) {
        execFileSync(process.execPath, ['--no-warnings', 'server/src/cli.ts', 'org:upsert', path.join(fixtures, 'organizations', `${org}.json`)], {
          cwd: root,
          stdio: 'inherit',
        });
      }
    },
  }),
);
