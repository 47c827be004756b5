import type { CurrentUser } from '../../domain/session.ts';
import { hasFlag } from '../../domain/session-rules.ts';
import { loadSession } from '../../shared/session/session-store.ts';

/**
 * The session user for the search box's flag checks, from the shared session store (one call per
 * page for every island). Guests, and a session that failed to load, count as no flags.
 */
export async function sessionUser(): Promise<CurrentUser | null> {
  const state = await loadSession();
  return state.status === 'ready' ? state.user : null;
}

/**
 * Whether the header search shows (spec 2/6: only when the `discover/search` check passes). Guests
 * always see it: the check is about signed-in users' feature flags, and a public portal that hid
 * search from visitors would hide its main way in.
 */
export const searchAllowed = (user: CurrentUser | null): boolean => user === null || hasFlag(user, 'search');
