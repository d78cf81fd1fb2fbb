import { Worker } from 'node:worker_threads';
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

let engine: FaceEngine | undefined;

/**
 * The engine of this process: a worker thread (face-worker.ts) started on first use, which loads
 * the models once (about 0.2 s) and then describes about two photos a second. The API keeps
 * answering meanwhile. The thread holds the process open only while it has work.
 */
export function faceEngine(): FaceEngine {
  engine ??= startWorker();
  return engine;
}

function startWorker(): FaceEngine {
  let worker: Worker | undefined;
  const pending = new Map<number, { resolve: (faces: Float32Array[]) => void; reject: (error: Error) => void }>();
  let next = 0;

  // Spawned on the first description, so a run with nothing to describe never starts one.
  const spawn = (): Worker => {
    const started = new Worker(new URL('./face-worker.ts', import.meta.url));
    started.on('message', (response: FaceResponse) => {
      const waiting = pending.get(response.id);
      pending.delete(response.id);
      if (pending.size === 0) started.unref();
      if ('error' in response) waiting?.reject(new Error(response.error));
      else waiting?.resolve(response.descriptors);
    });
    started.on('error', (error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      worker = undefined;
    });
    return started;
  };

  return {
    describe(image) {
      return new Promise((resolve, reject) => {
        worker ??= spawn();
        const id = ++next;
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, image } satisfies FaceRequest);
      });
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
