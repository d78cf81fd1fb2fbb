import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

// The one loop every database-backed queue runs on (face indexing, imports): claim what is
// free, run it, claim more as runs end. The queues own their tables; every claim is one
// statement that stamps a random token and a lease, so workers in several processes never take
// the same job, and a job whose worker died is free again when its lease ends.

/** How often an idle worker looks for jobs queued by another process (the admin CLI, another instance). */
const IDLE_POLL_MS = 1000;
/** A claim's lease: a worker killed mid-job holds its jobs this long at most. */
export const LEASE_MS = 20_000;
/** A live worker renews its leases well before they end. */
const RENEW_EVERY_MS = 5_000;

/** What a claim stamps on the jobs it takes. */
export interface Claim {
  token: string;
  leaseExpiresAtMs: number;
}

export function newClaim(): Claim {
  return { token: randomUUID(), leaseExpiresAtMs: Date.now() + LEASE_MS };
}

/**
 * Runs a claimed job's work while renewing its lease. A missed renewal only risks a second run
 * after the lease ends, which each queue makes harmless.
 */
export async function whileLeased<T>(renew: (leaseExpiresAtMs: number) => Promise<void>, work: () => Promise<T>): Promise<T> {
  const renewal = setInterval(() => void renew(Date.now() + LEASE_MS).catch(() => undefined), RENEW_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(renewal);
  }
}

export interface JobQueue<Job> {
  /** Takes up to `limit` jobs for this process. */
  claim(limit: number): Promise<Job[]>;
  /** Runs one claimed job to its end, recording its failure; throws only when it cannot (the database is gone). */
  run(job: Job): Promise<void>;
  /**
   * Gives back the claim of a job still running when the process stops, so another worker takes
   * it at once rather than when its lease ends. The run, if it ends after all, finds its claim lost.
   */
  release?(job: Job): Promise<void>;
}

export interface DrainOptions {
  /** How many jobs run at once; a function is asked before each claim (a worker that yields to traffic). */
  concurrency: number | (() => number);
  stopped?: () => boolean;
  /** After each job, whatever its outcome (progress lines). */
  onDone?: () => void;
}

/**
 * Claims and runs jobs, `concurrency` at a time, until none can be claimed (or told to stop).
 * A run that throws stops the claiming; the others end first, then its error is thrown.
 */
export async function drain<Job>(queue: JobQueue<Job>, { concurrency, stopped = () => false, onDone }: DrainOptions): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  try {
    for (;;) {
      const limit = typeof concurrency === 'number' ? concurrency : concurrency();
      if (!failure && !stopped() && running.size < limit) {
        for (const job of await queue.claim(limit - running.size)) {
          const run = queue
            .run(job)
            .catch((error: unknown) => {
              failure ??= { error };
            })
            .finally(() => {
              running.delete(run);
              onDone?.();
            });
          running.add(run);
        }
      }
      if (!running.size) break;
      await Promise.race(running);
    }
  } finally {
    // A failed claim leaves runs under way: they end before the caller hears of it.
    await Promise.all(running);
  }
  if (failure) throw failure.error;
}

/** How often a command waiting for jobs another process holds looks again. */
const WAIT_POLL_MS = 250;

/**
 * What the admin CLI's commands do: drains the queue here, then waits for the jobs another
 * process (the API) holds, taking them here if their lease ends, until `settled` says nothing is
 * left to wait for.
 */
export async function drainAndWait<Job>(queue: JobQueue<Job>, options: DrainOptions, settled: () => Promise<boolean>): Promise<void> {
  for (;;) {
    await drain(queue, options);
    if (await settled()) return;
    await sleep(WAIT_POLL_MS);
  }
}

interface StopOptions {
  /** How long jobs under way may take to end; then their claims are given back (JobQueue.release). */
  releaseAfterMs?: number;
}

export interface Worker {
  /** Claims nothing more and finishes the pass or jobs under way (see StopOptions), then stops. */
  stop(options?: StopOptions): Promise<void>;
}

/**
 * Runs `pass` at once and then `everyMs` after each pass ends, for as long as the process serves.
 * A pass that throws is logged and the next one tries again.
 */
export function startLoop(name: string, everyMs: number, pass: (stopped: () => boolean) => Promise<void>, log: (message: string) => void): Worker {
  const stopping = new AbortController();
  const stopped = () => stopping.signal.aborted;
  const loop = (async () => {
    while (!stopped()) {
      try {
        await pass(stopped);
      } catch (error) {
        // The database or the store may be away for a while: try again after a pause.
        log(`${name} paused: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(everyMs, undefined, { signal: stopping.signal, ref: false }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

/**
 * Drains the queue in the background for as long as the process serves, polling when idle.
 * Stopping, it gives back the claims of the jobs that outlast `releaseAfterMs`.
 */
export function startWorker<Job>(
  name: string,
  queue: JobQueue<Job>,
  { concurrency, log }: { concurrency: DrainOptions['concurrency']; log: (message: string) => void },
): Worker {
  const underWay = new Set<Job>();
  const tracked: JobQueue<Job> = {
    claim: (limit) => queue.claim(limit),
    run: async (job) => {
      underWay.add(job);
      try {
        await queue.run(job);
      } finally {
        underWay.delete(job);
      }
    },
  };
  const loop = startLoop(name, IDLE_POLL_MS, (stopped) => drain(tracked, { concurrency, stopped }), log);
  return {
    async stop({ releaseAfterMs = Infinity } = {}) {
      const stopped = loop.stop().then(() => true);
      const ended = Number.isFinite(releaseAfterMs) ? await Promise.race([stopped, sleep(releaseAfterMs, false, { ref: false })]) : await stopped;
      if (ended || !queue.release) return;
      const release = queue.release.bind(queue);
      await Promise.all(
        [...underWay].map((job) =>
          release(job).catch((error: unknown) =>
            log(`${name}: a claim was not given back (${error instanceof Error ? error.message : String(error)}); it frees when its lease ends`),
          ),
        ),
      );
    },
  };
}
