import fs from 'node:fs/promises';

/** A failure the operator caused; the command line prints it without a stack trace. */
export class UsageError extends Error {}

/** Reads and parses a JSON file the operator named, or says plainly what is wrong with it. */
export async function readJsonFile(file: string): Promise<unknown> {
  const text = await fs.readFile(file, 'utf8').catch(() => {
    throw new UsageError(`cannot read ${file}`);
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}
