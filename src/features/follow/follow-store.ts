import { atom, map } from 'nanostores';
import { getAccountProfile } from '../../client/accounts.ts';
import { followAccount } from '../../client/follows.ts';
import { getFollowedAccounts } from '../../client/users.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { $session } from '../../shared/session/session-store.ts';

/** Ids of the accounts the signed-in user follows; null until loaded (or for a guest). */
export const $followed = atom<Set<string> | null>(null);
/** Follower counts by account id, as the API last said. */
export const $followers = map<Record<string, number>>({});

let loading: Promise<void> | null = null;

/** Loads who I follow (once per session). */
export function loadFollowed(): Promise<void> {
  loading ??= getFollowedAccounts(browserHttp())
    .then((f) => $followed.set(new Set(f.ids)))
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** Loads an account's live follower count (the static page may be older). */
export async function loadFollowers(accountId: string): Promise<void> {
  try {
    const profile = await getAccountProfile(browserHttp(), { accountId });
    $followers.setKey(accountId, profile.followers);
  } catch {
    // The static count stays.
  }
}

/** Follows or unfollows an account as the signed-in user; the count comes back from the API. */
export async function setFollowing(accountId: string, follow: boolean): Promise<void> {
  const state = await followAccount(browserHttp(), { accountId, follow });
  const next = new Set($followed.get() ?? []);
  if (state.following) next.add(state.accountId);
  else next.delete(state.accountId);
  $followed.set(next);
  $followers.setKey(accountId, state.followers);
}

$session.listen((s) => {
  if (s.status !== 'ready') {
    $followed.set(null);
    loading = null;
  }
});
