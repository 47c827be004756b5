import { useEffect, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { openModal } from '../../shared/modals/modal-store.ts';
import { $session, loadSession } from '../../shared/session/session-store.ts';
import { $followed, $followers, loadFollowed, loadFollowers, setFollowing } from './follow-store.ts';
import './follow.css';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import type { SessionState } from '../../shared/session/session-store.ts';

const LOADING: SessionState = { status: 'loading' };
const NO_COUNTS: Record<string, number> = {};

/** Props of the follow button of an account page. */
export interface Props {
  accountId: string;
  /** The count the static page was built with, shown until the live one arrives. */
  followers: number;
  locale?: string;
}

/**
 * Follow / Following on an account page, with the live follower count. Guests get #sign-in-follow
 * instead of the action (spec 2); the user's own accounts (their personal one, organizations they
 * own) have no button, only the count.
 */
export default function FollowButton({ accountId, followers, locale }: Props) {
  const { t } = useT(locale);
  const session = useHydratedStore($session, LOADING);
  const followed = useHydratedStore($followed, null);
  const counts = useHydratedStore($followers, NO_COUNTS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    void loadSession();
    void loadFollowers(accountId);
  }, [accountId]);
  useEffect(() => {
    if (session.status === 'ready') void loadFollowed();
  }, [session.status]);

  const user = session.status === 'ready' ? session.user : null;
  const following = !!followed?.has(accountId);
  const count = counts[accountId] ?? followers;
  const own = !!user && (user.group_sid === accountId || user.memberships.some((m) => m.organization_sid === accountId && m.role === 'OWNER'));
  if (own)
    return (
      <p className="du-follow">
        <span className="du-follow__count">{t('account.followers', { count })}</span>
      </p>
    );
  const onClick = async () => {
    // A first click can come before the session is known (the island hydrates on it): it waits for the answer.
    const known = session.status === 'loading' ? await loadSession() : session;
    if (known.status !== 'ready') {
      openModal('sign-in-follow');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await loadFollowed();
      await setFollowing(accountId, !$followed.get()?.has(accountId));
    } catch {
      setError(t('user.error.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="du-follow">
      <button
        type="button"
        className={`btn ${following ? 'btn-outline' : 'btn-primary'} du-follow__btn`}
        aria-pressed={user ? following : undefined}
        disabled={busy || (user !== null && followed === null)}
        onClick={() => void onClick()}
      >
        {following ? t('user.follow.following') : t('user.follow.follow')}
      </button>
      <span className="du-follow__count" aria-live="polite">
        {t('account.followers', { count })}
      </span>
      {error && (
        <span className="du-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
