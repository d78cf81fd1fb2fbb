/** Who waits for a description: a visitor's face search, or the background indexing of photos. */
export type FacePriority = 'interactive' | 'background';

/**
 * Descriptions waiting for a free engine thread. A visitor's selfie goes ahead of every queued
 * photo of the indexer (it is waiting with the page open; the photos wait for nobody), so only
 * the photos already running are ahead of it. Each lane keeps its arrival order.
 */
export class WaitingLanes<T> {
  readonly #lanes: Record<FacePriority, T[]> = { interactive: [], background: [] };

  push(item: T, priority: FacePriority): void {
    this.#lanes[priority].push(item);
  }

  /** The next description to start, or undefined when none waits. */
  next(): T | undefined {
    return this.#lanes.interactive.shift() ?? this.#lanes.background.shift();
  }
}
