import { Worker } from 'node:worker_threads';
import type { FaceRequest, FaceResponse } from './face-worker.ts';

export interface FaceEngine {
  /** One 128-number descriptor per face found in the image (file path or bytes); [] when none. */
  describe(image: string | Uint8Array): Promise<Float32Array[]>;
}

/** Faces closer than this (euclidean distance of descriptors) are taken as the same person. */
export const SAME_PERSON_DISTANCE = 0.5;

/** How sure a match at this distance is, 0 to 1: 1 for the same descriptor, 0 at the threshold. */
export function similarityOf(distance: number): number {
  return Math.min(1, Math.max(0, 1 - distance / SAME_PERSON_DISTANCE));
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
