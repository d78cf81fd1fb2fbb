// What the publisher must do, as pure rules: which sites changed or went away between two looks
// at their sources, and which changed sites have been quiet long enough to rebuild.

/** Per web name, a text that changes whenever anything its site shows changes. */
export type SiteStamps = ReadonlyMap<string, string>;

export interface SiteChanges {
  /** New sites, and sites whose stamp moved. */
  changed: string[];
  /** Sites that were there before and are not any more. */
  removed: string[];
}

export function diffSites(before: SiteStamps, now: SiteStamps): SiteChanges {
  const changed = [...now].filter(([name, stamp]) => before.get(name) !== stamp).map(([name]) => name);
  const removed = [...before.keys()].filter((name) => !now.has(name));
  return { changed: changed.sort(), removed: removed.sort() };
}

export interface DebounceTimes {
  /** A site is rebuilt once no change came for this long... */
  quietMs: number;
  /** ...or once its first unbuilt change is this old, however busy it is. */
  maxWaitMs: number;
}

/**
 * Changes waiting for their rebuild, per site: a burst of changes to one site (an operator
 * uploading a branding folder file by file) makes one rebuild, and sites that fall due together
 * are rebuilt together in one build.
 */
export class PendingSites {
  readonly #pending = new Map<string, { first: number; last: number }>();
  readonly #times: DebounceTimes;

  constructor(times: DebounceTimes) {
    this.#times = times;
  }

  mark(name: string, now: number): void {
    const entry = this.#pending.get(name);
    this.#pending.set(name, { first: entry?.first ?? now, last: now });
  }

  get size(): number {
    return this.#pending.size;
  }

  /** Takes the sites due at `now` out of the pending set. */
  takeDue(now: number): string[] {
    const due = [...this.#pending]
      .filter(([, { first, last }]) => now - last >= this.#times.quietMs || now - first >= this.#times.maxWaitMs)
      .map(([name]) => name)
      .sort();
    for (const name of due) this.#pending.delete(name);
    return due;
  }
}
