import { errorMessage } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSearchState } from '../../../components/use-search-state.ts';
import { useJobs } from '../api/get-jobs.ts';
import { t } from '../texts.ts';
import { JobCard } from './JobCard.tsx';
import '../jobs.css';

const DAY_MS = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const dayTitle = (date: string) => new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
/** The visit's date in the property's zone. */
const localDay = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

/**
 * /admin/jobs: a technician's schedule by day or week (every technician's for an administrator),
 * each visit in its property's time zone, with "Arrived", "Captured" and "Upload capture".
 */
export function JobsScreen() {
  const [params, update] = useSearchState();
  const view: 'day' | 'week' = params.get('view') === 'day' ? 'day' : 'week';
  const asked = /^\d{4}-\d{2}-\d{2}$/.test(params.get('from') ?? '') ? (params.get('from') as string) : null;
  const days = view === 'day' ? 1 : 7;
  // Without a date in the address the server starts on the technician's today in their own zone
  // (UTC for administrators), not the browser's: at 6 pm in San Francisco the browser may be in tomorrow.
  const list = useJobs({ from: asked, days });
  const from = asked ?? (list.data ? localDay(list.data.from, list.data.technician?.timeZone ?? 'UTC') : localDay(new Date().toISOString(), 'UTC'));
  const isAdmin = list.data ? list.data.technician === null : false;
  const unit = t(view === 'day' ? 'unit.day' : 'unit.week');

  const dates = Array.from({ length: days }, (_, i) => shift(from, i));
  const jobs = list.data?.jobs ?? [];
  const byDay = dates.map((date) => ({ date, jobs: jobs.filter((j) => localDay(j.start, j.timeZone) === date) }));

  return (
    <div className="adm-stack">
      <PageHeader
        title={isAdmin ? t('title.admin') : t('title')}
        description={
          list.data?.technician ? `${list.data.technician.name} · ${list.data.technician.areaName}` : isAdmin ? t('description.admin') : t('description')
        }
      />
      <div className="adm-toolbar job-toolbar">
        <div role="group" aria-label={t('view.label')} className="job-views">
          {(['day', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`adm-btn adm-btn--sm${v === view ? ' adm-btn--primary' : ''}`}
              aria-pressed={v === view}
              onClick={() => update({ view: v === 'week' ? null : v })}
            >
              {t(v === 'day' ? 'view.day' : 'view.week')}
            </button>
          ))}
        </div>
        <div className="job-nav">
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => update({ from: shift(from, -days) })}>
            <span aria-hidden="true">‹</span> <span className="adm-sr-only">{t('previous', { unit })}</span>
          </button>
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => update({ from: null })}>
            {t('today')}
          </button>
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => update({ from: shift(from, days) })}>
            <span className="adm-sr-only">{t('next', { unit })}</span> <span aria-hidden="true">›</span>
          </button>
          <span className="job-range" aria-live="polite">
            {view === 'day' ? dayTitle(from) : t('range', { from: dayTitle(from), to: dayTitle(shift(from, 6)) })}
          </span>
        </div>
      </div>
      {list.isPending ? (
        <p className="adm-muted">{t('loading')}</p>
      ) : list.error ? (
        <div className="adm-card" role="alert">
          <p>{errorMessage(list.error)}</p>
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : jobs.length === 0 ? (
        <p className="adm-card adm-muted">{t('empty', { unit })}</p>
      ) : (
        byDay
          .filter((d) => d.jobs.length > 0)
          .map((d) => (
            <section key={d.date} className="job-day" aria-labelledby={`day-${d.date}`}>
              <h2 id={`day-${d.date}`}>{dayTitle(d.date)}</h2>
              {d.jobs.map((job) => (
                <JobCard key={job.orderId} job={job} showTechnician={isAdmin} />
              ))}
            </section>
          ))
      )}
    </div>
  );
}
