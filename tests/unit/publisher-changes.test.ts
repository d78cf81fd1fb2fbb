import { describe, expect, it } from 'vitest';
import { diffSites, PendingSites } from '../../publisher/changes.ts';

describe('diffSites', () => {
  it('names new and changed sites, and the removed ones apart', () => {
    const before = new Map([
      ['alpha', '1 -'],
      ['beta', '1 -'],
      ['gamma', '1 x'],
    ]);
    const now = new Map([
      ['alpha', '1 -'],
      ['beta', '2 -'],
      ['delta', '1 -'],
    ]);
    expect(diffSites(before, now)).toEqual({ changed: ['beta', 'delta'], removed: ['gamma'] });
  });

  it('sees nothing when nothing moved', () => {
    const stamps = new Map([['alpha', '1 -']]);
    expect(diffSites(stamps, new Map(stamps))).toEqual({ changed: [], removed: [] });
  });
});

describe('PendingSites', () => {
  const times = { quietMs: 1000, maxWaitMs: 10_000 };

  it('makes a site due once its changes have been quiet long enough, and only once', () => {
    const pending = new PendingSites(times);
    pending.mark('alpha', 0);
    pending.mark('alpha', 800);
    expect(pending.takeDue(1500)).toEqual([]);
    expect(pending.takeDue(1800)).toEqual(['alpha']);
    expect(pending.takeDue(5000)).toEqual([]);
    expect(pending.size).toBe(0);
  });

  it('takes the sites due together, leaving the busy ones', () => {
    const pending = new PendingSites(times);
    pending.mark('beta', 0);
    pending.mark('alpha', 100);
    pending.mark('gamma', 900);
    expect(pending.takeDue(1200)).toEqual(['alpha', 'beta']);
    expect(pending.size).toBe(1);
  });

  it('does not let a site that never stops changing wait for ever', () => {
    const pending = new PendingSites(times);
    for (let t = 0; t < 10_000; t += 500) {
      pending.mark('busy', t);
      expect(pending.takeDue(t)).toEqual([]);
    }
    pending.mark('busy', 10_000);
    expect(pending.takeDue(10_000)).toEqual(['busy']);
  });
});
