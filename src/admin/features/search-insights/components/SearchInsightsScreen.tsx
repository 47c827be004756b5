import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/DataTable.tsx';
import { FieldGroup, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSearchState } from '../../../components/use-search-state.ts';
import { sitePath } from '../../../../domain/page-types.ts';
import {
  DEFAULT_SEARCH_INSIGHT_DAYS,
  MAX_SEARCH_INSIGHT_DAYS,
  periodDays,
  periodStart,
  SEARCH_INSIGHT_PERIODS,
} from '../../../../domain/search-insight-rules.ts';
import type { SearchInsights } from '../../../../domain/search-insights.ts';
import { useSearchInsights, type InsightPeriod } from '../api/get-search-insights.ts';
import { t } from '../texts.ts';
import '../search-insights.css';

type TopRow = SearchInsights['topQueries'][number];
type EmptyRow = SearchInsights['noResults'][number];
type ClickRow = SearchInsights['clicked'][number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const numbers = new Intl.NumberFormat('en');
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const day = (d: string) => dayFormat.format(new Date(`${d}T00:00:00.000Z`));

/** The site's search page for a query: what a visitor sees for it today. */
const searchLink = (query: string) => `${sitePath('search', {})}?q=${encodeURIComponent(query)}`;

/** A query that opens the site's results in a new tab. */
function QueryLink({ query }: { query: string }) {
  return (
    <a className="adm-cell-main" href={searchLink(query)} target="_blank" rel="noopener" title={t('query.open', { query })}>
      {query}
    </a>
  );
}

const TOP_COLUMNS: ColumnDef<TopRow>[] = [
  { id: 'query', header: t('col.query'), accessorKey: 'query', cell: ({ row }) => <QueryLink query={row.original.query} /> },
  { id: 'searches', header: t('col.searches'), accessorKey: 'searches', cell: ({ row }) => numbers.format(row.original.searches) },
  {
    id: 'results',
    header: t('col.results'),
    accessorFn: (r) => r.results ?? -1,
    cell: ({ row }) => (row.original.results === null ? <span className="adm-muted">{t('results.unknown')}</span> : numbers.format(row.original.results)),
  },
];

const EMPTY_COLUMNS: ColumnDef<EmptyRow>[] = [
  { id: 'query', header: t('col.query'), accessorKey: 'query', cell: ({ row }) => <QueryLink query={row.original.query} /> },
  { id: 'searches', header: t('col.searches'), accessorKey: 'searches', cell: ({ row }) => numbers.format(row.original.searches) },
  {
    id: 'lastAt',
    header: t('col.lastAt'),
    accessorKey: 'lastAt',
    cell: ({ row }) => <time dateTime={row.original.lastAt}>{timeFormat.format(new Date(row.original.lastAt))}</time>,
  },
];

const CLICK_COLUMNS: ColumnDef<ClickRow>[] = [
  {
    id: 'space',
    header: t('col.space'),
    accessorFn: (r) => r.name ?? r.modelId,
    cell: ({ row }) =>
      row.original.name === null ? (
        <span className="adm-muted">{t('space.gone', { id: row.original.modelId })}</span>
      ) : (
        <a className="adm-cell-main" href={row.original.url} target="_blank" rel="noopener">
          {row.original.name}
        </a>
      ),
  },
  { id: 'clicks', header: t('col.clicks'), accessorKey: 'clicks', cell: ({ row }) => numbers.format(row.original.clicks) },
  {
    id: 'queries',
    header: t('col.queries'),
    enableSorting: false,
    cell: ({ row }) => (
      <ul className="sin-queries">
        {row.original.queries.map((q) => (
          <li key={q.query}>{t('query.clicks', { query: q.query, count: numbers.format(q.clicks) })}</li>
        ))}
      </ul>
    ),
  },
];

/** Today as a UTC day (the server counts days in UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** The period the address asks for: `?days=7|30|90` (30 by default) or `?days=custom&from=&to=`; null while a custom one is invalid. */
function periodOf(params: URLSearchParams): { choice: string; period: InsightPeriod | null; error?: string } {
  const choice = params.get('days') ?? String(DEFAULT_SEARCH_INSIGHT_DAYS);
  if (choice !== 'custom') {
    const days = SEARCH_INSIGHT_PERIODS.find((d) => String(d) === choice) ?? DEFAULT_SEARCH_INSIGHT_DAYS;
    const to = today();
    return { choice: String(days), period: { from: periodStart(to, days), to } };
  }
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!DATE.test(from) || !DATE.test(to)) return { choice, period: null };
  if (to < from) return { choice, period: null, error: t('period.toBeforeFrom') };
  if (periodDays(from, to) > MAX_SEARCH_INSIGHT_DAYS) return { choice, period: null, error: t('period.tooLong', { count: MAX_SEARCH_INSIGHT_DAYS }) };
  return { choice, period: { from, to } };
}

/** /admin/search-insights: a period picker, the period's totals and its three tables. */
export function SearchInsightsScreen() {
  const [params, update] = useSearchState();
  const { choice, period, error } = periodOf(params);
  const result = useSearchInsights(period);
  const data = result.data;
  // Each table shows the loading row, or the error with a retry button.
  const state = { loading: period !== null && result.isPending, error: result.error, onRetry: () => void result.refetch() };
  const choose = (value: string) => {
    if (value !== 'custom') return update({ days: value === String(DEFAULT_SEARCH_INSIGHT_DAYS) ? null : value, from: null, to: null });
    // A custom period starts as the one shown, to be changed.
    const shown = data ?? { from: periodStart(today(), DEFAULT_SEARCH_INSIGHT_DAYS), to: today() };
    return update({ days: 'custom', from: shown.from, to: shown.to });
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <form className="adm-card adm-stack" aria-label={t('period.legend')} onSubmit={(e) => e.preventDefault()}>
        <FieldGroup legend={t('period.legend')}>
          <div className="adm-radios">
            {[...SEARCH_INSIGHT_PERIODS.map(String), 'custom'].map((value) => (
              <label key={value} className="adm-radio">
                <input type="radio" name="period" value={value} checked={choice === value} onChange={() => choose(value)} />
                {value === 'custom' ? t('period.custom') : t('period.days', { count: value })}
              </label>
            ))}
          </div>
        </FieldGroup>
        {choice === 'custom' && (
          <div className="sin-period__dates">
            <TextField
              label={t('period.from')}
              type="date"
              value={params.get('from') ?? ''}
              max={params.get('to') ?? undefined}
              onChange={(e) => update({ from: e.target.value })}
            />
            <TextField
              label={t('period.to')}
              type="date"
              value={params.get('to') ?? ''}
              min={params.get('from') ?? undefined}
              error={error}
              onChange={(e) => update({ to: e.target.value })}
            />
          </div>
        )}
      </form>

      <section className="adm-section" aria-busy={result.isFetching} aria-labelledby="sin-totals">
        <h2 id="sin-totals" className="adm-sr-only">
          {t('totals.label')}
        </h2>
        <p className="sin-totals" aria-live="polite">
          {data ? (
            <>
              <strong>{t('period.shown', { from: day(data.from), to: day(data.to) })}</strong>
              <span>{t('totals.searches', { count: data.totals.searches })}</span>
              <span>{t('totals.noResults', { count: data.totals.noResults })}</span>
              <span>{t('totals.clicks', { count: data.totals.clicks })}</span>
            </>
          ) : period ? (
            t('loading')
          ) : null}
        </p>
      </section>

      <InsightTable name="top" rows={data?.topQueries} columns={TOP_COLUMNS} rowId={(r) => r.query} {...state} />
      <InsightTable name="noResults" rows={data?.noResults} columns={EMPTY_COLUMNS} rowId={(r) => r.query} {...state} />
      <InsightTable name="clicked" rows={data?.clicked} columns={CLICK_COLUMNS} rowId={(r) => r.modelId} {...state} />
    </>
  );
}

/** Props of {@link InsightTable}. */
interface InsightTableProps<T> {
  /** Which table: its texts are `<name>.title`, `.hint` and `.empty`; its test id `sin-<name>`. */
  name: 'top' | 'noResults' | 'clicked';
  rows: readonly T[] | undefined;
  columns: ColumnDef<T>[];
  /** Keys a row (its query, or its space). */
  rowId: (row: T) => string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** One titled table of the screen. */
function InsightTable<T>({ name, rows, columns, rowId, loading, error, onRetry }: InsightTableProps<T>) {
  const id = `sin-${name}`;
  const title = t(`${name}.title`);
  return (
    <section className="adm-section" aria-labelledby={id} data-testid={id}>
      <div>
        <h2 id={id}>{title}</h2>
        <p className="adm-muted sin-hint">{t(`${name}.hint`)}</p>
      </div>
      <DataTable
        label={title}
        data={rows ?? []}
        columns={columns}
        getRowId={rowId}
        rowName={rowId}
        emptyText={t(`${name}.empty`)}
        loading={loading}
        error={error}
        onRetry={onRetry}
      />
    </section>
  );
}
