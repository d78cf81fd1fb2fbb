import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML and until the island has hydrated: a form submitted before
 * then would post natively and lose what the visitor typed, so forms stay disabled until true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
