// The in-memory rate-limit counter (RATE_LIMIT_STORE=memory): fixed windows per key, bounded.
// The database one is tested against both databases in tests/server/shared-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { memoryHitCounter } from '../../server/src/services/rate-limit-store.ts';

const MINUTE = 60_000;

describe('memoryHitCounter', () => {
  it('counts hits of one key within its window, and starts a new window when it has ended', async () => {
    const counter = memoryHitCounter();
    expect(await counter.count('lookup:1.2.3.4', MINUTE, 1_000)).toEqual({ hits: 1, window_started_ms: 1_000 });
    expect(await counter.count('lookup:1.2.3.4', MINUTE, 30_000)).toEqual({ hits: 2, window_started_ms: 1_000 });
    expect(await counter.count('lookup:1.2.3.4', MINUTE, 60_999)).toEqual({ hits: 3, window_started_ms: 1_000 });
    expect(await counter.count('lookup:1.2.3.4', MINUTE, 61_000)).toEqual({ hits: 1, window_started_ms: 61_000 });
  });

  it('keeps each key, so each budget and client, apart', async () => {
    const counter = memoryHitCounter();
    await counter.count('lookup:1.2.3.4', MINUTE, 0);
    await counter.count('lookup:1.2.3.4', MINUTE, 0);
    expect((await counter.count('costly:1.2.3.4', MINUTE, 0)).hits).toBe(1);
    expect((await counter.count('lookup:5.6.7.8', MINUTE, 0)).hits).toBe(1);
  });

  it('holds at most its number of keys, dropping the window that started first', async () => {
    const counter = memoryHitCounter(2);
    await counter.count('a', MINUTE, 0);
    await counter.count('a', MINUTE, 0);
    await counter.count('b', MINUTE, 1);
    await counter.count('b', MINUTE, 1);
    await counter.count('c', MINUTE, 2);
    // "a" was dropped to make room: it starts afresh; "b" and "c" kept their counts.
    expect((await counter.count('b', MINUTE, 3)).hits).toBe(3);
    expect((await counter.count('a', MINUTE, 3)).hits).toBe(1);
  });
});
