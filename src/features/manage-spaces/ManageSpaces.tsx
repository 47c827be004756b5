import { useCallback, useEffect, useState } from 'react';
import { patchSpace } from '../../client/space-edits.ts';
import { GENERIC_ERROR_MESSAGE } from '../../domain/api-error.ts';
import type { AuthorizedSpace, AuthorizedSpacePage } from '../../domain/marketplace.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { openModal } from '../../shared/modals/modal-store.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { href } from '../../site/paths.ts';
import './manage-spaces.css';

const PAGE = 24;
const VISIBILITIES = ['PUBLIC', 'UNLISTED', 'PRIVATE'] as const;
const VISIBILITY_TEXT: Record<string, string> = {
  PUBLIC: 'Everyone; listed in search and on your page',
  UNLISTED: 'Anyone with the link',
  PRIVATE: 'Only you',
};

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: AuthorizedSpacePage; offset: number };

function Row({ space, onChanged }: { space: AuthorizedSpace; onChanged: (s: AuthorizedSpace) => void }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = `ms-vis-${space.id}`;
  const change = async (visibility: string) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await patchSpace(browserHttp(), { id: space.id, visibility: visibility as (typeof VISIBILITIES)[number] });
      onChanged({ ...space, visibility: saved.visibility });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };
  return (
    <li className="ms-row" data-space-id={space.id}>
      <img className="ms-thumb" src={space.thumbnail} alt="" width={96} height={72} loading="lazy" />
      <div className="ms-main">
        <p className="ms-name">{space.name}</p>
        <p className="ms-meta">
          <span className={`ms-badge ms-badge--${space.visibility.toLowerCase()}`} data-testid="visibility">
            {space.visibility}
          </span>
          <span className="muted">{space.account ? space.account.name : 'Personal'}</span>
        </p>
        {error && (
          <p className="ms-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="ms-actions">
        <label className="ms-vis" htmlFor={selectId}>
          <span>Visibility</span>
          <select
            id={selectId}
            value={space.visibility}
            disabled={saving}
            onChange={(e) => void change(e.target.value)}
            title={VISIBILITY_TEXT[space.visibility]}
          >
            {VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <a className="btn btn-outline btn-sm" href={href.space(space.modelId)}>
          Open<span className="visually-hidden"> {space.name}</span>
        </a>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => openModal('add-to-collection', { spaceId: space.id })}>
          Add to collection<span className="visually-hidden">: {space.name}</span>
        </button>
      </div>
    </li>
  );
}

function Spaces() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(async (offset: number) => {
    setState({ status: 'loading' });
    try {
      if (!(await requireSignedIn())) return;
      const page = await browserHttp()<AuthorizedSpacePage>('GET', '/api/marketplace/spaces/', { query: { offset, limit: PAGE } });
      setState({ status: 'ready', page, offset });
    } catch (e) {
      setState({ status: 'error', message: e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE });
    }
  }, []);
  useEffect(() => {
    void load(0);
  }, [load]);

  if (state.status === 'loading')
    return (
      <p className="ms-state" role="status">
        Loading your spaces…
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="ms-state" role="alert">
        <p>{state.message}</p>
        <button type="button" className="btn btn-outline" onClick={() => void load(0)}>
          Try again
        </button>
      </div>
    );
  const { page, offset } = state;
  if (page.totalResults === 0)
    return (
      <div className="ms-state" data-testid="manage-empty">
        <p>You have no spaces on Discover yet.</p>
        <button type="button" className="btn btn-primary" onClick={() => openModal('add-space')}>
          Add your space
        </button>
      </div>
    );
  const update = (s: AuthorizedSpace) => setState({ ...state, page: { ...page, results: page.results.map((r) => (r.id === s.id ? s : r)) } });
  return (
    <>
      <div className="ms-toolbar">
        <p className="muted" data-testid="manage-count">
          {page.totalResults === 1 ? '1 space' : `${page.totalResults} spaces`}, yours and your organizations’.
        </p>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => openModal('add-space')}>
          Add your space
        </button>
      </div>
      <ul className="ms-list" aria-label="Your spaces">
        {page.results.map((s) => (
          <Row key={s.id} space={s} onChanged={update} />
        ))}
      </ul>
      {(offset > 0 || page.hasNext) && (
        <nav className="ms-pager" aria-label="Pages">
          <button type="button" className="btn btn-outline btn-sm" disabled={offset === 0} onClick={() => void load(Math.max(0, offset - PAGE))}>
            Previous
          </button>
          <span className="muted">
            {offset + 1}–{offset + page.results.length} of {page.totalResults}
          </span>
          <button type="button" className="btn btn-outline btn-sm" disabled={!page.hasNext} onClick={() => void load(page.nextOffset ?? offset + PAGE)}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}

/** Manage spaces: the signed-in person's spaces (and their organizations'), visibility and quick links; guests go to sign-in. */
export default function ManageSpaces() {
  return (
    <IslandBoundary locale="en" name="Manage spaces">
      <Spaces />
    </IslandBoundary>
  );
}
