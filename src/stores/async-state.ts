import { map, type MapStore } from 'nanostores';
import type { ApiErrorCode } from '../lib/api/types.ts';
import { ApiError } from '../lib/api/client.ts';

/** The shape every data area shares (section 4): a loading flag, an error code and the data. */
interface AsyncState<T> {
  loading: boolean;
  error: ApiErrorCode | null;
  data: T | null;
}

export type AsyncStore<T> = MapStore<AsyncState<T>>;

export function asyncStore<T>(): AsyncStore<T> {
  return map<AsyncState<T>>({ loading: false, error: null, data: null });
}

/** Runs one call through a data area; `reset` empties the area and forgets the calls on their way. */
export interface Runner<T> {
  (work: () => Promise<T>): Promise<T | null>;
  reset(): void;
}

/**
 * Runs one call through begin, success and failure. Only the latest call may write its result,
 * so a slow earlier answer never overwrites a newer one; a call begun before a reset writes
 * nothing and answers null. A failure clears the data unless `keepOnFailure` (the last good
 * answer stays on screen beside the error).
 */
export function runner<T>(store: AsyncStore<T>, { keepOnFailure = false } = {}): Runner<T> {
  let latest = 0;
  /** The last call begun before the last reset. */
  let forgotten = 0;
  const run = async (work: () => Promise<T>): Promise<T | null> => {
    const ticket = ++latest;
    store.set({ loading: true, error: null, data: store.get().data });
    try {
      const data = await work();
      if (ticket <= forgotten) return null;
      if (ticket === latest) store.set({ loading: false, error: null, data });
      return data;
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
      if (ticket === latest) store.set({ loading: false, error: code, data: keepOnFailure ? store.get().data : null });
      return null;
    }
  };
  const reset = () => {
    forgotten = ++latest;
    store.set({ loading: false, error: null, data: null });
  };
  return Object.assign(run, { reset });
}
