import { useEffect } from 'react';
import type { FeatureFlag } from '../domain/session.ts';
import { hasFlag } from '../domain/session-rules.ts';
import { $session, loadSession, type SessionState } from './session/session-store.ts';
import { useHydratedStore } from './session/use-hydrated-store.ts';

const LOADING: SessionState = { status: 'loading' };

/**
 * The signed-in user's feature flags as a check, `discover/{flag}` from their own flags and their
 * memberships' (spec 6), for islands that reveal flagged UI on the static pages. Every flag is off
 * while the session loads and for guests, so the first render matches the HTML everybody gets.
 */
export function useFlags(): (flag: FeatureFlag) => boolean {
  const session = useHydratedStore($session, LOADING);
  useEffect(() => {
    void loadSession();
  }, []);
  return (flag) => session.status === 'ready' && hasFlag(session.user, flag);
}

/** Whether the signed-in user has `discover/{flag}` (see `useFlags`). */
export function useFlag(flag: FeatureFlag): boolean {
  return useFlags()(flag);
}
