// The benches' servers, each in a process of its own (so no load generator shares its event loop
// or its core): the real API, a bare Fastify hello-world and the bare order route.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The benches' servers listen on ports of this range (BENCH_PORTS=first-last), the first free ones. */
const [FIRST_PORT, LAST_PORT] = (process.env['BENCH_PORTS'] ?? '9400-9499').split('-').map(Number) as [number, number];
let lastPort = FIRST_PORT - 1;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

async function nextPort(): Promise<number> {
  while (++lastPort <= LAST_PORT) if (await isFree(lastPort)) return lastPort;
  throw new Error(`no free port left in ${FIRST_PORT}-${LAST_PORT} (BENCH_PORTS)`);
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then waits until the process is gone. */
  stop(): Promise<void>;
}

/** Runs `script` (a file of bench/support) and answers once it prints the address it listens on. */
export async function startServerProcess(script: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--no-warnings', path.join(import.meta.dirname, script)], {
    env: { ...process.env, API_HOST: '127.0.0.1', API_PORT: String(await nextPort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening:\n${output}`)));
  });
  // Past the start, only errors matter: a 5xx's cause is logged by the API.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`  [${script}] ${chunk.toString('utf8')}`));
  child.stdout.resume();
  const stop = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
  return { url, child, stop };
}

/** The real API (`npm run api`) on this data folder (and database, when `DATABASE_URL` is given). */
export const startApiProcess = (env: { DATA_DIR: string; DATABASE_URL?: string }) => startServerProcess('api-process.ts', { FACE_THREADS: '1', ...env });
