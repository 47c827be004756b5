import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Paging keys a filter change sends back to the first page. */
const PAGING = ['offset', 'page'];

/**
 * A screen's filters kept in the address (so a filtered list can be linked, e.g. `/admin/accounts?q=…`)
 * and in state, so a clicked checkbox or a chosen option shows its new value at once: the router
 * applies address changes in a transition, which would briefly undo a controlled control.
 * `update({ key: value })` sets or (with null or '') removes keys and goes back to the first page
 * unless the patch sets `offset` or `page` itself; `reset()` clears every filter.
 */
export function useSearchState(): [URLSearchParams, (patch: Record<string, string | null>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => new URLSearchParams(params));
  const address = params.toString();
  // The address changed from outside (back button, a link): follow it.
  useEffect(() => {
    setState((current) => (current.toString() === address ? current : new URLSearchParams(address)));
  }, [address]);
  const apply = (next: URLSearchParams) => {
    setState(next);
    setParams(next, { replace: true });
  };
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(state);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!PAGING.some((k) => k in patch)) for (const k of PAGING) next.delete(k);
    apply(next);
  };
  return [state, update, () => apply(new URLSearchParams())];
}
