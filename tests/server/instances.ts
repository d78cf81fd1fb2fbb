import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { VISITOR_KEY_HEADER } from '@gallery/contract/rules';
import { VISITOR } from './shop-helpers.ts';

const SERVER = fileURLToPath(new URL('../../server/src/server.ts', import.meta.url));

export interface ApiInstance {
  url: string;
  process: ChildProcess;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the API as `npm run api` does, in its own process, on the environment given (the data
 * folder or database it shares with others); answers once it says it listens.
 */
export async function startInstance(env: Record<string, string>): Promise<ApiInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', SERVER], {
    env: { ...process.env, API_HOST: '127.0.0.1', API_PORT: String(port), FACE_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Provider API listening on (\S+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the API exited with ${code} before listening:\n${output}`)));
  });
  return { url, process: child };
}

/** Stops an instance the way a deployment does (SIGTERM) and waits until it is gone. */
export function stopInstance(instance: ApiInstance): Promise<void> {
  const { process: child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A call to a running instance as the shop's browser makes it (its visitor key, a JSON body). */
export async function send(instance: ApiInstance, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${instance.url}${path}`, {
    method,
    headers: { [VISITOR_KEY_HEADER]: VISITOR, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
