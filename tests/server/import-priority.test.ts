// Bulk image work shares the machine with the API's visitors: `media:import` and the API itself
// lower the CPU priority of their helper threads (background.ts), where images are made, so the
// scheduler serves the visitors' requests first. The API's main thread, which answers the
// requests, keeps its own; so does the CLI's on SQLite, where it holds the one writer's lock.
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, ON_POSTGRES, spawnCli, type TestApi } from './helpers.ts';
import { startInstance, stopInstance } from './instances.ts';
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

/** The niceness of each thread of a process by thread id (field 19 of /proc/<pid>/task/<tid>/stat); empty once it is gone. */
function threadNiceness(pid: number, name?: string): Map<number, number> {
  const found = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // The thread's name is in parentheses: libuv's are `libuv-worker`.
        if (name !== undefined && stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
        found.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // the process is gone
  }
  return found;
}

describe('media:import', () => {
  it.runIf(process.platform === 'linux')(
    `runs its helper threads at a lower CPU priority while it imports, its main thread ${ON_POSTGRES ? 'too (it holds no lock a visitor waits for)' : "at its own (SQLite's one writer)"}`,
    { timeout: 120_000 },
    async () => {
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
      const pid = cli.pid as number;
      expect(seen.get(pid)).toBe(ON_POSTGRES ? 19 : 0);
      const helpers = [...seen].filter(([tid]) => tid !== pid).map(([, niceness]) => niceness);
      // libuv's pool (4) and libvips' threads at least.
      expect(helpers.length).toBeGreaterThan(4);
      expect(new Set(helpers)).toEqual(new Set([19]));
    },
  );
});

describe('the API', () => {
  it.runIf(process.platform === 'linux')("runs libuv's pool, where its importer and renderer make images, at a lower CPU priority", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-priority-'));
    const instance = await startInstance({ DATA_DIR: dataDir });
    try {
      const pid = instance.process.pid as number;
      expect(threadNiceness(pid).get(pid)).toBe(0);
      const pool = [...threadNiceness(pid, 'libuv-worker').values()];
      expect(pool).toHaveLength(4);
      expect(new Set(pool)).toEqual(new Set([19]));
    } finally {
      await stopInstance(instance);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
