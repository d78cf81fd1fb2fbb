import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../server/src/app.ts';
import { openDatabase } from '../../server/src/db.ts';
import type { SafetyOptions } from '../../server/src/safety.ts';
import { seedDemo } from '../../server/src/services/seed.ts';

export interface TestApi {
  app: FastifyInstance;
  db: DatabaseSync;
  dataDir: string;
  close(): Promise<void>;
}

export function makeTempDir(prefix = 'provider-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** A fresh data folder and app; seeded with the demo and with the default limits unless told otherwise. */
export async function createTestApi({ seed = true, rateLimit }: { seed?: boolean; rateLimit?: SafetyOptions['rateLimit'] } = {}): Promise<TestApi> {
  const dataDir = await makeTempDir();
  const db = openDatabase(dataDir);
  if (seed) await seedDemo(db, dataDir);
  const app = buildApp({ db, dataDir, ...(rateLimit ? { rateLimit } : {}) });
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      db.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mean absolute difference per channel value (0-255) between two same-sized images. */
export async function meanPixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  if (!left || !right || left.length !== right.length) throw new Error('images differ in size');
  let total = 0;
  for (let i = 0; i < left.length; i++) total += Math.abs((left[i] ?? 0) - (right[i] ?? 0));
  return total / left.length;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const CLI = path.resolve(import.meta.dirname, '../../server/src/cli.ts');

/** Runs the admin CLI on this very Node (24), against the given data folder. */
export function runCli(dataDir: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, NODE_NO_WARNINGS: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
