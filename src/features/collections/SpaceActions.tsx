import { useEffect, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { openModal, provideModalContext } from '../../shared/modals/modal-store.ts';
import { $session, loadSession } from '../../shared/session/session-store.ts';
import { $favorites, loadFavorites, setFavorite } from '../../shared/collections/collections-store.ts';
import './collections.css';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import type { SessionState } from '../../shared/session/session-store.ts';

const LOADING: SessionState = { status: 'loading' };
const IDLE = { status: 'idle' } as const;

/** Props of a space page's actions. */
export interface Props {
  spaceId: string;
  modelId: string;
  name: string;
  locale?: string;
}

/**
 * Favorite (heart), add to collection and share on a space page. Guests get #sign-in-favorites
 * and #add-to-collection offers sign-in; the page's space becomes the modals' context.
 */
export default function SpaceActions({ spaceId, modelId, name, locale }: Props) {
  const { t } = useT(locale);
  const session = useHydratedStore($session, LOADING);
  const favorites = useHydratedStore($favorites, IDLE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    provideModalContext({ spaceId, modelId, spaceName: name, shareTitle: name });
    void loadSession();
  }, [spaceId, modelId, name]);
  useEffect(() => {
    if (session.status === 'ready') void loadFavorites(spaceId);
  }, [session.status, spaceId]);

  const signedIn = session.status === 'ready';
  const favorite = favorites.status === 'ready' && favorites.value.spaceId === spaceId && !!favorites.value.collection?.withSelectedSpace;
  const toggleFavorite = async () => {
    // A first click can come before the session is known (the island hydrates on it): it waits for the answer.
    const known = session.status === 'loading' ? await loadSession() : session;
    if (known.status !== 'ready') {
      openModal('sign-in-favorites');
      return;
    }
    setBusy(true);
    setError('');
    try {
      // What the visitor saw may be the page before their state arrived: toggle what the API says.
      const now = $favorites.get();
      if (now.status !== 'ready' || now.value.spaceId !== spaceId) await loadFavorites(spaceId);
      const after = $favorites.get();
      const isFavorite = after.status === 'ready' && after.value.spaceId === spaceId && !!after.value.collection?.withSelectedSpace;
      await setFavorite(spaceId, !isFavorite);
    } catch {
      setError(t('user.error.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="du-space-actions">
      <button
        type="button"
        className={`btn btn-outline du-heart${favorite ? ' du-heart--on' : ''}`}
        aria-pressed={signedIn ? favorite : undefined}
        disabled={busy || (signedIn && favorites.status !== 'ready')}
        onClick={() => void toggleFavorite()}
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill={favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          <path d="M12 20s-7-4.4-9.3-9A5 5 0 0 1 12 5.6 5 5 0 0 1 21.3 11C19 15.6 12 20 12 20z" />
        </svg>
        <span>{favorite ? t('user.favorite.on') : t('user.favorite.add')}</span>
      </button>
      <button type="button" className="btn btn-outline" onClick={() => openModal('add-to-collection')}>
        {t('user.collections.addTo')}
      </button>
      <button type="button" className="btn btn-outline" onClick={() => openModal('share')}>
        {t('user.share.button')}
      </button>
      {error && (
        <span className="du-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The server renders the buttons before the session and favorites are known, so its markup reads
 * the locale only: the build renders it once per locale (src/site/island-renderer.ts).
 */
SpaceActions.ssrProps = ['locale'] as const;
