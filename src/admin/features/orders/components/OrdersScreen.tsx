import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { OrderStatus } from '../../../../domain/capture.ts';
import type { AdminOrder } from '../../../../domain/capture-delivery.ts';
import { DELIVERY_HOURS } from '../../../../domain/capture-rules.ts';
import { PATHS } from '../../../app/paths.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { SelectField, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSearchState } from '../../../components/use-search-state.ts';
import { useOrders, type OrdersFilter } from '../api/get-orders.ts';
import { inZone } from '../format.ts';
import { t } from '../texts.ts';
import '../orders.css';

const PAGE_SIZE = 50;
const STATUSES = OrderStatus.options;
const isDate = (v: string | null): v is string => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v));

/** /admin/orders: every capture order with filters (status, area, technician, visit date, overdue); late deliveries flagged. */
export function OrdersScreen() {
  const [params, update, reset] = useSearchState();
  const status = STATUSES.find((s) => s === params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter: OrdersFilter = {
    page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(params.get('area') ? { area: params.get('area') as string } : {}),
    ...(params.get('technicianId') ? { technicianId: params.get('technicianId') as string } : {}),
    ...(isDate(params.get('from')) ? { from: params.get('from') as string } : {}),
    ...(isDate(params.get('to')) ? { to: params.get('to') as string } : {}),
    ...(params.get('overdue') === 'true' ? { overdue: 'true' as const } : {}),
  };
  const list = useOrders(filter);
  const data = list.data;

  const columns = useMemo<ColumnDef<AdminOrder>[]>(
    () => [
      {
        id: 'order',
        header: t('col.order'),
        cell: ({ row }) => (
          <div className="ord-cell">
            <Link to={PATHS.order(row.original.id)}>{row.original.number}</Link>
            <span className="adm-muted ord-address">{row.original.address}</span>
          </div>
        ),
      },
      {
        id: 'customer',
        header: t('col.customer'),
        meta: { className: 'adm-hide-sm' },
        cell: ({ row }) => (
          <div className="ord-cell">
            <span>{row.original.accountName}</span>
            <span className="adm-muted">{row.original.customerEmail}</span>
          </div>
        ),
      },
      {
        id: 'technician',
        header: t('col.technician'),
        meta: { className: 'adm-hide-sm' },
        cell: ({ row }) => (
          <div className="ord-cell">
            <span>{row.original.technicianName}</span>
            <span className="adm-muted">{row.original.areaName}</span>
          </div>
        ),
      },
      {
        id: 'visit',
        header: t('col.visit'),
        cell: ({ row }) => (
          <div className="ord-cell">
            <time dateTime={row.original.start}>{inZone(row.original.start, row.original.timeZone)}</time>
          </div>
        ),
      },
      {
        id: 'delivery',
        header: t('col.delivery'),
        cell: ({ row }) => {
          const d = row.original.delivery;
          if (row.original.status === 'CANCELLED') return t('delivery.none');
          return (
            <div className="ord-cell">
              <span>
                {d.deliveredAt
                  ? t('delivery.delivered', { time: inZone(d.deliveredAt, row.original.timeZone) })
                  : t('delivery.due', { time: inZone(d.dueAt, row.original.timeZone) })}
              </span>
              {d.overdue && <span className="adm-badge adm-badge--warn ord-overdue">{t('overdue.flag')}</span>}
            </div>
          );
        },
      },
      {
        id: 'status',
        header: t('col.status'),
        cell: ({ row }) => (
          <span className={`adm-badge ${row.original.status === 'DELIVERED' ? 'adm-badge--live' : 'adm-badge--off'}`}>
            {t(`status.${row.original.status}`)}
          </span>
        ),
      },
    ],
    [],
  );

  return (
    <div className="adm-stack">
      <PageHeader title={t('title')} description={t('description', { hours: DELIVERY_HOURS })} />
      {data && data.overdueCount > 0 && (
        <div className="adm-card ord-alert" role="status">
          <strong>{t('overdue.banner', { count: data.overdueCount })}</strong>
          {params.get('overdue') !== 'true' && (
            <button type="button" className="adm-btn adm-btn--sm" onClick={() => update({ overdue: 'true' })}>
              {t('overdue.show')}
            </button>
          )}
        </div>
      )}
      <div className="adm-toolbar ord-filters">
        <SelectField
          label={t('filter.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value })}
          options={[{ value: '', label: t('filter.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
        <SelectField
          label={t('filter.area')}
          value={params.get('area') ?? ''}
          onChange={(e) => update({ area: e.target.value })}
          options={[{ value: '', label: t('filter.all') }, ...(data?.areas ?? []).map((a) => ({ value: a, label: a }))]}
        />
        <SelectField
          label={t('filter.technician')}
          value={params.get('technicianId') ?? ''}
          onChange={(e) => update({ technicianId: e.target.value })}
          options={[{ value: '', label: t('filter.all') }, ...(data?.technicians ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.areaName})` }))]}
        />
        <TextField label={t('filter.from')} type="date" value={params.get('from') ?? ''} onChange={(e) => update({ from: e.target.value })} />
        <TextField label={t('filter.to')} type="date" value={params.get('to') ?? ''} onChange={(e) => update({ to: e.target.value })} />
        <SelectField
          label={t('filter.overdue')}
          value={params.get('overdue') === 'true' ? 'true' : ''}
          onChange={(e) => update({ overdue: e.target.value })}
          options={[
            { value: '', label: t('filter.all') },
            { value: 'true', label: t('filter.overdueOnly') },
          ]}
        />
        <button type="button" className="adm-btn adm-btn--sm" onClick={reset}>
          {t('filter.clear')}
        </button>
      </div>
      <DataTable
        label={t('table')}
        data={data?.orders ?? []}
        columns={columns}
        getRowId={(o) => o.id}
        rowName={(o) => o.number}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('empty')}
        sortable={false}
        rowClass={(o) => (o.delivery.overdue ? 'overdue' : undefined)}
        paging={{
          offset: (page - 1) * PAGE_SIZE,
          limit: PAGE_SIZE,
          total: data?.total,
          hasNext: page * PAGE_SIZE < (data?.total ?? 0),
          onPrevious: () => update({ page: page > 2 ? String(page - 1) : null }),
          onNext: () => update({ page: String(page + 1) }),
        }}
      />
    </div>
  );
}
