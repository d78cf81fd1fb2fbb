import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startPool, type FaceWorker } from '../../server/src/services/face-engine.ts';
import type { FaceRequest, FaceResponse } from '../../server/src/services/face-worker.ts';

/** A stand-in thread: it records what it is given and answers when told to. */
class FakeWorker extends EventEmitter {
  readonly requests: FaceRequest[] = [];
  postMessage(request: FaceRequest): void {
    this.requests.push(request);
  }
  /** Finishes the description it runs, finding one face whose first number is `marker`. */
  answer(marker: number): void {
    const request = this.requests.at(-1)!;
    this.emit('message', { id: request.id, descriptors: [Float32Array.of(marker)] } satisfies FaceResponse);
  }
  ref(): void {}
  unref(): void {}
  async terminate(): Promise<number> {
    this.emit('exit');
    return 0;
  }
}

describe('the face engine pool', () => {
  it('starts a selfie before the queued background photos: only the running ones are ahead of it', async () => {
    const workers: FakeWorker[] = [];
    const pool = startPool(1, () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker as unknown as FaceWorker;
    });
    const photos = ['photo-1', 'photo-2', 'photo-3'].map((image) => pool.describe(image));
    const selfie = pool.describe('selfie', { priority: 'interactive' });
    const [worker] = workers;
    // One description at a time per thread: the rest wait in the pool.
    expect(worker?.requests.map((request) => request.image)).toEqual(['photo-1']);
    worker!.answer(1);
    expect(worker!.requests.map((request) => request.image)).toEqual(['photo-1', 'selfie']);
    worker!.answer(9);
    worker!.answer(2);
    worker!.answer(3);
    expect(worker!.requests.map((request) => request.image)).toEqual(['photo-1', 'selfie', 'photo-2', 'photo-3']);
    expect((await selfie)[0]?.[0]).toBe(9);
    expect((await Promise.all(photos)).map((faces) => faces[0]?.[0])).toEqual([1, 2, 3]);
    expect(workers).toHaveLength(1);
    await pool.close();
  });

  it('hands the waiting descriptions to a new thread when one ends, failing only the one it ran', async () => {
    const workers: FakeWorker[] = [];
    const pool = startPool(1, () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker as unknown as FaceWorker;
    });
    const lost = pool.describe('photo-1');
    const queued = pool.describe('photo-2');
    workers[0]!.emit('exit');
    await expect(lost).rejects.toThrow('the face engine thread ended');
    expect(workers[1]?.requests.map((request) => request.image)).toEqual(['photo-2']);
    workers[1]!.answer(2);
    expect((await queued)[0]?.[0]).toBe(2);
    await pool.close();
  });
});
