import { atom, computed } from 'nanostores';
import { listAccountSpaces } from '../../client/accounts.ts';
import { constructUserData, getSessionUser, signOut as postSignOut } from '../../client/session.ts';
import type { CurrentUser } from '../../domain/session.ts';
import { SITE_HOME } from '../../domain/urls.ts';
import { apiBase } from '../site/api-base.ts';
import { browserHttp } from './browser-http.ts';

/**
 * The session of this tab (spec 4): the current user from /api/session/user/, then
 * /api/content/construct/ for a signed-in user. The session is usable ("ready") only when the user
 * is authenticated and their data is prepared (construct answered 204).
 */
export type SessionState = { status: 'loading' } | { status: 'guest' } | { status: 'ready'; user: CurrentUser } | { status: 'error'; message: string };

/** The session of this tab. */
export const $session = atom<SessionState>({ status: 'loading' });

/** The signed-in, prepared user, or null (guests, loading, errors). */
export const $user = computed($session, (s) => (s.status === 'ready' ? s.user : null));

/** How many spaces the signed-in user has (totalResults of the first page of theirs); null until known. */
export const $ownSpaceCount = atom<number | null>(null);

let pending: Promise<SessionState> | null = null;

/**
 * The head script's own request for /api/session/user/ (BaseLayout.astro keeps its promise on
 * window under this name): the page's first session read reuses it instead of asking again.
 */
export const EARLY_SESSION_USER = '__discoverSessionUser';

/** The head script's answer when it asked the same API this page calls (same origin), else null. */
function earlySessionUser(): Promise<CurrentUser> | null {
  if (typeof window === 'undefined' || apiBase() !== '') return null;
  const early = (window as unknown as Record<string, unknown>)[EARLY_SESSION_USER];
  return early instanceof Promise ? (early as Promise<CurrentUser>) : null;
}

/** Loads the session once per page (or again with `force`); every island shares the one answer. */
export function loadSession(force = false): Promise<SessionState> {
  if (pending && !force) return pending;
  const early = force ? null : earlySessionUser();
  pending = (async (): Promise<SessionState> => {
    try {
      const http = browserHttp();
      const first = await early?.catch(() => null);
      const user = first && typeof first.is_authenticated === 'boolean' ? first : await getSessionUser(http);
      if (!user.is_authenticated) return { status: 'guest' };
      await constructUserData(http);
      return { status: 'ready', user: { ...user, isUserDataPrepared: true } };
    } catch (error) {
      return { status: 'error', message: error instanceof Error ? error.message : String(error) };
    }
  })().then((state) => {
    $session.set(state);
    if (state.status === 'ready') void loadOwnSpaceCount(state.user);
    else $ownSpaceCount.set(null);
    return state;
  });
  return pending;
}

/** The own-space count behind the header's 'Capture a space' / 'Add your space' choice (spec 2, 9). */
export async function loadOwnSpaceCount(user: CurrentUser): Promise<void> {
  try {
    const page = await listAccountSpaces(browserHttp(), { accountId: user.group_sid, pageSize: 12 });
    if ($session.get().status === 'ready') $ownSpaceCount.set(page.totalResults);
  } catch {
    $ownSpaceCount.set(0);
  }
}

/** Name of the window event analytics listens to for a reset (spec 4: sign-out resets analytics). */
export const ANALYTICS_RESET_EVENT = 'discover:analytics-reset';

/**
 * Signs out (spec 4): POST with credentials, then refetch the user; stores keyed by the user
 * (collections: mine, by user, favorites) clear themselves when the session changes, and analytics
 * is told to reset.
 */
export async function signOut(): Promise<void> {
  try {
    await postSignOut(browserHttp());
  } finally {
    await loadSession(true);
    window.dispatchEvent(new CustomEvent(ANALYTICS_RESET_EVENT));
  }
}

/** Where a guest signs in to come back to this page (without a modal hash). */
export function signInHref(target = currentAddress()): string {
  return `/auth/sign-in?target=${encodeURIComponent(target)}`;
}

/** Where a guest signs up to come back to this page. */
export function signUpHref(target = currentAddress()): string {
  return `/auth/sign-up?target=${encodeURIComponent(target)}`;
}

/** This page's address with its query and hash. */
export function currentAddress(): string {
  return typeof location === 'undefined' ? SITE_HOME : location.pathname + location.search + location.hash;
}

/** Auth-only pages (spec 2): a guest is sent to sign-in with this page as the target. */
export async function requireSignedIn(): Promise<CurrentUser | null> {
  const state = await loadSession();
  if (state.status === 'guest') {
    location.replace(signInHref());
    return null;
  }
  return state.status === 'ready' ? state.user : null;
}
