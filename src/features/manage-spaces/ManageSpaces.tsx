import { useCallback, useEffect, useId, useState } from 'react';
import { getSpaceInsight, listSpaceInsights } from '../../client/insights.ts';
import { listAuthorizedSpaces } from '../../client/marketplace.ts';
import { patchSpace } from '../../client/space-edits.ts';
import { GENERIC_ERROR_MESSAGE } from '../../domain/api-error.ts';
import type { SpaceInsight, SpaceInsightSummary } from '../../domain/insight.ts';
import type { AuthorizedSpace, AuthorizedSpacePage } from '../../domain/marketplace.ts';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { InsightFigures, Sparkline, ViewsChart } from '../../shared/insight/ViewsChart.tsx';
import { openModal } from '../../shared/modals/modal-store.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { href } from '../../site/paths.ts';
import './manage-spaces.css';

const PAGE = 24;
const VISIBILITIES = ['PUBLIC', 'UNLISTED', 'PRIVATE'] as const;

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: AuthorizedSpacePage; offset: number };
type Locale = { locale: string | undefined };

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE);

/** A space's chart, loaded when its row is opened. */
function InsightPanel({ spaceId, locale, id }: Locale & { spaceId: string; id: string }) {
  const tr = useT(locale);
  const { t } = tr;
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; insight: SpaceInsight }>({
    status: 'loading',
  });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', insight: await getSpaceInsight(browserHttp(), { id: spaceId }) });
    } catch (e) {
      setState({ status: 'error', message: messageOf(e) });
    }
  }, [spaceId]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="ms-insight" id={id} data-testid="space-insight">
      {state.status === 'loading' && <p role="status">{t('insight.loading')}</p>}
      {state.status === 'error' && (
        <div role="alert">
          <p>
            {t('insight.error')} {state.message}
          </p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void load()}>
            {t('insight.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <InsightFigures insight={state.insight} tr={tr} />
          <ViewsChart insight={state.insight} tr={tr} />
        </>
      )}
    </div>
  );
}

function Row({
  space,
  summary,
  onChanged,
  locale,
}: Locale & { space: AuthorizedSpace; summary: SpaceInsightSummary | undefined; onChanged: (s: AuthorizedSpace) => void }) {
  const tr = useT(locale);
  const { t } = tr;
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const selectId = `ms-vis-${space.id}`;
  const change = async (visibility: string) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await patchSpace(browserHttp(), { id: space.id, visibility: visibility as (typeof VISIBILITIES)[number] });
      onChanged({ ...space, visibility: saved.visibility });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSaving(false);
    }
  };
  const hint = VISIBILITIES.includes(space.visibility as (typeof VISIBILITIES)[number])
    ? t(`manage.hint.${space.visibility as (typeof VISIBILITIES)[number]}`)
    : undefined;
  return (
    <li className="ms-row" data-space-id={space.id} data-visibility={space.visibility}>
      <img className="ms-thumb" src={space.thumbnail} alt="" width={96} height={72} loading="lazy" />
      <div className="ms-main">
        <p className="ms-name">{space.name}</p>
        <p className="ms-meta">
          <span className={`ms-badge ms-badge--${space.visibility.toLowerCase()}`} data-testid="visibility">
            {space.visibility}
          </span>
          <span className="muted">{space.account ? space.account.name : t('manage.personal')}</span>
        </p>
        <p className="ms-spark">{summary && <Sparkline values={summary.last30} tr={tr} name={space.name} />}</p>
        {error && (
          <p className="ms-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="ms-actions">
        <label className="ms-vis" htmlFor={selectId}>
          <span>{t('manage.visibility')}</span>
          <select id={selectId} value={space.visibility} disabled={saving} onChange={(e) => void change(e.target.value)} title={hint}>
            {VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-outline btn-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t(open ? 'insight.hide' : 'insight.show')}
          <span className="visually-hidden">: {space.name}</span>
        </button>
        <a className="btn btn-outline btn-sm" href={href.space(space.modelId)}>
          {t('manage.open')}
          <span className="visually-hidden"> {space.name}</span>
        </a>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => openModal('add-to-collection', { spaceId: space.id })}>
          {t('manage.addToCollection')}
          <span className="visually-hidden">: {space.name}</span>
        </button>
      </div>
      {open && <InsightPanel spaceId={space.id} locale={locale} id={panelId} />}
    </li>
  );
}

function Spaces({ locale }: Locale) {
  const { t } = useT(locale);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [summaries, setSummaries] = useState<Map<string, SpaceInsightSummary>>(new Map());
  const load = useCallback(async (offset: number) => {
    setState({ status: 'loading' });
    try {
      if (!(await requireSignedIn())) return;
      const page = await listAuthorizedSpaces(browserHttp(), { offset, limit: PAGE });
      setState({ status: 'ready', page, offset });
      if (page.results.length) {
        // The sparklines follow the list; a failure leaves the rows without them.
        void listSpaceInsights(browserHttp(), { ids: page.results.map((s) => s.id) })
          .then((list) => setSummaries(new Map(list.results.map((r) => [r.spaceId, r]))))
          .catch(() => undefined);
      }
    } catch (e) {
      setState({ status: 'error', message: messageOf(e) });
    }
  }, []);
  useEffect(() => {
    void load(0);
  }, [load]);

  if (state.status === 'loading')
    return (
      <p className="ms-state" role="status">
        {t('manage.loading')}
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="ms-state" role="alert">
        <p>{state.message}</p>
        <button type="button" className="btn btn-outline" onClick={() => void load(0)}>
          {t('manage.retry')}
        </button>
      </div>
    );
  const { page, offset } = state;
  if (page.totalResults === 0)
    return (
      <div className="ms-state" data-testid="manage-empty">
        <p>{t('manage.empty')}</p>
        <button type="button" className="btn btn-primary" onClick={() => openModal('add-space')}>
          {t('manage.add')}
        </button>
      </div>
    );
  const update = (s: AuthorizedSpace) => setState({ ...state, page: { ...page, results: page.results.map((r) => (r.id === s.id ? s : r)) } });
  return (
    <>
      <div className="ms-toolbar">
        <p className="muted" data-testid="manage-count">
          {t('manage.count', { count: page.totalResults })}
        </p>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => openModal('add-space')}>
          {t('manage.add')}
        </button>
      </div>
      <ul className="ms-list" aria-label={t('manage.listLabel')}>
        {page.results.map((s) => (
          <Row key={s.id} space={s} summary={summaries.get(s.id)} onChanged={update} locale={locale} />
        ))}
      </ul>
      {(offset > 0 || page.hasNext) && (
        <nav className="ms-pager" aria-label={t('manage.pages')}>
          <button type="button" className="btn btn-outline btn-sm" disabled={offset === 0} onClick={() => void load(Math.max(0, offset - PAGE))}>
            {t('manage.previous')}
          </button>
          <span className="muted">{t('manage.range', { from: offset + 1, to: offset + page.results.length, total: page.totalResults })}</span>
          <button type="button" className="btn btn-outline btn-sm" disabled={!page.hasNext} onClick={() => void load(page.nextOffset ?? offset + PAGE)}>
            {t('manage.next')}
          </button>
        </nav>
      )}
    </>
  );
}

/** Manage spaces: the signed-in person's spaces (and their organizations'), visibility, views over time and quick links; guests go to sign-in. */
export default function ManageSpaces({ locale }: { locale?: string }) {
  return (
    <IslandBoundary locale={locale ?? 'en'} name="Manage spaces">
      <Spaces locale={locale} />
    </IslandBoundary>
  );
}
