import { useEffect, useRef, useState } from 'react';
import { ResponseError } from '../../client/http.ts';
import type { Collection } from '../../domain/collection.ts';
import { MAX_NAME } from '../../domain/user-rules.ts';
import { useT } from '../../i18n/island.ts';
import { href } from '../../site/paths.ts';
import { Dialog, ModalHead } from '../../shared/modals/Dialog.tsx';
import { openModal } from '../../shared/modals/modal-store.ts';
import { $session, loadSession } from '../../shared/session/session-store.ts';
import { $myCollections, deleteMyCollection, loadMyCollections, renameMyCollection } from '../../shared/collections/collections-store.ts';
import '../../shared/modals/modals.css';
import './collections.css';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import type { SessionState } from '../../shared/session/session-store.ts';

const LOADING: SessionState = { status: 'loading' };
const IDLE = { status: 'idle' } as const;

/**
 * The owner's view of /profile/{userSid}/collections: every collection of theirs as it is now
 * (private ones and the favorites too), with new, rename and delete. Other visitors see only the
 * static list of public collections.
 */
/** The rename field takes focus when it appears (it replaces the name the person clicked 'Rename' on). */
const focusOnMount = (el: HTMLInputElement | null) => el?.focus();

export default function MyCollections({ userSid: sidProp, locale }: { userSid?: string; locale?: string }) {
  // Without a prop (the fallback shell of a page not published yet), the sid comes from the URL.
  const userSid = sidProp ?? (typeof location === 'undefined' ? '' : decodeURIComponent(/\/profile\/([^/]+)/.exec(location.pathname)?.[1] ?? ''));
  const { t } = useT(locale);
  const session = useHydratedStore($session, LOADING);
  const mine = useHydratedStore($myCollections, IDLE);
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<Collection | null>(null);
  // The dialog keeps its text while it fades out.
  const lastDeleting = useRef<Collection | null>(null);
  if (deleting) lastDeleting.current = deleting;
  const asked = deleting ?? lastDeleting.current;
  const owner = session.status === 'ready' && session.user.user_sid === userSid;
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (owner && mine.status === 'idle') void loadMyCollections();
  }, [owner, mine.status]);
  // The owner's live list replaces the page's static one (public collections only), so nothing is listed twice.
  useEffect(() => {
    if (owner && mine.status === 'ready') document.querySelector('[data-public-collections]')?.setAttribute('hidden', '');
  }, [owner, mine.status]);
  if (!owner) return null;

  const fail = (e: unknown) => setError(e instanceof ResponseError ? e.body.message : t('user.error.generic'));
  const rename = async (c: Collection) => {
    try {
      await renameMyCollection(c.id, name.trim());
      setEditing(null);
      setError('');
    } catch (e) {
      fail(e);
    }
  };
  const remove = async (c: Collection) => {
    setDeleting(null);
    try {
      await deleteMyCollection(c.id);
      setError('');
    } catch (e) {
      fail(e);
    }
  };
  return (
    <section className="du-owner" aria-labelledby="du-my-collections">
      <div className="du-owner__head">
        <h2 id="du-my-collections">{t('user.collections.mine')}</h2>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => openModal('create-collection', { spaceId: undefined, spaceName: undefined })}>
          {t('user.collections.new')}
        </button>
      </div>
      {mine.status === 'ready' ? (
        <ul>
          {mine.value.items.map((c) => (
            <li key={c.id} data-collection={c.sid}>
              {editing === c.id ? (
                <form
                  className="du-row"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void rename(c);
                  }}
                >
                  <label className="visually-hidden" htmlFor={`du-rename-${c.id}`}>
                    {t('user.collections.name')}
                  </label>
                  <input id={`du-rename-${c.id}`} value={name} maxLength={MAX_NAME} onChange={(e) => setName(e.target.value)} ref={focusOnMount} />
                  <button type="submit" className="btn btn-primary btn-sm" disabled={!name.trim()}>
                    {t('user.save')}
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(null)}>
                    {t('user.cancel')}
                  </button>
                </form>
              ) : (
                <>
                  <a href={href.collection(c.sid)}>{c.isFavorite ? t('user.collections.favorites') : c.name}</a>
                  <small>
                    {t('user.collections.count', { count: c.childrenCount })}
                    {c.isFavorite ? ` · ${t('user.collections.private')}` : ''}
                  </small>
                  {!c.isFavorite && (
                    <span className="du-owner__tools">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => {
                          setEditing(c.id);
                          setName(c.name);
                        }}
                        aria-label={t('user.collections.renameNamed', { name: c.name })}
                      >
                        {t('user.collections.rename')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => setDeleting(c)}
                        aria-label={t('user.collections.deleteNamed', { name: c.name })}
                      >
                        {t('user.collections.delete')}
                      </button>
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : mine.status === 'error' ? (
        <p className="du-error" role="alert">
          {t('user.error.generic')}
        </p>
      ) : (
        <p className="muted">{t('user.loading')}</p>
      )}
      {error && (
        <p className="du-error" role="alert">
          {error}
        </p>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} labelledBy="du-delete-collection-title">
        {asked && (
          <>
            <ModalHead
              id="du-delete-collection-title"
              title={t('user.collections.deleteNamed', { name: asked.name })}
              closeLabel={t('user.modal.close')}
              onClose={() => setDeleting(null)}
            />
            <p>{t('user.collections.confirmDelete', { name: asked.name })}</p>
            <div className="du-row du-row--end">
              <button type="button" className="btn btn-outline" onClick={() => setDeleting(null)}>
                {t('user.cancel')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void remove(asked)}>
                {t('user.collections.delete')}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
