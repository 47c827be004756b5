import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ResponseError } from '../../../../client/http.ts';
import type { ImportResult } from '../../../../domain/admin.ts';
import type { SpaceImportItem } from '../../../../domain/admin-inputs.ts';
import { PATHS } from '../../../app/paths.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { FormActions, FormError, TextAreaField } from '../../../components/fields.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { errorMessage } from '../../../lib/api.ts';
import { checkSpacesExist } from '../api/check-space-exists.ts';
import { useImportSpaces } from '../api/import-spaces.ts';
import { CSV_COLUMNS, readFeed, type FeedRow } from '../import-feed.ts';
import { t } from '../texts.ts';

type Outcome = { status: 'created' | 'updated' | 'unchanged'; id: string | undefined } | { status: 'failed'; message: string } | { status: 'skipped' };

/** Per-row outcome of an import: the answer's ids (created and updated, in feed order) against the spaces that existed before. */
export function outcomes(rows: readonly FeedRow[], existing: ReadonlyMap<string, string | null>, result: ImportResult): Outcome[] {
  const changed = new Set(result.ids);
  const known = new Set([...existing.values()].filter((x): x is string => Boolean(x)));
  const created = result.ids.filter((id) => !known.has(id));
  return rows.map((row) => {
    const id = existing.get(row.item?.modelId ?? '');
    if (id) return { status: changed.has(id) ? 'updated' : 'unchanged', id };
    return { status: 'created', id: created.shift() };
  });
}

/** A 400 answer's problems by row (`json.spaces.3.name` → row index 3). */
function problemsByRow(error: unknown): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!(error instanceof ResponseError)) return out;
  for (const f of error.fields) {
    const m = /^json\.spaces\.(\d+)\.?(.*)$/.exec(f.path);
    if (!m) continue;
    const i = Number(m[1]);
    out.set(i, [...(out.get(i) ?? []), m[2] ? `${m[2]}: ${f.message}` : f.message]);
  }
  return out;
}

/** The import of spaces (POST /admin/api/space/import/): paste or upload, preview with per-row checks, then a per-row result. */
export function ImportSpaces() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [rows, setRows] = useState<FeedRow[] | null>(null);
  const [format, setFormat] = useState<'json' | 'csv'>('json');
  const [existing, setExisting] = useState<Map<string, string | null> | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<Outcome[] | null>(null);
  const importer = useImportSpaces();
  const section = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    // Escape from inside the panel (or on its button) closes it and gives focus back to the button; a dialog opened from it handles its own Escape.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !section.current?.contains(e.target as Node)) return;
      e.preventDefault();
      setOpen(false);
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const changeText = (next: string) => {
    setText(next);
    setRows(null);
    setResults(null);
    setExisting(null);
    setError(null);
  };

  const preview = async () => {
    setError(null);
    setResults(null);
    const feed = readFeed(text);
    if (!feed.ok) {
      setRows(null);
      setError(feed.error);
      return;
    }
    setRows(feed.rows);
    setFormat(feed.format);
    const ids = feed.rows.map((r) => r.item?.modelId).filter((x): x is string => Boolean(x));
    setChecking(true);
    try {
      setExisting(await checkSpacesExist(ids));
    } catch (e) {
      setExisting(null);
      setError(errorMessage(e));
    } finally {
      setChecking(false);
    }
  };

  const valid = rows?.filter((r) => r.item) ?? [];
  const invalid = (rows?.length ?? 0) - valid.length;
  const willCreate = existing ? valid.filter((r) => !existing.get(r.item?.modelId ?? '')).length : 0;

  const submit = async () => {
    if (!rows || invalid || !valid.length) return;
    const ok = await confirmAction({
      title: t('import.confirmTitle', { count: valid.length }),
      message: t('import.confirmText', { created: willCreate, updated: valid.length - willCreate }),
      confirmLabel: t('import.confirm'),
      destructive: false,
    });
    if (!ok) return;
    setError(null);
    try {
      const result = await importer.mutateAsync({ spaces: valid.map((r) => r.item as SpaceImportItem) });
      setResults(outcomes(valid, existing ?? new Map(), result));
      notifySuccess(t('import.done', { created: result.created, updated: result.updated, unchanged: result.unchanged }));
    } catch (e) {
      const byRow = problemsByRow(e);
      if (byRow.size) setResults(valid.map((_, i) => (byRow.has(i) ? { status: 'failed', message: (byRow.get(i) ?? []).join(' ') } : { status: 'skipped' })));
      setError(t('import.failed', { message: errorMessage(e) }));
    }
  };

  return (
    <section ref={section} className="spc-import" aria-labelledby={`${id}-title`}>
      <button ref={opener} type="button" className="adm-btn" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((o) => !o)}>
        {open ? t('import.close') : t('import.open')}
      </button>
      <div id={`${id}-panel`} className="adm-card adm-stack spc-import__panel" hidden={!open}>
        <h2 id={`${id}-title`}>{t('import.title')}</h2>
        <p className="adm-muted">{t('import.text')}</p>
        <TextAreaField
          label={t('import.paste')}
          hint={t('import.pasteHint', { columns: CSV_COLUMNS.join(', ') })}
          rows={8}
          spellCheck={false}
          value={text}
          onChange={(e) => changeText(e.target.value)}
        />
        <div className="adm-field">
          <label className="adm-label" htmlFor={`${id}-file`}>
            {t('import.file')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(changeText);
            }}
          />
        </div>
        <FormActions>
          <button type="button" className="adm-btn" disabled={!text.trim() || checking} onClick={() => void preview()}>
            {t('import.preview')}
          </button>
          {rows && (
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={checking || invalid > 0 || !valid.length || importer.isPending || Boolean(results)}
              onClick={() => void submit()}
            >
              {t('import.submit', { count: valid.length })}
            </button>
          )}
        </FormActions>
        <FormError message={error} />
        {checking && (
          <p className="adm-muted" role="status">
            {t('import.checking')}
          </p>
        )}
        {rows && (
          <>
            <h3 className="spc-import__head">{t('import.previewTitle', { count: rows.length, format: format.toUpperCase() })}</h3>
            {invalid > 0 && <p className="adm-field-error">{t('import.invalid', { count: invalid })}</p>}
            <PreviewTable rows={rows} existing={existing} results={results} />
          </>
        )}
      </div>
    </section>
  );
}

function PreviewTable({ rows, existing, results }: { rows: FeedRow[]; existing: Map<string, string | null> | null; results: Outcome[] | null }) {
  // Results are per valid row, in order.
  const resultOf = new Map<FeedRow, Outcome>();
  if (results) rows.filter((r) => r.item).forEach((r, i) => results[i] && resultOf.set(r, results[i]));
  return (
    <div className="adm-table-wrap">
      <div className="adm-table-scroll">
        <table className="adm-table" data-testid="import-preview">
          <caption className="adm-sr-only">{t('import.previewLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('col.line')}</th>
              <th scope="col">{t('col.modelId')}</th>
              <th scope="col">{t('col.name')}</th>
              <th scope="col">{t('col.fields')}</th>
              <th scope="col">{results ? t('col.result') : t('col.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const modelId = typeof row.raw['modelId'] === 'string' ? row.raw['modelId'] : '';
              const known = existing?.get(modelId);
              const outcome = resultOf.get(row);
              return (
                <tr key={row.line} className={row.problems.length || outcome?.status === 'failed' ? 'adm-row--flagged' : undefined}>
                  <td>{row.line}</td>
                  <td>
                    <code>{modelId || '—'}</code>
                  </td>
                  <td>{typeof row.raw['name'] === 'string' ? row.raw['name'] : '—'}</td>
                  <td className="spc-import__fields">
                    {Object.keys(row.raw)
                      .filter((k) => k !== 'modelId')
                      .join(', ') || '—'}
                  </td>
                  <td>
                    {row.problems.length ? (
                      <span className="adm-field-error">{row.problems.join('; ')}</span>
                    ) : outcome ? (
                      <OutcomeCell outcome={outcome} name={typeof row.raw['name'] === 'string' ? row.raw['name'] : modelId} />
                    ) : known === undefined ? (
                      t('will.unknown')
                    ) : known ? (
                      <span className="adm-badge adm-badge--warn">{t('will.update')}</span>
                    ) : (
                      <span className="adm-badge adm-badge--live">{t('will.create')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function OutcomeCell({ outcome, name }: { outcome: Outcome; name: string }) {
  if (outcome.status === 'failed') return <span className="adm-field-error">{`${t('result.failed')}: ${outcome.message}`}</span>;
  if (outcome.status === 'skipped') return <span className="adm-muted">{t('result.skipped')}</span>;
  const label = t(`result.${outcome.status}`);
  return (
    <span className="spc-outcome">
      <span className={`adm-badge ${outcome.status === 'unchanged' ? 'adm-badge--off' : 'adm-badge--live'}`}>{label}</span>
      {outcome.id && (
        <Link to={PATHS.space(outcome.id)} aria-label={t('result.open', { name })}>
          {t('row.about')}
        </Link>
      )}
    </span>
  );
}
