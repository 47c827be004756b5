import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * A store's value that agrees with the server render on the first client render: islands hydrate
 * at different times, so a shared store may already hold a newer value (say, the session) than
 * the HTML was built with; React would keep the stale attributes. Until hydrated, this answers
 * `initial` (what the build rendered), then the live value.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, initial: T): T {
  const value = useStore(store);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? value : initial;
}
