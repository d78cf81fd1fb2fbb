// The API's importer yields to visitors (import-jobs.ts startImporter): one image at a time
// while requests are under way (traffic.ts), IMPORTS_AT_ONCE when the API is quiet.
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { drain, type JobQueue } from '../../server/src/services/job-runner.ts';
import { trafficMeter } from '../../server/src/traffic.ts';

/** A queue of `count` jobs, each ending when told; it records how many ran at once at most. */
function heldQueue(count: number) {
  let left = count;
  let running = 0;
  const seen = { most: 0 };
  const waiting: Array<() => void> = [];
  const queue: JobQueue<number> = {
    claim: async (limit) => {
      const taken = Math.min(limit, left);
      left -= taken;
      return Array.from({ length: taken }, (_, n) => n);
    },
    run: async () => {
      running++;
      seen.most = Math.max(seen.most, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running--;
    },
  };
  const endOne = () => waiting.shift()?.();
  return { queue, seen, endOne, pending: () => waiting.length };
}

describe('an importer that yields to traffic', () => {
  it('runs one job at a time while busy and two once quiet', async () => {
    let busy = true;
    const { queue, seen, endOne, pending } = heldQueue(6);
    const drained = drain(queue, { concurrency: () => (busy ? 1 : 2) });
    for (let n = 0; n < 3; n++) {
      await vi.waitFor(() => expect(pending()).toBe(1));
      endOne();
    }
    expect(seen.most).toBe(1);
    busy = false;
    await vi.waitFor(() => expect(pending()).toBe(2));
    while (pending()) {
      endOne();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await drained;
    expect(seen.most).toBe(2);
  });

  it('counts the API busy while a request is under way and a moment after', async () => {
    const traffic = trafficMeter();
    const app = Fastify();
    let answer: (() => void) | undefined;
    app.get('/slow', () => new Promise<string>((resolve) => (answer = () => resolve('ok'))));
    traffic.watch(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      expect(traffic.busy()).toBe(false);
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const request = fetch(`http://127.0.0.1:${port}/slow`);
      await vi.waitFor(() => expect(answer).toBeDefined());
      expect(traffic.busy()).toBe(true);
      answer?.();
      expect(await (await request).text()).toBe('ok');
      expect(traffic.busy()).toBe(true);
      await vi.waitFor(() => expect(traffic.busy()).toBe(false), { timeout: 2000 });
    } finally {
      await app.close();
    }
  });
});
