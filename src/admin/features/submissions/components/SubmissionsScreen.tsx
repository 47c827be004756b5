import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Submission, SubmissionKind } from '../../../../domain/forms.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { SelectField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useSearchState } from '../../../components/use-search-state.ts';
import { SUBMISSIONS_PAGE_SIZE, useSubmissions } from '../api/get-submissions.ts';
import { useMarkSubmission } from '../api/mark-submission.ts';
import { t } from '../texts.ts';
import '../submissions.css';

const KINDS: SubmissionKind[] = ['CONTACT', 'FEEDBACK', 'NOMINATION'];
const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/submissions: what visitors sent through the company's forms; filter by form and status, mark handled. */
export function SubmissionsScreen() {
  const [params, update] = useSearchState();
  const kind = KINDS.find((k) => k === params.get('kind'));
  const statusParam = params.get('status');
  const status: 'open' | 'handled' | undefined = statusParam === 'handled' ? 'handled' : statusParam === 'all' ? undefined : 'open';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const query = { offset, limit: SUBMISSIONS_PAGE_SIZE, ...(kind ? { kind } : {}), ...(status ? { status } : {}) };
  const list = useSubmissions(query);
  const mark = useMarkSubmission();

  const columns = useMemo<ColumnDef<Submission>[]>(
    () => [
      {
        id: 'received',
        header: t('col.received'),
        meta: { className: 'adm-hide-sm' },
        cell: ({ row }) => <time dateTime={row.original.createdAt}>{date.format(new Date(row.original.createdAt))}</time>,
      },
      { id: 'form', header: t('col.form'), meta: { className: 'adm-hide-sm' }, cell: ({ row }) => t(`kind.${row.original.kind}`) },
      {
        id: 'from',
        header: t('col.from'),
        cell: ({ row }) => (
          <div className="adm-cell-main">
            <span>{row.original.name ?? t('anonymous')}</span>
            {row.original.email && <a href={`mailto:${row.original.email}`}>{row.original.email}</a>}
          </div>
        ),
      },
      {
        id: 'message',
        header: t('col.message'),
        cell: ({ row }) => (
          <div className="sub-message">
            {row.original.subject && <strong>{row.original.subject}</strong>}
            {row.original.url && (
              <a href={row.original.url} rel="noopener noreferrer nofollow" target="_blank">
                {row.original.url}
              </a>
            )}
            <p>{row.original.message}</p>
          </div>
        ),
      },
      {
        id: 'status',
        header: t('col.status'),
        cell: ({ row }) => {
          const handled = row.original.handledAt !== null;
          return (
            <div className="sub-status">
              <span className={`adm-badge ${handled ? 'adm-badge--off' : 'adm-badge--live'}`}>{handled ? t('status.handled') : t('status.open')}</span>
              <button
                type="button"
                className="adm-btn adm-btn--sm"
                disabled={mark.isPending}
                onClick={() =>
                  mark.mutate(
                    { id: row.original.id, handled: !handled },
                    { onSuccess: () => notifySuccess(handled ? t('reopened') : t('handled')), onError: (e) => notifyError(e) },
                  )
                }
              >
                {handled ? t('action.reopen') : t('action.handle')}
              </button>
            </div>
          );
        },
      },
    ],
    [mark],
  );

  const page = list.data;
  return (
    <div className="adm-stack">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="adm-toolbar sub-filters">
        <SelectField
          label={t('filter.kind')}
          value={kind ?? ''}
          onChange={(e) => update({ kind: e.target.value || null, offset: null })}
          options={[{ value: '', label: t('kind.all') }, ...KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))]}
        />
        <SelectField
          label={t('filter.status')}
          value={status ?? 'all'}
          onChange={(e) => update({ status: e.target.value === 'open' ? null : e.target.value, offset: null })}
          options={[
            { value: 'open', label: t('status.open') },
            { value: 'handled', label: t('status.handled') },
            { value: 'all', label: t('status.all') },
          ]}
        />
      </div>
      <DataTable
        label={t('table')}
        data={page?.results ?? []}
        columns={columns}
        getRowId={(s) => s.id}
        rowName={(s) => `${t(`kind.${s.kind}`)} ${s.name ?? ''}`.trim()}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('empty')}
        paging={{
          offset,
          limit: SUBMISSIONS_PAGE_SIZE,
          total: page?.totalResults,
          hasNext: page?.hasNext ?? false,
          onPrevious: () => update({ offset: offset - SUBMISSIONS_PAGE_SIZE > 0 ? String(offset - SUBMISSIONS_PAGE_SIZE) : null }),
          onNext: () => update({ offset: String(page?.nextOffset ?? offset + SUBMISSIONS_PAGE_SIZE) }),
        }}
      />
    </div>
  );
}
