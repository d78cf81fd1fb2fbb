// `npm run bench [-- name]`: runs every bench/*.bench.ts (or those whose name contains `name`),
// each in its own Node process so its peak memory is its own. Each bench prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', 'bench');
const filter = process.argv[2] ?? '';
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--no-warnings', path.join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
if (!benches.length) console.log(`No bench matches "${filter}".`);
process.exitCode = failed ? 1 : 0;
