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

/**
 * Runs one call through begin, success and failure. Only the latest call may write its result,
 * so a slow earlier answer never overwrites a newer one. A failure clears the data unless
 * `keepOnFailure` (the last good answer stays on screen beside the error).
 */
export function runner<T>(store: AsyncStore<T>, { keepOnFailure = false } = {}): (work: () => Promise<T>) => Promise<T | null> {
  let latest = 0;
  return async (work) => {
    const ticket = ++latest;
    store.set({ loading: true, error: null, data: store.get().data });
    try {
      const data = await work();
      if (ticket === latest) store.set({ loading: false, error: null, data });
      return data;
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
      if (ticket === latest) store.set({ loading: false, error: code, data: keepOnFailure ? store.get().data : null });
      return null;
    }
  };
}
