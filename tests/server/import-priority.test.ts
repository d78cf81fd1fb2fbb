// `media:import` shares the machine with the API: it lowers its own CPU priority (background.ts),
// every thread of it, so the scheduler serves the visitors' requests first.
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, spawnCli, type TestApi } from './helpers.ts';
import { photoFolder } from './visitor-helpers.ts';

let api: TestApi;
let folder: string;

beforeAll(async () => {
  api = await createTestApi();
  folder = await photoFolder(150);
});
afterAll(async () => {
  await api.close();
  await fs.rm(folder, { recursive: true, force: true });
});

/** The niceness of each thread of a process (field 19 of /proc/<pid>/task/<tid>/stat); empty once it is gone. */
function threadNiceness(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

describe('media:import', () => {
  it.runIf(process.platform === 'linux')('runs every thread at a lower CPU priority while it imports', { timeout: 120_000 }, async () => {
    const cli = await spawnCli(api.dataDir, 'media:import', '--org', 'demo', '--card', 'NICE00001', folder);
    let output = '';
    const exited = new Promise<number | null>((resolve) => cli.once('close', resolve));
    // Waits for the import itself (its first progress line), then reads every thread it has.
    const importing = new Promise<void>((resolve) => {
      cli.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Importing into')) resolve();
      });
      void exited.then(() => resolve());
    });
    await importing;
    const seen = threadNiceness(cli.pid as number);
    expect(await exited, output).toBe(0);
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen)).toEqual(new Set([10]));
  });
});
