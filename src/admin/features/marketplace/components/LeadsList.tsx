import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable.tsx';
import { SelectField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { AdminLead } from '../../../../domain/marketplace.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../../../domain/marketplace-rules.ts';
import { LEADS_PAGE, useLeads } from '../api/get-leads.ts';
import { t } from '../texts.ts';
import { MarketplaceTabs } from './MarketplaceTabs.tsx';
import './marketplace-admin.css';

const BADGE: Record<LeadStatus, string> = { SENT: 'adm-badge', DELIVERED: 'adm-badge adm-badge--live', FAILED: 'adm-badge adm-badge--off' };

const COLUMNS: ColumnDef<AdminLead>[] = [
  {
    id: 'when',
    header: t('col.when'),
    cell: ({ row }) => new Date(row.original.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
  },
  { id: 'app', header: t('col.app'), cell: ({ row }) => `${row.original.app.name} (${row.original.partner.name})` },
  {
    id: 'from',
    header: t('col.from'),
    cell: ({ row }) => (
      <span className="adm-cell-main">
        {row.original.name} · {row.original.email}
        {row.original.company ? ` · ${row.original.company}` : ''}
      </span>
    ),
  },
  { id: 'spaces', meta: { className: 'adm-hide-sm' }, header: t('col.spaces'), cell: ({ row }) => row.original.spaces.map((s) => s.name).join(', ') },
  { id: 'status', header: t('col.status'), cell: ({ row }) => <span className={BADGE[row.original.status]}>{t(`status.${row.original.status}`)}</span> },
  {
    id: 'deliveries',
    meta: { className: 'adm-hide-sm' },
    header: t('col.deliveries'),
    cell: ({ row }) => (
      <ul className="adm-mk-deliveries">
        {row.original.deliveries.map((d) => (
          <li key={d.messageId}>
            {t('delivery.line', { channel: d.channel, target: d.target, status: d.status, attempts: d.attempts })}
            {d.lastError && d.status !== 'delivered' ? <span className="adm-mk-delivery-error">{t('delivery.error', { error: d.lastError })}</span> : null}
          </li>
        ))}
      </ul>
    ),
  },
];

/** Marketplace › Leads: every request for access, newest first, with its delivery state; filter by state. */
export function LeadsList() {
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const leads = useLeads(status, offset);
  const page = leads.data;
  return (
    <>
      <PageHeader title={t('title')} description={t('leads.description')} />
      <MarketplaceTabs />
      <div className="adm-toolbar">
        <SelectField
          label={t('leads.status')}
          value={status}
          options={[{ value: '', label: t('leads.all') }, ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          onChange={(e) => {
            setStatus(e.currentTarget.value as LeadStatus | '');
            setOffset(0);
          }}
        />
      </div>
      <DataTable
        label={t('leads.label')}
        data={page?.results ?? []}
        columns={COLUMNS}
        getRowId={(l) => l.id}
        rowName={(l) => `${l.app.name}: ${l.name}`}
        loading={leads.isPending}
        error={leads.error}
        onRetry={() => void leads.refetch()}
        emptyText={t('leads.empty')}
        paging={{
          offset,
          limit: LEADS_PAGE,
          total: page?.totalResults,
          hasNext: page?.hasNext ?? false,
          onPrevious: () => setOffset(Math.max(0, offset - LEADS_PAGE)),
          onNext: () => setOffset(page?.nextOffset ?? offset + LEADS_PAGE),
        }}
      />
    </>
  );
}
