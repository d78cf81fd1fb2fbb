// The browser tests' server: `npm start` as a visitor meets it, plus fixture organizations that
// differ in flags and branding, loaded through the real admin command line before the build.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { configOrExit, startProduct, stopOnSignals } from '../../../scripts/start.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(root, 'tests/fixtures');
// Everything the run writes stays in its own folder, so runs never share state with dist/.
const work = process.env['E2E_WORK_DIR'] ?? path.join(root, '.cache', 'e2e');

stopOnSignals(
  await startProduct(configOrExit(), {
    tenantsDir: path.join(fixtures, 'tenants'),
    cacheDir: path.join(work, 'cache'),
    outDir: path.join(work, 'dist'),
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
