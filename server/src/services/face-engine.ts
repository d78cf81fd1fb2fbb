import { Worker } from 'node:worker_threads';
import { loadFaceThreads } from '../config.ts';
import type { FaceRequest, FaceResponse } from './face-worker.ts';

export interface FaceEngine {
  /** One 128-number descriptor per face found in the image (file path or bytes); [] when none. */
  describe(image: string | Uint8Array): Promise<Float32Array[]>;
}

/**
 * Faces closer than this (euclidean distance of descriptors) are taken as the same person.
 * Measured by bench/face-quality.bench.ts on 22 labelled people (versions of one face as the
 * same person): 0.45 finds 87% of same-person pairs with 0.1% false matches, 0.50 finds 98% with
 * 0.5%, 0.55 finds them all but with 1.7% (three times the strangers). 0.50 stays: a search at
 * event scale meets thousands of strangers' faces, and the visitor sets the few wrong cards
 * aside ("Not me") more easily than finding photos the search missed.
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
 * The engine of this process: `threads` worker threads (face-worker.ts; FACE_THREADS, else one
 * per core), each started on first use, loading the models once (about 0.2 s) and then
 * describing about two photos a second. The API keeps answering meanwhile. A thread holds the
 * process open only while it has work.
 */
export function faceEngine(threads = loadFaceThreads(process.env)): FaceEnginePool {
  engine ??= startPool(threads);
  return engine;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (faces: Float32Array[]) => void; reject: (error: Error) => void }>;
}

function startPool(size: number): FaceEnginePool {
  const threads: Array<Thread | undefined> = Array.from({ length: size }, () => undefined);
  let next = 0;

  // Spawned on the first description it gets, so a run with nothing to describe starts none.
  const spawn = (slot: number): Thread => {
    const thread: Thread = { worker: new Worker(new URL('./face-worker.ts', import.meta.url)), pending: new Map() };
    const fail = (error: Error) => {
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
      if (threads[slot] === thread) threads[slot] = undefined;
    };
    thread.worker.on('message', (response: FaceResponse) => {
      const waiting = thread.pending.get(response.id);
      thread.pending.delete(response.id);
      if (thread.pending.size === 0) thread.worker.unref();
      if ('error' in response) waiting?.reject(new Error(response.error));
      else waiting?.resolve(response.descriptors);
    });
    thread.worker.on('error', fail);
    thread.worker.on('exit', () => fail(new Error('the face engine thread ended')));
    threads[slot] = thread;
    return thread;
  };

  return {
    size,
    describe(image) {
      return new Promise((resolve, reject) => {
        // The least busy thread; an idle slot without a thread counts as the least busy.
        let slot = 0;
        for (let i = 0; i < size; i++) {
          if ((threads[i]?.pending.size ?? 0) < (threads[slot]?.pending.size ?? 0)) slot = i;
        }
        const thread = threads[slot] ?? spawn(slot);
        const id = ++next;
        thread.pending.set(id, { resolve, reject });
        thread.worker.ref();
        thread.worker.postMessage({ id, image } satisfies FaceRequest);
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
