import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ResponseError } from '../../client/http.ts';
import type { Collection } from '../../domain/collection.ts';
import { MAX_DESCRIPTION, MAX_NAME } from '../../domain/user-rules.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { href } from '../../site/paths.ts';
import { $myCollections, createMyCollection, loadMyCollections, setInCollection } from '../../shared/collections/collections-store.ts';
import { ModalHead } from '../../shared/modals/Dialog.tsx';
import { openModal, type ModalContext } from '../../shared/modals/modal-store.ts';

/** The first field problem the API named, or its message. */
const errorText = (e: unknown, fallback: string) => (e instanceof ResponseError ? (e.fields[0]?.message ?? e.body.message) : fallback);

/**
 * #create-collection: name and description. From a space (its modal context), the new collection
 * holds that space and the visitor goes back to #add-to-collection, where it shows checked.
 */
export function CreateCollectionModal({ tr, context, onClose }: { tr: Translator; context: ModalContext; onClose: () => void }) {
  const { t } = tr;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [created, setCreated] = useState<Collection | null>(null);
  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('user.collections.nameRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const c = await createMyCollection({ name: name.trim(), description: description.trim() || null }, context.spaceId ?? null);
      if (context.spaceId) openModal('add-to-collection');
      else setCreated(c);
    } catch (err) {
      setError(errorText(err, t('user.error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ModalHead id="du-modal-title" title={t('user.collections.create')} closeLabel={t('user.modal.close')} onClose={onClose} />
      {created ? (
        <div className="du-stack">
          <p className="du-success" role="status">
            {t('user.collections.created', { name: created.name })}
          </p>
          <div className="du-row">
            <a className="btn btn-primary" href={href.collection(created.sid)}>
              {t('user.collections.open')}
            </a>
          </div>
        </div>
      ) : (
        <form className="du-stack" onSubmit={submit} noValidate>
          {context.spaceName && <p className="du-hint">{t('user.collections.withSpace', { name: context.spaceName })}</p>}
          <div className="du-field">
            <label htmlFor="du-collection-name">{t('user.collections.name')}</label>
            <input
              id="du-collection-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={MAX_NAME}
              required
              autoComplete="off"
              aria-invalid={!!error}
              aria-describedby="du-collection-error"
            />
          </div>
          <div className="du-field">
            <label htmlFor="du-collection-description">{t('user.collections.description')}</label>
            <textarea id="du-collection-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={MAX_DESCRIPTION} />
          </div>
          <p id="du-collection-error" className="du-error" role="alert">
            {error}
          </p>
          <div className="du-row du-row--end">
            {context.spaceId && (
              <a className="btn btn-ghost" href="#add-to-collection">
                {t('user.modal.back')}
              </a>
            )}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('user.collections.createSubmit')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

/** #add-to-collection: my collections, checked where they hold the page's space, plus "new collection". */
export function AddToCollectionModal({ tr, context, onClose }: { tr: Translator; context: ModalContext; onClose: () => void }) {
  const { t } = tr;
  const spaceId = context.spaceId ?? null;
  const mine = useStore($myCollections);
  const [busy, setBusy] = useState<string | null>(null);
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  const [error, setError] = useState('');
  useEffect(() => {
    if (spaceId && !(mine.status === 'ready' && mine.value.spaceId === spaceId) && mine.status !== 'loading') void loadMyCollections(spaceId);
  }, [spaceId, mine]);
  const toggle = async (c: Collection, on: boolean) => {
    if (!spaceId) return;
    setBusy(c.id);
    setWanted((w) => ({ ...w, [c.id]: on }));
    setError('');
    try {
      await setInCollection(c.id, spaceId, on);
    } catch (err) {
      setError(errorText(err, t('user.error.generic')));
    } finally {
      setBusy(null);
      // The collection as the API answered now says where the space is.
      setWanted(({ [c.id]: _done, ...rest }) => rest);
    }
  };
  return (
    <>
      <ModalHead id="du-modal-title" title={t('user.collections.addTo')} closeLabel={t('user.modal.close')} onClose={onClose} />
      {!spaceId ? (
        <p className="muted">{t('user.collections.noSpace')}</p>
      ) : mine.status === 'ready' ? (
        <fieldset className="du-stack" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="du-hint">{context.spaceName ? t('user.collections.choose', { name: context.spaceName }) : t('user.collections.chooseAny')}</legend>
          {mine.value.items.length === 0 ? (
            <p className="muted">{t('user.collections.none')}</p>
          ) : (
            <ul className="du-list">
              {mine.value.items.map((c) => (
                <li key={c.id}>
                  <label className="du-check">
                    <input
                      type="checkbox"
                      checked={wanted[c.id] ?? !!c.withSelectedSpace}
                      aria-busy={busy === c.id}
                      disabled={busy !== null && busy !== c.id}
                      onChange={(e) => void toggle(c, e.target.checked)}
                    />
                    <span>{c.isFavorite ? t('user.collections.favorites') : c.name}</span>
                    <small>{t('user.collections.count', { count: c.childrenCount })}</small>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : mine.status === 'error' ? (
        <p className="du-error" role="alert">
          {t('user.error.generic')}
        </p>
      ) : (
        <div className="du-spinner" role="status" aria-label={t('user.loading')} />
      )}
      <p className="du-error" role="alert">
        {error}
      </p>
      <div className="du-row du-row--end">
        <a className="btn btn-outline" href="#create-collection">
          {t('user.collections.new')}
        </a>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('user.modal.done')}
        </button>
      </div>
    </>
  );
}
