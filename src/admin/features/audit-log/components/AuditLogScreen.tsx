import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ResponseError } from '../../../../client/http.ts';
import { PATHS } from '../../../app/paths.ts';
import { t as appT } from '../../../app/texts.ts';
import { Pager } from '../../../components/DataTable.tsx';
import { CheckboxField, FormError, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useDebounced } from '../../../components/use-debounced.ts';
import { useSearchState } from '../../../components/use-search-state.ts';
import { errorMessage } from '../../../lib/api.ts';
import { AUDIT_PAGE_SIZE, useAuditSearch, type AuditPage, type AuditSearch } from '../api/search-audit.ts';
import { auditDiff, changedKeys, formatValue, type DiffBlock, type DiffRow } from '../audit-diff.ts';
import { t } from '../texts.ts';
import '../audit-log.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'UPDATE_PROFILE' → 'Update profile'. */
export const humanize = (code: string) => {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

/** The console page of an item an entry is about, when it has one. */
function itemPath(type: string, id: string): string | null {
  if (type === 'SPACE') return PATHS.space(id);
  if (type === 'COLLECTION') return PATHS.collection(id);
  if (type === 'ACCOUNT') return `${PATHS.accounts}?q=${encodeURIComponent(id)}`;
  return null;
}

/** The field errors of a refused search (a bad date), by filter. */
function fieldErrors(error: unknown): { from?: string; to?: string; searchText?: string } {
  if (!(error instanceof ResponseError) || error.status !== 400) return {};
  const out: Record<string, string> = {};
  for (const f of error.fields) out[f.path.replace(/^json\./, '')] = f.message;
  return out;
}

/** /admin/audit-log: the audit search with dates, admin-only, order, text and pages; each entry with its before/after diff. */
export function AuditLogScreen() {
  const [params, update, resetFilters] = useSearchState();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const adminOnly = params.get('admin') === '1';
  const reversed = params.get('oldest') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 350);

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q });
    // Only the settled text drives the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const toBeforeFrom = DATE.test(from) && DATE.test(to) && to < from;
  const search: AuditSearch = {
    body: {
      adminOnly,
      reversed,
      ...(params.get('q') ? { searchText: params.get('q') ?? '' } : {}),
      ...(DATE.test(from) ? { from } : {}),
      ...(DATE.test(to) && !toBeforeFrom ? { to } : {}),
    },
    page,
  };
  const result = useAuditSearch(search);
  const errors = fieldErrors(result.error);
  const data = result.data;
  const entries = data?.results ?? [];
  const offset = (page - 1) * AUDIT_PAGE_SIZE;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <form className="adm-card aud-filters" role="search" aria-label={t('filter.label')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          className="aud-filters__text"
          label={t('filter.search')}
          hint={t('filter.searchHint')}
          type="search"
          value={text}
          error={errors.searchText}
          onChange={(e) => setText(e.target.value)}
        />
        <TextField
          label={t('filter.from')}
          type="date"
          value={from}
          max={to || undefined}
          error={errors.from}
          onChange={(e) => update({ from: e.target.value })}
        />
        <TextField
          label={t('filter.to')}
          type="date"
          value={to}
          min={from || undefined}
          error={toBeforeFrom ? t('filter.toBeforeFrom') : errors.to}
          onChange={(e) => update({ to: e.target.value })}
        />
        <div className="aud-filters__checks">
          <CheckboxField label={t('filter.adminOnly')} checked={adminOnly} onChange={(e) => update({ admin: e.target.checked ? '1' : null })} />
          <CheckboxField label={t('filter.reversed')} checked={reversed} onChange={(e) => update({ oldest: e.target.checked ? '1' : null })} />
          {(text || from || to || adminOnly || reversed) && (
            <button
              type="button"
              className="adm-btn adm-btn--ghost adm-btn--sm"
              onClick={() => {
                setText('');
                resetFilters();
              }}
            >
              {t('filter.reset')}
            </button>
          )}
        </div>
      </form>

      <section className="adm-section" aria-busy={result.isFetching} aria-labelledby="aud-results">
        <h2 id="aud-results" className="aud-count" aria-live="polite">
          {data ? t('count', { count: data.totalResults }) : t('loading')}
        </h2>
        {result.error && !Object.keys(errors).length ? (
          <div className="adm-card" role="alert">
            <FormError message={errorMessage(result.error)} />
            <button type="button" className="adm-btn adm-btn--sm" onClick={() => void result.refetch()}>
              {appT('error.retry')}
            </button>
          </div>
        ) : data && entries.length === 0 ? (
          <p className="adm-card adm-muted">{t('empty')}</p>
        ) : (
          <ol className="aud-list" data-testid="audit-entries">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        {data && (page > 1 || data.hasNext) && (
          <Pager
            from={entries.length ? offset + 1 : 0}
            to={offset + entries.length}
            total={data.totalResults}
            hasPrevious={page > 1}
            hasNext={data.hasNext}
            onPrevious={() => update({ page: page > 2 ? String(page - 1) : null })}
            onNext={() => update({ page: String(page + 1) })}
          />
        )}
      </section>
    </>
  );
}

/** One entry: who, what, when, and its diff. */
function Entry({ entry }: { entry: AuditPage['results'][number] }) {
  const id = useId();
  const blocks = auditDiff(entry.from, entry.to);
  const keys = changedKeys(blocks);
  const user = entry.user ?? t('entry.unknownUser');
  const when = new Date(entry.date);
  return (
    <li className="adm-card aud-entry" aria-labelledby={`${id}-head`} data-entry-id={entry.id}>
      <div className="aud-entry__head" id={`${id}-head`}>
        <span className="aud-entry__what">
          <strong>{humanize(entry.action)}</strong> <span className="adm-muted">·</span> {humanize(entry.type)}
        </span>
        <span className={`adm-badge ${entry.isAdmin ? 'aud-badge--admin' : 'adm-badge--off'}`}>{entry.isAdmin ? t('entry.admin') : t('entry.user')}</span>
        <span className="aud-entry__who">{t('entry.by', { user })}</span>
        <time className="aud-entry__when adm-muted" dateTime={entry.date}>
          {Number.isNaN(when.getTime()) ? entry.date : dateFormat.format(when)}
        </time>
      </div>
      {keys.length > 0 && blocks.length > 1 && <p className="adm-muted aud-entry__keys">{keys.join(', ')}</p>}
      {blocks.length === 0 || blocks.every((b) => b.rows.length === 0) ? (
        <p className="adm-muted">{t('diff.nothing')}</p>
      ) : (
        blocks.map((block, i) => <Block key={`${block.id ?? ''}:${i}`} block={block} type={entry.type} />)
      )}
    </li>
  );
}

function Block({ block, type }: { block: DiffBlock; type: string }) {
  const changed = block.rows.filter((r) => r.changed);
  const unchanged = block.rows.filter((r) => !r.changed);
  const path = block.id && block.kind !== 'deleted' ? itemPath(type, block.id) : null;
  const kind = block.kind === 'created' ? t('diff.created') : block.kind === 'deleted' ? t('diff.deleted') : t('diff.changed');
  const caption = block.id ? t('diff.caption', { item: block.id }) : t('diff.captionNoId');
  const single = block.kind === 'changed' ? null : block.kind;
  return (
    <div className="aud-block">
      <p className="aud-block__head">
        <span className={`adm-badge aud-kind aud-kind--${block.kind}`}>{kind}</span>
        {block.id && (path ? <Link to={path}>{block.id}</Link> : <code>{block.id}</code>)}
      </p>
      {changed.length > 0 && <DiffTable caption={caption} rows={single ? block.rows.filter((r) => r.key !== 'id') : changed} single={single} />}
      {!single && unchanged.length > 0 && (
        <details className="aud-unchanged">
          <summary>{t('diff.unchanged', { count: unchanged.length })}</summary>
          <DiffTable caption={caption} rows={unchanged} single={null} />
        </details>
      )}
    </div>
  );
}

function DiffTable({ caption, rows, single }: { caption: string; rows: DiffRow[]; single: 'created' | 'deleted' | null }) {
  return (
    <div className="adm-table-scroll">
      <table className="aud-diff">
        <caption className="adm-sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('diff.field')}</th>
            {single ? (
              <th scope="col">{t('diff.value')}</th>
            ) : (
              <>
                <th scope="col">{t('diff.before')}</th>
                <th scope="col">{t('diff.after')}</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.changed && !single ? 'aud-diff__changed' : undefined}>
              <th scope="row">{row.key || t('diff.value')}</th>
              {single ? (
                <td>{formatValue(single === 'created' ? row.after : row.before)}</td>
              ) : (
                <>
                  <td className="aud-diff__before">{formatValue(row.before)}</td>
                  <td className="aud-diff__after">
                    {formatValue(row.after)}
                    {row.listChange && <ListChange change={row.listChange} />}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ListChange({ change }: { change: NonNullable<DiffRow['listChange']> }) {
  return (
    <span className="aud-listchange">
      {change.added.length > 0 && <span className="aud-listchange__added">{t('diff.added', { items: formatValue(change.added) })}</span>}
      {change.removed.length > 0 && <span className="aud-listchange__removed">{t('diff.removed', { items: formatValue(change.removed) })}</span>}
      {change.reordered && <span>{t('diff.reordered')}</span>}
    </span>
  );
}
